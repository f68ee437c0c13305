package glory_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/internal/fixture"
)

// The later ten heroes (facts §10 rows 17–26) and Yangtze's 转科, with the
// facts' numbers.

func fullConfig(t testing.TB) *glory.Config {
	t.Helper()
	cfg, err := fixture.Full(true)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func hasOpt(t *testing.T, r *rig, side int, pred func(glory.Option) bool) bool {
	t.Helper()
	opts, err := r.g.Legal(side)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		if pred(o) {
			return true
		}
	}
	return false
}

// TestSkate: C-6's free 滑板 gives speed ×2 for the turn and one extra
// operation that is not a weapon change.
func TestSkate(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.C6, glory.Red, 45, wRPG}, [4]int{hYR, glory.Blue, 49, -1})
	if hasOpt(t, r, glory.Red, func(o glory.Option) bool { return o.Kind == glory.OptMove && r.b.ID(o.A) == 47 }) {
		t.Fatalf("47 reachable before 滑板")
	}
	r.do(glory.Red, skillOpt(0, slot(t, cfg, fixture.C6, "skate"), -1))
	r.do(glory.Red, glory.Option{Kind: glory.OptMove, Hero: 0, A: pt(t, r.b, 47), B: -1, C: -1})
	if r.g.HeroPtrForTest(0).Acted {
		t.Fatalf("no extra operation after the move")
	}
	if hasOpt(t, r, glory.Red, func(o glory.Option) bool { return o.Kind == glory.OptPrepare || o.Kind == glory.OptGive }) {
		t.Errorf("the extra operation may change weapons")
	}
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 49), -1)) // 2 steps: 25
	if r.hp(1) != 150-25 || !r.g.HeroPtrForTest(0).Acted {
		t.Errorf("YR hp %d, acted %v", r.hp(1), r.g.HeroPtrForTest(0).Acted)
	}
}

// TestHiddenShift: C-7's 越视域偏移 hits a male within 3 steps out of view
// with multiplier 4: 4·(10−0) = 40 on YR; a male in view is not a target.
func TestHiddenShift(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.C7, glory.Red, 45, -1}, [4]int{hYR, glory.Blue, 57, -1}, [4]int{hDXD, glory.Blue, 46, -1})
	s := 0 // the hidden 偏移 is her first skill
	if r.offered(glory.Red, skillOpt(0, s, 2)) {
		t.Errorf("越视域偏移 offered on a hero in view")
	}
	r.do(glory.Red, skillOpt(0, s, 1))
	if r.hp(1) != 150-40 {
		t.Errorf("YR hp %d, want 110", r.hp(1))
	}
}

// TestNiuBond: 牛yeahyeah with 582 on the field has speed ×2 from his turn
// start, and takes +10 from 582 (RPG at 2 steps: 25 + 10).
func TestNiuBond(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{h582, glory.Red, 47, wRPG}, [4]int{fixture.Niu, glory.Blue, 67, -1})
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 67), -1))
	if r.hp(1) != 115-35 {
		t.Errorf("牛 hp %d, want 80", r.hp(1))
	}
	r.stepTo(glory.Blue, 1)
	if r.g.HeroPtrForTest(1).Speed != 2 {
		t.Errorf("牛 speed %d with 582 alive, want 2", r.g.HeroPtrForTest(1).Speed)
	}
}

// TestGuoHou: cx costs 20 HP, raises math one tier and moves up to 3 steps
// along a line; without 蒜 on the field he deals +10 to females, with her
// alive he does not.
func TestGuoHou(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.GuoHou, glory.Red, 44, wRPG}, [4]int{h582, glory.Blue, 46, -1})
	if r.offered(glory.Red, skillOpt(0, 0, pt(t, r.b, 48))) {
		t.Errorf("cx offered 4 steps away")
	}
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 46), -1)) // 2 steps: 25 + 10
	if r.hp(1) != 100-35 {
		t.Errorf("582 hp %d, want 65", r.hp(1))
	}
	r = skillRig(t, cfg, [4]int{fixture.GuoHou, glory.Red, 44, wRPG}, [4]int{h582, glory.Blue, 46, -1}, [4]int{fixture.Garlic, glory.Blue, 19, -1})
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 46), -1))
	if r.hp(1) != 100-25 {
		t.Errorf("582 hp %d with 蒜 on the field, want 75", r.hp(1))
	}
	r = skillRig(t, cfg, [4]int{fixture.GuoHou, glory.Red, 44, -1}, [4]int{hYR, glory.Blue, 19, -1})
	r.do(glory.Red, skillOpt(0, 0, pt(t, r.b, 47)))
	if h := r.g.HeroPtrForTest(0); h.HP != 80 || h.Math != glory.MathGiant || r.b.ID(h.Point) != 47 {
		t.Errorf("after cx: hp %d math %d at %d", h.HP, h.Math, r.b.ID(h.Point))
	}
}

