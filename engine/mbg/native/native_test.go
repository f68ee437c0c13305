package native_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/native"
)

// Expected values come from the seed's tech table (manual §技能系统) and
// rules/mbg.facts.md §8–§9, worked out by hand.

// Indices of the seed techs in StandardTechs.
const (
	arrows = iota
	fireArrows
	medic
	shield
	transfer
	strongStrike
	lifesteal
	thunder
	chaos
	infighting
	siege
	exile
)

// config is the seed's techs with battles of exactly rounds rounds, burn 20,
// and the manual's StatusBlocksTechs.
func config(rounds int) *mbg.Config {
	return &mbg.Config{
		Constants: mbg.Constants{BattleRoundMin: rounds, BurnHurt: 20},
		Rules:     mbg.Rules{StatusBlocksTechs: true},
		Techs:     native.StandardTechs(),
	}
}

// seedConfig is the seed's techs and battle constants (40 + 30 × scale rounds).
func seedConfig() *mbg.Config {
	cfg := config(40)
	cfg.Constants.BattleRoundStep = 30
	return cfg
}

// stubRand returns vals in order, then rest; it counts the draws.
type stubRand struct {
	vals  []float64
	rest  float64
	draws int
}

func (s *stubRand) Float() float64 {
	s.draws++
	if len(s.vals) > 0 {
		v := s.vals[0]
		s.vals = s.vals[1:]
		return v
	}
	return s.rest
}

// fight runs one battle of cfg through the native provider.
func fight(t *testing.T, cfg *mbg.Config, sides [2]mbg.BattleSide, rng mbg.Uniform) (mbg.BattleResult, []mbg.BattleEvent) {
	t.Helper()
	p, err := native.New(cfg.Techs)
	if err != nil {
		t.Fatal(err)
	}
	var evs []mbg.BattleEvent
	res, err := mbg.RunBattle(cfg, p, sides, 0, rng, func(e mbg.BattleEvent) { evs = append(evs, e) })
	if err != nil {
		t.Fatalf("RunBattle: %v", err)
	}
	return res, evs
}

func fired(evs []mbg.BattleEvent) []mbg.BattleEvent {
	var out []mbg.BattleEvent
	for _, e := range evs {
		if e.Kind == mbg.BattleTechFired {
			out = append(out, e)
		}
	}
	return out
}

func TestHooks(t *testing.T) {
	t.Parallel()
	hooks := native.Hooks()
	if len(hooks) != 12 || !slices.IsSorted(hooks) || len(slices.Compact(slices.Clone(hooks))) != 12 {
		t.Errorf("Hooks() = %v, want 12 sorted distinct ids", hooks)
	}
	for _, tech := range native.StandardTechs() {
		if !slices.Contains(hooks, tech.Hook) {
			t.Errorf("standard tech %s uses unknown hook %q", tech.ID, tech.Hook)
		}
	}
	if _, err := native.New([]mbg.Tech{{ID: "x", Hook: "fireball"}}); err == nil || !strings.Contains(err.Error(), `"fireball"`) {
		t.Errorf("New with an unknown hook: err = %v", err)
	}
	p, _ := native.New(native.StandardTechs())
	if _, _, err := p.Effect(12, &mbg.TechCall{}, nil); err == nil {
		t.Errorf("Effect(12) on 12 techs did not fail")
	}
}

