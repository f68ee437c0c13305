package native_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
)

// The expected values below come from the formulas of facts §8 and §9.3,
// worked by hand in the comments.

func runner(t *testing.T, cfg *ftbt.Config) *native.Runner {
	t.Helper()
	r, err := native.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// apply uses tech of person caster on cell target through h.
func apply(t *testing.T, cfg *ftbt.Config, h *fakeHost, caster, target int) {
	t.Helper()
	call := &ftbt.EffectCall{Tech: h.tech, Caster: caster, Target: target}
	if err := runner(t, cfg).Apply(cfg.Techs[h.tech].Class, call, h); err != nil {
		t.Fatal(err)
	}
	if h.err != nil {
		t.Fatal(h.err)
	}
}

// score scores tech of person caster on cell target through h.
func score(t *testing.T, cfg *ftbt.Config, h *fakeHost, caster, target int) int {
	t.Helper()
	call := &ftbt.EffectCall{Tech: h.tech, Caster: caster, Target: target}
	v, err := runner(t, cfg).Score(cfg.Techs[h.tech].Class, call, h)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestNewUnknownHook(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(2, 2, 1)
	cfg.Classes[2].Hook = "push"
	_, err := native.New(cfg)
	if err == nil || !strings.Contains(err.Error(), `"push"`) {
		t.Errorf("err = %v, want unknown hook push", err)
	}
	if got := native.Hooks(); !slices.Equal(got, []string{"attack_buff", "damage", "defence_buff", "disable_long", "fly", "heal"}) {
		t.Errorf("hooks %v", got)
	}
}

// cannon is 炮击 of star.tech: long, value 8, AOE 2 at 50 %, aoe_self.
func cannon(cfg *ftbt.Config) int {
	return fixture.AddTech(cfg, ftbt.Tech{ID: "炮击", Class: fixture.Damage, Long: true,
		Offsets: fixture.Ring(3), AOERange: 2, AOERatio: 50, AOESelf: true, Value: 8})
}

// TestDamageCannon is the facts' observation (§8.1): 炮击 by an attacker of
// abi 20 on D (def 17) does base 20 − 17 + 8 = 11 to D and ring 11 × 50 /
// 100 = 5 to E (def 20) and F (def 16): AOE damage ignores the victims' own
// def. With U = 0 there is no jitter. One draw per victim.
func TestDamageCannon(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(9, 9, 15)
	tech := cannon(cfg)
	a := fixture.AddPerson(cfg, ftbt.Person{Name: "B", Side: 0, Abi: 20, Def: 20, HP: 85, X: 4, Y: 1, Techs: []int{tech}})
	d := fixture.AddPerson(cfg, ftbt.Person{Name: "D", Side: 1, Abi: 20, Def: 17, HP: 90, X: 4, Y: 4})
	e := fixture.AddPerson(cfg, ftbt.Person{Name: "E", Side: 1, Abi: 18, Def: 20, HP: 80, X: 5, Y: 5})
	f := fixture.AddPerson(cfg, ftbt.Person{Name: "F", Side: 1, Abi: 16, Def: 16, HP: 70, X: 3, Y: 5})
	h := newFake(cfg, tech, a)
	apply(t, cfg, h, a, fixture.Cell(cfg, 4, 4))
	// Scan order: row y=4 (D), then row y=5 left to right (F, E).
	want := [][2]int{{d, 11}, {f, 5}, {e, 5}}
	if diff := cmp.Diff(want, h.damaged); diff != "" {
		t.Errorf("damage (-want +got):\n%s", diff)
	}
	if h.nDraw != 3 {
		t.Errorf("%d draws, want 3", h.nDraw)
	}
}

// TestDamageJitter: d + floor(0.15 × U × d), one draw per damaged victim in
// scan order: with U = 0.99, 11 → 11 + floor(1.6335) = 12 and 5 → 5 +
// floor(0.7425) = 5; with U = 0.6, 11 + floor(0.99) = 11.
func TestDamageJitter(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(9, 9, 15)
	tech := cannon(cfg)
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 85, X: 4, Y: 1, Techs: []int{tech}})
	d := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 4, Y: 4})
	e := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 20, HP: 80, X: 4, Y: 5})
	h := newFake(cfg, tech, a)
	h.draws = []float64{0.99, 0.99}
	apply(t, cfg, h, a, fixture.Cell(cfg, 4, 4))
	if want := [][2]int{{d, 12}, {e, 5}}; !cmp.Equal(want, h.damaged) {
		t.Errorf("damage %v, want %v", h.damaged, want)
	}
	h = newFake(cfg, tech, a)
	h.draws = []float64{0.6}
	apply(t, cfg, h, a, fixture.Cell(cfg, 4, 4))
	if h.damaged[0][1] != 11 {
		t.Errorf("U=0.6: %d, want 11", h.damaged[0][1])
	}
}

