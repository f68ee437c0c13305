package hooks_test

// Helpers of the tests that run mbg's kinds through the plugin registry
// directly (provider_test.go, plugin_bench_test.go): the
// testdata techs in Lua and in Go, and a registry of mbg's kinds (the
// recording hosts are in hookstest).

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
)

// techIDs are the testdata techs, in the seed's order.
var techIDs = []string{
	"arrows", "fire_arrows", "medic", "shield", "transfer", "strong_strike",
	"lifesteal", "thunder", "chaos", "infighting", "siege", "exile",
}

// goTechs are the testdata techs written in Go, the baseline of the
// provider tests and benchmarks.
func goTechs() map[string]hooks.TechFunc {
	rounds := func(c *hooks.TechCtx, name string, def int) int {
		if v, ok := c.Params.Get(name); ok {
			return int(v)
		}
		return def
	}
	arrows := func(c *hooks.TechCtx, _ hooks.TechHost) (hooks.TechResult, error) {
		return res(0, -c.Value), nil
	}
	heal := func(c *hooks.TechCtx, _ hooks.TechHost) (hooks.TechResult, error) {
		if c.DHP < 0 {
			return res(-c.DHP*c.Value, 0), nil
		}
		return hooks.TechResult{}, nil
	}
	return map[string]hooks.TechFunc{
		"arrows": arrows,
		"fire_arrows": func(c *hooks.TechCtx, h hooks.TechHost) (hooks.TechResult, error) {
			h.Burn(rounds(c, "burn_rounds", 4))
			return res(0, -c.Value), nil
		},
		"medic": func(c *hooks.TechCtx, _ hooks.TechHost) (hooks.TechResult, error) {
			return res(c.Value, 0), nil
		},
		"shield": heal,
		"transfer": func(c *hooks.TechCtx, _ hooks.TechHost) (hooks.TechResult, error) {
			if c.DHP < 0 {
				x := -c.DHP * c.Value
				return res(x, -x), nil
			}
			return hooks.TechResult{}, nil
		},
		"strong_strike": func(c *hooks.TechCtx, _ hooks.TechHost) (hooks.TechResult, error) {
			if c.DHP < 0 {
				return res(0, c.DHP*c.Value), nil
			}
			return hooks.TechResult{}, nil
		},
		"lifesteal": heal,
		"thunder":   arrows,
		"chaos": func(c *hooks.TechCtx, h hooks.TechHost) (hooks.TechResult, error) {
			h.Confuse("chaos", rounds(c, "chaos_rounds", 3))
			return hooks.TechResult{}, nil
		},
		"infighting": func(c *hooks.TechCtx, h hooks.TechHost) (hooks.TechResult, error) {
			h.Confuse("infighting", rounds(c, "infight_rounds", 2))
			return hooks.TechResult{}, nil
		},
		"siege": func(c *hooks.TechCtx, _ hooks.TechHost) (hooks.TechResult, error) {
			if c.OppDef > 0 && c.DHP < 0 {
				return res(0, -min(-c.DHP*c.Value, c.OppDef)), nil
			}
			return hooks.TechResult{}, nil
		},
		"exile": func(_ *hooks.TechCtx, h hooks.TechHost) (hooks.TechResult, error) {
			h.Exile()
			return hooks.TechResult{}, nil
		},
	}
}

// providers lists the two ways to register a hook, for table-driven tests
// that must hold for both.
var providers = []string{"lua", "go"}

// addTechs registers the testdata techs through provider.
func addTechs(t testing.TB, reg *plugin.Registry, provider string) {
	t.Helper()
	gos := goTechs()
	for _, id := range techIDs {
		var err error
		switch provider {
		case "lua":
			path := filepath.Join("testdata", "techs", id+".lua")
			src, rerr := os.ReadFile(path)
			if rerr != nil {
				t.Fatal(rerr)
			}
			_, err = reg.AddLua(hooks.TechKind, id, path, src)
		case "go":
			_, err = reg.Add(hooks.GoTech(id, "go:test", gos[id]))
		}
		if err != nil {
			t.Fatalf("%s %s: %v", provider, id, err)
		}
	}
}

// res is a tech result (self, opp).
func res(self, opp float64) hooks.TechResult { return hooks.TechResult{Self: self, Opp: opp} }

// newRegistry returns a registry of mbg's kinds with limits, which runs
// the scripts in the compiler's subset as compiled code, as hooks.Registry
// does (a worker with NoFastPath runs them on the VM).
func newRegistry(t testing.TB, limits plugin.Limits) *plugin.Registry {
	t.Helper()
	reg, err := plugin.NewRegistry(hooks.Kinds(), testLimits(limits))
	if err == nil {
		err = reg.SetCompiler(compiled.Compiler{})
	}
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// testLimits fills in the wall-clock backstop: a loaded machine must never
// fail a test by time, only the counted limits may.
func testLimits(l plugin.Limits) plugin.Limits {
	if l.Timeout == 0 {
		l.Timeout = time.Minute
	}
	return l
}

// lookup returns the Ref of a registered hook or fails the test.
func lookup(t testing.TB, reg *plugin.Registry, kind *plugin.Kind, id string) plugin.Ref {
	t.Helper()
	ref, ok := reg.Lookup(kind, id)
	if !ok {
		t.Fatalf("no %s %q", kind.Name, id)
	}
	return ref
}

// seeded returns a test's deterministic random source.
func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// asError unwraps err as *Error or fails the test.
func asError(t testing.TB, err error) *plugin.Error {
	t.Helper()
	var e *plugin.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *plugin.Error", err, err)
	}
	return e
}
