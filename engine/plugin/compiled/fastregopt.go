package compiled

import "math"

// The passes over compiled register code (see fastreg.go): checks,
// superinstructions, dead code.

// jumps reports whether op may go to its instruction's c.
func jumps(op rop) bool {
	switch op {
	case rJmp, rJlt, rJle, rJeq, rJnlt, rJnle, rJne, rJtrue, rJfalse, rParamOr, rILoop, rNLoop:
		return true
	}
	return false
}

// retarget moves in's jump targets (c of a jump, e of rIdiv) by to.
func (in *rinstr) retarget(to func(int32) int32) {
	if jumps(in.op) {
		in.c = to(in.c)
	}
	if in.op == rIdiv {
		in.e = to(in.e)
	}
}

// checkFixed rejects code that would write a fixed register (a constant or
// a ctx field): runReg keeps constants loaded from one call to the next.
func (p *rprog) checkFixed(fixed int32) {
	for _, in := range p.code {
		switch in.op {
		case rAdd, rSub, rMul, rDiv, rMod, rPow, rNeg, rMov, rFloor, rCeil, rAbs, rSqrt, rMin, rMax, rParam, rParamOr,
			rAddF, rSubF, rMulF, rDivF:
			if in.a < fixed {
				notNumeric()
			}
		}
	}
	for _, h := range p.hosts {
		for _, d := range h.dst {
			if d < fixed {
				notNumeric()
			}
		}
	}
	for _, l := range p.loops {
		if l.i < fixed || l.v >= 0 && l.v < fixed {
			notNumeric()
		}
	}
}

// compact drops the instructions no path reaches (the tails rIdiv
// replaced, a bail after a helper's returns) and jumps to the next
// instruction that remains, and renumbers the jumps.
func (p *rprog) compact() {
	code := p.code
	n := len(code)
	live := make([]bool, n+1)
	work := []int{0}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		if pc >= n || live[pc] {
			continue
		}
		live[pc] = true
		in := code[pc]
		switch {
		case in.op == rJmp:
			work = append(work, int(in.c))
		case in.op == rIdiv:
			work = append(work, int(in.e))
		case in.op == rRet || in.op == rRetR || in.op == rBail:
		case jumps(in.op):
			work = append(work, int(in.c), pc+1)
		default:
			work = append(work, pc+1)
		}
	}
	// next[i] is the first live instruction at or after i.
	next := make([]int, n+1)
	next[n] = n
	for i := n - 1; i >= 0; i-- {
		next[i] = next[i+1]
		if live[i] {
			next[i] = i
		}
	}
	for i := range code {
		if live[i] && code[i].op == rJmp && next[code[i].c] == next[i+1] {
			live[i] = false // to where the code goes anyway
		}
	}
	// Recount next without the dropped jumps, and number what stays.
	for i := n - 1; i >= 0; i-- {
		next[i] = next[i+1]
		if live[i] {
			next[i] = i
		}
	}
	index := make([]int32, n+1)
	k := int32(0)
	for i := range code {
		index[i] = k
		if live[i] {
			k++
		}
	}
	index[n] = k
	to := func(t int32) int32 { return index[next[t]] }
	out := code[:0]
	for i, in := range code {
		if !live[i] {
			continue
		}
		in.retarget(to)
		out = append(out, in)
	}
	p.code = out
}

// idivs replaces each division toward zero, as helpers such as
//
//	local function idiv(a, b)
//		local q = a / b
//		if q < 0 then
//			return math.ceil(q)
//		end
//		return math.floor(q)
//	end
//
// compile to, by one rIdiv:
//
//	i    div   t x y
//	i+1  jnlt  t Z i+4   (Z: a constant +0)
//	i+2  ceil  d t
//	i+3  jmp   E
//	i+4  floor d t
//	i+5  jmp   E         (or E is i+5)
//
// when no other jump lands inside it. The rest stays, unreachable.
func (p *rprog) idivs() {
	target := make([]int, len(p.code)+1) // jumps landing on each address
	for _, in := range p.code {
		if jumps(in.op) {
			target[in.c]++
		}
	}
	code := p.code
	for i := 0; i+4 < len(code); i++ {
		div, jn, ceil, jmp, floor := code[i], code[i+1], code[i+2], code[i+3], code[i+4]
		if div.op != rDiv || jn.op != rJnlt || jn.a != div.a || jn.c != int32(i+4) ||
			ceil.op != rCeil || ceil.b != div.a || jmp.op != rJmp ||
			floor.op != rFloor || floor.b != div.a || floor.a != ceil.a {
			continue
		}
		if z := jn.b; int(z) >= len(p.fixed) || !p.isConstZero(z) {
			continue
		}
		e := jmp.c
		if e != int32(i+5) && (i+5 >= len(code) || code[i+5].op != rJmp || code[i+5].c != e) {
			continue
		}
		if target[i+1] != 0 || target[i+2] != 0 || target[i+3] != 0 || target[i+4] != 1 {
			continue
		}
		code[i] = rinstr{op: rIdiv, a: ceil.a, b: div.b, c: div.c, d: div.a, e: e}
	}
}

// isConstZero reports whether fixed register z holds the constant +0
// (not a ctx field, which is loaded over it).
func (p *rprog) isConstZero(z int32) bool {
	if p.fixed[z] != 0 || math.Signbit(p.fixed[z]) {
		return false
	}
	for _, l := range p.loads {
		if l.reg == z {
			return false
		}
	}
	return true
}

