package ftbt_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
)

// Whole games, determinism, save/load and replay. Expected values here are
// rules, not numbers: a game ends by one of the rules of facts §4 (or the
// round limit), and a game is a function of its seed and its decisions.

// skirmish is a 12×10 level with every terrain kind and class: walls,
// water, a fort; damage, long AOE with aoe_self, buffs, fly, disable-long
// and heal; three AI people per side.
func skirmish() *ftbt.Config {
	cfg := fixture.Base(12, 10, 15)
	cfg.Terrains = append(cfg.Terrains,
		ftbt.Terrain{Name: "forest", Weight: 25}, ftbt.Terrain{Name: "wall", Weight: 50},
		ftbt.Terrain{Name: "water", Weight: 100}, ftbt.Terrain{Name: "rock", Weight: -1})
	rows := []string{
		"000000110000",
		"001100110000",
		"001100000220",
		"000000300220",
		"004440300000",
		"000000300000",
		"033000000110",
		"033000040110",
		"000000040000",
		"000000000000",
	}
	for y, r := range rows {
		for x, ch := range r {
			cfg.Cells[y*12+x] = int(ch - '0')
		}
	}
	cfg.Rules.MaxRounds = 40
	all := fixture.AllTerrains(cfg)
	noWater := []bool{true, true, true, false, true}
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "直攻", Class: fixture.Damage, Offsets: fixture.Ring(1), Mask: all, Value: 15})
	fire := fixture.AddTech(cfg, ftbt.Tech{ID: "火攻", Class: fixture.Damage, Offsets: append(fixture.Ring(1), fixture.Ring(2)...), AOERange: 1, AOERatio: 75, Mask: noWater, Value: 12})
	cannon := fixture.AddTech(cfg, ftbt.Tech{ID: "炮击", Class: fixture.Damage, Long: true, Offsets: append(fixture.Ring(3), fixture.Ring(4)...), AOERange: 2, AOERatio: 50, AOESelf: true, Mask: all, Value: 8})
	att := fixture.AddTech(cfg, ftbt.Tech{ID: "辅助攻击", Class: fixture.AttackBuff, Offsets: append([][2]int{{0, 0}}, fixture.Ring(1)...), AOERange: 2, AOERatio: 70, AOESelf: true, Duration: 3, Mask: all, Value: 40})
	def := fixture.AddTech(cfg, ftbt.Tech{ID: "辅助防御", Class: fixture.DefenceBuff, Offsets: [][2]int{{0, 0}, {1, 1}, {-1, -1}}, AOERange: 2, AOERatio: 70, Duration: 3, Mask: all, Value: 50})
	fly := fixture.AddTech(cfg, ftbt.Tech{ID: "辅助飞行", Class: fixture.Fly, Offsets: append([][2]int{{0, 0}}, fixture.Ring(1)...), AOERange: 5, AOERatio: 100, Duration: 2, Mask: noWater, Value: 70})
	dl := fixture.AddTech(cfg, ftbt.Tech{ID: "远程无效", Class: fixture.DisableLong, Offsets: [][2]int{{0, 0}, {1, 1}}, AOERange: 5, AOERatio: 100, Duration: 5, Mask: all, Value: 100})
	heal := fixture.AddTech(cfg, ftbt.Tech{ID: "治疗", Class: fixture.Heal, Offsets: append([][2]int{{0, 0}}, fixture.Ring(1)...), AOERange: 1, AOERatio: 50, Mask: all, Value: 60})
	ai := func(a, d, m int) *ftbt.PersonAI { return &ftbt.PersonAI{Att: a, Def: d, Move: m, GoalX: -1, GoalY: -1} }
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 22, Def: 18, HP: 80, Speed: 100, X: 1, Y: 1, Techs: []int{hit, fire, att}, AI: ai(30, 30, 40)})
	fixture.AddPerson(cfg, ftbt.Person{Name: "B", Side: 0, Abi: 20, Def: 20, HP: 85, Speed: 90, X: 0, Y: 3, Techs: []int{cannon, dl}, AI: ai(50, 20, 30)})
	fixture.AddPerson(cfg, ftbt.Person{Name: "C", Side: 0, Abi: 18, Def: 15, HP: 75, Speed: 90, X: 2, Y: 0, Techs: []int{hit, def, fly, heal}, AI: ai(25, 35, 40)})
	fixture.AddPerson(cfg, ftbt.Person{Name: "D", Side: 1, Abi: 20, Def: 17, HP: 90, Speed: 100, X: 10, Y: 8, Techs: []int{hit, fire}, AI: ai(50, 20, 30)})
	fixture.AddPerson(cfg, ftbt.Person{Name: "E", Side: 1, Abi: 18, Def: 20, HP: 80, Speed: 110, X: 11, Y: 9, Techs: []int{cannon, fly, dl}, AI: &ftbt.PersonAI{Att: 20, Def: 20, Move: 60, GoalX: 6, GoalY: 5}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "F", Side: 1, Abi: 16, Def: 16, HP: 70, Speed: 95, X: 9, Y: 9, Techs: []int{hit, att, def, heal}, AI: ai(25, 35, 40)})
	return cfg
}

// hostile answers at random, and most of the time with something that is
// not an option.
type hostile struct{ rng *ftbt.RNG }

func (h *hostile) Decide(_ *ftbt.View, req *ftbt.Request) (int, error) {
	switch h.rng.IntN(4) {
	case 0:
		return -1, nil
	case 1:
		return len(req.Options), nil
	case 2:
		return math.MinInt, nil
	}
	return h.rng.IntN(len(req.Options)), nil
}

