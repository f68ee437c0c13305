package compiled

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/plugin"
)

// testLimits fills in the wall-clock backstop for tests: a loaded machine
// must never fail a test by time, only the counted limits may.
func testLimits(l plugin.Limits) plugin.Limits {
	if l.Timeout == 0 {
		l.Timeout = time.Minute
	}
	return l
}

// seeded returns a test's deterministic random source.
func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// newRegistry returns a registry of kinds whose scripts the compiler
// compiles.
func newRegistry(t testing.TB, kinds []*plugin.Kind, limits plugin.Limits) *plugin.Registry {
	t.Helper()
	reg, err := plugin.NewRegistry(kinds, limits)
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.SetCompiler(Compiler{}); err != nil {
		t.Fatal(err)
	}
	return reg
}

// compilingRegistry is plugin.NewRegistry with the compiler set.
func compilingRegistry(kinds []*plugin.Kind, limits plugin.Limits) (*plugin.Registry, error) {
	reg, err := plugin.NewRegistry(kinds, limits)
	if err != nil {
		return nil, err
	}
	return reg, reg.SetCompiler(Compiler{})
}

// fastOf returns the compiled form of the Lua hook h, or nil.
func fastOf(h plugin.Hook) *fastScript {
	fs, _ := h.(*plugin.LuaHook).Code().(*fastScript)
	return fs
}

// whyOf says why the Lua hook h was not compiled.
func whyOf(h plugin.Hook) string { return h.(*plugin.LuaHook).WhyNotCompiled() }

// frameOf returns the compiled calls' frame of w, or nil.
func frameOf(w *plugin.Worker) *frame {
	fr, _ := w.CompiledState().(*frame)
	return fr
}

// bailsOf returns how many calls on w gave their register code up.
func bailsOf(w *plugin.Worker) int {
	if fr := frameOf(w); fr != nil {
		return fr.bails
	}
	return 0
}
