package luacheck_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/kit/luacheck"

	"github.com/yuin/gopher-lua/parse"
)

// scopeGen writes random Lua 5.1 programs (mbg techs) from a small grammar
// whose every name is in scope by construction: it keeps the scopes as the
// manual defines them (§2.6) and reads only names that are visible. It
// never assigns a global (but effect) nor, inside a function, a local of
// the chunk, so a correct checker finds nothing at all.
//
// With a mistake wanted, it reads, once, a name of its pool that is not
// visible at that point (a loop variable after its loop, a local of a
// closed block, the name of the local statement being written): then the
// checker must report that name as undefined.
type scopeGen struct {
	r      *rand.Rand
	b      *strings.Builder
	scopes [][]genVar
	fns    []genFn // the enclosing functions, innermost last
	indent int
	// What a mistake needs: wantMistake asks for one; mistake is the name
	// read out of scope once one is written.
	wantMistake bool
	mistake     string
	ownNames    []string // the names of the local statements being written
	// How often each construct came out, to show the grammar is exercised.
	counts map[string]int
}

type genVar struct {
	name string
	top  bool // a local of the chunk itself
	fn   bool // holds a function (callable with any arguments)
}

type genFn struct{ vararg bool }

// pool is the names the programs use: few, so that shadowing and reuse
// are common. None is a global of the sandbox or a function of the kind.
var pool = []string{"a", "b", "c", "f", "g", "i", "k", "n", "t", "v", "x", "y"}

func newScopeGen(seed uint64) *scopeGen {
	return &scopeGen{r: rand.New(rand.NewPCG(seed, 0x5eed)), b: &strings.Builder{}, counts: map[string]int{}}
}

