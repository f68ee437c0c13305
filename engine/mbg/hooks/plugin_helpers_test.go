package hooks_test

// Helpers of the tests that run mbg's kinds through the plugin registry
// directly (provider_test.go, plugin_bench_test.go): recording hosts, the
// testdata techs in Lua and in Go, and a registry of mbg's kinds.

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
)

// techHost records what a tech's effect asks of the battle.
type techHost struct{ calls []string }

func (h *techHost) Burn(n int) { h.calls = append(h.calls, fmt.Sprintf("burn %d", n)) }
func (h *techHost) Confuse(s string, n int) {
	h.calls = append(h.calls, fmt.Sprintf("confuse %s %d", s, n))
}
func (h *techHost) Exile() { h.calls = append(h.calls, "exile") }

// errBadRole is what cardHost records for a role it does not know.
var errBadRole = errors.New("no such role")

// cardHost is a tiny card table: two roles with money. Like the engine's
// host it records the first bad call and ignores later ones (HostErr).
type cardHost struct {
	money [2]float64
	calls []string
	err   error
}

func (h *cardHost) Err() error { return h.err }

func (h *cardHost) ok(fn string, roles ...int) bool {
	for _, r := range roles {
		if h.err == nil && (r < 0 || r >= len(h.money)) {
			h.err = fmt.Errorf("%s: role %d: %w", fn, r, errBadRole)
		}
	}
	return h.err == nil
}

func (h *cardHost) log(format string, args ...any) {
	h.calls = append(h.calls, fmt.Sprintf(format, args...))
}

func (h *cardHost) SetMove(role int, state string, turns int) {
	if h.ok("set_move", role) {
		h.log("set_move %d %s %d", role, state, turns)
	}
}
func (h *cardHost) ExtraAction(role int) {
	if h.ok("extra_action", role) {
		h.log("extra_action %d", role)
	}
}
func (h *cardHost) Steal(from, to int, amount float64) float64 {
	if !h.ok("steal", from, to) {
		return 0
	}
	moved := min(amount, h.money[from])
	h.money[from] -= moved
	h.money[to] += moved
	h.log("steal %d %d %g", from, to, moved)
	return moved
}
func (h *cardHost) Heal(role int, f float64, whole bool) {
	if h.ok("heal", role) {
		h.log("heal %d %g %v", role, f, whole)
	}
}
func (h *cardHost) Rumour(o, turns int)       { h.log("rumour %d %d", o, turns) }
func (h *cardHost) Poison(o, turns int)       { h.log("poison %d %d", o, turns) }
func (h *cardHost) Defect(o int)              { h.log("defect %d", o) }
func (h *cardHost) Place(sq int, what string) { h.log("place %d %s", sq, what) }
func (h *cardHost) Alliance(a, b, turns int) bool {
	if !h.ok("alliance", a, b) {
		return false
	}
	h.log("alliance %d %d %d", a, b, turns)
	return a != b
}
func (h *cardHost) PublicEnemy(role, turns int) bool {
	if !h.ok("public_enemy", role) {
		return false
	}
	h.log("public_enemy %d %d", role, turns)
	return true
}
func (h *cardHost) Reverse(role int) {
	if h.ok("reverse", role) {
		h.log("reverse %d", role)
	}
}
func (h *cardHost) Money(role int) float64 {
	if !h.ok("money", role) {
		return 0
	}
	return h.money[role]
}

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