// TestDamageBuffs: the attack buff of A's side at A's cell adds to base;
// the defence buff of side 1 − A at the victim's cell is taken after the
// jitter; at least 1 remains.
func TestDamageBuffs(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "直攻", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 15})
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 22, HP: 80, X: 2, Y: 2, Techs: []int{tech}})
	v := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 20, HP: 90, X: 3, Y: 2})
	ac, vc := fixture.Cell(cfg, 2, 2), fixture.Cell(cfg, 3, 2)
	for _, tc := range []struct {
		name  string
		set   func(h *fakeHost)
		draws []float64
		want  int
	}{
		// 22 − 20 + 15 = 17.
		{"plain", func(*fakeHost) {}, nil, 17},
		// + attack buff 8 of side 0 at A's cell: 25.
		{"attack buff", func(h *fakeHost) { h.put(ac, 0, ftbt.SlotAttack, 8, 2) }, nil, 25},
		// Side 1's attack buff at A's cell does not count.
		{"enemy attack buff", func(h *fakeHost) { h.put(ac, 1, ftbt.SlotAttack, 8, 2) }, nil, 17},
		// Side 1's defence buff 5 at the victim: 17 + floor(0.15 × 0.5 × 17
		// = 1.275) − 5 = 13 (after the jitter).
		{"defence buff", func(h *fakeHost) { h.put(vc, 1, ftbt.SlotDefence, 5, 2) }, []float64{0.5}, 13},
		// Side 0's defence buff at the victim's cell is not read.
		{"own defence slot", func(h *fakeHost) { h.put(vc, 0, ftbt.SlotDefence, 5, 2) }, nil, 17},
		// Defence 100: at least 1.
		{"min 1", func(h *fakeHost) { h.put(vc, 1, ftbt.SlotDefence, 100, 2) }, nil, 1},
	} {
		h := newFake(cfg, tech, a)
		tc.set(h)
		h.draws = tc.draws
		apply(t, cfg, h, a, vc)
		if want := [][2]int{{v, tc.want}}; !cmp.Equal(want, h.damaged) {
			t.Errorf("%s: damage %v, want %v", tc.name, h.damaged, want)
		}
	}
}

// TestDamageMinimum: base and ring are at least 1 (facts §8.1).
func TestDamageMinimum(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "weak", Class: fixture.Damage, Offsets: fixture.Ring(1), AOERange: 1, AOERatio: 10})
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 5, HP: 80, X: 2, Y: 2, Techs: []int{tech}})
	v := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 30, HP: 90, X: 3, Y: 2})
	w := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 0, HP: 90, X: 3, Y: 3})
	h := newFake(cfg, tech, a)
	apply(t, cfg, h, a, fixture.Cell(cfg, 3, 2))
	if want := [][2]int{{v, 1}, {w, 1}}; !cmp.Equal(want, h.damaged) {
		t.Errorf("damage %v, want %v", h.damaged, want)
	}
}

