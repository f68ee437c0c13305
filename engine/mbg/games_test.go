package mbg_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
)

// Whole games, determinism, save/load and replay. Expected values here are
// rules, not numbers: every game ends by one of the four rules of facts §4
// and §10.5, and a game is a function of its seed and its decisions.

// mix returns deciders for three roles: pattern letters r (random), h
// (heuristic), b (hostile: out-of-range answers), n (none).
func mix(pattern string, seed uint64) []mbg.Decider {
	ds := make([]mbg.Decider, len(pattern))
	for i, c := range pattern {
		s := seed*7 + uint64(i)
		switch c {
		case 'r':
			ds[i] = agent.NewRandom(s)
		case 'h':
			ds[i] = agent.NewHeuristic()
		case 'b':
			ds[i] = &hostile{rng: mbg.NewRNG(s)}
		}
	}
	return ds
}

// hostile answers at random, and most of the time with something that is
// not an option (negative, one past the end, huge).
type hostile struct{ rng *mbg.RNG }

func (h *hostile) Decide(_ *mbg.View, req *mbg.Request) (int, error) {
	switch h.rng.IntN(5) {
	case 0:
		return -1 - h.rng.IntN(3), nil
	case 1:
		return len(req.Options), nil
	case 2:
		return math.MaxInt, nil
	case 3:
		return math.MinInt, nil
	}
	return h.rng.IntN(len(req.Options)), nil
}

// play runs a game step by step, checking the invariants after every step
// and that the game ends within a bound on steps (so a hang fails the test).
func play(t *testing.T, cfg *mbg.Config, seed uint64, ds []mbg.Decider) *mbg.Game {
	t.Helper()
	techs, cards := providers(t, cfg)
	g, err := mbg.New(cfg, techs, cards, seed)
	if err != nil {
		t.Fatal(err)
	}
	// Each turn: at most one action per role plus extra actions (one per
	// double card, at most one card per chance square) and the settlement.
	limit := cfg.MaxTurn * (2*len(cfg.Roles) + 1 + 64)
	for steps := 0; ; steps++ {
		if steps > limit {
			t.Fatalf("seed %d: game not over after %d steps", seed, steps)
		}
		over, err := g.Step(ds)
		if err != nil {
			t.Fatalf("seed %d: step %d: %v", seed, steps, err)
		}
		if err := g.CheckInvariants(); err != nil {
			t.Fatalf("seed %d: step %d: %v", seed, steps, err)
		}
		if over {
			return g
		}
	}
}

// checkResult checks that a finished game ended by a rule.
func checkResult(t *testing.T, cfg *mbg.Config, g *mbg.Game) mbg.Result {
	t.Helper()
	res, over := g.Result()
	if !over {
		t.Fatal("game not over")
	}
	alive := 0
	for r := range cfg.Roles {
		if g.View().Alive(r) {
			alive++
		}
		if res.Bankrupt[r] && res.Money[r] != 0 {
			t.Errorf("bankrupt role %d has money %g", r, res.Money[r])
		}
	}
	if res.Turns < 1 || res.Turns > cfg.MaxTurn {
		t.Errorf("turns %d out of 1..%d", res.Turns, cfg.MaxTurn)
	}
	richest := func() int {
		best := -1
		for r := range cfg.Roles {
			if g.View().Alive(r) && (best < 0 || res.Money[r] > res.Money[best]) {
				best = r
			}
		}
		return best
	}
	switch res.Reason {
	case mbg.ReasonDraw:
		if res.Winner != -1 || alive != 0 {
			t.Errorf("draw with winner %d and %d roles alive", res.Winner, alive)
		}
	case mbg.ReasonLastAlive:
		if alive != 1 || !g.View().Alive(res.Winner) {
			t.Errorf("last alive: winner %d, %d alive", res.Winner, alive)
		}
	case mbg.ReasonMoney:
		if res.Money[res.Winner] < cfg.WinMoney && cfg.Rules.MoneyVictory == mbg.VictoryFirst {
			t.Errorf("first to the target: winner %d has %g < %g", res.Winner, res.Money[res.Winner], cfg.WinMoney)
		}
		if cfg.Rules.MoneyVictory == mbg.VictoryRichest && res.Winner != richest() {
			t.Errorf("richest: winner %d, richest %d (%v)", res.Winner, richest(), res.Money)
		}
	case mbg.ReasonTurnLimit:
		if res.Turns != cfg.MaxTurn || res.Winner != richest() {
			t.Errorf("turn limit after %d turns: winner %d, richest %d", res.Turns, res.Winner, richest())
		}
	default:
		t.Errorf("unknown reason %q", res.Reason)
	}
	return res
}