// TestGarlic: the item dropped next to 蒜 goes off at her side's next turn
// start: 30 to every hero within 1 step of it, both sides, except 蒜 and
// 郭猴; then it is gone.
func TestGarlic(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg,
		[4]int{fixture.Garlic, glory.Red, 45, -1},
		[4]int{fixture.GuoHou, glory.Red, 46, -1},
		[4]int{hYR, glory.Blue, 46, -1},
		[4]int{hSJK, glory.Blue, 36, -1},
		[4]int{hDXD, glory.Blue, 48, -1},
	)
	r.do(glory.Red, skillOpt(0, 0, pt(t, r.b, 46)))
	r.stepTo(glory.Red, 2)
	for i, want := range []int{95, 100, 150 - 30, 130 - 30, 135} {
		if r.hp(i) != want {
			t.Errorf("hero %d hp %d, want %d", i, r.hp(i), want)
		}
	}
	r.stepTo(glory.Red, 3)
	if r.hp(2) != 120 {
		t.Errorf("the item went off twice")
	}
}

// TestQC: 坤卡 costs an operation and 3 G: 极值 12, normal speed, +10 to
// males (RPG 25 → 35 on YR), −5 from females; discarding is free and
// brings back speed ×2 and 极值 10.
func TestQC(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.QC, glory.Red, 47, wRPG}, [4]int{hYR, glory.Blue, 67, -1}, [4]int{h581, glory.Blue, 67, wRPG})
	r.do(glory.Red, skillOpt(0, 0, -1))
	if h := r.g.HeroPtrForTest(0); h.Extreme != 12 || h.Speed != 1 || r.g.State().G[glory.Red] != 12 {
		t.Errorf("after 坤卡: 极值 %d speed %d G %d", h.Extreme, h.Speed, r.g.State().G[glory.Red])
	}
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(2, wRPG, pt(t, r.b, 47), -1)) // 581 at 2 steps: 25 − 5
	if r.hp(0) != 95-20 {
		t.Errorf("QC hp %d, want 75", r.hp(0))
	}
	r.stepTo(glory.Red, 2)
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 67), -1))
	if r.hp(1) != 150-35 || r.hp(2) != 100-25 {
		t.Errorf("YR hp %d (want 115), 581 hp %d (want 75)", r.hp(1), r.hp(2))
	}
	r.stepTo(glory.Red, 3)
	r.do(glory.Red, skillOpt(0, 1, -1))
	if h := r.g.HeroPtrForTest(0); h.Extreme != 10 || h.Speed != 2 || h.Acted {
		t.Errorf("after discarding: 极值 %d speed %d acted %v", h.Extreme, h.Speed, h.Acted)
	}
}

// TestWEV: the mask (3 G, free) worn with an operation makes her 极值 10
// and her masked 偏移 cooldown-free (on DXD, 极值 2, at 2 steps: 32 in two
// consecutive turns); it costs 1 G per own turn worn.
func TestWEV(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.WEV, glory.Red, 47, -1}, [4]int{hDXD, glory.Blue, 67, -1})
	r.do(glory.Red, skillOpt(0, 1, -1)) // buy: free
	r.do(glory.Red, skillOpt(0, 2, -1)) // wear
	if h := r.g.HeroPtrForTest(0); h.Extreme != 10 || r.g.State().G[glory.Red] != 12 {
		t.Errorf("masked: 极值 %d G %d", h.Extreme, r.g.State().G[glory.Red])
	}
	for round := 2; round <= 3; round++ {
		r.stepTo(glory.Red, round)
		if r.offered(glory.Red, skillOpt(0, 6, 1)) {
			t.Errorf("round %d: the plain 偏移 offered while masked", round)
		}
		before := r.hp(1)
		r.do(glory.Red, skillOpt(0, 5, 1)) // masked 偏移 at 2 steps: 4·(10−2)
		if before-r.hp(1) != 32 {
			t.Errorf("round %d: masked 偏移 did %d, want 32", round, before-r.hp(1))
		}
	}
	// 15 − 3 (mask) − 1 − 1 (upkeep, rounds 2 and 3) − 1 − 1 (two 偏移)
	if g := r.g.State().G[glory.Red]; g != 8 {
		t.Errorf("red G %d, want 8", g)
	}
}