func TestStandardTechsMatchFactsTable(t *testing.T) {
	t.Parallel()
	// facts §9: study, trigger, probability and value at celve 0 and 100, cooldown.
	type row struct {
		Study              float64
		Trigger            string
		P0, P100, V0, V100 float64
		Cooldown           int
	}
	want := []row{
		{350, "any", 0, 0.8, 25, 40, 2},
		{420, "any", 0, 0.7, 25, 25, 3},
		{450, "any", 0, 0.6, 30, 60, 4},
		{360, "round_lost", 0, 0.75, 1, 1, 4},
		{360, "round_lost", 0, 0.75, 0.5, 0.5, 4},
		{330, "round_won", 0, 0.8, 0.5, 1.2, 3},
		{430, "round_won", 0, 0.8, 0.4, 0.8, 4},
		{400, "any", 0.2, 0.2, 100, 200, 7},
		{450, "round_won", 0, 0.4, 0, 0, 6},
		{380, "any", 0, 0.2, 0, 0, 8},
		{500, "round_won", 1, 1, 0.5, 3, 0},
		{650, "battle_won", 0, 0.5, 0, 0, 0},
	}
	var got []row
	for _, tc := range native.StandardTechs() {
		got = append(got, row{tc.Study, tc.Trigger, tc.ProbLow, tc.ProbHigh, tc.ValueLow, tc.ValueHigh, tc.Cooldown})
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("StandardTechs (-facts +got):\n%s", diff)
	}
	techs := native.StandardTechs()
	if p := techs[fireArrows].Params["burn_rounds"]; p != 4 {
		t.Errorf("burn_rounds %g, want 4", p)
	}
	if p := techs[chaos].Params["chaos_rounds"]; p != 3 {
		t.Errorf("chaos_rounds %g, want 3", p)
	}
	if p := techs[infighting].Params["infight_rounds"]; p != 2 {
		t.Errorf("infight_rounds %g, want 2", p)
	}
}

func TestArrows(t *testing.T) {
	t.Parallel()
	// celve 50: p = 0.4, value = 25 + 0.5 × 15 = 32.5. The attacker wins round
	// 0 (U 0.1 < 0.5) and hits 100.
	for _, tt := range []struct {
		u  float64
		hp float64
	}{{0.4, 867.5}, {0.41, 900}} {
		sides := [2]mbg.BattleSide{{Winp: 1, Power: 100, Celve: 50, HP: 1000, Techs: []int{arrows}}, {Winp: 1, Power: 100, HP: 1000}}
		res, evs := fight(t, config(1), sides, &stubRand{vals: []float64{0.1, tt.u}})
		if res.HP[1] != tt.hp {
			t.Errorf("U %g: defender hp %g, want %g", tt.u, res.HP[1], tt.hp)
		}
		if f := fired(evs); tt.u == 0.4 && (len(f) != 1 || f[0].Value != 32.5 || f[0].Change != -32.5) {
			t.Errorf("U %g: fired %+v, want value 32.5", tt.u, f)
		}
	}
}

func TestFireArrows(t *testing.T) {
	t.Parallel()
	// celve 100: p = 0.7, value 25. Fired in round 0, then U 0.99 never fires
	// again; nobody has power. Burn N deals exactly N × 20.
	for _, tt := range []struct {
		params map[string]float64
		hp     float64
	}{
		{nil, 1000 - 25 - 4*20}, // default 4
		{map[string]float64{"burn_rounds": 4}, 1000 - 25 - 4*20},
		{map[string]float64{"burn_rounds": 3}, 1000 - 25 - 3*20}, // original-engine preset
	} {
		cfg := config(10)
		cfg.Techs[fireArrows].Params = tt.params
		sides := [2]mbg.BattleSide{{Winp: 1, Celve: 100, HP: 1000, Techs: []int{fireArrows}}, {Winp: 1, HP: 1000}}
		res, _ := fight(t, cfg, sides, &stubRand{vals: []float64{0.1, 0.7}, rest: 0.99})
		if res.HP[1] != tt.hp {
			t.Errorf("params %v: defender hp %g, want %g", tt.params, res.HP[1], tt.hp)
		}
	}
}

func TestMedic(t *testing.T) {
	t.Parallel()
	// celve 50: p = 0.3, value 45. The defender wins round 0 and hits power.
	for _, tt := range []struct {
		power, hp float64
	}{{100, 945}, {20, 1000}} { // 980 + 45 is capped at the starting 1000
		sides := [2]mbg.BattleSide{{Winp: 1, Celve: 50, HP: 1000, Techs: []int{medic}}, {Winp: 1, Power: tt.power, HP: 1000}}
		res, _ := fight(t, config(1), sides, &stubRand{vals: []float64{0.9, 0.3}})
		if res.HP[0] != tt.hp {
			t.Errorf("hit %g: medic user hp %g, want %g", tt.power, res.HP[0], tt.hp)
		}
	}
}