// effectsLast rejects code in which anything that could give the call up
// may run after a host call that changes something: giving up means
// running the call again from the start, which must not happen twice to an
// effect. The call itself may give up before it calls the host (a bad
// argument, Fast declining, which changes nothing); a host error after it
// fails the call, as on the general form. So effects come last: hooks like
//
//	function effect(ctx)
//		mbg.burn(ctx.params.burn_rounds or 4)
//		return 0, -ctx.value
//	end
//
// qualify, and a second host call after the first effect does not.
func (p *rprog) effectsLast() {
	n := len(p.code)
	seen := make([]bool, n+1)
	var work []int
	for i, in := range p.code {
		if in.op == rHost && p.hosts[in.a].effect {
			work = append(work, i+1)
		}
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		if pc >= n || seen[pc] {
			continue
		}
		seen[pc] = true
		in := p.code[pc]
		switch in.op {
		case rHost, rParam, rIPrep, rILoop, rNPrep, rNLoop, rBail:
			notNumeric() // it could give up
		case rJmp:
			work = append(work, int(in.c))
		case rIdiv:
			work = append(work, int(in.e))
		case rRet, rRetR:
		default:
			if jumps(in.op) {
				work = append(work, int(in.c))
			}
			work = append(work, pc+1)
		}
	}
}

// fuzzyZeros turns the additions, subtractions, multiplications and
// divisions whose -0 results nothing can tell from +0 into rAddF, rSubF,
// rMulF and rDivF, which skip normZero.
//
// The VM turns each arithmetic result of -0 into +0 (see arithNumbers).
// Skipping that leaves a register "fuzzy": equal to the VM's value but for
// the sign of a zero. Arithmetic on fuzzy operands gives fuzzy results (a
// zero's sign changes no other result of +, - and *, nor of / by an exact
// divisor), and normZero on such a result gives the VM's exactly. Moves
// pass fuzziness on, comparisons cannot tell, and host arguments read as
// integers cannot either. What can tell is a divisor (x / -0 is -Inf), an
// operand of mod, pow, neg, floor, ceil or sqrt, an ipairs loop's
// arguments (handed to Impl as numbers), and a result: those registers,
// and what moves, min and max into them read, are exact; an operation
// writing any other register may skip normZero. The differential tests
// compare -0 and +0 as different numbers.
func (p *rprog) fuzzyZeros() {
	n := p.nregs
	exact := make([]bool, n)
	need := func(r int32) {
		if r >= 0 && int(r) < n {
			exact[r] = true
		}
	}
	for _, in := range p.code {
		switch in.op {
		case rDiv, rIdiv:
			need(in.c)
		case rMod, rPow:
			need(in.b)
			need(in.c)
		case rNeg, rFloor, rCeil, rSqrt:
			need(in.b)
		case rRet:
			for i := range in.a {
				need(in.b + i)
			}
		case rRetR:
			if in.a >= 1 {
				need(in.b)
			}
			if in.a >= 2 {
				need(in.c)
			}
		}
	}
	for _, l := range p.loops {
		for _, a := range l.args {
			need(a)
		}
	}
	// Moves, min and max into exact registers read exact ones.
	for changed := true; changed; {
		changed = false
		mark := func(r int32) {
			if !exact[r] {
				exact[r], changed = true, true
			}
		}
		for _, in := range p.code {
			if (in.op == rMov || in.op == rMin || in.op == rMax) && exact[in.a] {
				mark(in.b)
				if in.op != rMov {
					mark(in.c)
				}
			}
		}
	}
	for i := range p.code {
		in := &p.code[i]
		switch {
		case in.op == rAdd && !exact[in.a]:
			in.op = rAddF
		case in.op == rSub && !exact[in.a]:
			in.op = rSubF
		case in.op == rMul && !exact[in.a]:
			in.op = rMulF
		case in.op == rDiv && !exact[in.a]:
			in.op = rDivF
		}
	}
}

// fuse turns the host calls read through views by ipairs values into rView
// instructions, and the most frequent pairs of instructions into one
// instruction that runs both (rHostSub, rViewSub, rMulIdiv, rJnltJnlt,
// rILoopView), saving a dispatch. The second instruction stays where it was, for the
// jumps that go to it. It runs after the other passes, which know only the
// plain operations.
func (p *rprog) fuse() {
	for i := range p.code {
		in := &p.code[i]
		if in.op != rHost {
			continue
		}
		// A read through a view whose index is an ipairs value (see
		// rView).
		h := p.hosts[in.a]
		if h.view < 0 || h.restVar || h.loops[0] == 0 || len(h.dst) > 2 {
			continue
		}
		in.op, in.b, in.c, in.d, in.e = rView, h.loops[0]-1, -1, -1, h.view
		if len(h.dst) > 0 {
			in.c = h.dst[0]
		}
		if len(h.dst) > 1 {
			in.d = h.dst[1]
		}
	}
	for i := 0; i+1 < len(p.code); i++ {
		in, next := &p.code[i], p.code[i+1].op
		switch {
		case in.op == rView && next == rSubF:
			in.op = rViewSub
		case in.op == rHost && next == rSubF:
			in.op = rHostSub
		case in.op == rMulF && next == rIdiv:
			in.op = rMulIdiv
		case in.op == rJnlt && next == rJnlt:
			in.op = rJnltJnlt
		default:
			continue
		}
		i++ // the second of a pair is not fused again
	}
	// An ipairs iteration, then the read its body starts with (itself
	// fused with a subtraction or not).
	for i := 0; i+1 < len(p.code); i++ {
		if in, next := &p.code[i], p.code[i+1].op; in.op == rILoop && (next == rView || next == rViewSub) {
			in.op = rILoopView
		}
	}
}
