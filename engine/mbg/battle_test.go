package mbg

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Expected values in this file come from rules/mbg.facts.md §8 and the seed's
// constants (round limit 40 + 30 × scale, burn 20), worked out by hand.

// seedConstants are the battle constants of the seed (facts §1).
func seedConstants() Constants {
	return Constants{BattleRoundMin: 40, BattleRoundStep: 30, BurnHurt: 20}
}

// testConfig is a config with the seed's battle constants, the manual's
// StatusBlocksTechs and the given techs.
func testConfig(techs ...Tech) *Config {
	return &Config{Constants: seedConstants(), Rules: Rules{StatusBlocksTechs: true}, Techs: techs}
}

// oneRound makes a config whose battles last rounds rounds at any scale.
func oneRound(cfg *Config, rounds int) *Config {
	cfg.Constants.BattleRoundMin, cfg.Constants.BattleRoundStep = rounds, 0
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

// effectFunc is a test tech effect.
type effectFunc func(c *TechCall, h TechHost) (float64, float64, error)

// funcRunner runs tech i with fx[i] and records every call.
type funcRunner struct {
	fx    []effectFunc
	calls []recordedCall
}

type recordedCall struct {
	tech int
	call TechCall
}

func (r *funcRunner) Effect(tech int, c *TechCall, h TechHost) (float64, float64, error) {
	r.calls = append(r.calls, recordedCall{tech, *c})
	return r.fx[tech](c, h)
}

// always is a tech that fires whenever attempted (probability 1).
func always(id, trigger string, cooldown int) Tech {
	return Tech{ID: id, Hook: id, Trigger: trigger, ProbLow: 1, ProbHigh: 1, Cooldown: cooldown}
}

func noEffect(*TechCall, TechHost) (float64, float64, error) { return 0, 0, nil }

// run runs one battle and collects its events.
func run(t *testing.T, cfg *Config, r TechRunner, sides [2]BattleSide, scale int, rng Uniform) (BattleResult, []BattleEvent) {
	t.Helper()
	var evs []BattleEvent
	res, err := RunBattle(cfg, r, sides, scale, rng, func(e BattleEvent) { evs = append(evs, e) })
	if err != nil {
		t.Fatalf("RunBattle: %v", err)
	}
	return res, evs
}

// ofKind filters events.
func ofKind(evs []BattleEvent, k BattleEventKind) []BattleEvent {
	var out []BattleEvent
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// roundWinners lists the winner of each attacked round.
func roundWinners(evs []BattleEvent) []int {
	var w []int
	for _, e := range ofKind(evs, BattleAttacked) {
		w = append(w, e.Side)
	}
	return w
}

func TestDamageRule(t *testing.T) {
	t.Parallel()
	type state struct {
		HP, Def, LastDHP, LastDDef float64
		Dead                       bool
	}
	tests := []struct {
		name           string
		hpmax, hp, def float64
		dead           bool
		x              float64
		want           state
	}{
		{"walls absorb first", 1000, 1000, 500, false, -200, state{1000, 300, 0, -200, false}},
		{"overflow goes to hp", 1000, 1000, 50, false, -200, state{850, 0, -150, -50, false}},
		{"hit equal to walls spares hp", 1000, 1000, 100, false, -100, state{1000, 0, 0, -100, false}},
		{"walls under 1 fall", 1000, 1000, 100.5, false, -100, state{1000, 0, 0, -100.5, false}},
		{"hp under 1 is 0 and dead", 1000, 100.5, 0, false, -100, state{0, 0, -100.5, 0, true}},
		{"exact kill", 1000, 100, 0, false, -100, state{0, 0, -100, 0, true}},
		{"heal capped at starting hp", 1000, 900, 0, false, 500, state{1000, 0, 100, 0, false}},
		{"heal never restores walls", 1000, 900, 100, false, 500, state{1000, 100, 100, 0, false}},
		{"zero change kills a 0-hp general", 0, 0, 0, false, 0, state{0, 0, 0, 0, true}},
		{"zero change drops walls under 1", 1000, 1000, 0.5, false, 0, state{1000, 0, 0, -0.5, false}},
		{"zero change on a live general", 1000, 800, 0, true, 0, state{800, 0, 0, 0, false}},
		{"heal cannot revive past a 0 cap", 0, 0, 0, true, 50, state{0, 0, 0, 0, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := fighter{hpmax: tt.hpmax, hp: tt.hp, def: tt.def, dead: tt.dead, lastDHP: 7, lastDDef: 7}
			f.change(tt.x)
			got := state{f.hp, f.def, f.lastDHP, f.lastDDef, f.dead}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("change(%g) (-want +got):\n%s", tt.x, diff)
			}
		})
	}
}

func TestRoundLimit(t *testing.T) {
	t.Parallel()
	// Both sides with zero weight skip every round without a draw, so the
	// battle runs to the limit and is drawn.
	for scale, want := range []int{40, 70, 100} {
		rng := &stubRand{rest: 0.5}
		sides := [2]BattleSide{{HP: 100, Power: 10}, {HP: 100, Power: 10}}
		res, evs := run(t, testConfig(), nil, sides, scale, rng)
		if res.Rounds != want || res.Outcome != BattleDrawn {
			t.Errorf("scale %d: rounds %d outcome %d, want %d rounds drawn", scale, res.Rounds, res.Outcome, want)
		}
		if rng.draws != 0 {
			t.Errorf("scale %d: %d draws in skipped rounds, want 0", scale, rng.draws)
		}
		if n := len(ofKind(evs, BattleSkipped)); n != want {
			t.Errorf("scale %d: %d skipped events, want %d", scale, n, want)
		}
		if ev := evs[0]; ev.Kind != BattleStarted || ev.Rounds != want {
			t.Errorf("scale %d: first event %+v, want started with limit %d", scale, ev, want)
		}
	}
}

func TestBattleWithoutTechs(t *testing.T) {
	t.Parallel()
	// p0 = 60/100. Round 0: U 0.1 < 0.6, the attacker hits 100: walls 50 → 0,
	// hp 130 → 80. Round 1: U 0.6 is not < 0.6, the defender hits 60: 250 →
	// 190. Round 2: the attacker hits 100 ≥ 80: dead.
	rng := &stubRand{vals: []float64{0.1, 0.6, 0.59}, rest: 2}
	sides := [2]BattleSide{{Winp: 60, Power: 100, HP: 250}, {Winp: 40, Power: 60, HP: 130, Def: 50}}
	res, evs := run(t, testConfig(), nil, sides, 0, rng)
	want := BattleResult{Outcome: AttackerWon, HP: [2]float64{190, 0}, Def: [2]float64{0, 0}, Rounds: 3}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	if rng.draws != 3 {
		t.Errorf("%d draws, want 3", rng.draws)
	}
	type ev struct {
		Kind   BattleEventKind
		Round  int
		Side   int
		Change float64
		HP     [2]float64
		Def    [2]float64
	}
	var got []ev
	for _, e := range evs {
		got = append(got, ev{e.Kind, e.Round, e.Side, e.Change, e.HP, e.Def})
	}
	wantEvs := []ev{
		{BattleStarted, 0, 0, 0, [2]float64{250, 130}, [2]float64{0, 50}},
		{BattleAttacked, 0, 0, -100, [2]float64{250, 80}, [2]float64{0, 0}},
		{BattleAttacked, 1, 1, -60, [2]float64{190, 80}, [2]float64{0, 0}},
		{BattleAttacked, 2, 0, -80, [2]float64{190, 0}, [2]float64{0, 0}},
		{BattleEnded, 2, 0, 0, [2]float64{190, 0}, [2]float64{0, 0}},
	}
	if diff := cmp.Diff(wantEvs, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if evs[len(evs)-1].Outcome != AttackerWon || evs[len(evs)-1].Rounds != 3 {
		t.Errorf("end event %+v", evs[len(evs)-1])
	}
}

func TestZeroHPGeneralDiesOnZeroChange(t *testing.T) {
	t.Parallel()
	// The attacker starts with 0 hp: alive, he wins round 0 (U 0.1 < 0.5) and
	// fires a tech whose self change is 0, which kills him (facts §8 quirk).
	// His opponent is alive, so the tech phase goes on: the defender's first
	// tech (probability 0) does not fire and does not stop the battle; its
	// second fires, its 0 change to the dead attacker leaves him dead, and
	// that stops the battle at once. Without the quirk the 0-hp attacker
	// would win every round and the battle.
	cfg := testConfig(
		always("null", TriggerRoundWon, 0),
		Tech{ID: "never", Trigger: TriggerAny},
		always("after", TriggerAny, 0),
	)
	r := &funcRunner{fx: []effectFunc{noEffect, noEffect, noEffect}}
	sides := [2]BattleSide{{Winp: 1, Power: 10, HP: 0, Techs: []int{0}}, {Winp: 1, Power: 10, HP: 100, Techs: []int{1, 2}}}
	rng := &stubRand{rest: 0.1}
	res, _ := run(t, cfg, r, sides, 0, rng)
	want := BattleResult{Outcome: AttackerLost, HP: [2]float64{0, 90}, Rounds: 1}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	var got []int
	for _, c := range r.calls {
		got = append(got, c.tech)
	}
	if !slices.Equal(got, []int{0, 2}) || rng.draws != 4 {
		t.Errorf("techs run %v after %d draws, want [0 2] after 4", got, rng.draws)
	}
}

func TestStatusDeathEndsRoundBeforeAttack(t *testing.T) {
	t.Parallel()
	// The defender wins round 0 and burns the attacker (15 hp) for a round.
	// Round 1: the burn kills him in the status phase; no round is drawn, so
	// his power of 1000 never reaches the defender.
	cfg, r := statusTech(func(h TechHost) { h.Burn(1) })
	sides := [2]BattleSide{{Winp: 1, Power: 1000, HP: 15}, {Winp: 1, HP: 100, Techs: []int{0}}}
	rng := &stubRand{vals: []float64{0.9}, rest: 0.1}
	res, _ := run(t, cfg, r, sides, 0, rng)
	want := BattleResult{Outcome: AttackerLost, HP: [2]float64{0, 100}, Rounds: 2}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	if rng.draws != 2 {
		t.Errorf("%d draws, want 2 (round 0 and the burn tech)", rng.draws)
	}
}

func TestTechProbabilityAndValue(t *testing.T) {
	t.Parallel()
	// celve 50: p = 0.1 + 0.5 × (0.9 − 0.1) = 0.5, value = 20 + 0.5 × 20 = 30.
	tech := Tech{ID: "t", Trigger: TriggerAny, ProbLow: 0.1, ProbHigh: 0.9, ValueLow: 20, ValueHigh: 40, Cooldown: 0}
	for _, tt := range []struct {
		u    float64
		fire bool
	}{{0.5, true}, {0.5000001, false}, {0, true}} {
		r := &funcRunner{fx: []effectFunc{noEffect}}
		sides := [2]BattleSide{{Winp: 1, Celve: 50, HP: 100, Techs: []int{0}}, {Winp: 1, HP: 100}}
		run(t, oneRound(testConfig(tech), 1), r, sides, 0, &stubRand{vals: []float64{0.1, tt.u}})
		if fired := len(r.calls) == 1; fired != tt.fire {
			t.Errorf("U = %g: fired %v, want %v", tt.u, fired, tt.fire)
			continue
		}
		if tt.fire && (r.calls[0].call.Value != 30 || r.calls[0].call.Celve != 50) {
			t.Errorf("call %+v, want value 30 celve 50", r.calls[0].call)
		}
	}
}

func TestTechCallAndOrder(t *testing.T) {
	t.Parallel()
	// The defender (walls 30) loses round 0 to a hit of 100: D = −100
	// (walls 30 + hp 70). The attacker's two techs then the defender's two run
	// in ascending order; all see D = −100 although the first one heals.
	cfg := testConfig(
		always("heal", TriggerAny, 0),
		always("won", TriggerRoundWon, 0),
		always("lost", TriggerRoundLost, 0),
		always("end", TriggerBattleWon, 0),
	)
	r := &funcRunner{fx: []effectFunc{
		func(*TechCall, TechHost) (float64, float64, error) { return 40, -5, nil },
		noEffect, noEffect, noEffect,
	}}
	sides := [2]BattleSide{
		{Winp: 1, Power: 100, Celve: 10, HP: 500, Techs: []int{0, 1, 2, 3}},
		{Winp: 1, Power: 100, Celve: 20, HP: 1000, Def: 30, Techs: []int{0, 1, 2, 3}},
	}
	rng := &stubRand{vals: []float64{0.1}, rest: 0}
	run(t, oneRound(cfg, 1), r, sides, 0, rng)
	var got []int
	for _, c := range r.calls {
		got = append(got, c.tech)
		if c.call.DHP != -100 {
			t.Errorf("tech %d saw D = %g, want -100", c.tech, c.call.DHP)
		}
	}
	// Side 0 won: heal, won; side 1 lost: heal, lost. No battle-won techs.
	if want := []int{0, 1, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("techs fired %v, want %v", got, want)
	}
	// The defender's first call sees the attacker's heal (capped at 500) and
	// its own walls gone and hp 930 − 5 = 925.
	c := r.calls[2].call
	want := TechCall{Value: 0, DHP: -100, SelfHP: 925, SelfDef: 0, OppHP: 500, OppDef: 0, Celve: 20}
	if diff := cmp.Diff(want, c); diff != "" {
		t.Errorf("defender's call (-want +got):\n%s", diff)
	}
	if rng.draws != 1+4 {
		t.Errorf("%d draws, want 5", rng.draws)
	}
}

func TestCooldown(t *testing.T) {
	t.Parallel()
	// Cooldown 3: fired in round r, fires again in r+3; no draw meanwhile.
	var rounds []int
	cfg := testConfig(always("cd", TriggerAny, 3))
	b, err := NewBattle(cfg, &funcRunner{fx: []effectFunc{noEffect}})
	if err != nil {
		t.Fatal(err)
	}
	b.Events = func(e BattleEvent) {
		if e.Kind == BattleTechFired {
			rounds = append(rounds, e.Round)
		}
	}
	rng := &stubRand{rest: 0.5}
	sides := [2]BattleSide{{Winp: 1, HP: 100, Techs: []int{0}}, {Winp: 1, HP: 100}}
	res, err := b.Run(sides, 0, rng)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 39}; !slices.Equal(rounds, want) {
		t.Errorf("fired in rounds %v, want %v", rounds, want)
	}
	if want := res.Rounds + len(rounds); rng.draws != want {
		t.Errorf("%d draws, want %d (one per round, one per attempt off cooldown)", rng.draws, want)
	}

	// Cooldown 0: every round; a new battle starts with cooldowns cleared.
	cfg0 := testConfig(always("cd", TriggerAny, 0))
	rounds = nil
	b0, _ := NewBattle(cfg0, &funcRunner{fx: []effectFunc{noEffect}})
	b0.Events = b.Events
	for range 2 {
		rounds = nil
		if _, err := b0.Run(sides, 0, &stubRand{rest: 0.5}); err != nil {
			t.Fatal(err)
		}
		if len(rounds) != 40 {
			t.Errorf("cooldown 0 fired %d times in 40 rounds", len(rounds))
		}
	}
}

// statusTech is a config whose tech 0 fires once (round 0) and calls set on
// the opponent's host.
func statusTech(set func(h TechHost)) (*Config, *funcRunner) {
	cfg := testConfig(Tech{ID: "s", Trigger: TriggerAny, ProbLow: 1, ProbHigh: 1, Cooldown: 1000})
	r := &funcRunner{fx: []effectFunc{func(_ *TechCall, h TechHost) (float64, float64, error) {
		set(h)
		return 0, 0, nil
	}}}
	return cfg, r
}

func TestBurnLastsExactlyNRounds(t *testing.T) {
	t.Parallel()
	for _, n := range []int{4, 3, 1, 0} {
		cfg, r := statusTech(func(h TechHost) { h.Burn(n) })
		sides := [2]BattleSide{{Winp: 1, HP: 1000, Techs: []int{0}}, {Winp: 1, HP: 1000}}
		res, evs := run(t, cfg, r, sides, 0, &stubRand{rest: 0.5})
		if want := 1000 - 20*float64(n); res.HP[1] != want {
			t.Errorf("burn %d: defender hp %g, want %g", n, res.HP[1], want)
		}
		var burnRounds []int
		for _, e := range ofKind(evs, BattleBurned) {
			burnRounds = append(burnRounds, e.Round)
			if e.Side != 1 || e.Change != -20 {
				t.Errorf("burn %d: event %+v", n, e)
			}
		}
		var want []int
		for i := 1; i <= n; i++ {
			want = append(want, i)
		}
		if !slices.Equal(burnRounds, want) {
			t.Errorf("burn %d: burned in rounds %v, want %v", n, burnRounds, want)
		}
		st := ofKind(evs, BattleStatusSet)
		if len(st) != 1 || st[0].Status != StatusBurn || st[0].Rounds != n || st[0].Side != 1 {
			t.Errorf("burn %d: status events %+v", n, st)
		}
	}
}

func TestChaosLastsExactlyNRounds(t *testing.T) {
	t.Parallel()
	// The defender's weight is a million times the attacker's, so with U = 0.5
	// it wins every normal round; in chaos it has weight 0 and loses.
	for _, n := range []int{3, 2, 1} {
		cfg, r := statusTech(func(h TechHost) { h.Confuse(StatusChaos, n) })
		sides := [2]BattleSide{{Winp: 1, HP: 1000, Techs: []int{0}}, {Winp: 1e6, HP: 1000}}
		_, evs := run(t, oneRound(cfg, 8), r, sides, 0, &stubRand{rest: 0.5})
		want := []int{1, 1, 1, 1, 1, 1, 1, 1}
		for i := 1; i <= n; i++ {
			want[i] = 0
		}
		if got := roundWinners(evs); !slices.Equal(got, want) {
			t.Errorf("chaos %d: round winners %v, want %v", n, got, want)
		}
	}
}

func TestInfightingLastsExactlyNRounds(t *testing.T) {
	t.Parallel()
	for _, n := range []int{2, 1} {
		cfg, r := statusTech(func(h TechHost) { h.Confuse(StatusInfighting, n) })
		// The attacker has no power, so only the self-hits (50) hurt.
		sides := [2]BattleSide{{Winp: 1, HP: 1000, Techs: []int{0}}, {Winp: 1e6, Power: 50, HP: 1000, Def: 30}}
		res, evs := run(t, oneRound(cfg, 8), r, sides, 0, &stubRand{rest: 0.5})
		var hits []int
		for _, e := range ofKind(evs, BattleSelfHit) {
			hits = append(hits, e.Round)
		}
		var wantHits []int
		for i := 1; i <= n; i++ {
			wantHits = append(wantHits, i)
		}
		if !slices.Equal(hits, wantHits) {
			t.Errorf("infighting %d: self-hits in rounds %v, want %v", n, hits, wantHits)
		}
		// Walls first: 30 of the first self-hit, then hp.
		if want := 1030 - 50*float64(n); res.HP[1]+res.Def[1] != want || res.Def[1] != 0 {
			t.Errorf("infighting %d: defender hp %g def %g, want total %g", n, res.HP[1], res.Def[1], want)
		}
		wins := roundWinners(evs)
		for i := 1; i <= n; i++ {
			if wins[i] != 0 {
				t.Errorf("infighting %d: round %d won by %d, want the attacker", n, i, wins[i])
			}
		}
		if wins[n+1] != 1 {
			t.Errorf("infighting %d: round %d won by %d, want the defender back", n, n+1, wins[n+1])
		}
	}
}

func TestBothConfusedSkipsRound(t *testing.T) {
	t.Parallel()
	// Each side confuses the other in round 0 for 2 rounds: rounds 1 and 2 are
	// skipped (no draw, no techs, no attack) while burns still apply.
	cfg := testConfig(Tech{ID: "s", Trigger: TriggerAny, ProbLow: 1, ProbHigh: 1, Cooldown: 1000})
	r := &funcRunner{fx: []effectFunc{func(_ *TechCall, h TechHost) (float64, float64, error) {
		h.Confuse(StatusChaos, 2)
		h.Burn(1)
		return 0, 0, nil
	}}}
	sides := [2]BattleSide{{Winp: 1, HP: 1000, Techs: []int{0}}, {Winp: 1, HP: 1000, Techs: []int{0}}}
	rng := &stubRand{rest: 0.5}
	res, evs := run(t, oneRound(cfg, 4), r, sides, 0, rng)
	var skipped []int
	for _, e := range ofKind(evs, BattleSkipped) {
		skipped = append(skipped, e.Round)
	}
	if !slices.Equal(skipped, []int{1, 2}) {
		t.Errorf("skipped rounds %v, want [1 2]", skipped)
	}
	// Round 0: 1 winner draw + 2 tech draws; round 3: 1 winner draw.
	if rng.draws != 4 {
		t.Errorf("%d draws, want 4", rng.draws)
	}
	if res.HP != [2]float64{980, 980} {
		t.Errorf("hp %v, want both burned once", res.HP)
	}
}

func TestStatusBlocksTechs(t *testing.T) {
	t.Parallel()
	// The attacker puts the defender in chaos for 2 rounds in round 0; the
	// defender has a tech that fires every round it is attempted.
	for _, blocks := range []bool{true, false} {
		cfg := testConfig(
			Tech{ID: "chaos", Trigger: TriggerAny, ProbLow: 1, ProbHigh: 1, Cooldown: 1000},
			always("ping", TriggerAny, 0),
		)
		cfg.Rules.StatusBlocksTechs = blocks
		r := &funcRunner{fx: []effectFunc{
			func(_ *TechCall, h TechHost) (float64, float64, error) { h.Confuse(StatusChaos, 2); return 0, 0, nil },
			noEffect,
		}}
		var pings []int
		b, _ := NewBattle(oneRound(cfg, 5), r)
		b.Events = func(e BattleEvent) {
			if e.Kind == BattleTechFired && e.Tech == 1 {
				pings = append(pings, e.Round)
			}
		}
		sides := [2]BattleSide{{Winp: 1, HP: 1000, Techs: []int{0}}, {Winp: 1, HP: 1000, Techs: []int{1}}}
		if _, err := b.Run(sides, 0, &stubRand{rest: 0.5}); err != nil {
			t.Fatal(err)
		}
		// The status set in round 0 first affects round 1, so round 0 pings.
		want := []int{0, 3, 4}
		if !blocks {
			want = []int{0, 1, 2, 3, 4}
		}
		if !slices.Equal(pings, want) {
			t.Errorf("StatusBlocksTechs=%v: defender fired in rounds %v, want %v", blocks, pings, want)
		}
	}
}

func TestTechKillStopsBattle(t *testing.T) {
	t.Parallel()
	// The attacker's first tech kills; its second tech and the defender's
	// techs are not attempted, and the battle-won tech is.
	cfg := testConfig(always("kill", TriggerAny, 0), always("more", TriggerAny, 0), always("end", TriggerBattleWon, 0))
	r := &funcRunner{fx: []effectFunc{
		func(*TechCall, TechHost) (float64, float64, error) { return 0, -1000, nil },
		noEffect,
		func(_ *TechCall, h TechHost) (float64, float64, error) { h.Exile(); return 0, 0, nil },
	}}
	sides := [2]BattleSide{{Winp: 1, Power: 10, HP: 100, Techs: []int{0, 1, 2}}, {Winp: 1, Power: 10, HP: 100, Def: 50, Techs: []int{0, 1}}}
	rng := &stubRand{vals: []float64{0.9}, rest: 0}
	res, evs := run(t, cfg, r, sides, 0, rng)
	var got []int
	for _, c := range r.calls {
		got = append(got, c.tech)
	}
	if !slices.Equal(got, []int{0, 2}) {
		t.Errorf("techs run %v, want [0 2]", got)
	}
	want := BattleResult{Outcome: AttackerWon, HP: [2]float64{90, 0}, Exiled: [2]bool{false, true}, Rounds: 1}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
	// The battle-won tech gets D = the loser's last hp change, without the
	// walls' part: −100 of the kill's −150.
	if d := r.calls[1].call.DHP; d != -100 {
		t.Errorf("battle-won D = %g, want -100", d)
	}
	if ex := ofKind(evs, BattleExiled); len(ex) != 1 || ex[0].Side != 1 {
		t.Errorf("exile events %+v", ex)
	}
}

func TestBattleWonOnlyForWinner(t *testing.T) {
	t.Parallel()
	cfg := testConfig(always("end", TriggerBattleWon, 0))
	exile := func(_ *TechCall, h TechHost) (float64, float64, error) { h.Exile(); return 0, 0, nil }
	for _, tt := range []struct {
		name   string
		u      float64
		scale  int
		out    Outcome
		exiled [2]bool
	}{
		{"attacker wins", 0.1, 0, AttackerWon, [2]bool{false, true}},
		{"defender wins", 0.9, 0, AttackerLost, [2]bool{true, false}},
	} {
		r := &funcRunner{fx: []effectFunc{exile}}
		sides := [2]BattleSide{{Winp: 1, Power: 100, HP: 100, Techs: []int{0}}, {Winp: 1, Power: 100, HP: 100, Techs: []int{0}}}
		res, _ := run(t, cfg, r, sides, tt.scale, &stubRand{rest: tt.u})
		if res.Outcome != tt.out || res.Exiled != tt.exiled || len(r.calls) != 1 {
			t.Errorf("%s: outcome %d exiled %v after %d calls, want %d %v after 1", tt.name, res.Outcome, res.Exiled, len(r.calls), tt.out, tt.exiled)
		}
	}
	// A drawn battle attempts none.
	r := &funcRunner{fx: []effectFunc{exile}}
	sides := [2]BattleSide{{Winp: 1, HP: 100, Techs: []int{0}}, {Winp: 1, HP: 100, Techs: []int{0}}}
	if res, _ := run(t, cfg, r, sides, 0, &stubRand{rest: 0.1}); res.Outcome != BattleDrawn || len(r.calls) != 0 {
		t.Errorf("draw: outcome %d with %d battle-won calls", res.Outcome, len(r.calls))
	}
}

func TestStatusBlocksBattleWonTechs(t *testing.T) {
	t.Parallel()
	// Round 0: the attacker confuses the defender for 5 rounds, the defender
	// burns the attacker (30 hp) for 5. The attacker burns to death in round
	// 2, while the defender is confused: its battle-won tech is blocked under
	// StatusBlocksTechs and attempted otherwise.
	for _, blocks := range []bool{true, false} {
		cfg := testConfig(
			Tech{ID: "chaos", Trigger: TriggerAny, ProbLow: 1, ProbHigh: 1, Cooldown: 1000},
			Tech{ID: "burn", Trigger: TriggerAny, ProbLow: 1, ProbHigh: 1, Cooldown: 1000},
			always("exile", TriggerBattleWon, 0),
		)
		cfg.Rules.StatusBlocksTechs = blocks
		r := &funcRunner{fx: []effectFunc{
			func(_ *TechCall, h TechHost) (float64, float64, error) { h.Confuse(StatusChaos, 5); return 0, 0, nil },
			func(_ *TechCall, h TechHost) (float64, float64, error) { h.Burn(5); return 0, 0, nil },
			func(_ *TechCall, h TechHost) (float64, float64, error) { h.Exile(); return 0, 0, nil },
		}}
		sides := [2]BattleSide{{Winp: 1, HP: 30, Techs: []int{0}}, {Winp: 1, HP: 100, Techs: []int{1, 2}}}
		res, _ := run(t, cfg, r, sides, 0, &stubRand{rest: 0.5})
		if res.Outcome != AttackerLost || res.Rounds != 3 || res.Exiled[0] == blocks {
			t.Errorf("StatusBlocksTechs=%v: outcome %d after %d rounds, attacker exiled %v", blocks, res.Outcome, res.Rounds, res.Exiled[0])
		}
	}
}

func TestSimultaneousDeathIsDraw(t *testing.T) {
	t.Parallel()
	// Both sides (15 hp, no power) burn each other in round 0: both die in
	// round 1's status phase.
	cfg, r := statusTech(func(h TechHost) { h.Burn(1) })
	sides := [2]BattleSide{{Winp: 1, Power: 0, HP: 15, Techs: []int{0}}, {Winp: 1, Power: 0, HP: 15, Techs: []int{0}}}
	res, _ := run(t, cfg, r, sides, 0, &stubRand{rest: 0.5})
	want := BattleResult{Outcome: BattleDrawn, Rounds: 2}
	if diff := cmp.Diff(want, res); diff != "" {
		t.Errorf("result (-want +got):\n%s", diff)
	}
}

func TestBattleErrors(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	cfg := testConfig(always("a", TriggerAny, 0), always("b", TriggerAny, 0))
	techs := []int{0, 1}
	good := [2]BattleSide{{Winp: 1, HP: 100, Techs: techs}, {Winp: 1, HP: 100}}
	tests := []struct {
		name  string
		fx    effectFunc
		sides [2]BattleSide
		scale int
		want  string
	}{
		{"runner error", func(*TechCall, TechHost) (float64, float64, error) { return 0, 0, boom }, good, 0, `round 0, side 0, tech "a": boom`},
		{"unknown status", func(_ *TechCall, h TechHost) (float64, float64, error) { h.Confuse("sleep", 2); return 0, 0, nil }, good, 0, `unknown status "sleep"`},
		{"negative burn", func(_ *TechCall, h TechHost) (float64, float64, error) { h.Burn(-1); return 0, 0, nil }, good, 0, "burn for -1 rounds"},
		{"NaN change", func(*TechCall, TechHost) (float64, float64, error) { return math.NaN(), 0, nil }, good, 0, "NaN"},
		{"techs not ascending", noEffect, [2]BattleSide{{Winp: 1, HP: 100, Techs: []int{1, 0}}, {HP: 1}}, 0, "ascending"},
		{"tech out of range", noEffect, [2]BattleSide{{Winp: 1, HP: 100, Techs: []int{2}}, {HP: 1}}, 0, "ascending"},
		{"negative hp", noEffect, [2]BattleSide{{Winp: 1, HP: -1}, {HP: 1}}, 0, "finite number"},
		{"NaN winp", noEffect, [2]BattleSide{{HP: 1}, {Winp: math.NaN(), HP: 1}}, 0, "side 1"},
		{"negative scale", noEffect, good, -1, "scale -1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			r := &funcRunner{fx: []effectFunc{tt.fx, noEffect}}
			before := slices.Clone(tt.sides[0].Techs)
			res, err := RunBattle(cfg, r, tt.sides, tt.scale, &stubRand{rest: 0.1}, nil)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
			if tt.want == "boom" || strings.HasSuffix(tt.want, ": boom") {
				if !errors.Is(err, boom) {
					t.Errorf("err %v does not wrap the runner's error", err)
				}
			}
			if res != (BattleResult{}) {
				t.Errorf("result %+v on error, want zero", res)
			}
			if !slices.Equal(before, tt.sides[0].Techs) {
				t.Errorf("input techs changed: %v → %v", before, tt.sides[0].Techs)
			}
		})
	}
}

func TestNewBattleErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		cfg    *Config
		runner TechRunner
		want   string
	}{
		{"unknown trigger", testConfig(Tech{ID: "x", Trigger: "sometimes"}), &funcRunner{}, `unknown trigger "sometimes"`},
		{"negative cooldown", testConfig(Tech{ID: "x", Trigger: TriggerAny, Cooldown: -1}), &funcRunner{}, "negative cooldown"},
		{"no runner", testConfig(Tech{ID: "x", Trigger: TriggerAny}), nil, "no tech runner"},
		{"negative rounds", &Config{Constants: Constants{BattleRoundMin: -1}}, nil, "negative"},
	} {
		if _, err := NewBattle(tt.cfg, tt.runner); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err = %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestBattleDeterministic(t *testing.T) {
	t.Parallel()
	sides := [2]BattleSide{{Winp: 50, Power: 60, HP: 1500}, {Winp: 50, Power: 60, HP: 1500}}
	outcomes := func(seed uint64) []BattleResult {
		b, _ := NewBattle(testConfig(), nil)
		rng := NewRNG(seed)
		var out []BattleResult
		for range 50 {
			res, err := b.Run(sides, 1, rng)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, res)
		}
		return out
	}
	a, b := outcomes(7), outcomes(7)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("same seed, different battles (-first +second):\n%s", diff)
	}
	if cmp.Equal(a, outcomes(8)) {
		t.Errorf("seeds 7 and 8 gave the same 50 battles")
	}
}

