package ftbt_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
)

// TestTick (facts §7): a remaining duration > 0 drops by 1 each round start
// and clears the effect at 0 (EffectEnd); duration 0 is permanent.
func TestTick(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(3, 1, 10)
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 0, Y: 0})
	g := newGame(t, cfg, 1)
	g.PutEffect(1, 0, ftbt.DefenceSlot, 7, 2)
	g.PutEffect(1, 1, ftbt.DefenceSlot, 9, 1)
	g.PutEffect(2, 0, ftbt.FlySlot, 4, 0)
	g.Tick()
	if v, l := g.Effect(1, 0, ftbt.DefenceSlot); v != 7 || l != 1 {
		t.Errorf("after 1 tick: side 0 %d/%d, want 7/1", v, l)
	}
	if v, l := g.Effect(1, 1, ftbt.DefenceSlot); v != 0 || l != 0 {
		t.Errorf("after 1 tick: side 1 %d/%d, want cleared", v, l)
	}
	g.Tick()
	for range 5 {
		g.Tick()
	}
	if v, l := g.Effect(1, 0, ftbt.DefenceSlot); v != 0 || l != 0 {
		t.Errorf("side 0 %d/%d, want cleared", v, l)
	}
	if v, l := g.Effect(2, 0, ftbt.FlySlot); v != 4 || l != 0 {
		t.Errorf("permanent fly %d/%d, want 4/0", v, l)
	}
	var ends int
	for _, e := range g.Events() {
		if e.Kind == ftbt.EvEffectEnd {
			ends++
			if e.Note != ftbt.NoteDefence || e.Cell != 1 {
				t.Errorf("end event %+v", e)
			}
		}
	}
	if ends != 2 {
		t.Errorf("%d EffectEnd events, want 2", ends)
	}
}

// duel is a 4×1 plains level: A (side 0, abi 20, def 10) at x=1 and B
// (side 1, abi 20, def 10) at x=2, each with a short attack (value 0, ring
// 1) in slot 0 and a defence buff on its own cell (value 100: c0 = abi =
// 20 ... with the given duration) in slot 1. Nobody can move (speed 0).
func duel(dur int) *ftbt.Config {
	cfg := fixture.Base(4, 1, 10)
	hit := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 0})
	buff := fixture.AddTech(cfg, ftbt.Tech{ID: "guard", Class: fixture.DefenceBuff, Offsets: [][2]int{{0, 0}}, Duration: dur, Value: 100})
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 20, Def: 10, HP: 1000, X: 1, Y: 0, Techs: []int{hit, buff}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "B", Side: 1, Abi: 20, Def: 10, HP: 1000, X: 2, Y: 0, Techs: []int{hit, buff}})
	return cfg
}

// hpLoss returns the damage dealt to person p in round r.
func hpLoss(g *ftbt.Game, p, r int) int {
	sum := 0
	for _, e := range g.Events() {
		if e.Kind == ftbt.EvHPDown && e.Person == p && e.Round == r {
			sum += e.Value
		}
	}
	return sum
}

