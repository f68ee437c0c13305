package glory_test

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/native"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/rng"
)

func skillGame(t testing.TB, cfg *glory.Config, runner glory.SkillRunner, seed uint64) *glory.Game {
	t.Helper()
	g, err := glory.New(cfg, runner, seed, &randomDecider{rng.New(seed*2 + 1)}, &randomDecider{rng.New(seed*2 + 2)})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestLuaAndGoTwins: whole random games with all 26 heroes come out
// byte-identical whether shift, contest, heal_class, infrasound and an run
// as Lua scripts or as their Go twins.
func TestLuaAndGoTwins(t *testing.T) {
	cfg := fullConfig(t)
	cfg.Rules.MaxRounds = 40
	lua := luaRunner(t, cfg, nil)
	twins := luaRunner(t, cfg, nil, native.Twins()...)
	skills := 0
	for seed := uint64(1); seed <= 16; seed++ {
		a := skillGame(t, cfg, lua, seed)
		if err := a.Run(); err != nil {
			t.Fatalf("seed %d (Lua): %v", seed, err)
		}
		b := skillGame(t, cfg, twins, seed)
		if err := b.Run(); err != nil {
			t.Fatalf("seed %d (Go): %v", seed, err)
		}
		if !bytes.Equal(eventsJSON(t, a), eventsJSON(t, b)) {
			t.Fatalf("seed %d: Lua and Go twins differ", seed)
		}
		for _, e := range a.Events() {
			if e.Kind == glory.EvSkill {
				skills++
			}
		}
	}
	if skills < 50 {
		t.Errorf("only %d skill uses in 16 random games", skills)
	}
}

// TestSkillGamesSaveLoad: a game with skills (lasting vars included) saved
// mid-way and loaded plays on exactly as the uninterrupted one; the replay
// of its log is identical too.
func TestSkillGamesSaveLoad(t *testing.T) {
	cfg := skillConfig(t)
	cfg.Rules.MaxRounds = 30
	runner := luaRunner(t, cfg, nil)
	const seed = 4
	whole := skillGame(t, cfg, runner, seed)
	if err := whole.Run(); err != nil {
		t.Fatal(err)
	}
	want := eventsJSON(t, whole)
	for _, stop := range []int{4, 30, 90} {
		red, blue := &randomDecider{rng.New(seed*2 + 1)}, &randomDecider{rng.New(seed*2 + 2)}
		g, err := glory.New(cfg, runner, seed, red, blue)
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < stop && !g.Over(); k++ {
			if err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		data, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		loaded, err := glory.Load(cfg, runner, data, red, blue)
		if err != nil {
			t.Fatal(err)
		}
		if err := loaded.Run(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(eventsJSON(t, loaded), want) {
			t.Errorf("stop %d: the loaded game went another way", stop)
		}
	}
	r, err := glory.ReplayGame(cfg, runner, seed, whole.Decisions())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(eventsJSON(t, r), want) {
		t.Errorf("the replay differs")
	}
}

// TestHostileSkills: broken and hostile skill scripts (a mod layer over
// the builtin ones) end the game with an error naming the script and line;
// nothing panics or hangs.
func TestHostileSkills(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"runtime error", "function use(ctx)\n  local x = nil\n  return x.y\nend\nfunction can(ctx) return true end\n", "infrasound.lua:3"},
		{"endless loop", "function use(ctx)\n  while true do end\nend\n", "infrasound.lua:2"},
		{"bad host argument", "function use(ctx)\n\n  glory.damage(ctx.caster, 99, 10)\nend\n", "infrasound.lua:3"},
		{"changing in can", "function can(ctx)\n  glory.set_extreme(ctx.caster, 99)\n  return true\nend\nfunction use(ctx) end\n", "infrasound.lua:2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := skillConfig(t)
			mod := fstest.MapFS{"glory/skill/infrasound.lua": {Data: []byte(c.src)}}
			runner := luaRunner(t, cfg, []plugin.Layer{{FS: mod, Origin: "mod"}})
			r := skillRigWith(t, cfg, runner, [4]int{h583, glory.Red, 45, -1}, [4]int{hYR, glory.Blue, 46, -1})
			err := r.g.Play(glory.Red, skillOpt(0, slot(t, cfg, h583, "infrasound"), -1))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one naming %s", err, c.want)
			}
		})
	}
	t.Run("modify returning a fraction", func(t *testing.T) {
		cfg := skillConfig(t)
		mod := fstest.MapFS{"glory/skill/an.lua": {Data: []byte("function modify(ctx)\n  return ctx.amount / 3\nend\n")}}
		runner := luaRunner(t, cfg, []plugin.Layer{{FS: mod, Origin: "mod"}})
		r := skillRigWith(t, cfg, runner, [4]int{hAn, glory.Red, 47, wRPG}, [4]int{hYR, glory.Blue, 67, -1})
		err := r.g.Play(glory.Red, fire(0, wRPG, pt(t, r.b, 67), -1))
		if err == nil || !strings.Contains(err.Error(), "an.lua") || !strings.Contains(err.Error(), "whole number") {
			t.Errorf("error %v", err)
		}
	})
}

func skillRigWith(t *testing.T, cfg *glory.Config, runner glory.SkillRunner, ps ...[4]int) *rig {
	t.Helper()
	b := standardBoard(t)
	var pl []glory.Placement
	for _, p := range ps {
		pl = append(pl, glory.Placement{Hero: p[0], Side: p[1], Point: pt(t, b, p[2]), Weapon: p[3]})
	}
	gm, err := glory.NewPosition(cfg, runner, 1, 15, pl)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, g: gm, b: gm.Board()}
}