// TestZYS: 雌偏移 targets females only: ZYS (15) on 581 (11) at 2 steps =
// 4·4 = 16.
func TestZYS(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.ZYS, glory.Red, 47, -1}, [4]int{h581, glory.Blue, 67, -1}, [4]int{hYR, glory.Blue, 67, -1})
	if r.offered(glory.Red, skillOpt(0, 0, 2)) {
		t.Errorf("雌偏移 offered on a male")
	}
	r.do(glory.Red, skillOpt(0, 0, 1))
	if r.hp(1) != 100-16 {
		t.Errorf("581 hp %d, want 84", r.hp(1))
	}
}

// TestLQL: after taking ≥ 40 in the opponent's turn (35 + 25 here), every
// enemy in her view must pass its next operation; 25 alone is not enough.
func TestLQL(t *testing.T) {
	cfg := fullConfig(t)
	moves := func(r *rig, hero int) bool {
		return hasOpt(t, r, glory.Blue, func(o glory.Option) bool { return o.Hero == hero && o.Kind == glory.OptMove })
	}
	r := skillRig(t, cfg, [4]int{fixture.LQL, glory.Red, 45, -1}, [4]int{hBM, glory.Blue, 46, wM202},
		[4]int{hSJK, glory.Blue, 47, wRPG}, [4]int{hDXD, glory.Blue, 19, -1})
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(1, wM202, pt(t, r.b, 45), -1)) // 1 step: 35
	r.do(glory.Blue, fire(2, wRPG, pt(t, r.b, 45), -1))  // 2 steps: 25
	r.stepTo(glory.Blue, 2)
	if moves(r, 1) || moves(r, 2) {
		t.Errorf("enemies in LQL's view may still move")
	}
	if !moves(r, 3) {
		t.Errorf("DXD, out of her view, is stunned")
	}
	r2 := skillRig(t, cfg, [4]int{fixture.LQL, glory.Red, 45, -1}, [4]int{hSJK, glory.Blue, 47, wRPG})
	r2.stepTo(glory.Blue, 1)
	r2.do(glory.Blue, fire(1, wRPG, pt(t, r2.b, 45), -1))
	r2.stepTo(glory.Blue, 2)
	if !moves(r2, 1) {
		t.Errorf("stunned after 25 damage")
	}
}

// TestTransfer: Yangtze's 转科: 极值 +1, math −1, then seize an enemy's
// weapon within 2 steps; unusable at 弱.
func TestTransfer(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{hYangtze, glory.Red, 45, -1}, [4]int{hYR, glory.Blue, 47, wM202})
	r.do(glory.Red, skillOpt(0, 2, 1))
	if h := r.g.HeroPtrForTest(0); h.Extreme != 9 || h.Math != glory.MathMid || h.Weapon != wM202 || r.g.HeroPtrForTest(1).Weapon != -1 {
		t.Errorf("after 转科: %+v", h)
	}
	r = skillRig(t, cfg, [4]int{hYangtze, glory.Red, 45, -1}, [4]int{hYR, glory.Blue, 47, wM202})
	r.g.HeroPtrForTest(0).Math = glory.MathWeak
	if r.offered(glory.Red, skillOpt(0, 2, 1)) || r.offered(glory.Red, skillOpt(0, 3, pt(t, r.b, 1))) {
		t.Errorf("转科 offered at 弱")
	}
}

// TestC7BonusVsYR: C-7's normal 偏移 does +10 against YR ("YL"): at 2 steps
// 4·(10−0) + 10 = 50; against DXD (极值 2) 4·8 = 32 without bonus.
func TestC7BonusVsYR(t *testing.T) {
	cfg := fullConfig(t)
	for _, c := range []struct{ hero, hp int }{{hYR, 150 - 50}, {hDXD, 135 - 32}} {
		r := skillRig(t, cfg, [4]int{fixture.C7, glory.Red, 47, -1}, [4]int{c.hero, glory.Blue, 67, -1})
		r.do(glory.Red, skillOpt(0, 1, 1))
		if r.hp(1) != c.hp {
			t.Errorf("hero %d hp %d, want %d", c.hero, r.hp(1), c.hp)
		}
	}
}
