package compiled

import "maps"

// Loop-invariant code motion over register code (see fastreg.go).
//
// Scripts compute in loops what does not change from one iteration to the
// next: ftbt's fly score weighs each cell of an area with
// idiv(a0 * ctx.aoe_ratio, 100), the same for every cell but the target,
// inside a helper the loop calls. hoist computes such operations once,
// before the loop, into registers of their own, and leaves a move in their
// place, which the following reads skip and which then goes when nothing
// reads it.

// pure reports whether op computes its register a (and rIdiv's d) from
// its operand registers alone: it cannot give up, fail or jump elsewhere.
func pure(op rop) bool {
	switch op {
	case rAdd, rSub, rMul, rDiv, rAddF, rSubF, rMulF, rDivF, rMod, rPow,
		rNeg, rFloor, rCeil, rAbs, rSqrt, rMin, rMax, rIdiv:
		return true
	}
	return false
}

// unary reports whether op reads b only.
func unary(op rop) bool {
	switch op {
	case rNeg, rMov, rFloor, rCeil, rAbs, rSqrt:
		return true
	}
	return false
}

// compares reports whether op is a conditional jump on registers a and b.
func compares(op rop) bool {
	switch op {
	case rJlt, rJle, rJeq, rJnlt, rJnle, rJne:
		return true
	}
	return false
}

// uses appends the registers in reads to rs.
func (p *rprog) uses(in rinstr, rs []int32) []int32 {
	switch {
	case in.op == rMov || unary(in.op):
		return append(rs, in.b)
	case pure(in.op):
		return append(rs, in.b, in.c)
	case compares(in.op):
		return append(rs, in.a, in.b)
	}
	switch in.op {
	case rHost:
		for _, a := range p.hosts[in.a].args {
			if a >= 0 {
				rs = append(rs, a)
			}
		}
	case rIPrep:
		rs = append(rs, p.loops[in.a].args...)
	case rNPrep:
		l := p.loops[in.a]
		rs = append(rs, l.init, l.limit, l.step)
	case rRet:
		for i := range in.a {
			rs = append(rs, in.b+i)
		}
	case rRetR:
		if in.a >= 1 {
			rs = append(rs, in.b)
		}
		if in.a >= 2 {
			rs = append(rs, in.c)
		}
	}
	return rs
}

// defs appends the registers in writes to rs.
func (p *rprog) defs(in rinstr, rs []int32) []int32 {
	switch {
	case in.op == rIdiv:
		return append(rs, in.a, in.d)
	case in.op == rMov || pure(in.op) || in.op == rParam || in.op == rParamOr:
		return append(rs, in.a)
	}
	switch in.op {
	case rHost:
		rs = append(rs, p.hosts[in.a].dst...)
	case rILoop, rNLoop:
		l := p.loops[in.a]
		rs = append(rs, l.i)
		if l.v >= 0 {
			rs = append(rs, l.v)
		}
	case rRetR:
		rs = append(rs, in.d, in.d+1)
	}
	return rs
}

// succs appends the addresses in may go to next to ss.
func succs(in rinstr, pc int, ss []int) []int {
	switch {
	case in.op == rJmp:
		return append(ss, int(in.c))
	case in.op == rIdiv:
		return append(ss, int(in.e))
	case in.op == rRet || in.op == rRetR || in.op == rBail:
		return ss
	case jumps(in.op):
		return append(ss, int(in.c), pc+1)
	}
	return append(ss, pc+1)
}

// live returns, by address, the registers read later on some path from
// just after the instruction there, as bit sets of p.nregs bits.
func (p *rprog) live() [][]uint64 {
	n, words := len(p.code), (p.nregs+63)/64
	out := make([][]uint64, n+1)
	for i := range out {
		out[i] = make([]uint64, words)
	}
	in := make([]uint64, words)
	var rs []int32
	var ss []int
	for changed := true; changed; {
		changed = false
		for pc := n - 1; pc >= 0; pc-- {
			c := p.code[pc]
			// out = the union of the successors' ins; in = uses ∪ (out − defs).
			ss = succs(c, pc, ss[:0])
			for _, s := range ss {
				if s >= n {
					continue
				}
				copy(in, out[s])
				sc := p.code[s]
				rs = p.defs(sc, rs[:0])
				for _, d := range rs {
					in[d/64] &^= 1 << (d % 64)
				}
				rs = p.uses(sc, rs[:0])
				for _, u := range rs {
					in[u/64] |= 1 << (u % 64)
				}
				for i, x := range in {
					if out[pc][i]|x != out[pc][i] {
						out[pc][i] |= x
						changed = true
					}
				}
			}
		}
	}
	return out
}