// mix returns deciders per side: r (random), a (AI), h (hostile), n (none).
func mix(pattern string, seed uint64) []ftbt.Decider {
	ds := make([]ftbt.Decider, 2)
	for i, c := range pattern {
		switch c {
		case 'r':
			ds[i] = agent.NewRandom(seed*7 + uint64(i))
		case 'a':
			ds[i] = agent.NewAI()
		case 'h':
			ds[i] = &hostile{rng: ftbt.NewRNG(seed*7 + uint64(i))}
		}
	}
	return ds
}

// runGame plays g with ds to its end, checking the invariants after every
// step and bounding the steps.
func runGame(t testing.TB, g *ftbt.Game, ds []ftbt.Decider) {
	t.Helper()
	for step := 0; ; step++ {
		if step > 100000 {
			t.Fatalf("no end after %d steps", step)
		}
		over, err := g.Step(ds)
		if err != nil {
			t.Fatal(err)
		}
		if c, ok := any(g).(interface{ CheckInvariants() error }); ok {
			if err := c.CheckInvariants(); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
		}
		if over {
			return
		}
	}
}

// eventJSON is the event log as JSON.
func eventJSON(t testing.TB, g *ftbt.Game) []byte {
	t.Helper()
	b, err := json.Marshal(g.Events())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestGamesDeterministic: the same config, seed and deciders give a
// byte-identical event log; every game ends.
func TestGamesDeterministic(t *testing.T) {
	t.Parallel()
	for _, pattern := range []string{"rr", "aa", "ar", "ra", "hr", "an", "hh"} {
		for seed := range uint64(3) {
			t.Run(fmt.Sprintf("%s/%d", pattern, seed), func(t *testing.T) {
				t.Parallel()
				g1 := newGame(t, skirmish(), seed)
				runGame(t, g1, mix(pattern, seed))
				g2 := newGame(t, skirmish(), seed)
				runGame(t, g2, mix(pattern, seed))
				if !bytes.Equal(eventJSON(t, g1), eventJSON(t, g2)) {
					t.Errorf("event logs differ")
				}
				res, over := g1.Result()
				if !over {
					t.Errorf("not over")
				}
				t.Logf("%s seed %d: %+v, %d events, %d decisions", pattern, seed, res, len(g1.Events()), len(g1.Decisions()))
			})
		}
	}
}

// TestSaveLoad: saving at round k, loading and continuing with the same
// deciders ends exactly like the game that was not interrupted.
func TestSaveLoad(t *testing.T) {
	t.Parallel()
	for _, pattern := range []string{"aa", "rr", "ar"} {
		for _, k := range []int{1, 3, 6} {
			seed := uint64(k)
			g1 := newGame(t, skirmish(), seed)
			runGame(t, g1, mix(pattern, seed))
			final1, err := g1.Save()
			if err != nil {
				t.Fatal(err)
			}

			cfg := skirmish()
			g2 := newGame(t, cfg, seed)
			ds := mix(pattern, seed)
			for g2.Round() < k || g2.Phase() != ftbt.PhaseSelect {
				if over, err := g2.Step(ds); err != nil || over {
					t.Fatalf("%s: over %v err %v before round %d", pattern, over, err, k)
				}
			}
			data, err := g2.Save()
			if err != nil {
				t.Fatal(err)
			}
			g3, err := ftbt.Load(cfg, mustRunner(t, cfg), data)
			if err != nil {
				t.Fatal(err)
			}
			if g3.Round() != k || g3.Side() != g2.Side() || g3.Phase() != g2.Phase() {
				t.Errorf("loaded at round %d side %d phase %s", g3.Round(), g3.Side(), g3.Phase())
			}
			runGame(t, g3, ds)
			final3, err := g3.Save()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(final1, final3) {
				t.Errorf("%s saved at round %d: the loaded game ended differently", pattern, k)
			}
		}
	}
}

// TestReplay: a decision log replays to the same final state and events.
func TestReplay(t *testing.T) {
	t.Parallel()
	for _, pattern := range []string{"rr", "ah", "aa"} {
		g1 := newGame(t, skirmish(), 11)
		runGame(t, g1, mix(pattern, 11))
		g2 := newGame(t, skirmish(), 11)
		rp := ftbt.NewReplay(g1.Decisions())
		runGame(t, g2, rp.Deciders(2))
		// The logs differ only in the rejected answers the replay does not
		// repeat; the games are the same.
		s1, _ := json.Marshal(g1.State())
		s2, _ := json.Marshal(g2.State())
		if !bytes.Equal(s1, s2) || !bytes.Equal(eventJSON(t, g1), eventJSON(t, g2)) || rp.Remaining() != 0 {
			t.Errorf("%s: the replay differs (%d decisions left)", pattern, rp.Remaining())
		}
	}
	// A replay on another seed goes out of step or plays another game.
	g1 := newGame(t, skirmish(), 11)
	runGame(t, g1, mix("rr", 11))
	g2 := newGame(t, skirmish(), 12)
	rp := ftbt.NewReplay(g1.Decisions()[:5])
	for {
		over, err := g2.Step(rp.Deciders(2))
		if err != nil {
			break
		}
		if over {
			t.Fatalf("a truncated replay finished a game")
		}
	}
}

// TestSaveRoundTrip: the save of a loaded game is the save it came from.
func TestSaveRoundTrip(t *testing.T) {
	t.Parallel()
	cfg := skirmish()
	g := newGame(t, cfg, 5)
	ds := mix("ar", 5)
	for range 17 {
		if _, err := g.Step(ds); err != nil {
			t.Fatal(err)
		}
	}
	a, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	g2, err := ftbt.Load(cfg, mustRunner(t, cfg), a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g2.Save()
	if diff := cmp.Diff(string(a), string(b)); diff != "" {
		t.Errorf("round trip (-saved +resaved):\n%s", diff)
	}
}
