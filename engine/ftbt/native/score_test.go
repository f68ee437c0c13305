package native_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
)

// farGoal sets every goal distance beyond TECH_DIST (80), so only the
// cells a test sets count.
func farGoal(h *fakeHost) {
	for i := range h.goal {
		h.goal[i] = 1000
	}
}

// TestScoreDamage (facts §9.3 step 5, class 0): 炮击 by abi 20 on D (def
// 17, hp 90): base 11, ring 5. D adds 11 × 1000 / 90 = 122; an enemy with 3
// hp takes min(5, 3) = 3 and adds 3 × 1000 / 3 = 1000; an ally with 50 hp
// (aoe_self) subtracts 5 × 1000 / 50 = 100. Total 1022.
func TestScoreDamage(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(9, 9, 15)
	tech := cannon(cfg)
	p := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 85, X: 4, Y: 1, Techs: []int{tech}})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 17, HP: 90, X: 4, Y: 4})
	fixture.AddPerson(cfg, ftbt.Person{Side: 1, Def: 40, HP: 3, X: 5, Y: 5})
	ally := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Def: 0, HP: 50, X: 3, Y: 4})
	target := fixture.Cell(cfg, 4, 4)
	h := newFake(cfg, tech, p)
	if got := score(t, cfg, h, p, target); got != 1022 {
		t.Errorf("score %d, want 1022", got)
	}
	// Disable-long of side 1 on D's cell: D is skipped; 1000 − 100.
	h.put(target, 1, ftbt.SlotDisableLong, 1, 3)
	if got := score(t, cfg, h, p, target); got != 900 {
		t.Errorf("shielded target: score %d, want 900", got)
	}
	// Two weak allies in the blast: 122 + 1000 − 100 − 1000 < 0 → 0.
	h = newFake(cfg, tech, p)
	h.people[ally].HP = 5
	h.people = append(h.people, ftbt.PersonView{Index: 4, Side: 0, HP: 5, MaxHP: 5, Cell: fixture.Cell(cfg, 4, 5)})
	h.occ[fixture.Cell(cfg, 4, 5)] = 4
	if got := score(t, cfg, h, p, target); got != 0 {
		t.Errorf("friendly fire: score %d, want 0", got)
	}
}

// attackBuff is 辅助攻击 with AOE 1: value 40, 70 %, duration 3.
func attackBuff(cfg *ftbt.Config) int {
	return fixture.AddTech(cfg, ftbt.Tech{ID: "辅助攻击", Class: fixture.AttackBuff, Offsets: [][2]int{{0, 0}}, AOERange: 1, AOERatio: 70, AOESelf: true, Duration: 3, Value: 40})
}

// TestScoreBuff (classes 1/2): abi 20: c0 = 8 on the target, 5 around. The
// target has goal 30 (g = 50): 8 × 3 × 50 / 80 = 15. (2,1) has goal 70 (g =
// 10) and an own buff with 1 round left (rem 2): 5 × 2 × 10 / 80 = 1.
// (1,2) has g = 0, (3,2) g < 0, (2,3) rem 0: skipped. vmd 16 → 16 × 1000
// / 800 = 20.
func TestScoreBuff(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	tech := attackBuff(cfg)
	p := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 80, X: 0, Y: 0, Techs: []int{tech}})
	h := newFake(cfg, tech, p)
	farGoal(h)
	c := func(x, y int) int { return fixture.Cell(cfg, x, y) }
	h.goal[c(2, 2)], h.goal[c(2, 1)], h.goal[c(1, 2)], h.goal[c(3, 2)], h.goal[c(2, 3)] = 30, 70, 80, 100, 0
	h.put(c(2, 1), 0, ftbt.SlotAttack, 3, 1)
	h.put(c(2, 3), 0, ftbt.SlotAttack, 3, 3)
	h.put(c(1, 2), 1, ftbt.SlotAttack, 3, 3) // the enemy's slot is not read
	if got := score(t, cfg, h, p, c(2, 2)); got != 20 {
		t.Errorf("score %d, want 20", got)
	}
	// Capped: abi 300 → c0 120, ring 84; every cell g = 80, rem 3: 360 + 4
	// × 252 = 1368 > 800 → 1000.
	h = newFake(cfg, tech, p)
	h.people[p].Abi = 300
	if got := score(t, cfg, h, p, c(2, 2)); got != 1000 {
		t.Errorf("capped score %d, want 1000", got)
	}
}