// hitsToKill is the number of hits of power needed to bring hp + walls below 1
// (with whole numbers, walls and hp form one pool).
func hitsToKill(hp, def, power float64) int {
	k := 0
	for pool := hp + def; pool >= 1; pool -= power {
		k++
	}
	return k
}

// exactOutcome is the exact probability of an attacker win and of a draw in
// a battle without techs: each round the attacker wins with p; the attacker
// dies after na lost rounds, the defender after nb won rounds; limit rounds.
func exactOutcome(p float64, na, nb, limit int) (win, draw float64) {
	// prob[a][b]: attacker has taken a hits, defender b, both alive.
	prob := make([][]float64, na)
	for a := range prob {
		prob[a] = make([]float64, nb)
	}
	prob[0][0] = 1
	for range limit {
		next := make([][]float64, na)
		for a := range next {
			next[a] = make([]float64, nb)
		}
		for a := range na {
			for b := range nb {
				q := prob[a][b]
				if q == 0 {
					continue
				}
				if b+1 == nb {
					win += q * p
				} else {
					next[a][b+1] += q * p
				}
				if a+1 < na {
					next[a+1][b] += q * (1 - p)
				}
			}
		}
		prob = next
	}
	for a := range na {
		for b := range nb {
			draw += prob[a][b]
		}
	}
	return win, draw
}