// TestDamageSkips: allies only with aoe_self (the caster too); a long tech
// skips victims on a disable-long cell of their own side, the main target
// and friendly fire included, without a draw; a short tech ignores the flag.
func TestDamageSkips(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(7, 7, 15)
	long := cannon(cfg)
	short := fixture.AddTech(cfg, ftbt.Tech{ID: "short", Class: fixture.Damage, Offsets: fixture.Ring(1), AOERange: 2, AOERatio: 50, Value: 8})
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 85, X: 3, Y: 1, Techs: []int{long, short}})
	ally := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Def: 10, HP: 50, X: 2, Y: 2})
	t0 := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 3, Y: 2})
	e := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 3, Y: 3})
	target := fixture.Cell(cfg, 3, 2)

	// Long, aoe_self: row y=0 (none), y=1: A itself (3,1); y=2: ally (2,2),
	// target (3,2); y=3: E. base 11, ring 5.
	h := newFake(cfg, long, a)
	apply(t, cfg, h, a, target)
	if want := [][2]int{{a, 5}, {ally, 5}, {t0, 11}, {e, 5}}; !cmp.Equal(want, h.damaged) || h.nDraw != 4 {
		t.Errorf("aoe_self: damage %v (%d draws), want %v", h.damaged, h.nDraw, want)
	}
	// Disable-long of side 1 at the target and of side 0 at the ally's
	// cell; side 0's flag at E's cell does not shield E.
	h = newFake(cfg, long, a)
	h.put(target, 1, ftbt.SlotDisableLong, 1, 2)
	h.put(fixture.Cell(cfg, 2, 2), 0, ftbt.SlotDisableLong, 1, 2)
	h.put(fixture.Cell(cfg, 3, 3), 0, ftbt.SlotDisableLong, 1, 2)
	apply(t, cfg, h, a, target)
	if want := [][2]int{{a, 5}, {e, 5}}; !cmp.Equal(want, h.damaged) || h.nDraw != 2 {
		t.Errorf("disable-long: damage %v (%d draws), want %v", h.damaged, h.nDraw, want)
	}
	// A short tech without aoe_self: no allies, no caster, flags ignored.
	h = newFake(cfg, short, a)
	h.put(target, 1, ftbt.SlotDisableLong, 1, 2)
	apply(t, cfg, h, a, target)
	if want := [][2]int{{t0, 11}, {e, 5}}; !cmp.Equal(want, h.damaged) || h.nDraw != 2 {
		t.Errorf("short: damage %v (%d draws), want %v", h.damaged, h.nDraw, want)
	}
}

// TestBuffs: 辅助攻击 (value 40, AOE 2 at 70 %, duration 3) by abi 20: c0 =
// 20 × 40 / 100 = 8 on the target, 8 × 70 / 100 = 5 elsewhere, on every
// mask-allowed cell of the diamond, occupied or not; 辅助防御 alike in the
// defence slot (value 50: c0 = 10, ring 7).
func TestBuffs(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	cfg.Terrains = append(cfg.Terrains, ftbt.Terrain{Name: "wall", Weight: 50})
	cfg.Cells[fixture.Cell(cfg, 3, 2)] = 1
	mask := []bool{true, false}
	att := fixture.AddTech(cfg, ftbt.Tech{ID: "辅助攻击", Class: fixture.AttackBuff, Offsets: [][2]int{{0, 0}}, AOERange: 2, AOERatio: 70, AOESelf: true, Duration: 3, Mask: mask, Value: 40})
	def := fixture.AddTech(cfg, ftbt.Tech{ID: "辅助防御", Class: fixture.DefenceBuff, Offsets: [][2]int{{0, 0}}, AOERange: 1, AOERatio: 70, Duration: 3, Mask: mask, Value: 50})
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Abi: 20, HP: 80, X: 2, Y: 2, Techs: []int{att, def}})
	center := fixture.Cell(cfg, 2, 2)

	h := newFake(cfg, att, a)
	apply(t, cfg, h, a, center)
	if len(h.set) != 12 { // 13 cells of the diamond minus the wall
		t.Fatalf("%d cells set, want 12: %v", len(h.set), h.set)
	}
	for _, s := range h.set {
		want := setCall{s.Cell, ftbt.SlotAttack, 5, 3}
		if s.Cell == center {
			want.Value = 8
		}
		if s != want || s.Cell == fixture.Cell(cfg, 3, 2) {
			t.Errorf("set %+v, want %+v", s, want)
		}
	}
	h = newFake(cfg, def, a)
	apply(t, cfg, h, a, center)
	want := []setCall{
		{fixture.Cell(cfg, 2, 1), ftbt.SlotDefence, 7, 3},
		{fixture.Cell(cfg, 1, 2), ftbt.SlotDefence, 7, 3},
		{center, ftbt.SlotDefence, 10, 3},
		{fixture.Cell(cfg, 2, 3), ftbt.SlotDefence, 7, 3},
	}
	if diff := cmp.Diff(want, h.set); diff != "" {
		t.Errorf("defence buff (-want +got):\n%s", diff)
	}
	if v, d := h.Effect(center, 1, ftbt.SlotDefence); v != 10 || d != 3 {
		t.Errorf("written to side 1's slot: %d/%d", v, d)
	}
}

