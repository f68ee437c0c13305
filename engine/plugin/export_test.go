package plugin

import (
	"math/rand/v2"
	"testing"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// testLimits fills in the wall-clock backstop for tests: a loaded machine
// must never fail a test by time, only the counted limits may.
func testLimits(l Limits) Limits {
	if l.Timeout == 0 {
		l.Timeout = time.Minute
	}
	return l
}

// seeded returns a test's deterministic random source.
func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// Exported for the external tests (package plugin_test).
var (
	TestLimits     = testLimits
	Seeded         = seeded
	ErrorText      = errorText
	ParseTraceback = parseTraceback
	SplitWhere     = splitWhere
	ArrayLenFunc   = arrayLenFunc
)

// NextScanned is Worker.nextScanned.
func NextScanned(t *lua.LTable, key, k lua.LValue) int {
	return (&Worker{arrayLen: arrayLenFunc()}).nextScanned(t, key, k)
}

// The differential harness of fastdiff_test.go, for the external tests that
// run real games' scripts through it.

// DiffPair is a script registered twice, on the fast path and on the VM.
type DiffPair struct{ p *diffPair }

// NewDiffPair wraps newDiffPair.
func NewDiffPair(t testing.TB, kind *Kind, path, src string, limits Limits) (*DiffPair, error) {
	p, err := newDiffPair(t, kind, path, src, limits)
	if err != nil {
		return nil, err
	}
	return &DiffPair{p}, nil
}

// Close releases the pair's workers.
func (d *DiffPair) Close() { d.p.close() }

// Fast reports whether the hook compiled to the fast path, and why not.
func (d *DiffPair) Fast() (bool, string) { return d.p.hook.fast != nil, d.p.hook.fastWhy }

// Run compares n calls of every function with random inputs.
func (d *DiffPair) Run(name, src string, seed uint64, n int, finite bool) int {
	return d.p.run(name, src, seed, n, finite)
}

// DiffGen draws random hook inputs.
type DiffGen struct{ g *diffGen }

// NewDiffGen returns a generator reading params keys.
func NewDiffGen(r *rand.Rand, keys []string, finite bool) *DiffGen {
	return &DiffGen{&diffGen{r: r, keys: keys, finite: finite}}
}

// Number draws a number; Params a params table; Int an int in [0, n).
func (d *DiffGen) Number() float64 { return d.g.number() }
func (d *DiffGen) Params() *Params { return d.g.params() }
func (d *DiffGen) Int(n int) int   { return d.g.r.IntN(n) }

// DescribeError renders an error for comparing the two paths.
var DescribeError = describeError

// HookFast reports whether a registered Lua hook runs on the fast path, and
// why not.
func HookFast(h Hook) (bool, string) {
	l := h.(*LuaHook)
	return l.fast != nil, l.fastWhy
}

// RegFuncs lists the hook's functions that have register code
// (fastreg.go).
func (d *DiffPair) RegFuncs() []string {
	var out []string
	fs := d.p.hook.fast
	if fs == nil {
		return nil
	}
	for i, f := range fs.fns {
		if f != nil && f.reg != nil {
			out = append(out, d.p.kind.Funcs[i].Name)
		}
	}
	return out
}

// RegCode lists the register code of the hook's function fn, or "".
func (d *DiffPair) RegCode(fn string) string {
	fs := d.p.hook.fast
	if i := d.p.kind.Func(fn); fs != nil && i >= 0 && fs.fns[i] != nil && fs.fns[i].reg != nil {
		return fs.fns[i].reg.String()
	}
	return ""
}

// RegFuncsOf compiles src as a hook of kind itself (not the recording copy
// the differential harness uses) and lists its functions that get register
// code.
func RegFuncsOf(t testing.TB, kind *Kind, path, src string) []string {
	t.Helper()
	limits := DefaultLimits()
	proto, err := compileSource(path, []byte(src), limits)
	if err != nil {
		t.Fatal(err)
	}
	fs, _ := compileFast(kind, path, []byte(src), proto, limits)
	var out []string
	if fs == nil {
		return nil
	}
	for i, f := range fs.fns {
		if f != nil && f.reg != nil {
			out = append(out, kind.Funcs[i].Name)
		}
	}
	return out
}