func TestBattleMatchesExactMarkov(t *testing.T) {
	t.Parallel()
	const n = 20000
	tests := []struct {
		name  string
		sides [2]BattleSide
		scale int
	}{
		// 曹操 against 关羽 in a meeting: 31 wins needed before 29 losses, no draws in 70 rounds.
		{"generals", [2]BattleSide{{Winp: 99, Power: 72, HP: 2788}, {Winp: 93, Power: 97, HP: 2196}}, 1},
		// A city with walls in a small battle: many draws at 40 rounds.
		{"city", [2]BattleSide{{Winp: 60, Power: 50, HP: 1000}, {Winp: 40, Power: 40, HP: 600, Def: 500}}, 0},
		// Even sides needing 25 hits each in 40 rounds: mostly draws.
		{"even", [2]BattleSide{{Winp: 50, Power: 60, HP: 1500}, {Winp: 50, Power: 60, HP: 1500}}, 0},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, d := tt.sides[0], tt.sides[1]
			p := a.Winp / (a.Winp + d.Winp)
			limit := 40 + 30*tt.scale
			win, draw := exactOutcome(p, hitsToKill(a.HP, a.Def, d.Power), hitsToKill(d.HP, d.Def, a.Power), limit)

			b, err := NewBattle(testConfig(), nil)
			if err != nil {
				t.Fatal(err)
			}
			rng := NewRNG(uint64(1000 + i))
			var wins, draws int
			for range n {
				res, err := b.Run(tt.sides, tt.scale, rng)
				if err != nil {
					t.Fatal(err)
				}
				switch res.Outcome {
				case AttackerWon:
					wins++
				case BattleDrawn:
					draws++
				}
			}
			check := func(what string, count int, exact float64) {
				sim := float64(count) / n
				se := math.Sqrt(exact * (1 - exact) / n)
				if math.Abs(sim-exact) > 4*se+1e-12 {
					t.Errorf("%s: simulated %.4f, exact %.4f (4 SE = %.4f)", what, sim, exact, 4*se)
				}
				t.Logf("%s: simulated %.4f, exact %.4f", what, sim, exact)
			}
			check("attacker wins", wins, win)
			check("draws", draws, draw)
		})
	}
}

