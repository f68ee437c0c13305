package mbg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/mbg/legacy"
)

// TestHooksFixtureFresh keeps engine/mbg/hooks/testdata/sanguo.json, the
// compiled sanguo scenario the engine's Lua tests run (engine/ never imports
// kit/, so it cannot compile it itself), equal to what mapc builds now.
// SANDTABLE_UPDATE=1 rewrites it.
func TestHooksFixtureFresh(t *testing.T) {
	t.Parallel()
	res := build.NewCompiler(mbg.Game{}).Compile(filepath.Join("..", "..", "scenarios", "mbg", "sanguo"), build.Options{})
	if res.Value == nil {
		t.Fatalf("sanguo does not build: %v", res.Diags)
	}
	if ds := res.Encode(); len(ds) > 0 {
		t.Fatal(ds)
	}
	fixture := filepath.Join("..", "..", "engine", "mbg", "hooks", "testdata", "sanguo.json")
	if os.Getenv("SANDTABLE_UPDATE") == "1" {
		if err := os.WriteFile(fixture, res.Config, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, res.Config) {
		t.Fatalf("%s is stale: run SANDTABLE_UPDATE=1 go test ./kit/mbg -run TestHooksFixtureFresh", fixture)
	}
}

// standinMaps is the repository's stand-in for the original's shipped maps
// (../shared/legacy/mbg), read by kit/mbg/legacy's tests and the importer's
// when those are absent: sanguo.map is the shipped sanguo scenario written
// back in the legacy format (TestLegacySanguoFresh keeps it so); test.map,
// test_card.map, test_game.map and test_train.map are small maps written
// for the repository with the features the facts sheet (§3) names for the
// original's files of those names.
var standinMaps = filepath.Join("legacy", "testdata", "standin")

// legacyOf writes a compiled config's board, officers, cities, roles,
// institutes and training rooms as a legacy map's model. The original's
// files carry UI coordinates the config has not: every square and
// rectangle is at 0 0, and the board is ngrid/4 wide and high, as the
// original lays out the ring (facts §3).
func legacyOf(cfg *engine.Config) *legacy.Map {
	side := len(cfg.Board) / 4
	m := &legacy.Map{NX: tok(side), NY: tok(side), WinMoney: tok(cfg.WinMoney)}
	classes := map[string]int{
		engine.SquareEmpty: legacy.ClassEmpty, engine.SquareCity: legacy.ClassCity, engine.SquareHall: legacy.ClassSaloon,
		engine.SquareInstitute: legacy.ClassInstitute, engine.SquareTraining: legacy.ClassTraining, engine.SquareChance: legacy.ClassChance,
	}
	for _, s := range cfg.Board {
		m.Squares = append(m.Squares, legacy.Square{Class: tok(classes[s.Class]), Base: tok(s.Index), X: tok(0), Y: tok(0)})
	}
	for _, o := range cfg.Officers {
		lo := legacy.Officer{Name: tok(o.Name)}
		for i, p := range o.Props {
			lo.Props[i] = tok(p)
		}
		m.Officers = append(m.Officers, lo)
	}
	zero := legacy.Rect{X0: tok(0), Y0: tok(0), X1: tok(0), Y1: tok(0)}
	for _, c := range cfg.Cities {
		m.Cities = append(m.Cities, legacy.City{Name: tok(c.Name), Scope: tok(c.Scope), Garrison: toks(c.Garrison),
			Mayor: tok(c.Mayor), Treasurer: tok(c.Treasurer), Rect: zero})
	}
	for _, r := range cfg.Roles {
		m.Roles = append(m.Roles, legacy.Role{Name: tok(r.Name), Loc: tok(r.Start), Techs: toks(r.Techs),
			Retinue: toks(r.Retinue), Cities: toks(r.Cities), Money: tok(r.Money), Dir: tok(r.Dir)})
	}
	for _, in := range cfg.Institutes {
		m.Institutes = append(m.Institutes, legacy.Institute{Name: tok(in.Name), Techs: toks(in.Techs), Rect: zero})
	}
	for _, tr := range cfg.Trainings {
		m.Trains = append(m.Trains, legacy.TrainingRoom{Name: tok(tr.Name), Item: tok(int(tr.Prop)), Rect: zero})
	}
	return m
}

func tok[T any](v T) legacy.Tok[T] { return legacy.Tok[T]{V: v} }

func toks(vs []int) []legacy.Tok[int] {
	var out []legacy.Tok[int]
	for _, v := range vs {
		out = append(out, tok(v))
	}
	return out
}

// TestLegacySanguoFresh keeps legacy/testdata/standin/sanguo.map equal to
// the shipped sanguo scenario written in the legacy format, so the tests
// that read it check the shipped facts. SANDTABLE_UPDATE=1 rewrites it.
func TestLegacySanguoFresh(t *testing.T) {
	t.Parallel()
	res := build.NewCompiler(mbg.Game{}).Compile(filepath.Join("..", "..", "scenarios", "mbg", "sanguo"), build.Options{})
	if res.Value == nil || res.Diags.HasErrors() {
		t.Fatalf("sanguo does not build: %v", res.Diags)
	}
	want := legacy.Format(legacyOf(res.Value.(*engine.Config)))
	path := filepath.Join(standinMaps, "sanguo.map")
	if os.Getenv("SANDTABLE_UPDATE") == "1" {
		if err := build.WriteAtomic(path, want); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Fatalf("%s is stale: run SANDTABLE_UPDATE=1 go test ./kit/mbg -run TestLegacySanguoFresh", path)
	}
}
