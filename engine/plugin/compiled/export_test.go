package compiled

import (
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// The differential harness of fastdiff_test.go, for the external tests
// (package compiled_test) that run real games' scripts through it: the
// games' hooks packages import this package, so those tests cannot be
// internal.

// DiffPair is a script registered twice, compiled and on the VM.
type DiffPair struct{ p *diffPair }

// NewDiffPair wraps newDiffPair.
func NewDiffPair(t testing.TB, kind *plugin.Kind, path, src string, limits plugin.Limits) (*DiffPair, error) {
	p, err := newDiffPair(t, kind, path, src, limits)
	if err != nil {
		return nil, err
	}
	return &DiffPair{p}, nil
}

// Close releases the pair's workers.
func (d *DiffPair) Close() { d.p.close() }

// Run wraps diffPair.run.
func (d *DiffPair) Run(name, src string, seed uint64, n int, finite bool) int {
	return d.p.run(name, src, seed, n, finite)
}

// Hook returns the pair's hook.
func (d *DiffPair) Hook() plugin.Hook { return d.p.hook }

// DiffGen draws inputs from a seeded generator.
type DiffGen struct{ g *diffGen }

// NewDiffGen returns a generator of inputs.
func NewDiffGen(r *rand.Rand, keys []string, finite bool) *DiffGen {
	return &DiffGen{&diffGen{r: r, keys: keys, finite: finite}}
}

func (d *DiffGen) Number() float64        { return d.g.number() }
func (d *DiffGen) Params() *plugin.Params { return d.g.params() }
func (d *DiffGen) Int(n int) int          { return d.g.r.IntN(n) }

var (
	DescribeError = describeError
	NewRegistry   = newRegistry
	TestLimits    = testLimits
)

// HookFast reports whether the Lua hook h is compiled, and why not.
func HookFast(h plugin.Hook) (bool, string) { return fastOf(h) != nil, whyOf(h) }

// RegFuncs lists the functions of the Lua hook h that have register code.
func RegFuncs(h plugin.Hook) []string {
	fs := fastOf(h)
	if fs == nil {
		return nil
	}
	var out []string
	for i, f := range fs.fns {
		if f != nil && f.reg != nil {
			out = append(out, h.Kind().Funcs[i].Name)
		}
	}
	return out
}