func TestWholeGames(t *testing.T) {
	t.Parallel()
	original := smallConfig()
	original.Rules = mbg.Rules{TollToOwner: false, MoneyVictory: mbg.VictoryFirst, StatusBlocksTechs: false}
	original.Constants.MayorHealScale = 1
	original.Cards[6].Params["whole_role"] = 0
	poor := smallConfig()
	for i := range poor.Roles {
		poor.Roles[i].Money = 3000 // robbers, tolls and research bankrupt roles
	}
	poor.Constants.RobberSteal = 2500
	configs := map[string]*mbg.Config{"manual": smallConfig(), "original": original, "poor": poor}
	for name, cfg := range configs {
		for _, pattern := range []string{"rrr", "hhh", "rhr", "hrh", "hbr"} {
			t.Run(name+"/"+pattern, func(t *testing.T) {
				t.Parallel()
				reasons := map[string]int{}
				for seed := range uint64(100) {
					g := play(t, cfg, seed, mix(pattern, seed))
					reasons[checkResult(t, cfg, g).Reason]++
				}
				t.Logf("%v", reasons)
			})
		}
	}
}

// TestEndings makes sure whole games reach the endings whole games can
// reach (a draw needs every role bankrupt in one settlement; the rule tests
// construct one), so checkResult has checked each of them.
func TestEndings(t *testing.T) {
	t.Parallel()
	cfg := smallConfig()
	for i := range cfg.Roles {
		cfg.Roles[i].Money = 2000
	}
	cfg.Constants.RobberSteal = 2500
	seen := map[string]bool{}
	for seed := range uint64(60) {
		for _, pattern := range []string{"hhh", "rrr"} {
			g := play(t, cfg, seed, mix(pattern, seed))
			seen[checkResult(t, cfg, g).Reason] = true
		}
	}
	for _, r := range []string{mbg.ReasonMoney, mbg.ReasonLastAlive, mbg.ReasonTurnLimit} {
		if !seen[r] {
			t.Errorf("no game ended by %s (saw %v)", r, seen)
		}
	}
}