func (g *scopeGen) line(format string, args ...any) {
	g.b.WriteString(strings.Repeat("  ", g.indent))
	fmt.Fprintf(g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *scopeGen) push()                  { g.scopes = append(g.scopes, nil) }
func (g *scopeGen) pop()                   { g.scopes = g.scopes[:len(g.scopes)-1] }
func (g *scopeGen) inFunction() bool       { return len(g.fns) > 0 }
func (g *scopeGen) name() string           { return pool[g.r.IntN(len(pool))] }
func (g *scopeGen) count(construct string) { g.counts[construct]++ }

func (g *scopeGen) declare(name string, fn bool) {
	s := &g.scopes[len(g.scopes)-1]
	*s = append(*s, genVar{name: name, top: !g.inFunction(), fn: fn})
}

// visible returns the binding name has here, innermost first.
func (g *scopeGen) visible(name string) (genVar, bool) {
	for i := len(g.scopes) - 1; i >= 0; i-- {
		for j := len(g.scopes[i]) - 1; j >= 0; j-- {
			if g.scopes[i][j].name == name {
				return g.scopes[i][j], true
			}
		}
	}
	return genVar{}, false
}

// visibleVars lists the names visible here (each once, as it resolves).
func (g *scopeGen) visibleVars(keep func(genVar) bool) []genVar {
	var out []genVar
	for _, n := range pool {
		if v, ok := g.visible(n); ok && keep(v) {
			out = append(out, v)
		}
	}
	return out
}

func (g *scopeGen) program() string {
	g.push()
	for range 1 + g.r.IntN(2) {
		g.stmt(2)
	}
	g.line("function effect(ctx)")
	g.fns = append(g.fns, genFn{})
	g.indent++
	g.push()
	g.declare("ctx", false)
	for range 1 + g.r.IntN(3) {
		g.stmt(2)
	}
	g.line("return 0, -(%s)", g.expr(2))
	g.pop()
	g.indent--
	g.fns = g.fns[:0]
	g.line("end")
	g.pop()
	return g.b.String()
}

func (g *scopeGen) block(depth int, declare func()) {
	g.indent++
	g.push()
	if declare != nil {
		declare()
	}
	for range g.r.IntN(2) + 1 {
		g.stmt(depth - 1)
	}
	g.indent--
	// the caller pops (repeat's condition still sees the block)
}

func (g *scopeGen) stmt(depth int) {
	k := g.r.IntN(12)
	if depth <= 0 {
		k = g.r.IntN(3)
	}
	switch k {
	case 0: // local a, b = e1, e2 (the right sides see the names outside)
		names := []string{g.name()}
		if g.r.IntN(3) == 0 {
			names = append(names, g.name())
		}
		exprs := make([]string, len(names))
		for i := range exprs {
			exprs[i] = g.exprOwn(1, names)
		}
		for _, n := range names {
			g.declare(n, false)
		}
		g.count("local")
		g.line("local %s = %s", strings.Join(names, ", "), strings.Join(exprs, ", "))
	case 1: // assignment, multiple when two names are writable
		ws := g.visibleVars(func(v genVar) bool { return (!v.top || !g.inFunction()) && v.name != "ctx" })
		if len(ws) == 0 {
			n := g.name()
			g.line("local %s = nil", n)
			g.declare(n, false)
			return
		}
		if len(ws) >= 2 && g.r.IntN(2) == 0 {
			p, q := ws[g.r.IntN(len(ws))], ws[g.r.IntN(len(ws))]
			if p.name != q.name {
				g.count("swap")
				g.line("%s, %s = %s, %s", p.name, q.name, q.name, p.name)
				g.forget(p.name)
				g.forget(q.name)
				return
			}
		}
		w := ws[g.r.IntN(len(ws))]
		e := g.expr(1)
		g.forget(w.name)
		g.line("%s = %s", w.name, e)
	case 2: // a call statement
		if fs := g.visibleVars(func(v genVar) bool { return v.fn }); len(fs) > 0 {
			g.line("%s(%s)", fs[g.r.IntN(len(fs))].name, g.expr(1))
		} else {
			g.line("print(%s)", g.expr(1))
		}
	case 3: // local function f: f is visible in its own body
		n := g.name()
		g.declare(n, true)
		g.count("local function")
		g.function("local function "+n, depth, func() {
			if g.r.IntN(2) == 0 {
				g.count("recursion")
				g.line("if %s then return %s(%s) end", g.expr(1), n, g.expr(1))
			}
		})
	case 4: // local f = function: the body sees only the f outside
		n := g.name()
		if _, ok := g.visible(n); ok {
			g.count("outer f in its own initializer")
		}
		g.functionOwn("local "+n+" = function", depth, []string{n})
		g.declare(n, true)
	case 5:
		g.line("do")
		g.block(depth, nil)
		g.pop()
		g.line("end")
	case 6: // numeric for: the variable is the body's; the limits are outside
		n := g.name()
		g.line("for %s = %s, %s%s do", n, g.expr(1), g.expr(1), g.opt(func() string { return ", " + g.expr(1) }))
		g.count("numeric for")
		g.block(depth, func() { g.declare(n, false) })
		g.pop()
		g.line("end")
	case 7: // generic for
		names := []string{g.name()}
		if g.r.IntN(2) == 0 {
			names = append(names, g.name())
		}
		g.line("for %s in pairs(%s) do", strings.Join(names, ", "), g.expr(1))
		g.count("generic for")
		g.block(depth, func() {
			for _, n := range names {
				g.declare(n, false)
			}
		})
		g.pop()
		g.line("end")
	case 8: // repeat: the condition sees the body's locals
		g.line("repeat")
		g.block(depth, nil)
		g.count("repeat")
		g.line("until %s", g.expr(1))
		g.pop()
	case 9:
		g.line("while %s do", g.expr(1))
		g.block(depth, nil)
		g.pop()
		g.line("end")
	case 10:
		g.line("if %s then", g.expr(1))
		g.block(depth, nil)
		g.pop()
		if g.r.IntN(2) == 0 {
			g.line("elseif %s then", g.expr(1))
			g.block(depth, nil)
			g.pop()
		}
		if g.r.IntN(2) == 0 {
			g.line("else")
			g.block(depth, nil)
			g.pop()
		}
		g.line("end")
	case 11: // a method of a local table: the implicit self
		n := g.name()
		g.line("local %s = {}", n)
		g.declare(n, false)
		g.count("method")
		g.function("function "+n+":m", depth, func() {
			g.declare("self", false)
			g.line("local _ = self")
		})
	}
}

// forget marks that the local name no longer surely holds a function.
func (g *scopeGen) forget(name string) {
	for i := len(g.scopes) - 1; i >= 0; i-- {
		for j := len(g.scopes[i]) - 1; j >= 0; j-- {
			if g.scopes[i][j].name == name {
				g.scopes[i][j].fn = false
				return
			}
		}
	}
}

// opt writes s() or nothing, each half of the time.
func (g *scopeGen) opt(s func() string) string {
	if g.r.IntN(2) == 0 {
		return s()
	}
	return ""
}

// function writes head(params) body end, a function whose parameters and
// (when vararg) ... are its own; prelude writes the body's first lines.
func (g *scopeGen) function(head string, depth int, prelude func()) {
	g.functionWith(head, depth, nil, prelude)
}

// functionOwn is function for the initializer of a local statement
// declaring own, whose names the body must not see.
func (g *scopeGen) functionOwn(head string, depth int, own []string) {
	g.functionWith(head, depth, own, nil)
}

func (g *scopeGen) functionWith(head string, depth int, own []string, prelude func()) {
	params := make([]string, g.r.IntN(3))
	for i := range params {
		params[i] = g.name()
	}
	vararg := g.r.IntN(3) == 0
	list := slices.Clone(params)
	if vararg {
		list = append(list, "...")
	}
	g.line("%s(%s)", head, strings.Join(list, ", "))
	g.fns = append(g.fns, genFn{vararg: vararg})
	outerOwn := g.ownNames
	g.ownNames = append(slices.Clone(g.ownNames), own...)
	g.block(depth, func() {
		for _, p := range params {
			g.declare(p, false)
		}
		if prelude != nil {
			prelude()
		}
	})
	g.indent++
	g.line("return %s", g.expr(1))
	g.indent--
	g.pop()
	g.ownNames = outerOwn
	g.fns = g.fns[:len(g.fns)-1]
	g.line("end")
}

// exprOwn is expr for the right side of a local statement declaring own.
func (g *scopeGen) exprOwn(depth int, own []string) string {
	outer := g.ownNames
	g.ownNames = append(slices.Clone(g.ownNames), own...)
	defer func() { g.ownNames = outer }()
	return g.expr(depth)
}

func (g *scopeGen) expr(depth int) string {
	k := g.r.IntN(11)
	if depth <= 0 {
		k = g.r.IntN(4)
	}
	switch k {
	case 0:
		return fmt.Sprint(g.r.IntN(10))
	case 1:
		return fmt.Sprintf("%q", pool[g.r.IntN(len(pool))])
	case 2, 3: // a visible name, or the mistake
		if g.wantMistake && g.mistake == "" && g.r.IntN(4) == 0 {
			if n, ok := g.invisible(); ok {
				g.mistake = n
				return n
			}
		}
		vs := g.visibleVars(func(genVar) bool { return true })
		if len(vs) == 0 {
			return "nil"
		}
		g.count("read")
		return vs[g.r.IntN(len(vs))].name
	case 4:
		ops := []string{"+", "-", "*", "..", "==", "<", "and", "or"}
		return "(" + g.expr(depth-1) + " " + ops[g.r.IntN(len(ops))] + " " + g.expr(depth-1) + ")"
	case 5:
		return "not " + g.expr(depth-1)
	case 6:
		return "{" + g.expr(depth-1) + ", k = " + g.expr(depth-1) + "}"
	case 7: // ... where it may stand
		if len(g.fns) == 0 || g.fns[len(g.fns)-1].vararg {
			g.count("vararg")
			return "select('#', ...)"
		}
		return "math.floor(" + g.expr(depth-1) + ")"
	case 8:
		if fs := g.visibleVars(func(v genVar) bool { return v.fn }); len(fs) > 0 {
			g.count("call")
			return fs[g.r.IntN(len(fs))].name + "(" + g.expr(depth-1) + ")"
		}
		return "math.max(" + g.expr(depth-1) + ", 1)"
	case 9: // an anonymous function, closing over what is visible
		if depth < 1 {
			return "nil"
		}
		saved, savedIndent := g.b, g.indent
		g.b, g.indent = &strings.Builder{}, 0
		g.function("function", 1, nil)
		text := g.b.String()
		g.b, g.indent = saved, savedIndent
		g.count("closure")
		return "(" + strings.TrimSuffix(text, "\n") + ")"
	default:
		if v, ok := g.visible("ctx"); ok && !v.top {
			return "ctx.value"
		}
		return "#" + fmt.Sprintf("%q", "s")
	}
}

// invisible picks a name of the pool that is not visible here (and is not
// a global of any program: none assigns one).
func (g *scopeGen) invisible() (string, bool) {
	var out []string
	for _, n := range pool {
		if _, ok := g.visible(n); !ok {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return "", false
	}
	// Prefer the names of the statement being written: the trap of local
	// f = function … f … end.
	for _, n := range g.ownNames {
		if slices.Contains(out, n) {
			return n, true
		}
	}
	return out[g.r.IntN(len(out))], true
}

// checkGenerated checks the generator's program for seed: with mistake
// false it is valid Lua (parsed by gopher-lua, compiled by Check) and the
// checker reports nothing; with mistake true, when the generator could
// write one, the checker reports exactly the name read out of its scope as
// undefined, at it.
func checkGenerated(t *testing.T, seed uint64, mistake bool) {
	g := newScopeGen(seed)
	g.wantMistake = mistake
	src := g.program()
	if !mistake {
		// Check compiles the script too (a compile error is a lua-syntax
		// problem), so a clean Check is also a clean compile.
		if _, err := parse.Parse(bytes.NewReader([]byte(src)), "gen.lua"); err != nil {
			t.Fatalf("seed %d: the generator wrote invalid Lua: %v\n%s", seed, err, src)
		}
		if ps := luacheck.Check(mbghooks.TechKind, "t", "gen.lua", []byte(src)); len(ps) > 0 {
			t.Fatalf("seed %d: false positives %+v\n%s", seed, ps, src)
		}
		return
	}
	if g.mistake == "" {
		return
	}
	ps := luacheck.Check(mbghooks.TechKind, "t", "gen.lua", []byte(src))
	if len(ps) != 1 || ps[0].Code != luacheck.CodeUndefined || ps[0].Name != g.mistake {
		t.Fatalf("seed %d: %s read out of scope; problems %+v\n%s", seed, g.mistake, ps, src)
	}
	// The problem stands at the name, not at some other place.
	line := []rune(strings.Split(src, "\n")[ps[0].Line-1])
	if c := ps[0].Column; c < 1 || c > len(line) || !strings.HasPrefix(string(line[c-1:]), g.mistake) {
		t.Fatalf("seed %d: %s reported at %d:%d, where the line is %q", seed, g.mistake, ps[0].Line, c, string(line))
	}
}

// FuzzCheckGenerated runs checkGenerated on random programs. Its seed
// corpus (500 valid programs and 300 with a mistake) runs in every go
// test; go test -fuzz FuzzCheckGenerated ./kit/luacheck runs as many more
// as it is given time for.
func FuzzCheckGenerated(f *testing.F) {
	for seed := range uint64(500) {
		f.Add(seed, false)
	}
	for seed := uint64(1 << 32); seed < 1<<32+300; seed++ {
		f.Add(seed, true)
	}
	f.Fuzz(checkGenerated)
}

// TestGeneratorCoverage: the grammar's scoping constructs all come out,
// many times, in 10,000 programs, and a mistake can be written in most
// programs that ask for one.
func TestGeneratorCoverage(t *testing.T) {
	t.Parallel()
	counts := map[string]int{}
	for seed := range uint64(10_000) {
		g := newScopeGen(seed)
		g.program()
		for k, n := range g.counts {
			counts[k] += n
		}
	}
	for _, c := range []string{"local", "swap", "local function", "recursion", "outer f in its own initializer",
		"numeric for", "generic for", "repeat", "method", "vararg", "call", "closure", "read"} {
		if counts[c] < 100 {
			t.Errorf("%s: %d times in 10,000 programs", c, counts[c])
		}
	}
	mistakes := 0
	for seed := uint64(1 << 32); seed < 1<<32+300; seed++ {
		g := newScopeGen(seed)
		g.wantMistake = true
		g.program()
		if g.mistake != "" {
			mistakes++
		}
	}
	t.Logf("%d mistakes", mistakes)
	if mistakes < 200 {
		t.Errorf("%d mistakes written in 300 programs that asked for one", mistakes)
	}
}
