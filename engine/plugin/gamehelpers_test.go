package plugin_test

// What fast_games_test.go (the compiler's tests over real games' scripts)
// needs of the games; nothing else in the plugin's tests imports a game.
// It goes with fast_games_test.go when that moves out of the package.

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	ftbthooks "github.com/sandtable/sandtable/engine/ftbt/hooks"
	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
)

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

// newRegistry returns a registry of the builtin kinds with limits.
func newRegistry(t testing.TB, limits plugin.Limits) *plugin.Registry {
	t.Helper()
	reg, err := plugin.NewRegistry(kinds(), testLimits(limits))
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// addTechs registers the testdata techs as Lua scripts.
func addTechs(t testing.TB, reg *plugin.Registry, provider string) {
	t.Helper()
	if provider != "lua" {
		t.Fatalf("provider %s", provider)
	}
	for _, id := range techIDs {
		path := filepath.Join("testdata", "techs", id+".lua")
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reg.AddLua(mbghooks.TechKind, id, path, src); err != nil {
			t.Fatalf("%s: %v", id, err)
		}
	}
}

// kinds are the hook kinds the tests use: real games' kinds, the most
// demanding declarations there are.
func kinds() []*plugin.Kind {
	return append(mbghooks.Kinds(), ftbthooks.Kinds()...)
}
