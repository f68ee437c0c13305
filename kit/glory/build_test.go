package glory_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/build/buildtest"
	"github.com/sandtable/sandtable/kit/glory"
)

func compile(t *testing.T, path string) *engine.Config {
	t.Helper()
	res := build.NewCompiler(glory.Game{}).Compile(path, build.Options{})
	for _, d := range res.Diags {
		t.Errorf("%s: %s: %s (%v)", d.Code, d.Summary, d.Detail, d.Subject)
	}
	if res.Value == nil {
		t.Fatalf("%s did not compile", path)
	}
	return res.Value.(*engine.Config)
}

// TestShippedScenarios compiles scenarios/glory/standard and full and checks
// the content against the facts sheet.
func TestShippedScenarios(t *testing.T) {
	std := compile(t, "../../scenarios/glory/standard")
	if len(std.Heroes) != 16 || len(std.Weapons) != 3 || len(std.Map.Points) != 98 || len(std.Map.Edges) != 158 {
		t.Errorf("standard: %d heroes, %d weapons, %d points, %d edges", len(std.Heroes), len(std.Weapons), len(std.Map.Points), len(std.Map.Edges))
	}
	if got := std.Weapons[0].Damage; len(got) != 7 || got[0] != 50 || got[6] != 15 || std.Weapons[0].Splash != [2]int{10, 7} {
		t.Errorf("M202 %v %v", got, std.Weapons[0].Splash)
	}
	if std.Contests[1].Damage != [5]int{30, 20, 10, 0, 0} {
		t.Errorf("数竞 B %v", std.Contests[1].Damage)
	}
	h581 := std.Heroes[2]
	if h581.ID != "581" || h581.Extreme != 11 || h581.Math != engine.MathWeak || h581.Skills[0].Uses != 3 {
		t.Errorf("581: %+v", h581)
	}
	// The seed's heroes name 20 distinct hooks.
	if len(std.Scripts) != 20 {
		t.Errorf("standard bundles %d scripts, want 20", len(std.Scripts))
	}
	full := compile(t, "../../scenarios/glory/full")
	if len(full.Heroes) != 26 || len(full.Weapons) != 5 {
		t.Errorf("full: %d heroes, %d weapons", len(full.Heroes), len(full.Weapons))
	}
	// 牛yeahyeah's bond names 582 by its pool position (3).
	niu := full.Heroes[18]
	if v, ok := niu.Skills[2].Param("partner"); niu.ID != "牛yeahyeah" || !ok || v != 3 {
		t.Errorf("牛yeahyeah's partner %v %v", v, ok)
	}
	if full.Heroes[22].ID != "HJK" || len(full.Heroes[22].Weapons) != 2 {
		t.Errorf("HJK %+v", full.Heroes[22])
	}
}

