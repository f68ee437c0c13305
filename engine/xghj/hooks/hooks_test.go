package hooks_test

import (
	"bytes"
	"io/fs"
	"strconv"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/agent"
	"github.com/sandtable/sandtable/engine/xghj/hooks"
	"github.com/sandtable/sandtable/engine/xghj/native"
	"github.com/sandtable/sandtable/scripts"
)

// The terrain of the test maps (the Tsinghua classes, facts §2).
var terrain = map[byte]xghj.Cell{'g': {Res: 1, Atk: 10, Def: 10}, 'D': {Res: 8, Atk: 20, Def: 30}, 'T': {Res: 5, Atk: 20, Def: 30}}

func kernel() [][]float64 {
	table := [5][5]float64{{1.0, 0.9, 0.8, 0.7, 0.4}, {0.9, 0.8, 0.5, 0.3, 0.2}, {0.8, 0.5, 0.3, 0.2, 0.1}, {0.7, 0.3, 0.2, 0.1, 0.1}, {0.4, 0.2, 0.1, 0.1, 0.05}}
	k := make([][]float64, 9)
	for n := range k {
		k[n] = make([]float64, 9)
		for m := range k[n] {
			k[n][m] = table[abs(n-4)][abs(m-4)]
		}
	}
	return k
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// config is a one-row map with the shipped xghj scripts bundled.
func config(t testing.TB, row string, players int, set string, regions map[string][]int) *xghj.Config {
	return configRows(t, []string{row}, players, set, regions)
}

// configRows is a map of rows with the shipped xghj scripts bundled and
// the regions the scripts read (empty unless given).
func configRows(t testing.TB, rows []string, players int, set string, regions map[string][]int) *xghj.Config {
	t.Helper()
	cfg := &xghj.Config{Game: xghj.GameName, Name: "hooks", Cols: len(rows[0]), Rows: len(rows), Kernel: kernel(),
		Constants: xghj.DefaultConstants(), Rules: xghj.Rules{Set: set}}
	for _, row := range rows {
		for i := 0; i < len(row); i++ {
			cfg.Cells = append(cfg.Cells, terrain[row[i]])
		}
	}
	for p := range players {
		cfg.Players = append(cfg.Players, xghj.Player{Name: string(rune('A' + p))})
	}
	names := []string{"card_machine_south", "card_machine_north", "card_machine_sculpture", "score_query", "registration_centre", "print_shop"}
	for k := 1; k <= 3; k++ {
		names = append(names, "study_"+strconv.Itoa(k))
	}
	for _, name := range names {
		cfg.Regions = append(cfg.Regions, xghj.Region{Name: name, Cells: regions[name]})
	}
	sub, err := fs.Sub(scripts.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	bundle, _, err := plugin.BundleFS(sub, "builtin", hooks.Kinds())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range bundle {
		cfg.Scripts = append(cfg.Scripts, xghj.Script{ID: s.ID, Kind: s.Kind, Path: s.Path, SHA256: s.SHA256, Source: s.Source})
	}
	return cfg
}

func runner(t testing.TB, cfg *xghj.Config) *hooks.Runner {
	t.Helper()
	reg, _, err := hooks.Registry(cfg)
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

// seat spawns at x and then gives the default orders; it records the
// views it is given.
type seat struct {
	x     int
	views *[]*xghj.View
}

func (s seat) Orders(v *xghj.View, _ *play.OrderRequest) (xghj.Commands, error) {
	switch v.Phase {
	case xghj.PhaseSpawn:
		return xghj.Commands{Spawn: &xghj.Pos{X: s.x}}, nil
	case xghj.PhaseRound:
		if s.views != nil {
			*s.views = append(*s.views, v)
		}
	}
	return xghj.Commands{}, nil
}

func game(t testing.TB, cfg *xghj.Config, seed uint64, seats ...seat) *xghj.Game {
	t.Helper()
	g, err := xghj.NewWithHooks(cfg, runner(t, cfg), seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seats {
		g.Orders.Deciders = append(g.Orders.Deciders, s)
	}
	return g
}

func step(t testing.TB, g *xghj.Game, n int) {
	t.Helper()
	for range n {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
}

func hookVar(g *xghj.Game, key string) int {
	for _, v := range g.State().HookVars {
		if v.Key == key {
			return v.Value
		}
	}
	return 0
}

// holdMap: player 0 spawns at x = 1 on a level-10 city, whose influence
// ⌊0.9·100⌋ = 90 gives 20·90 = 1800 > 400 on the dormitories (0,0) and
// (2,0) in the first round (no overrun: nothing was placed). Cells 0 and
// 2 are south machines, 1 the north one: from round 1 on player 0 holds
// 2 south + 1 north. Player 1 sits far away at x = 12.
func holdMap(t testing.TB, effects ...xghj.Hook) *xghj.Config {
	cfg := config(t, "DDDgggggggggg", 2, xghj.RuleSetRulebook, map[string][]int{
		"card_machine_south": {0, 2}, "card_machine_north": {1},
	})
	cfg.Constants.StartLevel = 10
	cfg.Effects = effects
	cfg.Victories = []xghj.Hook{{Hook: "hold_machines"}}
	return cfg
}

// The hold victory fires exactly at the 20th held round (the default
// hold_rounds), not at the 19th, and ranks the holder first.
func TestHoldVictoryAtTwentieth(t *testing.T) {
	g := game(t, holdMap(t), 1, seat{x: 1}, seat{x: 12})
	step(t, g, 1+19) // the spawn, then 19 rounds
	if g.Over() || hookVar(g, "hold.0") != 19 {
		t.Fatalf("after 19 held rounds: over %v, counter %d; want not over, 19", g.Over(), hookVar(g, "hold.0"))
	}
	step(t, g, 1)
	st := g.State()
	if !g.Over() || hookVar(g, "hold.0") != 20 || !st.Players[0].Goal || st.Ranking[0] != 0 {
		t.Fatalf("after 20 held rounds: over %v, counter %d, goal %v, ranking %v", g.Over(), hookVar(g, "hold.0"), st.Players[0].Goal, st.Ranking)
	}
	if hookVar(g, "hold.1") != 0 {
		t.Errorf("player 1 holds nothing but counts %d", hookVar(g, "hold.1"))
	}
	// hold_rounds is a setting: 3 ends the game after the third round.
	cfg := holdMap(t)
	cfg.Victories[0].Params = map[string]float64{"hold_rounds": 3}
	g = game(t, cfg, 1, seat{x: 1}, seat{x: 12})
	step(t, g, 1+2)
	if g.Over() {
		t.Fatal("hold_rounds 3: over after 2 rounds")
	}
	step(t, g, 1)
	if !g.Over() {
		t.Fatal("hold_rounds 3: not over after 3 rounds")
	}
}

// A broken machine stops counting and yields half its resource: with
// break_prob 1 every machine breaks in the first round's start, the
// pattern never holds, and player 0's three dormitories (res 8) bring
// 3·⌊8/2⌋ = 12 instead of 24.
func TestBrokenMachine(t *testing.T) {
	cfg := holdMap(t, xghj.Hook{Hook: "card_machines", Params: map[string]float64{"break_prob": 1}})
	g := game(t, cfg, 1, seat{x: 1}, seat{x: 12})
	step(t, g, 2)
	if got := g.State().Players[0].Income; got != 12 {
		t.Errorf("income with three broken machines = %d, want 12", got)
	}
	for _, c := range []string{"broken.0", "broken.1", "broken.2"} {
		if hookVar(g, c) != 1 {
			t.Errorf("%s = %d, want 1", c, hookVar(g, c))
		}
	}
	step(t, g, 24)
	if g.Over() || hookVar(g, "hold.0") != 0 {
		t.Errorf("broken machines: over %v, counter %d; want not over, 0", g.Over(), hookVar(g, "hold.0"))
	}
	// break_prob 0: nothing breaks, the income is 24 and the pattern holds.
	cfg = holdMap(t, xghj.Hook{Hook: "card_machines", Params: map[string]float64{"break_prob": 0}})
	g = game(t, cfg, 1, seat{x: 1}, seat{x: 12})
	step(t, g, 2)
	if got := g.State().Players[0].Income; got != 24 || hookVar(g, "hold.0") != 1 {
		t.Errorf("working machines: income %d, counter %d; want 24, 1", got, hookVar(g, "hold.0"))
	}
}

// The print shop's +5 % applies in production: player 0 holds three
// dormitories (Σ res 24) with the shop among them: ⌊1.05·24⌋ = 25;
// player 1's three dormitories without it: 24. Under fc14 the shop
// owner's spawn alone (res 8) gives 1 + ⌊1.05·8⌋ = 9 and a teaching
// building (res 5) 1 + 5 = 6 without the shop.
func TestPrintShop(t *testing.T) {
	cfg := config(t, "DDDgggggggDDD", 2, xghj.RuleSetRulebook, map[string][]int{"print_shop": {1}})
	cfg.Constants.StartLevel = 10
	cfg.Effects = []xghj.Hook{{Hook: "print_shop"}}
	g := game(t, cfg, 1, seat{x: 1}, seat{x: 11})
	step(t, g, 2)
	if p := g.State().Players; p[0].Income != 25 || p[1].Income != 24 {
		t.Errorf("rulebook incomes %d, %d; want 25, 24", p[0].Income, p[1].Income)
	}
	cfg = config(t, "DgggggggT", 2, xghj.RuleSetFC14, map[string][]int{"print_shop": {0}})
	cfg.Effects = []xghj.Hook{{Hook: "print_shop"}}
	g = game(t, cfg, 1, seat{x: 0}, seat{x: 8})
	step(t, g, 2)
	if p := g.State().Players; p[0].Income != 9 || p[1].Income != 6 {
		t.Errorf("fc14 incomes %d, %d; want 9, 6", p[0].Income, p[1].Income)
	}
}

// The registration centre's owner sees every player's information
// (saving at the union level) and the others do not, under both rule
// sets; the score-query machine's owner sees every cell.
func TestRegistrationCentreAndScoreQuery(t *testing.T) {
	for _, set := range []string{xghj.RuleSetRulebook, xghj.RuleSetFC14} {
		cfg := config(t, "ggggggggggggg", 3, set, map[string][]int{"registration_centre": {0}, "score_query": {12}})
		cfg.Effects = []xghj.Hook{{Hook: "registration_centre"}, {Hook: "score_query"}}
		var v0, v1, v2 []*xghj.View
		g := game(t, cfg, 1, seat{x: 0, views: &v0}, seat{x: 6, views: &v1}, seat{x: 12, views: &v2})
		step(t, g, 2)
		if len(v0) != 1 || len(v1) != 1 || len(v2) != 1 {
			t.Fatalf("%s: %d, %d, %d views", set, len(v0), len(v1), len(v2))
		}
		// Everyone starts with 50 (no bids) and the views come before the
		// first round's production.
		for u := range 3 {
			if in := v0[0].Info[u]; !in.Union || in.Saving != 50 {
				t.Errorf("%s: the centre's owner sees player %d as %+v", set, u, in)
			}
		}
		if in := v1[0].Info[0]; in.Union || in.Saving != 0 {
			t.Errorf("%s: player 1 sees the centre's owner as %+v", set, in)
		}
		if in := v2[0].Info[1]; in.Union || in.Saving != 0 {
			t.Errorf("%s: the score-query owner learns player 1's saving: %+v", set, in)
		}
		// Full vision: the score-query owner sees player 0's cell and
		// owner; player 1 does not.
		if c := v2[0].Cells[0]; !c.Visible || c.Owner != 0 {
			t.Errorf("%s: the score-query owner sees cell 0 as %+v", set, c)
		}
		if c := v1[0].Cells[0]; c.Visible {
			t.Errorf("%s: player 1 sees cell 0", set)
		}
	}
}

// Hook state lives in the game state: a game with random breakdowns
// saved after 8 rounds and continued with a fresh runner is the same game
// byte for byte, and the save holds the machines' and counters' state.
func TestHookStateSaveLoad(t *testing.T) {
	cfg := holdMap(t, xghj.Hook{Hook: "card_machines", Params: map[string]float64{"break_prob": 0.2, "repair_prob": 0.3}})
	seats := []seat{{x: 1}, {x: 12}}
	full := game(t, cfg, 7, seats...)
	if _, err := full.Run(); err != nil {
		t.Fatal(err)
	}
	want, err := full.Save()
	if err != nil {
		t.Fatal(err)
	}
	part := game(t, cfg, 7, seats...)
	step(t, part, 9)
	if len(part.State().HookVars) == 0 {
		t.Fatal("no hook variables after 8 rounds")
	}
	data, err := part.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(data, []byte(`"hold.0"`)) {
		t.Fatal("the save does not hold the hook variables")
	}
	l, err := xghj.LoadWithHooks(cfg, runner(t, cfg), data)
	if err != nil {
		t.Fatal(err)
	}
	l.Orders.Deciders = []xghj.OrderDecider{seats[0], seats[1]}
	if _, err := l.Run(); err != nil {
		t.Fatal(err)
	}
	got, err := l.Save()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("the game loaded after 8 rounds differs")
	}
	// A game of these hooks without a runner is refused.
	if _, err := xghj.NewWithHooks(cfg, nil, 1); err == nil {
		t.Error("a hooked config ran without a runner")
	}
}

// brawl is a 16×10 map with every shipped hook on it, for whole games of
// heuristic bots.
func brawl(t testing.TB, set string) *xghj.Config {
	rows := []string{
		"ggggDDggggggDDgg",
		"ggggDDggggggDDgg",
		"ggTTggggggggggTT",
		"ggTTggggDDggggTT",
		"ggggggggDDgggggg",
		"ggggggggggggDDgg",
		"DDggggTTggggDDgg",
		"DDggggTTgggggggg",
		"ggggggggggTTgggg",
		"ggggggggggTTgggg",
	}
	at := func(x, y int) int { return y*16 + x }
	cfg := configRows(t, rows, 4, set, map[string][]int{
		"card_machine_south": {at(4, 0), at(12, 0)}, "card_machine_north": {at(0, 6), at(12, 5)},
		"card_machine_sculpture": {at(8, 3), at(8, 4)}, "score_query": {at(6, 6)}, "registration_centre": {at(2, 2)},
		"print_shop": {at(14, 3)}, "study_1": {at(10, 8), at(11, 8)}, "study_2": {at(2, 3)}, "study_3": {at(15, 2)},
	})
	cfg.Constants.MaxRound = 40
	cfg.Effects = []xghj.Hook{{Hook: "card_machines", Params: map[string]float64{"break_prob": 0.2, "repair_prob": 0.3}},
		{Hook: "score_query"}, {Hook: "registration_centre", Params: map[string]float64{"full_vision": 1}}, {Hook: "print_shop"}}
	cfg.Victories = []xghj.Hook{{Hook: "hold_machines", Params: map[string]float64{"hold_rounds": 8}},
		{Hook: "ever_controlled", Params: map[string]float64{"buildings": 3}}}
	return cfg
}

func playWith(t testing.TB, cfg *xghj.Config, r xghj.HookRunner, seed uint64) *xghj.Game {
	t.Helper()
	g, err := xghj.NewWithHooks(cfg, r, seed)
	if err != nil {
		t.Fatal(err)
	}
	for p := range cfg.Players {
		g.Orders.Deciders = append(g.Orders.Deciders, agent.Heuristic{Bid: p})
	}
	if _, err := g.Run(); err != nil {
		t.Fatal(err)
	}
	return g
}

// The Go twins are the Lua scripts' oracle: whole games of heuristic bots
// with every shipped hook give the same bytes with either, under both
// rule sets.
func TestGoTwins(t *testing.T) {
	goals := 0
	for _, set := range []string{xghj.RuleSetRulebook, xghj.RuleSetFC14} {
		cfg := brawl(t, set)
		for seed := range uint64(4) {
			lua := playWith(t, cfg, runner(t, cfg), seed)
			nat, err := native.New(cfg)
			if err != nil {
				t.Fatal(err)
			}
			twin := playWith(t, cfg, nat, seed)
			a, _ := lua.Save()
			b, _ := twin.Save()
			if !bytes.Equal(a, b) {
				t.Errorf("%s seed %d: the Lua hooks and their Go twins give different games", set, seed)
			}
			if len(lua.State().HookVars) == 0 {
				t.Errorf("%s seed %d: the hooks kept no state", set, seed)
			}
			for _, p := range lua.State().Players {
				if p.Goal {
					goals++
				}
			}
		}
	}
	if goals == 0 {
		t.Error("no game ended by a victory condition: the twins' victories are untested")
	}
	if _, err := native.New(&xghj.Config{Effects: []xghj.Hook{{Hook: "nonesuch"}}}); err == nil {
		t.Error("a hook without a twin was accepted")
	}
}

// BenchmarkHookedGame plays a whole brawl game with the Lua hooks and with
// their Go twins (the baseline).
func BenchmarkHookedGame(b *testing.B) {
	cfg := brawl(b, xghj.RuleSetRulebook)
	b.Run("lua", func(b *testing.B) {
		r := runner(b, cfg)
		for i := 0; i < b.N; i++ {
			playWith(b, cfg, r, uint64(i))
		}
	})
	b.Run("native", func(b *testing.B) {
		r, err := native.New(cfg)
		if err != nil {
			b.Fatal(err)
		}
		for i := 0; i < b.N; i++ {
			playWith(b, cfg, r, uint64(i))
		}
	})
}

// A hooked game replays from its config, seed and order log: the random
// breakdowns and the counters come out the same.
func TestHookedReplay(t *testing.T) {
	cfg := brawl(t, xghj.RuleSetRulebook)
	a := playWith(t, cfg, runner(t, cfg), 5)
	want, _ := a.Save()
	r, err := xghj.NewWithHooks(cfg, runner(t, cfg), 5)
	if err != nil {
		t.Fatal(err)
	}
	rep := play.NewOrderReplay[*xghj.View](a.Orders.Log)
	r.Orders.Deciders = rep.Deciders(len(cfg.Players))
	if _, err := r.Run(); err != nil {
		t.Fatal(err)
	}
	got, _ := r.Save()
	if !bytes.Equal(got, want) || rep.Remaining() != 0 || len(r.State().HookVars) == 0 {
		t.Error("the replayed hooked game differs")
	}
}