func TestExactOutcomeSmall(t *testing.T) {
	t.Parallel()
	// One hit kills either side: the first round decides. Two hits each within
	// 3 rounds: win = p² + 2p²(1−p), draw = 0 as 3 rounds always decide.
	if w, d := exactOutcome(0.3, 1, 1, 40); math.Abs(w-0.3) > 1e-15 || d != 0 {
		t.Errorf("one hit: win %g draw %g", w, d)
	}
	p := 0.6
	if w, d := exactOutcome(p, 2, 2, 3); math.Abs(w-(p*p+2*p*p*(1-p))) > 1e-15 || math.Abs(d) > 1e-15 {
		t.Errorf("two hits: win %g draw %g", w, d)
	}
	// Two rounds, two hits each: 2p(1−p) of the battles are undecided.
	if _, d := exactOutcome(p, 2, 2, 2); math.Abs(d-2*p*(1-p)) > 1e-15 {
		t.Errorf("two rounds: draw %g, want %g", d, 2*p*(1-p))
	}
	if got := hitsToKill(1000, 0, 97); got != 11 {
		t.Errorf("hitsToKill(1000, 0, 97) = %d, want 11", got)
	}
}

func TestBattleEventKindString(t *testing.T) {
	t.Parallel()
	seen := map[string]bool{}
	for k := BattleStarted; k <= BattleEnded; k++ {
		s := k.String()
		if seen[s] || strings.HasPrefix(s, "BattleEventKind") {
			t.Errorf("kind %d: name %q duplicate or missing", k, s)
		}
		seen[s] = true
	}
	if s := BattleEventKind(99).String(); s != "BattleEventKind(99)" {
		t.Errorf("unknown kind: %q", s)
	}
}

// BenchmarkBattleNoTechs is the baseline of the tech benchmarks in package
// native: 曹操 against 关羽 at scale 1 without techs.
func BenchmarkBattleNoTechs(b *testing.B) {
	bt, err := NewBattle(testConfig(), nil)
	if err != nil {
		b.Fatal(err)
	}
	rng := NewRNG(1)
	sides := [2]BattleSide{{Winp: 99, Power: 72, Celve: 92, HP: 2788}, {Winp: 93, Power: 97, Celve: 77, HP: 2196}}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if _, err := bt.Run(sides, 1, rng); err != nil {
			b.Fatal(err)
		}
		n++
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "battles/s")
}