// TestCompiledConfigPlays runs the worked example of facts §9.1 on the
// compiled standard config with its bundled scripts (581's 偏移 on YR at 2
// steps: 44), then whole heuristic games on the full one.
func TestCompiledConfigPlays(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	b, err := engine.NewBoard(cfg.Map)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.NewPosition(cfg, run, 1, 15, []engine.Placement{
		{Hero: 2, Side: engine.Red, Point: b.Index(47), Weapon: -1},
		{Hero: 5, Side: engine.Blue, Point: b.Index(67), Weapon: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(engine.Red, engine.Option{Kind: engine.OptSkill, Hero: 0, A: 1, B: 1, C: -1}); err != nil {
		t.Fatal(err)
	}
	if hp := g.State().Heroes[1].HP; hp != 150-44 {
		t.Errorf("YR hp %d, want 106", hp)
	}

	full := compile(t, "../../scenarios/glory/full")
	reg, _, err = hooks.BundleRegistry(full, nil)
	if err != nil {
		t.Fatal(err)
	}
	run2, err := hooks.New(reg, full, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer run2.Close()
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := engine.New(full, run2, seed, agent.NewHeuristic(seed), agent.NewRandom(seed))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		if !g.Over() || g.State().Reason == "" {
			t.Errorf("seed %d not over", seed)
		}
	}
}

// TestModdedScenario: the modder's example compiles with its own script
// bundled, and 班长's 粉笔 (强 thrower) does 10 + 5·2 = 20 to YR (弱) and
// 10 to LYJ (神, above him), worked from the script's rule.
func TestModdedScenario(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/modded")
	if len(cfg.Heroes) != 17 || cfg.Heroes[16].ID != "班长" {
		t.Fatalf("heroes: %d", len(cfg.Heroes))
	}
	found := false
	for _, s := range cfg.Scripts {
		found = found || (s.ID == "chalk" && s.Path == "skills/chalk.lua")
	}
	if !found {
		t.Fatalf("chalk.lua is not bundled")
	}
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	b, _ := engine.NewBoard(cfg.Map)
	for _, c := range []struct{ hero, hp int }{{5, 150 - 20}, {1, 125 - 10}} {
		g, err := engine.NewPosition(cfg, run, 1, 15, []engine.Placement{
			{Hero: 16, Side: engine.Red, Point: b.Index(45), Weapon: -1},
			{Hero: c.hero, Side: engine.Blue, Point: b.Index(56), Weapon: -1}, // 45-46-56: 2 steps, out of view
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(engine.Red, engine.Option{Kind: engine.OptSkill, Hero: 0, A: 0, B: 1, C: -1}); err != nil {
			t.Fatal(err)
		}
		if hp := g.State().Heroes[1].HP; hp != c.hp {
			t.Errorf("hero %d hp %d, want %d", c.hero, hp, c.hp)
		}
	}
}

// TestSkillParams: a skill's params are checked against what its script
// reads. A misspelt param is one error, at the read, naming the given
// spelling; a param no script reads is a warning at its key; a param the
// script reads but this skill does not give is no error, since glory's
// scripts test optional params for nil (the builtin heroes' 偏移 does).
func TestSkillParams(t *testing.T) {
	for _, c := range []struct {
		name, from, to string
		code           string
		line, col      int
		file           string
	}{
		{"misspelt", "per_tier = 5", "per_teir = 5", build.CodeParamMissing, 11, 68, "chalk.lua"},
		{"unread", "per_tier = 5 }", "per_tier = 5, scale = 2 }", build.CodeParamUnused, 27, 140, "scenario.toml"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := buildtest.Edited(t, glory.Game{}, "../../scenarios/glory/modded", c.from, c.to)
			if len(res.Diags) != 1 {
				t.Fatalf("%d diagnostics, want 1: %v", len(res.Diags), res.Diags)
			}
			d := res.Diags[0]
			if d.Code != c.code || filepath.Base(d.Subject.File) != c.file || d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col {
				t.Errorf("got %s at %s:%d:%d, want %s at %s:%d:%d", d.Code, d.Subject.File, d.Subject.Start.Line, d.Subject.Start.Column, c.code, c.file, c.line, c.col)
			}
		})
	}
}

// TestSummonsRule: YR's 约谈 pulls as many enemies per turn as the
// scenario's [rules] summons says (facts §11.17: one by default), through
// its skill's rule_refs.
func TestSummonsRule(t *testing.T) {
	count := func(cfg *engine.Config) float64 {
		for _, h := range cfg.Heroes {
			for _, s := range h.Skills {
				if s.ID == "约谈" {
					for _, p := range s.Params {
						if p.Name == "count" {
							return p.Value
						}
					}
				}
			}
		}
		t.Fatal("no 约谈 skill with a count")
		return 0
	}
	if n := count(compile(t, "../../scenarios/glory/full")); n != 1 {
		t.Errorf("default: %g summons a turn, want 1", n)
	}
	dir := t.TempDir()
	src, err := os.ReadFile("../../scenarios/glory/full/scenario.toml")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`(?m)^summons = 1 .*$`).ReplaceAllString(string(src), "summons = 3")
	if !strings.Contains(text, "summons = 3") {
		t.Fatal("the scenario does not set summons")
	}
	text = strings.Replace(text, "#:schema ../../../schemas/", "#:schema ", 1)
	if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := count(compile(t, dir)); n != 3 {
		t.Errorf("[rules] summons = 3: %g summons a turn", n)
	}
}