// hoist moves loop-invariant operations before their loops (see above),
// innermost loops first, and drops the moves nothing reads; then, where
// that left a choice between two invariant values, it copies what follows
// the choice into both paths (dupSelects) and hoists again.
func (p *rprog) hoist() {
	if !p.hoistLoops() {
		return
	}
	p.dropDeadMoves()
	if p.dupSelects() {
		p.hoistLoops()
		p.dropDeadMoves()
	}
}

// hoistLoops runs hoistLoop on every loop and reports whether it moved
// anything.
func (p *rprog) hoistLoops() bool {
	hoisted := false
	for h := len(p.code) - 1; h >= 0; h-- {
		if op := p.code[h].op; op == rILoop || op == rNLoop {
			if p.hoistLoop(h) {
				hoisted = true
			}
		}
	}
	return hoisted
}

// preds returns, by address, the addresses that may go there next.
func (p *rprog) preds() [][]int {
	preds := make([][]int, len(p.code)+1)
	var ss []int
	for pc, in := range p.code {
		ss = succs(in, pc, ss[:0])
		for _, s := range ss {
			preds[s] = append(preds[s], pc)
		}
	}
	return preds
}

// loopEnd returns the end of the loop whose iteration instruction is at h:
// the head and what reaches a jump back to it without passing it, which
// the compiler lays out in a row after the head, prepared by the
// instruction before it (or before the code hoisted there). It reports
// false for anything else.
func (p *rprog) loopEnd(h int, preds [][]int) (int, bool) {
	code := p.code
	head := code[h]
	// Between the preparation and the head: what hoist put there.
	i := h - 1
	for i >= 0 && pure(code[i].op) {
		i--
	}
	if i < 0 {
		return 0, false
	}
	if prep := code[i]; prep.a != head.a || (prep.op != rIPrep && prep.op != rNPrep) {
		return 0, false
	}
	var work []int
	for _, pc := range preds[h] {
		if pc >= h {
			work = append(work, pc)
		}
	}
	in := make([]bool, len(code))
	in[h] = true
	end := h + 1
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		if in[pc] {
			continue
		}
		in[pc] = true
		end = max(end, pc+1)
		work = append(work, preds[pc]...)
	}
	for pc := h; pc < end; pc++ {
		if !in[pc] {
			return 0, false
		}
	}
	return end, end > h+1
}

