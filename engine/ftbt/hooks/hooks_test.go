package hooks_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/scripts"
)

// withScripts bundles the shipped ftbt.effect scripts into cfg, as a
// compiled config carries them.
func withScripts(t testing.TB, cfg *ftbt.Config) *ftbt.Config {
	t.Helper()
	sub, err := fs.Sub(scripts.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	bundle, _, err := plugin.BundleFS(sub, "builtin", []*plugin.Kind{hooks.EffectKind})
	if err != nil {
		t.Fatal(err)
	}
	c := *cfg
	c.Scripts = nil
	for _, s := range bundle {
		c.Scripts = append(c.Scripts, ftbt.Script{ID: s.ID, Kind: s.Kind, Path: s.Path, SHA256: s.SHA256, Source: s.Source})
	}
	return &c
}

func luaRunner(t testing.TB, cfg *ftbt.Config, layers ...hooks.Layer) *hooks.Runner {
	t.Helper()
	reg, _, err := hooks.Registry(cfg, layers...)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return r
}

func nativeRunner(t testing.TB, cfg *ftbt.Config) ftbt.EffectRunner {
	t.Helper()
	r, err := native.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func legacy(t testing.TB, name string) *ftbt.Config {
	t.Helper()
	cfg, ok, err := fixture.Legacy(name, fixture.AIBoth)
	if !ok {
		t.Fatalf("%s not found", name)
	}
	if err != nil {
		t.Fatal(err)
	}
	return withScripts(t, cfg)
}

// deciders returns the agents of a game: "a" the scoring AI, "r" random.
func deciders(pattern string, seed uint64) []ftbt.Decider {
	ds := make([]ftbt.Decider, len(pattern))
	for i, c := range pattern {
		if c == 'a' {
			ds[i] = agent.NewAI()
		} else {
			ds[i] = agent.NewRandom(seed*13 + uint64(i))
		}
	}
	return ds
}

func play(t testing.TB, cfg *ftbt.Config, r ftbt.EffectRunner, pattern string, seed uint64) *ftbt.Game {
	t.Helper()
	g, err := ftbt.New(cfg, r, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Run(deciders(pattern, seed)); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return g
}

func eventLog(t testing.TB, g *ftbt.Game) []byte {
	t.Helper()
	b, err := json.Marshal(g.Events())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLuaMatchesNative plays m1 and m2 with the shipped Lua classes and with
// the native Go ones: the scripts are the content, the Go classes an
// independent implementation of facts §8–§9, so every event (damage with
// its random jitter, buffs, fly, AI choices driven by the scores) must agree.
func TestLuaMatchesNative(t *testing.T) {
	t.Parallel()
	for _, level := range []string{"m1.map", "m2.map"} {
		cfg := legacy(t, level)
		cfg.Rules.MaxRounds = 12
		lua, gon := luaRunner(t, cfg), nativeRunner(t, cfg)
		techs := 0
		for seed := range uint64(2) {
			for _, pattern := range []string{"aa", "ar", "rr"} {
				want := play(t, cfg, gon, pattern, seed)
				got := play(t, cfg, lua, pattern, seed)
				if !bytes.Equal(eventLog(t, want), eventLog(t, got)) {
					t.Fatalf("%s seed %d %s: Lua and native games differ", level, seed, pattern)
				}
				for _, e := range got.Events() {
					if e.Kind == ftbt.EvDoTech {
						techs++
					}
				}
			}
		}
		if techs < 20 {
			t.Fatalf("%s: only %d techs used; the comparison proves little", level, techs)
		}
	}
}

// TestHealLevel: the Lua-only heal class, on a constructed level where the
// AI has a healer, agrees with its native twin and heals.
func TestHealLevel(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(8, 6, 15)
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), AOERatio: 50, Value: 2})
	poke := fixture.AddTech(cfg, ftbt.Tech{ID: "poke", Class: fixture.Damage, Offsets: fixture.Ring(1), AOERatio: 50, Value: -10})
	heal := fixture.AddTech(cfg, ftbt.Tech{ID: "mend", Class: fixture.Heal, Offsets: append([][2]int{{0, 0}}, fixture.Ring(1)...),
		AOERange: 1, AOERatio: 50, Value: 60})
	// Aggressive factors, so the sides meet on this small map; the healer
	// (abi 25: mends 15 hp, 7 around) pokes weakly, so mending a hurt
	// neighbour is usually worth more to the AI than poking.
	ai := &ftbt.PersonAI{Att: 60, Def: 0, Move: 40, GoalX: -1, GoalY: -1}
	fixture.AddPerson(cfg, ftbt.Person{Name: "a", Side: 0, Abi: 20, Def: 10, HP: 120, Speed: 45, X: 0, Y: 2, Techs: []int{hit}, AI: ai})
	fixture.AddPerson(cfg, ftbt.Person{Name: "b", Side: 0, Abi: 20, Def: 10, HP: 120, Speed: 45, X: 0, Y: 3, Techs: []int{hit}, AI: ai})
	fixture.AddPerson(cfg, ftbt.Person{Name: "c", Side: 1, Abi: 22, Def: 10, HP: 120, Speed: 45, X: 7, Y: 2, Techs: []int{hit}, AI: ai})
	fixture.AddPerson(cfg, ftbt.Person{Name: "d", Side: 1, Abi: 25, Def: 6, HP: 80, Speed: 45, X: 7, Y: 3, Techs: []int{heal, poke}, AI: ai})
	cfg.Rules.MaxRounds = 30
	cfg = withScripts(t, cfg)
	lua, gon := luaRunner(t, cfg), nativeRunner(t, cfg)
	heals := 0
	for seed := range uint64(10) {
		want := play(t, cfg, gon, "aa", seed)
		got := play(t, cfg, lua, "aa", seed)
		if !bytes.Equal(eventLog(t, want), eventLog(t, got)) {
			t.Fatalf("seed %d: Lua and native heal games differ", seed)
		}
		for _, e := range got.Events() {
			if e.Kind == ftbt.EvHPUp {
				heals++
			}
		}
	}
	if heals == 0 {
		t.Fatal("the AI never healed")
	}
}

// viewChecker passes Score calls on to a runner, first checking on every
// seventh that each host function with a View (plugin.HostFunc.View) reads
// from it, for every cell and every argument after it, what its Fast
// returns, without recording an error.
type viewChecker struct {
	ftbt.EffectRunner
	t                *testing.T
	cells, calls     int
	checked, nonZero int
}

func (v *viewChecker) Score(class int, call *ftbt.EffectCall, host ftbt.ScoreHost) (int, error) {
	v.calls++
	if v.calls%7 == 0 {
		v.check(hooks.ScoreAdapter(host))
	}
	return v.EffectRunner.Score(class, call, host)
}

func (v *viewChecker) check(h any) {
	t := v.t
	for _, hf := range hooks.EffectKind.Host {
		if hf.View == nil {
			continue
		}
		var rests [][]int
		switch len(hf.Params) {
		case 1:
			rests = [][]int{nil}
		case 3: // effect(cell, side, slot)
			for side := range 3 {
				for slot := range 4 {
					rests = append(rests, []int{side, slot})
				}
			}
		default:
			t.Fatalf("%s: no arguments to try", hf.Name)
		}
		nret := len(hf.Returns)
		for _, rest := range rests {
			xs, off, stride, ok := hf.View(h, rest)
			if !ok {
				if hf.Name != "effect" || rest[0] != 2 {
					t.Fatalf("%s%v: the view declines", hf.Name, rest)
				}
				continue
			}
			if n := (len(xs)-nret-off)/stride + 1; n < v.cells && hf.Name != "goal_dist" {
				t.Fatalf("%s%v: the view holds %d of %d cells", hf.Name, rest, n, v.cells)
			}
			for c := range v.cells {
				k := off + c*stride
				if k+nret > len(xs) {
					break
				}
				in := append([]int{c}, rest...)
				out := make([]int, 4)
				n, ok := hf.Fast(h, in, out)
				if !ok || n != nret || !slices.Equal(out[:n], xs[k:k+nret]) {
					t.Fatalf("%s%v: view %v, Fast %v (%v)", hf.Name, in, xs[k:k+nret], out[:n], ok)
				}
				if slices.ContainsFunc(out[:n], func(x int) bool { return x != 0 && x != -1 }) {
					v.nonZero++
				}
				v.checked++
			}
			if err := h.(plugin.HostErr).Err(); err != nil {
				t.Fatalf("%s%v: %v", hf.Name, rest, err)
			}
		}
	}
}

// TestViewsMatchFast: the views of ftbt's host functions read what their
// Fast shortcuts return, in the states of AI games where buffs and fly
// are cast.
func TestViewsMatchFast(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(9, 7, 15)
	ai := &ftbt.PersonAI{Att: 60, Def: 10, Move: 30, GoalX: -1, GoalY: -1}
	var techs []int
	for i, class := range []int{fixture.AttackBuff, fixture.DefenceBuff, fixture.Fly} {
		techs = append(techs, fixture.AddTech(cfg, ftbt.Tech{ID: fmt.Sprintf("t%d", i), Class: class,
			Offsets: append([][2]int{{0, 0}}, fixture.Ring(1)...), AOERange: 1, AOERatio: 50, Value: 20, Duration: 3}))
	}
	for i, at := range [][2]int{{0, 2}, {0, 4}, {8, 2}, {8, 4}} {
		fixture.AddPerson(cfg, ftbt.Person{Name: fmt.Sprintf("p%d", i), Side: i / 2, Abi: 20, Def: 8, HP: 100, Speed: 40,
			X: at[0], Y: at[1], Techs: techs, AI: ai})
	}
	cfg.Rules.MaxRounds = 12
	cfg = withScripts(t, cfg)
	v := &viewChecker{EffectRunner: luaRunner(t, cfg), t: t, cells: cfg.Width * cfg.Height}
	for seed := range uint64(3) {
		play(t, cfg, v, "aa", seed)
	}
	if v.checked == 0 || v.nonZero == 0 {
		t.Fatalf("checked %d reads, %d of them not 0 or -1: the test proves little", v.checked, v.nonZero)
	}
}

// TestSaveLoadThroughLua: save mid-game, load with another runner, continue.
func TestSaveLoadThroughLua(t *testing.T) {
	t.Parallel()
	cfg := legacy(t, "m2.map")
	cfg.Rules.MaxRounds = 12
	r := luaRunner(t, cfg)
	for seed := range uint64(3) {
		want := play(t, cfg, r, "ar", seed)
		g, err := ftbt.New(cfg, r, seed)
		if err != nil {
			t.Fatal(err)
		}
		ds := deciders("ar", seed)
		for g.Round() < 5 {
			if over, err := g.Step(ds); err != nil || over {
				t.Fatalf("step: %v %v", over, err)
			}
		}
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		h, err := ftbt.Load(cfg, luaRunner(t, cfg), data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.Run(ds); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(eventLog(t, want), eventLog(t, h)) {
			t.Fatalf("seed %d: save/load/continue differs from the uninterrupted game", seed)
		}
	}
}

// TestModClass: a mod replaces the damage class; the registry warns and
// games use the mod (here: every hit takes exactly 1 hp, no jitter).
func TestModClass(t *testing.T) {
	t.Parallel()
	cfg := legacy(t, "m2.map")
	cfg.Rules.MaxRounds = 10
	mod := fstest.MapFS{"ftbt/effect/damage.lua": {Data: []byte(
		"function apply(ctx) ftbt.damage(ftbt.occupant(ctx.target), 1) end\nfunction score(ctx) return 1 end\n")}}
	reg, warns, err := hooks.Registry(cfg, hooks.Layer{FS: mod, Origin: "mods/gentle"})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].Code != plugin.WarnReplaced {
		t.Fatalf("warnings = %v", warns)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g := play(t, cfg, r, "aa", 1)
	downs := 0
	for _, e := range g.Events() {
		if e.Kind == ftbt.EvHPDown {
			downs++
			if e.Value != 1 {
				t.Fatalf("a hit took %d hp under the gentle mod: %+v", e.Value, e)
			}
		}
	}
	if downs == 0 {
		t.Fatal("nobody was hit")
	}
}

// TestHostileClass: a class that breaks the rules of the host API ends the
// game with a *plugin.Error at the script's line, never a panic.
func TestHostileClass(t *testing.T) {
	t.Parallel()
	for name, src := range map[string]string{
		"bad person":     "function apply(ctx)\n  ftbt.damage(9999, 5)\nend\n",
		"zero damage":    "function apply(ctx)\n  ftbt.damage(ftbt.occupant(ctx.target), 0)\nend\n",
		"score mutates":  "function apply(ctx) end\nfunction score(ctx)\n  ftbt.damage(ftbt.occupant(ctx.target), 3)\n  return 1\nend\n",
		"negative score": "function apply(ctx) end\nfunction score(ctx)\n  return -4\nend\n",
		"bad slot":       "function apply(ctx)\n  ftbt.set_effect(ctx.target, \"haste\", 1, 1)\nend\n",
		"loops forever":  "function apply(ctx)\n  while true do end\nend\n",
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			cfg := legacy(t, "m2.map")
			cfg.Rules.MaxRounds = 10
			mod := fstest.MapFS{"ftbt/effect/damage.lua": {Data: []byte(src)}}
			r := luaRunner(t, cfg, hooks.Layer{FS: mod, Origin: "mods/bad"})
			g, err := ftbt.New(cfg, r, 1)
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Run(deciders("aa", 1))
			var pe *plugin.Error
			if !errors.As(err, &pe) || !strings.Contains(pe.Script, "mods/bad") || pe.Line < 1 {
				t.Fatalf("error = %v, want a plugin error in mods/bad", err)
			}
		})
	}
}

// TestMissingClass: a class naming an unregistered hook fails at New.
func TestMissingClass(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(4, 4, 15)
	cfg.Classes[0].Hook = "no_such_class"
	cfg = withScripts(t, cfg)
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hooks.New(reg, cfg, plugin.WorkerOptions{}); err == nil || !strings.Contains(err.Error(), "no_such_class") {
		t.Fatalf("New = %v", err)
	}
}