// TestScoreFly (class 3): abi 18 → r 2, w 9 on plains (15), duration 2.
// The target has g = 80, one neighbour g = 40, the rest none; rem = 2.
// Fixed (bias 0): gain 6: 6 × 2 × 80 / 80 + 6 × 2 × 40 / 80 = 12 + 6 = 18 →
// 18 × 1000 / 800 = 22. Original bias 2: gain 8: 16 + 8 = 24 → 30. With
// FLY_VMD 10 and BUF_VMD 20: fixed cap min(18, 10) → 10 × 1000 / 10 =
// 1000; the original's cap (fly_cap 1) min(18, 20) → 1800, and with bias 2
// min(24, 20) → 2000.
func TestScoreFly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name        string
		params      map[string]float64
		onClass     bool
		flyV, bufV  int
		want        int
		plainWeight int
	}{
		{"fixed", nil, false, 800, 800, 22, 15},
		{"original bias", map[string]float64{"fly_gain_bias": 2}, false, 800, 800, 30, 15},
		{"original bias on the class", map[string]float64{"fly_gain_bias": 2}, true, 800, 800, 30, 15},
		{"fixed cap", nil, false, 10, 20, 1000, 15},
		{"original cap", map[string]float64{"fly_cap": 1}, false, 10, 20, 1800, 15},
		{"original both", map[string]float64{"fly_cap": 1, "fly_gain_bias": 2}, false, 10, 20, 2000, 15},
		// Terrain 9 = fly weight: gain 0 is skipped; with bias 2 it is 2:
		// 2 × 2 × 80 / 80 + 2 × 2 × 40 / 80 = 4 + 2 = 6 → 6000 / 800 = 7.
		{"no gain", nil, false, 800, 800, 0, 9},
		{"no gain, bias", map[string]float64{"fly_gain_bias": 2}, false, 800, 800, 7, 9},
	} {
		cfg := fixture.Base(7, 7, tc.plainWeight)
		cfg.AI.FlyVMD, cfg.AI.BufVMD = tc.flyV, tc.bufV
		tech := flyTech(cfg)
		if tc.onClass {
			cfg.Classes[fixture.Fly].Params = tc.params
		} else {
			cfg.Techs[tech].Params = tc.params
		}
		p := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 18, HP: 80, X: 0, Y: 0, Techs: []int{tech}})
		h := newFake(cfg, tech, p)
		farGoal(h)
		h.goal[fixture.Cell(cfg, 3, 3)], h.goal[fixture.Cell(cfg, 4, 3)] = 0, 40
		if got := score(t, cfg, h, p, fixture.Cell(cfg, 3, 3)); got != tc.want {
			t.Errorf("%s: score %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestScoreDisableLong (class 4): abi 18 → r 3, dur 3. The target (g 80,
// rem 3) adds 3 × 80 / 80 = 3; a cell with g 20 and an own flag with 1
// round left (rem 2) adds 2 × 20 / 80 = 0. vmd 3 → 3 × 1000 / 600 = 5.
// With DL_VMD 2: min(3, 2) × 1000 / 2 = 1000.
func TestScoreDisableLong(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ dlVMD, want int }{{600, 5}, {2, 1000}} {
		cfg := fixture.Base(9, 9, 15)
		cfg.AI.DLVMD = tc.dlVMD
		tech := fixture.AddTech(cfg, ftbt.Tech{ID: "远程无效", Class: fixture.DisableLong, Offsets: [][2]int{{0, 0}}, AOERange: 5, AOERatio: 100, Duration: 5, Value: 100})
		p := fixture.AddPerson(cfg, ftbt.Person{Side: 1, Abi: 18, HP: 80, X: 0, Y: 0, Techs: []int{tech}})
		h := newFake(cfg, tech, p)
		farGoal(h)
		target, other := fixture.Cell(cfg, 4, 4), fixture.Cell(cfg, 5, 5)
		h.goal[target], h.goal[other] = 0, 60
		h.put(other, 1, ftbt.SlotDisableLong, 1, 1)
		if got := score(t, cfg, h, p, target); got != tc.want {
			t.Errorf("DL_VMD %d: score %d, want %d", tc.dlVMD, got, tc.want)
		}
	}
}

// TestScoreHeal: healing full-health allies is worth nothing; an ally
// missing 6 hp of 50 on a ring cell (heal 6) adds 6 × 1000 / 50 = 120.
func TestScoreHeal(t *testing.T) {
	t.Parallel()
	cfg := fixture.Base(5, 5, 15)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "heal", Class: fixture.Heal, Offsets: [][2]int{{0, 0}, {1, 0}}, AOERange: 1, AOERatio: 50, Value: 60})
	a := fixture.AddPerson(cfg, ftbt.Person{Side: 0, Abi: 20, HP: 80, X: 2, Y: 2, Techs: []int{tech}})
	b := fixture.AddPerson(cfg, ftbt.Person{Side: 0, HP: 50, X: 1, Y: 2})
	h := newFake(cfg, tech, a)
	if got := score(t, cfg, h, a, fixture.Cell(cfg, 2, 2)); got != 0 {
		t.Errorf("full health: score %d, want 0", got)
	}
	h.people[b].HP = 44
	if got := score(t, cfg, h, a, fixture.Cell(cfg, 2, 2)); got != 120 {
		t.Errorf("score %d, want 120", got)
	}
}
