package glory_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/rng"
)

// randomDecider picks uniformly among the options from its own seeded
// source (the agent package has the real random agent; this one keeps the
// engine tests self-contained).
type randomDecider struct{ r *rng.RNG }

func (d *randomDecider) Decide(_ *glory.View, r *glory.Request) (int, error) {
	return d.r.IntN(len(r.Options)), nil
}

func randomGame(t testing.TB, cfg *glory.Config, seed uint64) *glory.Game {
	t.Helper()
	g, err := glory.New(cfg, nil, seed, &randomDecider{rng.New(seed*2 + 1)}, &randomDecider{rng.New(seed*2 + 2)})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func eventsJSON(t testing.TB, g *glory.Game) []byte {
	t.Helper()
	data, err := json.Marshal(g.Events())
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestWholeGames runs random games to the end: every game finishes (a
// winner or a round-cap draw), and the same seed gives byte-identical
// events.
func TestWholeGames(t *testing.T) {
	cfg := testConfig(t)
	cfg.Rules.MaxRounds = 30
	ends := map[string]int{}
	for seed := uint64(1); seed <= 20; seed++ {
		g := randomGame(t, cfg, seed)
		if err := g.Run(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		ends[g.State().Reason]++
		again := randomGame(t, cfg, seed)
		if err := again.Run(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(eventsJSON(t, g), eventsJSON(t, again)) {
			t.Fatalf("seed %d: two runs differ", seed)
		}
	}
	if len(ends) < 2 {
		t.Errorf("20 random games all ended the same way: %v", ends)
	}
}

// TestSaveLoadContinue saves a game at many points, loads it and plays on:
// the result equals the uninterrupted game byte for byte; the loaded game
// refuses another config.
func TestSaveLoadContinue(t *testing.T) {
	cfg := testConfig(t)
	cfg.Rules.MaxRounds = 20
	const seed = 11
	whole := randomGame(t, cfg, seed)
	if err := whole.Run(); err != nil {
		t.Fatal(err)
	}
	want := eventsJSON(t, whole)
	for _, stop := range []int{1, 3, 5, 8, 40, 200} {
		red, blue := &randomDecider{rng.New(seed*2 + 1)}, &randomDecider{rng.New(seed*2 + 2)}
		g, err := glory.New(cfg, nil, seed, red, blue)
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
		// The deciders' own sources continue where they stood: reuse them.
		loaded, err := glory.Load(cfg, nil, data, red, blue)
		if err != nil {
			t.Fatalf("stop %d: %v", stop, err)
		}
		if err := loaded.Run(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(eventsJSON(t, loaded), want) {
			t.Errorf("stop %d: the loaded game went another way", stop)
		}
	}
	other := testConfig(t)
	other.Name = "other"
	data, _ := whole.Save()
	if _, err := glory.Load(other, nil, data); err == nil {
		t.Errorf("a save loaded against another config")
	}
}

// TestReplay replays a recorded game from its decision log.
func TestReplay(t *testing.T) {
	cfg := testConfig(t)
	cfg.Rules.MaxRounds = 20
	g := randomGame(t, cfg, 5)
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	r, err := glory.ReplayGame(cfg, nil, 5, g.Decisions())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(eventsJSON(t, r), eventsJSON(t, g)) {
		t.Errorf("the replay differs from the game")
	}
	// A log cut short fails with a message.
	if _, err := glory.ReplayGame(cfg, nil, 5, g.Decisions()[:10]); err == nil {
		t.Errorf("a truncated log replayed")
	}
}

// TestDefaultsTerminate: sides without deciders always take the first
// option, so every simultaneous draft choice clashes; the draft still ends
// and the game reaches the round cap.
func TestDefaultsTerminate(t *testing.T) {
	cfg := testConfig(t)
	cfg.Rules.MaxRounds = 3
	g, err := glory.New(cfg, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	if len(g.State().Heroes) != 10 || !g.Over() {
		t.Errorf("%d heroes, over %v", len(g.State().Heroes), g.Over())
	}
	seen := map[int]bool{}
	for _, h := range g.State().Heroes {
		if seen[h.Hero] {
			t.Errorf("hero %d drafted twice", h.Hero)
		}
		seen[h.Hero] = true
	}
}

// TestLoadRejectsTamperedSaves: a save whose state names heroes, points or
// weapons the config does not have is refused with an error, not a panic.
func TestLoadRejectsTamperedSaves(t *testing.T) {
	cfg := testConfig(t)
	cfg.Rules.MaxRounds = 5
	g := randomGame(t, cfg, 3)
	for k := 0; k < 10; k++ {
		if err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	edits := map[string]func(st map[string]any){
		"hero index":  func(st map[string]any) { st["heroes"].([]any)[0].(map[string]any)["hero"] = 99 },
		"point":       func(st map[string]any) { st["heroes"].([]any)[1].(map[string]any)["point"] = 500 },
		"weapon":      func(st map[string]any) { st["heroes"].([]any)[2].(map[string]any)["weapon"] = 7 },
		"side":        func(st map[string]any) { st["side"] = 3 },
		"tower point": func(st map[string]any) { st["towers"].([]any)[0].(map[string]any)["point"] = -4 },
		"econ flags":  func(st map[string]any) { st["econ"] = []any{[]any{}, []any{}} },
	}
	for name, edit := range edits {
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		edit(doc["state"].(map[string]any))
		bad, _ := json.Marshal(doc)
		if _, err := glory.Load(cfg, nil, bad); err == nil {
			t.Errorf("%s: a tampered save loaded", name)
		}
	}
}