// flyTech is 辅助飞行 of star.tech: value 70, AOE 5 at 100 %, duration 2,
// not on walls.
func flyTech(cfg *ftbt.Config) int {
	mask := fixture.AllTerrains(cfg)
	return fixture.AddTech(cfg, ftbt.Tech{ID: "辅助飞行", Class: fixture.Fly, Offsets: [][2]int{{0, 0}}, AOERange: 5, AOERatio: 100, Duration: 2, Mask: mask, Value: 70})
}

// TestFly is the example of facts §8.3 with star.tech (MAX_FLY_WEIGHT 15,
// MAX_ABI 30): abi 18 gives r = 5 × 18 × 70 / 3000 = 2, a = 12, w = 14 × 18
// / 30 + 1 = 9; abi 22 gives r = 7700 / 3000 = 2, a = 15, w = 14 × 15 / 30 +
// 1 = 8.
func TestFly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ abi, w int }{{18, 9}, {22, 8}} {
		cfg := fixture.Base(7, 7, 15)
		tech := flyTech(cfg)
		a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: tc.abi, HP: 80, X: 3, Y: 3, Techs: []int{tech}})
		h := newFake(cfg, tech, a)
		apply(t, cfg, h, a, fixture.Cell(cfg, 3, 3))
		if len(h.set) != 13 {
			t.Errorf("abi %d: %d cells, want 13 (radius 2)", tc.abi, len(h.set))
		}
		for _, s := range h.set {
			if s.Slot != ftbt.SlotFly || s.Value != tc.w || s.Dur != 2 {
				t.Errorf("abi %d: set %+v, want fly %d for 2", tc.abi, s, tc.w)
			}
		}
	}
}

// TestDisableLong: 远程无效 (AOE 5, duration 5): abi 18 gives r = 5 × 18 /
// 30 = 3 and dur = 5 × 18 / 30 = 3; abi 5 gives r = 0 and dur = max(1, 0) =
// 1.
func TestDisableLong(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ abi, cells, dur int }{{18, 25, 3}, {5, 1, 1}} {
		cfg := fixture.Base(9, 9, 15)
		tech := fixture.AddTech(cfg, ftbt.Tech{ID: "远程无效", Class: fixture.DisableLong, Offsets: [][2]int{{0, 0}}, AOERange: 5, AOERatio: 100, Duration: 5, Value: 100})
		a := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Abi: tc.abi, HP: 80, X: 4, Y: 4, Techs: []int{tech}})
		h := newFake(cfg, tech, a)
		apply(t, cfg, h, a, fixture.Cell(cfg, 4, 4))
		if len(h.set) != tc.cells {
			t.Errorf("abi %d: %d cells, want %d", tc.abi, len(h.set), tc.cells)
		}
		for _, s := range h.set {
			if s.Slot != ftbt.SlotDisableLong || s.Value != 1 || s.Dur != tc.dur {
				t.Errorf("abi %d: set %+v, want disable_long 1 for %d", tc.abi, s, tc.dur)
			}
		}
	}
}

// TestHeal: allies in the AOE regain c0 = abi × value / 100 on the target
// and c0 × ratio / 100 elsewhere; enemies are not healed.
func TestHeal(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "heal", Class: fixture.Heal, Offsets: [][2]int{{0, 0}, {1, 0}}, AOERange: 1, AOERatio: 50, Value: 60})
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 80, X: 2, Y: 2, Techs: []int{tech}})
	b := fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 50, X: 3, Y: 2})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, HP: 50, X: 4, Y: 2})
	h := newFake(cfg, tech, a)
	apply(t, cfg, h, a, fixture.Cell(cfg, 3, 2))
	// c0 = 12 on b's cell; the caster at (2,2) gets 6; the enemy nothing.
	if want := [][2]int{{a, 6}, {b, 12}}; !cmp.Equal(want, h.healed) {
		t.Errorf("healed %v, want %v", h.healed, want)
	}
}
