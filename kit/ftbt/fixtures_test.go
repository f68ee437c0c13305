package ftbt_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/ftbt/legacy"
)

// The legacy-format fixtures that tests read when ../shared/legacy is not
// beside the repository: the shipped star-m1 and star-m2 scenarios written
// back in the original's formats by legacy.FormatRules and FormatLevel.
// kit/ftbt/legacy's tests and the importer's read the first directory;
// engine/ftbt's fixture package embeds the second (engine/ never imports
// kit/, so it cannot compile the scenarios itself).
var (
	kitLegacyFixtures    = filepath.Join("legacy", "testdata", "shipped")
	engineLegacyFixtures = filepath.Join("..", "..", "engine", "ftbt", "internal", "fixture", "testdata")
)

// rulesOf writes a compiled config's terrains, constants, techs and AI
// constants as a legacy rules file's model. A tech's class is its index
// into cfg.Classes, which for the original preset is the original's class
// number.
func rulesOf(cfg *engine.Config) *legacy.Rules {
	r := &legacy.Rules{
		MaxFlyWeight: tok(cfg.Constants.MaxFlyWeight),
		MaxAbi:       tok(cfg.Constants.MaxAbi),
		AI: &legacy.RulesAI{
			MoveDist: tok(cfg.AI.MoveDist), MoveScore: tok(cfg.AI.MoveScore),
			BufValue: tok(cfg.AI.BufValue), BufScore: tok(cfg.AI.BufScore),
			DefDist: tok(cfg.AI.DefDist), DefScore: tok(cfg.AI.DefScore),
			TechDist: tok(cfg.AI.TechDist), TechScore: tok(cfg.AI.TechScore),
			TechBufVMD: tok(cfg.AI.BufVMD), TechFlyVMD: tok(cfg.AI.FlyVMD), TechDLVMD: tok(cfg.AI.DLVMD),
		},
	}
	for _, t := range cfg.Terrains {
		r.Terrains = append(r.Terrains, legacy.Terrain{Name: tok(t.Name), Weight: tok(t.Weight)})
	}
	for _, t := range cfg.Techs {
		lt := legacy.Tech{Name: tok(t.ID), Class: tok(t.Class), IsLong: tok(t.Long),
			AOERange: tok(t.AOERange), AOERatio: tok(t.AOERatio), AOESelf: tok(t.AOESelf), Duration: tok(t.Duration),
			Value: tok(t.Value)}
		for _, o := range t.Offsets {
			lt.Range = append(lt.Range, legacy.Offset{DX: tok(o[0]), DY: tok(o[1])})
		}
		for _, m := range t.Mask {
			lt.Mask = append(lt.Mask, tok(m))
		}
		r.Techs = append(r.Techs, lt)
	}
	return r
}

// levelOf writes a compiled config's map and people as a legacy level
// file's model. A person without an AI gets the line "-1 -1 -1 -1 -1"; one
// with an AI its factors and goal (-1 -1 for none).
func levelOf(cfg *engine.Config) *legacy.Level {
	l := &legacy.Level{NX: tok(cfg.Width), NY: tok(cfg.Height), AI: []legacy.PersonAI{}}
	for _, c := range cfg.Cells {
		l.Cells = append(l.Cells, tok(c))
	}
	for _, p := range cfg.People {
		lp := legacy.Person{Name: tok(p.Name), Side: tok(p.Side), Abi: tok(p.Abi), Def: tok(p.Def), HP: tok(p.HP),
			Speed: tok(p.Speed), X: tok(p.X), Y: tok(p.Y)}
		for _, id := range p.Techs {
			lp.Techs = append(lp.Techs, tok(id))
		}
		l.People = append(l.People, lp)
		a := legacy.PersonAI{Att: tok(-1), Def: tok(-1), Move: tok(-1), GoalX: tok(-1), GoalY: tok(-1)}
		if p.AI != nil {
			a = legacy.PersonAI{Att: tok(p.AI.Att), Def: tok(p.AI.Def), Move: tok(p.AI.Move), GoalX: tok(p.AI.GoalX), GoalY: tok(p.AI.GoalY)}
		}
		l.AI = append(l.AI, a)
	}
	return l
}

func tok[T any](v T) legacy.Tok[T] { return legacy.Tok[T]{V: v} }

// shippedLegacyFiles compiles scenarios/ftbt/star-m1 and star-m2 and
// returns them in the legacy formats, by file name: star.tech (the two
// scenarios must agree on it), m1.map, m2.map, and the introductions
// m1.intro and m2.intro (which tests take from here rather than from a
// copy in testdata).
func shippedLegacyFiles(t *testing.T) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, level := range []string{"m1", "m2"} {
		res := compiler().Compile(filepath.Join("..", "..", "scenarios", "ftbt", "star-"+level), build.Options{})
		if res.Diags.HasErrors() || res.Value == nil {
			t.Fatalf("star-%s does not build: %v", level, res.Diags)
		}
		cfg := res.Value.(*engine.Config)
		tech := legacy.FormatRules(rulesOf(cfg))
		if prev, ok := files["star.tech"]; ok && !bytes.Equal(prev, tech) {
			t.Fatalf("star-m1 and star-%s have different rules", level)
		}
		files["star.tech"] = tech
		files[level+".map"] = legacy.FormatLevel(levelOf(cfg))
		files[level+".intro"] = []byte(cfg.Intro)
	}
	return files
}

// TestLegacyFixturesFresh keeps the legacy-format fixtures equal to what
// the shipped scenarios compile to, so a test that reads them checks the
// shipped facts and cannot drift from them. SANDTABLE_UPDATE=1 rewrites
// them.
func TestLegacyFixturesFresh(t *testing.T) {
	needBuiltinLua(t)
	files := shippedLegacyFiles(t)
	for dir, names := range map[string][]string{
		kitLegacyFixtures:    {"star.tech", "m1.map", "m2.map"},
		engineLegacyFixtures: {"star.tech", "m1.map", "m2.map"},
	} {
		for _, name := range names {
			path := filepath.Join(dir, name)
			if os.Getenv("SANDTABLE_UPDATE") != "" {
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := build.WriteAtomic(path, files[name]); err != nil {
					t.Fatal(err)
				}
			}
			have, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(have, files[name]) {
				t.Errorf("%s is stale: run SANDTABLE_UPDATE=1 go test ./kit/ftbt -run TestLegacyFixturesFresh", path)
			}
		}
	}
}