func TestShieldHealsTheWholeHit(t *testing.T) {
	t.Parallel()
	// The attacker hits 100 into walls 60: def 0, hp 960, D = −100. Its
	// thunder (celve 0: p 0.2, value 100) takes the defender to 860; the
	// defender's shield (celve 100: p 0.75) heals |D| = 100, walls included,
	// to 960; the walls stay down.
	sides := [2]mbg.BattleSide{
		{Winp: 1, Power: 100, HP: 1000, Techs: []int{thunder}},
		{Winp: 1, Celve: 100, HP: 1000, Def: 60, Techs: []int{shield}},
	}
	res, _ := fight(t, config(1), sides, &stubRand{vals: []float64{0.1, 0.2, 0.75}})
	if res.HP[1] != 960 || res.Def[1] != 0 {
		t.Errorf("defender hp %g def %g, want 960 and 0", res.HP[1], res.Def[1])
	}
}

func TestTransfer(t *testing.T) {
	t.Parallel()
	// The defender loses 100 and moves half of it back: both end at 950.
	sides := [2]mbg.BattleSide{{Winp: 1, Power: 100, HP: 1000}, {Winp: 1, Celve: 100, HP: 1000, Techs: []int{transfer}}}
	res, _ := fight(t, config(1), sides, &stubRand{vals: []float64{0.1, 0.5}})
	if res.HP != [2]float64{950, 950} {
		t.Errorf("hp %v, want [950 950]", res.HP)
	}
}

func TestStrongStrike(t *testing.T) {
	t.Parallel()
	// celve 50: p 0.4, value 0.5 + 0.5 × 0.7 = 0.85: 85 more on a hit of 100.
	sides := [2]mbg.BattleSide{{Winp: 1, Power: 100, Celve: 50, HP: 1000, Techs: []int{strongStrike}}, {Winp: 1, HP: 1000}}
	res, _ := fight(t, config(1), sides, &stubRand{vals: []float64{0.1, 0.4}})
	if res.HP[1] != 815 {
		t.Errorf("defender hp %g, want 815", res.HP[1])
	}
	// Not attempted in a lost round: one draw only.
	rng := &stubRand{vals: []float64{0.9}}
	fight(t, config(1), sides, rng)
	if rng.draws != 1 {
		t.Errorf("%d draws in a lost round, want 1", rng.draws)
	}
}

func TestLifesteal(t *testing.T) {
	t.Parallel()
	// Round 0: the defender hits 200 (800). Round 1: the attacker hits 100 and
	// steals 0.4 + 0.5 × 0.4 = 0.6 of it: 860.
	sides := [2]mbg.BattleSide{{Winp: 1, Power: 100, Celve: 50, HP: 1000, Techs: []int{lifesteal}}, {Winp: 1, Power: 200, HP: 1000}}
	rng := &stubRand{vals: []float64{0.9, 0.1, 0.4}}
	res, _ := fight(t, config(2), sides, rng)
	if res.HP != [2]float64{860, 900} || rng.draws != 3 {
		t.Errorf("hp %v after %d draws, want [860 900] after 3", res.HP, rng.draws)
	}
}

func TestThunderProbabilityIsConstant(t *testing.T) {
	t.Parallel()
	for _, celve := range []float64{0, 100} {
		for _, tt := range []struct {
			u    float64
			fire bool
		}{{0.2, true}, {0.2000001, false}} {
			sides := [2]mbg.BattleSide{{Winp: 1, Celve: celve, HP: 1000, Techs: []int{thunder}}, {Winp: 1, HP: 1000}}
			res, _ := fight(t, config(1), sides, &stubRand{vals: []float64{0.1, tt.u}})
			want := 1000.0
			if tt.fire {
				want -= 100 + celve // value 100 + 100 × celve/100
			}
			if res.HP[1] != want {
				t.Errorf("celve %g, U %g: defender hp %g, want %g", celve, tt.u, res.HP[1], want)
			}
		}
	}
}