// logJSON is a game's event log as JSON.
func logJSON(t *testing.T, g *mbg.Game) []byte {
	t.Helper()
	data, err := json.Marshal(g.Events())
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// save is g.Save without the error.
func save(t *testing.T, g *mbg.Game) []byte {
	t.Helper()
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSameSeedSameLog(t *testing.T) {
	t.Parallel()
	for _, cfg := range []*mbg.Config{smallConfig(), sanguoConfig(3)} {
		for seed := range uint64(10) {
			a := play(t, cfg, seed, mix("rhr", seed))
			b := play(t, cfg, seed, mix("rhr", seed))
			if la, lb := logJSON(t, a), logJSON(t, b); !bytes.Equal(la, lb) {
				t.Fatalf("%s seed %d: event logs differ (%d vs %d bytes)", cfg.Name, seed, len(la), len(lb))
			}
			if !bytes.Equal(save(t, a), save(t, b)) {
				t.Fatalf("%s seed %d: final saves differ", cfg.Name, seed)
			}
		}
	}
	// And a different seed gives a different game.
	cfg := smallConfig()
	if bytes.Equal(logJSON(t, play(t, cfg, 1, mix("rrr", 1))), logJSON(t, play(t, cfg, 2, mix("rrr", 1)))) {
		t.Fatal("seeds 1 and 2 played the same game")
	}
}

func TestSaveLoadContinue(t *testing.T) {
	t.Parallel()
	cfg := smallConfig()
	techs, cards := providers(t, cfg)
	for seed := range uint64(6) {
		want := save(t, play(t, cfg, seed, mix("rhr", seed)))
		for _, k := range []int{1, 3, 8, 9, 20, 33} {
			// Play to the first step of turn k with one set of agents, save,
			// load, and continue with the same agents.
			ds := mix("rhr", seed)
			g, err := mbg.New(cfg, techs, cards, seed)
			if err != nil {
				t.Fatal(err)
			}
			for g.Turn() < k {
				if over, err := g.Step(ds); err != nil || over {
					t.Fatalf("seed %d: step: over %v, %v", seed, over, err)
				}
			}
			// Also mid-turn: one more step.
			if _, err := g.Step(ds); err != nil {
				t.Fatal(err)
			}
			data := save(t, g)
			h, err := mbg.Load(cfg, techs, cards, data)
			if err != nil {
				t.Fatalf("seed %d turn %d: load: %v", seed, k, err)
			}
			if !bytes.Equal(save(t, h), data) {
				t.Fatalf("seed %d turn %d: save → load → save changed the save", seed, k)
			}
			if _, err := h.Run(ds); err != nil {
				t.Fatal(err)
			}
			if got := save(t, h); !bytes.Equal(got, want) {
				t.Fatalf("seed %d: loaded at turn %d, the game ended differently", seed, k)
			}
		}
	}
}

func TestReplay(t *testing.T) {
	t.Parallel()
	for _, cfg := range []*mbg.Config{smallConfig(), sanguoConfig(5)} {
		techs, cards := providers(t, cfg)
		for seed := range uint64(8) {
			orig := play(t, cfg, seed, mix("rhb", seed))
			rep := mbg.NewReplay(orig.Decisions())
			g, err := mbg.New(cfg, techs, cards, seed)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.Run(rep.Deciders(len(cfg.Roles))); err != nil {
				t.Fatalf("seed %d: replay: %v", seed, err)
			}
			if rep.Remaining() != 0 {
				t.Errorf("seed %d: %d decisions left over", seed, rep.Remaining())
			}
			// The replay answers at once where the hostile agent was
			// refused; everything else is the same.
			want := slices.Clone(orig.Decisions())
			for i := range want {
				want[i].Rejected = 0
			}
			if diff := cmp.Diff(want, g.Decisions()); diff != "" {
				t.Fatalf("%s seed %d: decisions differ:\n%s", cfg.Name, seed, diff)
			}
			if !bytes.Equal(logJSON(t, g), logJSON(t, orig)) {
				t.Fatalf("%s seed %d: replay has other events", cfg.Name, seed)
			}
			if diff := cmp.Diff(orig.State(), g.State()); diff != "" {
				t.Fatalf("%s seed %d: replay ended in another state:\n%s", cfg.Name, seed, diff)
			}
		}
	}
}

// TestReplayThroughSave replays a log that went through a save file.
func TestReplayThroughSave(t *testing.T) {
	t.Parallel()
	cfg := smallConfig()
	techs, cards := providers(t, cfg)
	orig := play(t, cfg, 11, mix("hrr", 11))
	var f mbg.SaveFile
	if err := json.Unmarshal(save(t, orig), &f); err != nil {
		t.Fatal(err)
	}
	g, err := mbg.New(cfg, techs, cards, f.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Run(mbg.NewReplay(f.Decisions).Deciders(3)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(orig.Events(), g.Events()); diff != "" {
		t.Fatalf("replayed events differ (-orig +replay):\n%s", diff)
	}
}

// TestReplayDetectsDivergence replays a log on another seed: the replay must
// fail with an error, not play on.
func TestReplayDetectsDivergence(t *testing.T) {
	t.Parallel()
	cfg := smallConfig()
	techs, cards := providers(t, cfg)
	orig := play(t, cfg, 1, mix("rrr", 1))
	g, err := mbg.New(cfg, techs, cards, 2)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Run(mbg.NewReplay(orig.Decisions()).Deciders(3)); err == nil {
		t.Fatal("replaying seed 1's decisions on seed 2 succeeded")
	}
	if _, err := g.Step(mix("rrr", 1)); err == nil {
		t.Fatal("a game stopped by an error went on")
	}
	if _, err := g.Save(); err == nil {
		t.Fatal("a game stopped by an error was saved")
	}
}

func TestLoadRejects(t *testing.T) {
	t.Parallel()
	cfg := smallConfig()
	techs, cards := providers(t, cfg)
	g := play(t, cfg, 4, mix("rrr", 4))
	good := save(t, g)
	edit := func(fn func(f *mbg.SaveFile)) []byte {
		var f mbg.SaveFile
		if err := json.Unmarshal(good, &f); err != nil {
			t.Fatal(err)
		}
		fn(&f)
		data, err := json.Marshal(&f)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	other := smallConfig()
	other.WinMoney = 1
	cases := map[string][]byte{
		"not json":     []byte("{"),
		"format":       edit(func(f *mbg.SaveFile) { f.Format = 99 }),
		"no state":     edit(func(f *mbg.SaveFile) { f.State = nil }),
		"officer role": edit(func(f *mbg.SaveFile) { f.State.Officers[0].Role = 7 }),
		"officer job":  edit(func(f *mbg.SaveFile) { f.State.Officers[0].Role, f.State.Officers[0].Job = 0, 9 }),
		"garrison owner": edit(func(f *mbg.SaveFile) {
			f.State.Officers[0].Role, f.State.Officers[0].Job, f.State.Officers[0].Loc = 1, mbg.JobCitizen, 3
		}),
		"hp above max":    edit(func(f *mbg.SaveFile) { f.State.Officers[2].HP = 1e9 }),
		"city owner":      edit(func(f *mbg.SaveFile) { f.State.Cities[0].Owner = 5 }),
		"role square":     edit(func(f *mbg.SaveFile) { f.State.Roles[0].Loc = 99 }),
		"money":           edit(func(f *mbg.SaveFile) { f.State.Roles[0].Money = -1 }),
		"one-sided ally":  edit(func(f *mbg.SaveFile) { f.State.Roles[0].Ally, f.State.Roles[1].Ally = 1, mbg.NoAlly }),
		"card counts":     edit(func(f *mbg.SaveFile) { f.State.Roles[1].Cards = []int{1} }),
		"institute slots": edit(func(f *mbg.SaveFile) { f.State.Institutes[0].Tech = nil }),
		"research":        edit(func(f *mbg.SaveFile) { f.State.Institutes[0].Tech[0] = 2 }),
		"sizes":           edit(func(f *mbg.SaveFile) { f.State.Squares = f.State.Squares[1:] }),
	}
	for name, data := range cases {
		if _, err := mbg.Load(cfg, techs, cards, data); err == nil {
			t.Errorf("%s: Load accepted a broken save", name)
		}
	}
	if _, err := mbg.Load(other, techs, cards, good); err == nil {
		t.Error("Load accepted a save of another config")
	}
	if _, err := mbg.Load(cfg, techs, cards, good); err != nil {
		t.Errorf("good save: %v", err)
	}
}

// FuzzGame plays whole games with agents that mostly answer out of range;
// the engine must neither hang nor panic, and every game must end by a rule.
func FuzzGame(f *testing.F) {
	for i := range uint64(6) {
		f.Add(i, "bbb")
		f.Add(i, "brh")
	}
	f.Fuzz(func(t *testing.T, seed uint64, pattern string) {
		if len(pattern) != 3 {
			return
		}
		for _, c := range pattern {
			if c != 'r' && c != 'h' && c != 'b' && c != 'n' {
				return
			}
		}
		cfg := smallConfig()
		cfg.MaxTurn = 20
		checkResult(t, cfg, play(t, cfg, seed, mix(pattern, seed)))
	})
}

// BenchmarkRandomGames plays full games of three random agents with the
// native providers on a sanguo-sized config (and the small test config).
func BenchmarkRandomGames(b *testing.B) {
	for _, cfg := range []*mbg.Config{sanguoConfig(1), smallConfig()} {
		b.Run(cfg.Name, func(b *testing.B) {
			techs, cards := providers(b, cfg)
			ds := mix("rrr", 1)
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				g, err := mbg.New(cfg, techs, cards, seed)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := g.Run(ds); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkHeuristicGames is the same with three heuristic agents.
func BenchmarkHeuristicGames(b *testing.B) {
	cfg := sanguoConfig(1)
	techs, cards := providers(b, cfg)
	ds := mix("hhh", 1)
	seed := uint64(0)
	for b.Loop() {
		seed++
		g, err := mbg.New(cfg, techs, cards, seed)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := g.Run(ds); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// Example-style check that a result is readable.
func TestResultJSON(t *testing.T) {
	t.Parallel()
	g := play(t, smallConfig(), 1, mix("hhh", 1))
	res, _ := g.Result()
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(fmt.Sprintf(`"reason":%q`, res.Reason))) {
		t.Fatalf("result JSON %s", data)
	}
}