// play runs the script to its end.
func play(t *testing.T, g *ftbt.Game, s *fixture.Script) {
	t.Helper()
	for s.Left() > 0 {
		if _, err := g.Step(s.Deciders()); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBuffSideAsymmetry (facts §7): a side-0 defence buff of duration 1
// covers side 1's turn of the same round; a side-1 one of duration 1 is
// cleared before side 0 acts again, so it never protects. Unbuffed hits do
// 20 − 10 + 0 = 10 (+ at most floor(1.5) = 1 jitter); buffed ones 1.
func TestBuffSideAsymmetry(t *testing.T) {
	t.Parallel()
	cfg := duel(1)
	g := newGame(t, cfg, 7)
	s := fixture.NewScript(
		// Round 1: A guards itself; B hits A (guarded), then guards itself.
		"person/0", "cell/1", "slot/1", "cell/1",
		"person/1", "cell/2", "slot/0", "cell/1",
		// Round 2: A hits B (B's guard is gone); B passes.
		"person/0", "cell/1", "slot/0", "cell/2",
		"end_turn",
	)
	play(t, g, s)
	if d := hpLoss(g, 0, 1); d != 1 {
		t.Errorf("guarded A lost %d in round 1, want 1", d)
	}
	if d := hpLoss(g, 1, 2); d < 10 || d > 11 {
		t.Errorf("B lost %d in round 2, want 10..11 (its duration-1 guard never protects)", d)
	}
}

// TestBuffDuration (facts §7): a guard cast in round 1 with duration 2
// covers the rest of round 1 and round 2 and ends at the start of round 3.
// A recast overwrites value and duration; duration 0 is permanent.
func TestBuffDuration(t *testing.T) {
	t.Parallel()
	g := newGame(t, duel(2), 7)
	s := fixture.NewScript("person/0", "cell/1", "slot/1", "cell/1", "end_turn")
	play(t, g, s)
	if v, l := g.Effect(1, 0, ftbt.DefenceSlot); v != 20 || l != 2 {
		t.Fatalf("guard %d/%d, want 20/2", v, l)
	}
	s = fixture.NewScript("end_turn", "end_turn", "end_turn")
	play(t, g, s) // round 2 both pass; round 3 starts with side 0's end
	var endRound int
	for _, e := range g.Events() {
		if e.Kind == ftbt.EvEffectEnd {
			endRound = e.Round
		}
	}
	if endRound != 3 {
		t.Errorf("the guard ended in round %d, want 3", endRound)
	}

	// Overwrite with a smaller value.
	g = newGame(t, duel(1), 7)
	g.PutEffect(1, 0, ftbt.DefenceSlot, 50, 5)
	play(t, g, fixture.NewScript("person/0", "cell/1", "slot/1", "cell/1"))
	if v, l := g.Effect(1, 0, ftbt.DefenceSlot); v != 20 || l != 1 {
		t.Errorf("recast %d/%d, want 20/1", v, l)
	}

	// Permanent.
	g = newGame(t, duel(0), 7)
	play(t, g, fixture.NewScript("person/0", "cell/1", "slot/1", "cell/1", "end_turn"))
	for range 6 {
		play(t, g, fixture.NewScript("end_turn", "end_turn"))
	}
	if v, l := g.Effect(1, 0, ftbt.DefenceSlot); v != 20 || l != 0 {
		t.Errorf("permanent guard %d/%d after 7 rounds, want 20/0", v, l)
	}
}

// TestDoTechEvent: DoTech comes before the effect's events and carries the
// target person for TargetEnemy classes, -1 for the others; LocBuf names the
// slot and the caster's side.
func TestDoTechEvent(t *testing.T) {
	t.Parallel()
	g := newGame(t, duel(3), 7)
	play(t, g, fixture.NewScript("person/0", "cell/1", "slot/0", "cell/2", "person/1", "cell/2", "slot/1", "cell/2"))
	var kinds []ftbt.EventKind
	for _, e := range g.Events() {
		switch e.Kind {
		case ftbt.EvDoTech:
			want := 1
			if e.Person == 1 {
				want = -1
			}
			if e.Target != want || e.To != 2 {
				t.Errorf("DoTech %+v, want target %d", e, want)
			}
			kinds = append(kinds, e.Kind)
		case ftbt.EvHPDown:
			kinds = append(kinds, e.Kind)
		case ftbt.EvLocBuf:
			if e.Side != 1 || e.Note != ftbt.NoteDefence || e.Value != 20 || e.N != 3 || e.Cell != 2 {
				t.Errorf("LocBuf %+v", e)
			}
			kinds = append(kinds, e.Kind)
		}
	}
	want := []ftbt.EventKind{ftbt.EvDoTech, ftbt.EvHPDown, ftbt.EvDoTech, ftbt.EvLocBuf}
	if len(kinds) != len(want) {
		t.Fatalf("events %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Errorf("events %v, want %v", kinds, want)
		}
	}
}

// badRunner is an EffectRunner misusing its host.
type badRunner struct{ mode string }

func (r badRunner) Apply(_ int, call *ftbt.EffectCall, h ftbt.EffectHost) error {
	switch r.mode {
	case "cell":
		h.SetEffect(-3, ftbt.SlotAttack, 1, 1)
	case "slot":
		h.SetEffect(call.Target, "speed", 1, 1)
	case "person":
		h.Damage(99, 5)
	case "amount":
		h.Damage(call.Caster, 0)
	case "error":
		return errors.New("boom")
	}
	return nil
}

func (badRunner) Score(int, *ftbt.EffectCall, ftbt.ScoreHost) (int, error) { return 0, nil }

// TestHostErrors: a bad host call or an effect error stops the game with an
// error (no panic), and the error sticks.
func TestHostErrors(t *testing.T) {
	t.Parallel()
	for _, mode := range []string{"cell", "slot", "person", "amount", "error"} {
		g, err := ftbt.New(duel(1), badRunner{mode}, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := fixture.NewScript("person/0", "cell/1", "slot/1", "cell/1")
		_, err = g.Step(s.Deciders())
		if err == nil {
			t.Errorf("%s: no error", mode)
			continue
		}
		if !strings.Contains(err.Error(), "guard") {
			t.Errorf("%s: error %q does not name the tech", mode, err)
		}
		if _, err2 := g.Step(s.Deciders()); err2 == nil || g.Err() == nil {
			t.Errorf("%s: the error did not stick", mode)
		}
		if _, err := g.Save(); err == nil {
			t.Errorf("%s: saved a broken game", mode)
		}
	}
}

// probeRunner records what the host answers during Apply.
type probeRunner struct {
	f func(call *ftbt.EffectCall, h ftbt.EffectHost)
}

func (r probeRunner) Apply(_ int, call *ftbt.EffectCall, h ftbt.EffectHost) error {
	r.f(call, h)
	return nil
}

func (probeRunner) Score(int, *ftbt.EffectCall, ftbt.ScoreHost) (int, error) { return 0, nil }

// TestHostAOE (facts §8): the Manhattan diamond, clipped to the map,
// scanned row by row from the top, each row from the left, filtered by the
// terrain mask of the tech in progress; radius 0 is the centre, a negative
// radius nothing. Heal caps at the starting hp.
func TestHostAOE(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(4, 4, 10)
	cfg.Terrains = append(cfg.Terrains, ftbt.Terrain{Name: "water", Weight: 10})
	cfg.Cells[fixture.Cell(cfg, 1, 1)] = 1
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "probe", Class: fixture.AttackBuff, Offsets: [][2]int{{0, 0}}, Mask: []bool{true, false}})
	fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 10, X: 0, Y: 0, Techs: []int{tech}})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 10, X: 3, Y: 3})
	var got [][]int
	var healed ftbt.PersonView
	r := probeRunner{func(call *ftbt.EffectCall, h ftbt.EffectHost) {
		for _, q := range [][2]int{{0, 2}, {5, 1}, {5, 0}, {5, -1}, {15, 1}} {
			got = append(got, slices.Clone(h.AOE(q[0], q[1])))
		}
		h.Damage(0, 4)
		h.Heal(0, 100)
		healed = h.Person(0)
	}}
	g, err := ftbt.New(cfg, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	play(t, g, fixture.NewScript("person/0", "cell/0", "slot/0", "cell/0"))
	want := [][]int{
		// Around (0,0), radius 2: rows y=0 (x 0..2), y=1 (x 0..1, (1,1)
		// is water), y=2 (x 0).
		{0, 1, 2, 4, 8},
		// Around (1,1), radius 1, without the water centre.
		{1, 4, 6, 9},
		// Radius 0: the centre alone, masked out; radius -1: nothing.
		nil,
		nil,
		// Around (3,3), radius 1: clipped.
		{11, 14, 15},
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("AOE %d: %v, want %v", i, got[i], want[i])
		}
	}
	if healed.HP != 10 || healed.MaxHP != 10 {
		t.Errorf("healed to %d of %d, want 10 of 10", healed.HP, healed.MaxHP)
	}
}