// hoistLoop hoists the loop whose iteration instruction is at h, and
// reports whether it moved anything.
func (p *rprog) hoistLoop(h int) bool {
	code := p.code
	preds := p.preds()
	end, ok := p.loopEnd(h, preds)
	if !ok {
		return false
	}
	// Where jumps land: a read after such an address may see another
	// path's value. A jump from outside into the loop other than to its
	// head would make the region no loop: leave it alone.
	target := make([]bool, len(code)+1)
	for pc, in := range code {
		t := -1
		switch {
		case in.op == rIdiv && int(in.e) != pc+1:
			t = int(in.e)
		case jumps(in.op):
			t = int(in.c)
		}
		if t < 0 {
			continue
		}
		target[t] = true
		if (pc < h || pc >= end) && t > h && t < end {
			return false
		}
	}
	written := make(map[int32]bool)
	var rs []int32
	for pc := h; pc < end; pc++ {
		rs = p.defs(code[pc], rs[:0])
		for _, d := range rs {
			written[d] = true
		}
	}
	liveOut := p.live()
	alias := map[int32]int32{} // register → the hoisted register holding its value here
	// What a conditional jump knew, for the address it alone goes to.
	carried := map[int]map[int32]int32{}
	var pre []rinstr
	for pc := h + 1; pc < end; pc++ {
		if target[pc] {
			clear(alias)
			if a, ok := carried[pc]; ok && len(preds[pc]) == 1 {
				maps.Copy(alias, a)
			}
		}
		in := &code[pc]
		// Reads of aliased registers read the hoisted ones: b, and c
		// of a binary operation, a of a comparison (whose c is its
		// target).
		if pure(in.op) || in.op == rMov || compares(in.op) {
			if r, ok := alias[in.b]; ok {
				in.b = r
			}
			if r, ok := alias[in.c]; ok && pure(in.op) && !unary(in.op) {
				in.c = r
			}
			if r, ok := alias[in.a]; ok && compares(in.op) {
				in.a = r
			}
		}
		inv := pure(in.op) && !written[in.b] && (unary(in.op) || !written[in.c])
		// A division toward zero leaves its quotient in d: hoisted, it
		// would leave it elsewhere, so only when nothing reads d. The move
		// left in its place goes on to the next address.
		if inv && in.op == rIdiv && (in.e != int32(pc+1) || liveOut[pc][in.d/64]&(1<<(in.d%64)) != 0) {
			inv = false
		}
		if inv && p.nregs+2 < noReg {
			r := int32(p.nregs)
			p.nregs++
			x := *in
			x.a = r
			if x.op == rIdiv {
				x.d = int32(p.nregs)
				p.nregs++
				x.e = -1 // set when placed
			}
			pre = append(pre, x)
			*in = rinstr{op: rMov, a: in.a, b: r}
		}
		rs = p.defs(*in, rs[:0])
		for _, d := range rs {
			delete(alias, d)
			for k, v := range alias {
				if v == d {
					delete(alias, k)
				}
			}
		}
		if in.op == rMov && !written[in.b] {
			alias[in.a] = in.b
		}
		if t := int(in.c); compares(in.op) && t > pc && t < end && len(alias) > 0 {
			carried[t] = maps.Clone(alias)
		}
		switch {
		case in.op == rJmp || in.op == rRet || in.op == rRetR || in.op == rBail,
			in.op == rIdiv && int(in.e) != pc+1:
			clear(alias)
		}
	}
	if len(pre) == 0 {
		return false
	}
	// Place the hoisted code between the loop's preparation and its head.
	k := int32(len(pre))
	move := func(t int32) int32 {
		if t >= int32(h) {
			return t + k
		}
		return t
	}
	out := make([]rinstr, 0, len(code)+len(pre))
	out = append(out, code[:h]...)
	for i, x := range pre {
		if x.op == rIdiv {
			x.e = int32(h + i + 1)
		}
		out = append(out, x)
	}
	out = append(out, code[h:]...)
	for i := range out {
		in := &out[i]
		if i >= h && i < h+len(pre) {
			continue
		}
		in.retarget(move)
	}
	p.code = out
	return true
}

// dropDeadMoves removes the moves whose register nothing reads after them.
func (p *rprog) dropDeadMoves() {
	liveOut := p.live()
	code := p.code
	keep := make([]bool, len(code))
	for pc, in := range code {
		keep[pc] = in.op != rMov || liveOut[pc][in.a/64]&(1<<(in.a%64)) != 0
	}
	// The new address of each old one: that of the next instruction kept.
	to := make([]int32, len(code)+1)
	n := int32(0)
	for pc := range code {
		to[pc] = n
		if keep[pc] {
			n++
		}
	}
	to[len(code)] = n
	out := code[:0]
	for pc, in := range code {
		if !keep[pc] {
			continue
		}
		in.retarget(func(t int32) int32 { return to[t] })
		out = append(out, in)
	}
	p.code = out
}