func TestChaos(t *testing.T) {
	t.Parallel()
	// The defender's weight is a million times the attacker's: at U 0.5 it
	// wins every round it is not confused. Round 0 is won with U 0; chaos
	// (celve 100: p 0.4) fires and lasts exactly chaos_rounds rounds.
	for _, tt := range []struct {
		params map[string]float64
		n      int
	}{{nil, 3}, {map[string]float64{"chaos_rounds": 2}, 2}} {
		cfg := config(8)
		cfg.Techs[chaos].Params = tt.params
		sides := [2]mbg.BattleSide{{Winp: 1, Celve: 100, HP: 1000, Techs: []int{chaos}}, {Winp: 1e6, HP: 1000}}
		_, evs := fight(t, cfg, sides, &stubRand{vals: []float64{0, 0.1}, rest: 0.5})
		var winners []int
		for _, e := range evs {
			if e.Kind == mbg.BattleAttacked {
				winners = append(winners, e.Side)
			}
		}
		want := []int{0, 1, 1, 1, 1, 1, 1, 1}
		for i := 1; i <= tt.n; i++ {
			want[i] = 0
		}
		if !slices.Equal(winners, want) {
			t.Errorf("chaos %d: round winners %v, want %v", tt.n, winners, want)
		}
	}
}

func TestInfighting(t *testing.T) {
	t.Parallel()
	// Infighting (celve 100: p 0.2) fires in round 0; the defender then hits
	// itself with its own power 50 in exactly infight_rounds rounds.
	for _, tt := range []struct {
		params map[string]float64
		n      int
	}{{nil, 2}, {map[string]float64{"infight_rounds": 1}, 1}} {
		cfg := config(8)
		cfg.Techs[infighting].Params = tt.params
		sides := [2]mbg.BattleSide{{Winp: 1, Celve: 100, HP: 5000, Techs: []int{infighting}}, {Winp: 1, Power: 50, HP: 1000}}
		res, evs := fight(t, cfg, sides, &stubRand{vals: []float64{0.9, 0.1}, rest: 0.9})
		var hits []int
		for _, e := range evs {
			if e.Kind == mbg.BattleSelfHit {
				hits = append(hits, e.Round)
			}
		}
		if want := 1000 - 50*float64(tt.n); res.HP[1] != want || len(hits) != tt.n || hits[0] != 1 {
			t.Errorf("infighting %d: defender hp %g, self-hits in rounds %v; want hp %g", tt.n, res.HP[1], hits, want)
		}
	}
}

func TestSiegeOnlyHitsWalls(t *testing.T) {
	t.Parallel()
	// celve 50: value 0.5 + 0.5 × 2.5 = 1.75, always fires: 175 more on a hit
	// of 100, capped at the walls left after the hit.
	for _, tt := range []struct {
		def, hp, defAfter float64
	}{
		{500, 1000, 225}, // 400 − 175
		{150, 1000, 0},   // 50 left: capped
		{0, 900, 0},      // no walls: nothing
	} {
		sides := [2]mbg.BattleSide{{Winp: 1, Power: 100, Celve: 50, HP: 1000, Techs: []int{siege}}, {Winp: 1, HP: 1000, Def: tt.def}}
		rng := &stubRand{vals: []float64{0.1, 0.999}}
		res, _ := fight(t, config(1), sides, rng)
		if res.HP[1] != tt.hp || res.Def[1] != tt.defAfter || rng.draws != 2 {
			t.Errorf("def %g: hp %g def %g after %d draws, want %g %g after 2", tt.def, res.HP[1], res.Def[1], rng.draws, tt.hp, tt.defAfter)
		}
	}
}

