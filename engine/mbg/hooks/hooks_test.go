package hooks_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/mbg/native"
	"github.com/sandtable/sandtable/engine/plugin"
)

// testdata/sanguo.json is scenarios/mbg/sanguo compiled by mapc; kit/mbg's
// TestHooksFixtureFresh keeps it up to date. It bundles the 12 tech and 14
// card scripts, so these tests run the shipped Lua.

func sanguo(t testing.TB) *mbg.Config {
	t.Helper()
	data, err := os.ReadFile("testdata/sanguo.json")
	if err != nil {
		t.Fatal(err)
	}
	var cfg mbg.Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	return &cfg
}

func luaRunner(t testing.TB, cfg *mbg.Config, layers ...hooks.Layer) *hooks.Runner {
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

func nativeRunners(t testing.TB, cfg *mbg.Config) (mbg.TechRunner, mbg.CardRunner) {
	t.Helper()
	techs, err := native.New(cfg.Techs)
	if err != nil {
		t.Fatal(err)
	}
	cards, err := native.NewCards(cfg.Cards)
	if err != nil {
		t.Fatal(err)
	}
	return techs, cards
}

// agents returns a mix of random and heuristic deciders for the game's roles.
func agents(cfg *mbg.Config, seed uint64) []mbg.Decider {
	ds := make([]mbg.Decider, len(cfg.Roles))
	for i := range ds {
		if (int(seed)+i)%3 == 0 {
			ds[i] = agent.NewHeuristic()
		} else {
			ds[i] = agent.NewRandom(seed*31 + uint64(i))
		}
	}
	return ds
}

func play(t testing.TB, cfg *mbg.Config, techs mbg.TechRunner, cards mbg.CardRunner, seed uint64) *mbg.Game {
	t.Helper()
	g, err := mbg.New(cfg, techs, cards, seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Run(agents(cfg, seed)); err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return g
}

func eventLog(t testing.TB, g *mbg.Game) []byte {
	t.Helper()
	b, err := json.Marshal(struct {
		Events  []mbg.Event
		Battles []mbg.BattleSummary
	}{g.Events(), g.Battles()})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLuaMatchesNative plays whole games with the shipped Lua scripts and
// with the native Go hooks: the scripts are the content, the Go hooks an
// independent implementation of the same seed rules, so every event of
// every game must agree, battles and card effects included.
func TestLuaMatchesNative(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	lua := luaRunner(t, cfg)
	techs, cards := nativeRunners(t, cfg)
	games := 60
	if testing.Short() {
		games = 10
	}
	battles, plays := 0, 0
	for seed := range uint64(games) {
		want := play(t, cfg, techs, cards, seed)
		got := play(t, cfg, lua, lua, seed)
		if !bytes.Equal(eventLog(t, want), eventLog(t, got)) {
			t.Fatalf("seed %d: Lua and native games differ", seed)
		}
		battles += len(got.Battles())
		for _, e := range got.Events() {
			if e.Kind == mbg.EvCardPlayed {
				plays++
			}
		}
	}
	// The comparison means something only if the hooks ran.
	if battles < games || plays < games {
		t.Fatalf("only %d battles and %d card plays in %d games", battles, plays, games)
	}
}

// TestGoHooksMatchNative: the native effects registered as Go hooks in the
// scripts' place (goHookRunner) play the same games as the native runner:
// the runner's calls of Go hooks go through Call.
func TestGoHooksMatchNative(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	gh := goHookRunner(t, cfg)
	techs, cards := nativeRunners(t, cfg)
	for seed := range uint64(10) {
		want := play(t, cfg, techs, cards, seed)
		got := play(t, cfg, gh, gh, seed)
		if !bytes.Equal(eventLog(t, want), eventLog(t, got)) {
			t.Fatalf("seed %d: Go-hook and native games differ", seed)
		}
	}
}

// TestDeterministicAcrossRunners: a runner reused for several games gives
// each the same result as a fresh runner (Reset clears script state).
func TestDeterministicAcrossRunners(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	reused := luaRunner(t, cfg)
	for seed := range uint64(5) {
		a := eventLog(t, play(t, cfg, reused, reused, seed))
		fresh := luaRunner(t, cfg)
		b := eventLog(t, play(t, cfg, fresh, fresh, seed))
		if !bytes.Equal(a, b) {
			t.Fatalf("seed %d: reused and fresh runners differ", seed)
		}
	}
}

// TestSaveLoadThroughLua saves mid-game, loads with another runner and
// continues: the result and the log equal the uninterrupted game's.
func TestSaveLoadThroughLua(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	r := luaRunner(t, cfg)
	for seed := range uint64(4) {
		want := play(t, cfg, r, r, seed)
		g, err := mbg.New(cfg, r, r, seed)
		if err != nil {
			t.Fatal(err)
		}
		ds := agents(cfg, seed)
		for g.Turn() < 6 {
			if over, err := g.Step(ds); err != nil || over {
				t.Fatalf("step: %v %v", over, err)
			}
		}
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		other := luaRunner(t, cfg)
		h, err := mbg.Load(cfg, other, other, data)
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

// TestModLayer replaces the arrows tech by a mod's script: the registry
// warns, and the mod's effect (ten times the damage) is what battles use.
func TestModLayer(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	mod := fstest.MapFS{"mbg/tech/arrows.lua": {Data: []byte("function effect(ctx) return 0, -10 * ctx.value end\n")}}
	reg, warns, err := hooks.Registry(cfg, hooks.Layer{FS: mod, Origin: "mods/big"})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 1 || warns[0].Code != plugin.WarnReplaced || !strings.Contains(warns[0].New, "mods/big") {
		t.Fatalf("warnings = %v, want one replacement naming the mod", warns)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	arrows := -1
	for i, tc := range cfg.Techs {
		if tc.Hook == "arrows" {
			arrows = i
		}
	}
	if arrows < 0 {
		t.Fatal("sanguo has no arrows tech")
	}
	r.UseRNG(mbg.NewRNG(1))
	self, opp, err := r.Effect(arrows, &mbg.TechCall{Value: 30, OppHP: 1000}, nil)
	if err != nil || self != 0 || opp != -300 {
		t.Fatalf("modded arrows = %v, %v, %v; want 0, -300", self, opp, err)
	}
}

// TestMissingHook: a config naming a hook nobody registered fails at New,
// naming the tech.
func TestMissingHook(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	cfg.Techs = append([]mbg.Tech(nil), cfg.Techs...)
	cfg.Techs[0].Hook = "no_such_hook"
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hooks.New(reg, cfg, plugin.WorkerOptions{}); err == nil || !strings.Contains(err.Error(), "no_such_hook") {
		t.Fatalf("New = %v, want an error naming the hook", err)
	}
}

// TestTamperedBundle: a bundled script edited after the build is refused.
func TestTamperedBundle(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	cfg.Scripts = append([]mbg.Script(nil), cfg.Scripts...)
	cfg.Scripts[0].Source += "\n-- edited"
	if _, _, err := hooks.Registry(cfg); !errors.Is(err, plugin.ErrHashMismatch) {
		t.Fatalf("Registry = %v, want ErrHashMismatch", err)
	}
}

// TestScriptFailureAbortsGame: a hook that raises an error ends the game
// with a *plugin.Error naming the script and line, never a panic.
func TestScriptFailureAbortsGame(t *testing.T) {
	t.Parallel()
	cfg := sanguo(t)
	mod := fstest.MapFS{}
	for _, c := range cfg.Cards {
		mod["mbg/card/"+c.Hook+".lua"] = &fstest.MapFile{Data: []byte("function play(ctx)\n  error('boom')\nend\n")}
	}
	r := luaRunner(t, cfg, hooks.Layer{FS: mod, Origin: "mods/broken"})
	var err error
	for seed := uint64(0); seed < 20 && err == nil; seed++ {
		var g *mbg.Game
		g, err = mbg.New(cfg, r, r, seed)
		if err != nil {
			t.Fatal(err)
		}
		_, err = g.Run(agents(cfg, seed))
	}
	var pe *plugin.Error
	if !errors.As(err, &pe) || pe.Line != 2 || !strings.Contains(pe.Script, "mods/broken") {
		t.Fatalf("error = %v, want a plugin error at mods/broken/…:2", err)
	}
}