// dupSelects copies, in loops, the arithmetic after a choice between two
// values into both paths, so that each copy sees one value:
//
//	local a = a0
//	if c ~= ctx.target then
//		a = idiv(a0 * ctx.aoe_ratio, 100)
//	end
//	… idiv((ctx.max_fly_weight - 1) * (ctx.max_abi - a), ctx.max_abi) + 1
//
// compiles to "mov a, a0; jeq c, target, L; mov a, x; L: …", where the
// code after L depends on the iteration only through which move ran. With
// a copy of it after the second move, jumping past the original, each
// path has a known a, and hoist computes both before the loop.
func (p *rprog) dupSelects() bool {
	preds := p.preds()
	inLoop := make([]bool, len(p.code)+1)
	loopEnd := make([]int, len(p.code)+1) // of the innermost loop around
	for h, in := range p.code {
		if in.op == rILoop || in.op == rNLoop {
			if end, ok := p.loopEnd(h, preds); ok {
				for pc := h + 1; pc < end; pc++ {
					inLoop[pc], loopEnd[pc] = true, end
				}
			}
		}
	}
	target := make([]bool, len(p.code)+1)
	for pc, in := range p.code {
		if jumps(in.op) {
			target[in.c] = true
		}
		if in.op == rIdiv && int(in.e) != pc+1 {
			target[in.e] = true
		}
	}
	// copy code[at:at+n] to at; then, unless the copy ends the iteration
	// (whole), jump to at+n.
	type dup struct {
		at, n int
		whole bool
	}
	var dups []dup
	for pc := 0; pc+2 < len(p.code); pc++ {
		j, mv, l := p.code[pc], p.code[pc+1], pc+2
		if !inLoop[pc] || !compares(j.op) || int(j.c) != l || mv.op != rMov || len(preds[l]) != 2 || !inLoop[l] {
			continue
		}
		// The pure code from L on, to the first instruction that jumps,
		// is not, or is another address's target; it must read the
		// chosen register.
		n, reads := 0, false
		for k := l; k < len(p.code) && inLoop[k] && pure(p.code[k].op) && (k == l || !target[k]); k++ {
			in := p.code[k]
			if in.op == rIdiv && int(in.e) != k+1 {
				break
			}
			reads = reads || in.b == mv.a || !unary(in.op) && in.c == mv.a
			n++
		}
		if n == 0 || !reads {
			continue
		}
		// A short rest of the iteration (compares, arithmetic, the jump
		// back) is copied too, so that the copy needs no jump to rejoin.
		d := dup{at: l, n: n}
		if end := loopEnd[l]; end-l <= 32 && p.code[end-1].op == rJmp {
			whole := true
			for k := l + n; k < end && whole; k++ {
				in := p.code[k]
				whole = pure(in.op) && (in.op != rIdiv || int(in.e) == k+1) || in.op == rMov || compares(in.op) || in.op == rJmp
			}
			if whole {
				d = dup{at: l, n: end - l, whole: true}
			}
		}
		dups = append(dups, d)
		pc = d.at + d.n - 1
	}
	size := func(d dup) int {
		if d.whole {
			return d.n
		}
		return d.n + 1
	}
	grow := 0
	for _, d := range dups {
		grow += size(d)
	}
	if len(dups) == 0 || len(p.code)+grow > maxRegCode {
		return false
	}
	// The new address of each old one: shifted by the copies before it.
	// A jump to L keeps going to the original code there.
	to := make([]int32, len(p.code)+1)
	shift, di := 0, 0
	for pc := range to {
		if di < len(dups) && pc == dups[di].at {
			shift += size(dups[di])
			di++
		}
		to[pc] = int32(pc + shift)
	}
	out := make([]rinstr, 0, len(p.code)+grow)
	di = 0
	for pc, in := range p.code {
		if di < len(dups) && pc == dups[di].at {
			// Jumps within the copied code stay within the copy.
			d, base := dups[di], int32(len(out))
			for _, x := range p.code[d.at : d.at+d.n] {
				x.retarget(func(t int32) int32 {
					if t >= int32(d.at) && t < int32(d.at+d.n) {
						return base + t - int32(d.at)
					}
					return to[t]
				})
				out = append(out, x)
			}
			if !d.whole {
				out = append(out, rinstr{op: rJmp, c: to[d.at+d.n]})
			}
			di++
		}
		in.retarget(func(t int32) int32 { return to[t] })
		out = append(out, in)
	}
	p.code = out
	return true
}