func TestExile(t *testing.T) {
	t.Parallel()
	// The attacker kills in round 0; exile (celve 100: p 0.5) is tried once.
	for _, tt := range []struct {
		u      float64
		exiled bool
	}{{0.5, true}, {0.51, false}} {
		sides := [2]mbg.BattleSide{{Winp: 1, Power: 2000, Celve: 100, HP: 1000, Techs: []int{exile}}, {Winp: 1, HP: 1000}}
		res, _ := fight(t, config(1), sides, &stubRand{vals: []float64{0.1, tt.u}})
		if res.Outcome != mbg.AttackerWon || res.Exiled != [2]bool{false, tt.exiled} {
			t.Errorf("U %g: outcome %d exiled %v, want win and loser exiled %v", tt.u, res.Outcome, res.Exiled, tt.exiled)
		}
	}
}

func TestBadParams(t *testing.T) {
	t.Parallel()
	for _, v := range []float64{2.5, -1} {
		cfg := config(1)
		cfg.Techs[fireArrows].Params = map[string]float64{"burn_rounds": v}
		p, _ := native.New(cfg.Techs)
		sides := [2]mbg.BattleSide{{Winp: 1, Celve: 100, HP: 1000, Techs: []int{fireArrows}}, {Winp: 1, HP: 1000}}
		_, err := mbg.RunBattle(cfg, p, sides, 0, &stubRand{vals: []float64{0.1, 0}}, nil)
		if err == nil || !strings.Contains(err.Error(), "burn_rounds") || !strings.Contains(err.Error(), "火箭") {
			t.Errorf("burn_rounds %g: err = %v", v, err)
		}
	}
}

// generals are 曹操 and 关羽 of sanguo.map knowing all 12 techs.
func generals() [2]mbg.BattleSide {
	all := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	return [2]mbg.BattleSide{
		{Winp: 99, Power: 72, Celve: 92, HP: 2788, Techs: all},
		{Winp: 93, Power: 97, Celve: 77, HP: 2196, Techs: all},
	}
}

func TestBattleDoesNotAllocate(t *testing.T) {
	cfg := seedConfig()
	p, _ := native.New(cfg.Techs)
	b, err := mbg.NewBattle(cfg, p)
	if err != nil {
		t.Fatal(err)
	}
	rng := mbg.NewRNG(3)
	sides := generals()
	events := 0
	for _, observe := range []func(mbg.BattleEvent){nil, func(mbg.BattleEvent) { events++ }} {
		b.Events = observe
		allocs := testing.AllocsPerRun(200, func() {
			if _, err := b.Run(sides, 1, rng); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("events %v: %g allocations per battle, want 0", observe != nil, allocs)
		}
	}
	if events == 0 {
		t.Errorf("no events observed")
	}
}

// BenchmarkBattleNative measures battles per second of 曹操 against 关羽 at
// scale 1 with all 12 techs on both sides, under the manual's rules and under
// the original-engine preset (status lengths 3/2/1, StatusBlocksTechs off).
func BenchmarkBattleNative(b *testing.B) {
	for _, preset := range []string{"manual", "original"} {
		b.Run(preset, func(b *testing.B) {
			cfg := seedConfig()
			if preset == "original" {
				cfg.Techs = presetTechs()
				cfg.Rules.StatusBlocksTechs = false
			}
			p, _ := native.New(cfg.Techs)
			bt, err := mbg.NewBattle(cfg, p)
			if err != nil {
				b.Fatal(err)
			}
			rng := mbg.NewRNG(1)
			sides := generals()
			b.ReportAllocs()
			n, wins := 0, 0
			for b.Loop() {
				res, err := bt.Run(sides, 1, rng)
				if err != nil {
					b.Fatal(err)
				}
				n++
				if res.Outcome == mbg.AttackerWon {
					wins++
				}
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "battles/s")
			b.ReportMetric(float64(wins)/float64(n), "att_win")
		})
	}
}
