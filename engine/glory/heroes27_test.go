package glory_test

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/internal/fixture"
	"github.com/sandtable/sandtable/engine/plugin"
)

// The heroes as the rulebook (§6.1) and the facts sheet (§10 rows, §11
// resolutions) write them; every expected number is worked out from those
// tables.

// TestAnEnemiesOnly: An's bonus is "对所有敌对武将加伤" — enemies only. Her
// RPG at 2 steps (25, §5) on 67 hits YR (enemy, 弱: 25 + ⌊25·50 %⌋ = 37)
// and DXD (her ally, 弱, friendly fire §11.7: the plain 25).
func TestAnEnemiesOnly(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{hAn, glory.Red, 47, wRPG}, [4]int{hYR, glory.Blue, 67, -1}, [4]int{hDXD, glory.Red, 67, -1})
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 67), -1))
	if r.hp(1) != 150-37 {
		t.Errorf("YR hp %d, want 113 (25 + 50 %%)", r.hp(1))
	}
	if r.hp(2) != 135-25 {
		t.Errorf("DXD (An's ally) hp %d, want 110 (no bonus on allies)", r.hp(2))
	}
}

// TestPersuadeRemovesFakeContest: 142's Fake数学 grants 数竞 C; "被第一次劝人
// 选文后失去该技能" — after DXD's first 劝人选文 she has neither the 神 math
// nor the 数竞.
func TestPersuadeRemovesFakeContest(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{hDXD, glory.Red, 45, -1}, [4]int{h142, glory.Blue, 47, -1})
	contest := skillOpt(1, slot(t, cfg, h142, "contest"), 0) // 47 → 45: 2 steps
	if !r.offered(glory.Blue, contest) {
		t.Fatalf("142's 数竞 not offered while she holds Fake数学")
	}
	r.do(glory.Red, skillOpt(0, slot(t, cfg, hDXD, "persuade"), 1))
	if h := r.g.HeroPtrForTest(1); h.Math != glory.MathMid {
		t.Fatalf("142's math %d after 劝人选文, want 中", h.Math)
	}
	r.stepTo(glory.Blue, 1)
	if r.offered(glory.Blue, contest) {
		t.Errorf("142 still has 数竞 C after losing Fake数学")
	}
}

// TestStealNeverFixed: 盗窃 cannot target HJK, whose weapons are fixed
// (§10 row 23: "Neither can be exchanged"), so he never holds a third
// weapon; a script that tries to arm him anyway fails the game with a
// message, and never reaches a state with three weapons.
func TestStealNeverFixed(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{hYangtze, glory.Red, 45, wRPG}, [4]int{fixture.HJK, glory.Blue, 47, -1}, [4]int{hYR, glory.Blue, 46, wM202})
	st := slot(t, cfg, hYangtze, "steal")
	if r.offered(glory.Red, skillOpt(0, st, 1)) {
		t.Errorf("盗窃 offered on HJK")
	}
	if !r.offered(glory.Red, skillOpt(0, st, 2)) {
		t.Errorf("盗窃 not offered on YR, 1 step away with an M202")
	}
	if r.offered(glory.Red, skillOpt(0, slot(t, cfg, hYangtze, "transfer_seize"), 1)) {
		t.Errorf("转科 may seize HJK's fixed weapons")
	}
	mod := fstest.MapFS{"glory/skill/steal.lua": {Data: []byte("function use(ctx)\n  glory.set_weapon(ctx.target, 1)\nend\n")}}
	r = skillRigWith(t, cfg, luaRunner(t, cfg, []plugin.Layer{{FS: mod, Origin: "mod"}}),
		[4]int{hYangtze, glory.Red, 45, wRPG}, [4]int{fixture.HJK, glory.Blue, 47, -1})
	err := r.g.Play(glory.Red, skillOpt(0, st, 1))
	if err == nil || !strings.Contains(err.Error(), "fixed") {
		t.Errorf("arming HJK: error %v, want one saying his weapons are fixed", err)
	}
	if w := r.g.HeroPtrForTest(1).Weapon; w != -1 {
		t.Errorf("HJK holds main weapon %d beside his two fixed ones", w)
	}
}

// TestNoThirdWeapon plays random games with all 26 heroes: no hero with
// fixed weapons ever holds a main weapon too.
func TestNoThirdWeapon(t *testing.T) {
	cfg := fullConfig(t)
	cfg.Rules.MaxRounds = 40
	runner := luaRunner(t, cfg, nil)
	for seed := uint64(1); seed <= 12; seed++ {
		g := skillGame(t, cfg, runner, seed)
		for !g.Over() {
			if err := g.Step(); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			for i, h := range g.State().Heroes {
				if len(cfg.Heroes[h.Hero].Weapons) > 0 && h.Weapon >= 0 {
					t.Fatalf("seed %d round %d: hero %d (%s) holds weapon %d beside its fixed ones", seed, g.State().Round, i, cfg.Heroes[h.Hero].ID, h.Weapon)
				}
			}
		}
	}
}

// TestGarlicDropR1: 蒜 drops her item "on a point at r ≤ 1" (§10 row 21,
// §11.20): from 67 that is 67 itself and the road neighbours 57, 66, 68 and
// 77, never 78 across the drawn diagonal (r = √2).
func TestGarlicDropR1(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.Garlic, glory.Red, 67, -1}, [4]int{hYR, glory.Blue, 19, -1})
	drop := slot(t, cfg, fixture.Garlic, "garlic_drop")
	var got []int
	opts, err := r.g.Legal(glory.Red)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		if o.Kind == glory.OptSkill && o.A == drop {
			got = append(got, r.b.ID(o.B))
		}
	}
	want := []int{57, 66, 67, 68, 77}
	if len(got) != len(want) {
		t.Fatalf("蒜 may drop on %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("蒜 may drop on %v, want %v", got, want)
		}
	}
}

// TestLQLOpponentTurnOnly: the 40 of 泪崩 counts only damage taken during
// the opponent's turn (§11.21). LQL takes 25 from her ally's RPG in her own
// turn (friendly fire, 2 steps) and 20 from an enemy RPG at 3 steps in the
// opponent's turn: 45 in all but 20 < 40, so nobody is stunned.
func TestLQLOpponentTurnOnly(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg,
		[4]int{fixture.LQL, glory.Red, 45, -1},
		[4]int{hSJK, glory.Red, 47, wRPG},
		[4]int{hBM, glory.Blue, 45, -1},
		[4]int{hYR, glory.Blue, 48, wRPG},
	)
	r.do(glory.Red, fire(1, wRPG, pt(t, r.b, 45), -1)) // 2 steps: 25 on BM and LQL
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(3, wRPG, pt(t, r.b, 45), -1)) // 3 steps: 20
	if r.hp(0) != 100-45 {
		t.Fatalf("LQL hp %d, want 55", r.hp(0))
	}
	r.stepTo(glory.Blue, 2)
	if !hasOpt(t, r, glory.Blue, func(o glory.Option) bool { return o.Hero == 2 && o.Kind == glory.OptMove }) {
		t.Errorf("BM stunned although LQL took only 20 in the opponent's turn")
	}
}

// TestShiftFromSeven: 蒜 and LQL (female, 极值 6, §11.27) have the 偏移
// every female gets at 极值 ≥ 7 (rulebook §3.3.4.1), as Fakeflower, An,
// Office and 142 do: not at 6; after DXD's 劝人选文 (+1 → 7) on DXD
// (极值 2) at 2 steps: 4·(7−2) = 20.
func TestShiftFromSeven(t *testing.T) {
	cfg := fullConfig(t)
	for _, h := range []int{fixture.Garlic, fixture.LQL} {
		r := skillRig(t, cfg, [4]int{hDXD, glory.Red, 45, -1}, [4]int{h, glory.Blue, 47, -1})
		shift := skillOpt(1, slot(t, cfg, h, "shift"), 0)
		if r.offered(glory.Blue, shift) {
			t.Errorf("%s: 偏移 offered at 极值 6", cfg.Heroes[h].ID)
		}
		r.do(glory.Red, skillOpt(0, slot(t, cfg, hDXD, "persuade"), 1))
		r.stepTo(glory.Blue, 1)
		r.do(glory.Blue, shift)
		if r.hp(0) != 135-20 {
			t.Errorf("%s: DXD hp %d after 偏移 at 极值 7, want 115", cfg.Heroes[h].ID, r.hp(0))
		}
	}
}

// TestSkateMidMove: 滑板 gives "at any point on the path one extra
// operation": C-6 at 45 skates, moves one unit to 46, fires her RPG at YR on
// 49 (3 steps: 20) and then finishes her move at 47.
func TestSkateMidMove(t *testing.T) {
	cfg := fullConfig(t)
	r := skillRig(t, cfg, [4]int{fixture.C6, glory.Red, 45, wRPG}, [4]int{hYR, glory.Blue, 49, -1})
	move := func(to int) glory.Option {
		return glory.Option{Kind: glory.OptMove, Hero: 0, A: pt(t, r.b, to), B: -1, C: -1}
	}
	r.do(glory.Red, skillOpt(0, slot(t, cfg, fixture.C6, "skate"), -1))
	r.do(glory.Red, move(46))
	r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 49), -1))
	if r.hp(1) != 150-20 {
		t.Errorf("YR hp %d, want 130", r.hp(1))
	}
	if r.g.HeroPtrForTest(0).Acted {
		t.Fatalf("C-6 cannot finish her move after the extra operation")
	}
	if r.offered(glory.Red, fire(0, wRPG, pt(t, r.b, 49), -1)) {
		t.Errorf("a third operation is offered")
	}
	if r.offered(glory.Red, move(48)) {
		t.Errorf("the rest of the move covers two units")
	}
	r.do(glory.Red, move(47))
	if h := r.g.HeroPtrForTest(0); !h.Acted || r.b.ID(h.Point) != 47 {
		t.Errorf("after the move's rest: acted %v at %d, want done at 47", h.Acted, r.b.ID(h.Point))
	}

	// Our choice (docs/glory.md): an extra operation that is itself a move
	// (two units: 46 → 48) drops the first move's rest.
	r = skillRig(t, cfg, [4]int{fixture.C6, glory.Red, 45, wRPG}, [4]int{hYR, glory.Blue, 19, -1})
	r.do(glory.Red, skillOpt(0, slot(t, cfg, fixture.C6, "skate"), -1))
	r.do(glory.Red, move(46))
	r.do(glory.Red, move(48))
	if h := r.g.HeroPtrForTest(0); !h.Acted {
		t.Errorf("C-6 may still move after a cut move and a move as the extra operation")
	}
}

// startDecider answers turn-start requests with the first option pick
// accepts (the default when none does) and records what they offered; it
// passes every operation.
type startDecider struct {
	pick    func(o glory.Option) bool
	offered [][]glory.Option
	asked   []int // Request.Hero of each turn-start request
}

func (d *startDecider) Decide(_ *glory.View, r *glory.Request) (int, error) {
	if r.Kind != glory.AskStart {
		return r.Default, nil
	}
	d.offered = append(d.offered, slices.Clone(r.Options))
	d.asked = append(d.asked, r.Hero)
	for i, o := range r.Options {
		if d.pick != nil && d.pick(o) {
			return i, nil
		}
	}
	return r.Default, nil
}

// summonRig places heroes (hero, side, point id, weapon) with d deciding
// for red.
func summonRig(t *testing.T, cfg *glory.Config, d *startDecider, ps ...[4]int) *rig {
	t.Helper()
	b := standardBoard(t)
	var pl []glory.Placement
	for _, p := range ps {
		pl = append(pl, glory.Placement{Hero: p[0], Side: p[1], Point: pt(t, b, p[2]), Weapon: p[3]})
	}
	gm, err := glory.NewPosition(cfg, luaRunner(t, cfg, nil), 1, 15, pl, d)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, g: gm, b: gm.Board()}
}

// pulls lists the (target hero, destination point id) pairs of a
// turn-start request's 约谈 options.
func pulls(r *rig, opts []glory.Option) [][2]int {
	var out [][2]int
	for _, o := range opts {
		if o.Kind == glory.OptSkill {
			out = append(out, [2]int{o.B, r.b.ID(o.C)})
		}
	}
	return out
}

// TestSummonChoice: YR's 约谈 (rulebook §6.1: "可在所有己方武将行动之前对上一
// 回合对自己造成伤害的任意敌对武将约谈到 r<=1 且道路连通的任意地点", free).
// BM (RPG, 4 steps: 20) and SJK (RPG, 2 steps: 25) hit YR on 45 in blue's
// turn; LYJ does not. At red's next turn start red is asked: either of the
// two, to 45 itself or one of its road neighbours at r = 1 (35, 44, 46, 55;
// facts §1.5), or nobody. Red pulls SJK to 44; BM stays; YR's operation is
// unused; the decision is logged, so a replay of the log repeats it.
func TestSummonChoice(t *testing.T) {
	cfg := skillConfig(t)
	d := &startDecider{}
	r := summonRig(t, cfg, d, [4]int{hYR, glory.Red, 45, -1}, [4]int{hBM, glory.Blue, 49, wRPG},
		[4]int{hSJK, glory.Blue, 47, wRPG}, [4]int{hLYJ, glory.Blue, 19, -1})
	d.pick = func(o glory.Option) bool { return o.Kind == glory.OptSkill && o.B == 2 && r.b.ID(o.C) == 44 }
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(1, wRPG, pt(t, r.b, 45), -1))
	r.do(glory.Blue, fire(2, wRPG, pt(t, r.b, 45), -1))
	if r.hp(0) != 150-20-25 {
		t.Fatalf("YR hp %d, want 105", r.hp(0))
	}
	r.stepTo(glory.Red, 2)
	if len(d.offered) != 1 || d.asked[0] != 0 {
		t.Fatalf("%d turn-start requests (heroes %v), want one for YR", len(d.offered), d.asked)
	}
	var want [][2]int
	for _, v := range []int{1, 2} {
		for _, p := range []int{35, 44, 45, 46, 55} {
			want = append(want, [2]int{v, p})
		}
	}
	if got := pulls(r, d.offered[0]); !slices.Equal(got, want) {
		t.Errorf("约谈 offers %v, want %v", got, want)
	}
	if o := d.offered[0][0]; o.Kind != glory.OptNone {
		t.Errorf("the first (default) option is %s, want declining", o.ID())
	}
	if got := r.b.ID(r.g.HeroPtrForTest(2).Point); got != 44 {
		t.Errorf("SJK at %d after 约谈, want 44", got)
	}
	if got := r.b.ID(r.g.HeroPtrForTest(1).Point); got != 49 {
		t.Errorf("BM at %d, want 49 (not chosen)", got)
	}
	if r.g.HeroPtrForTest(0).Acted {
		t.Errorf("约谈 used YR's operation")
	}
	logged := false
	for _, dec := range r.g.Decisions() {
		logged = logged || dec.Kind == glory.AskStart && dec.Option.Kind == glory.OptSkill
	}
	if !logged {
		t.Errorf("the 约谈 decision is not in the log")
	}
}

// TestSummonOptional: declining (the default, and what a side without a
// decider gets) leaves the enemy where it is; with nobody having hit YR
// nothing is asked.
func TestSummonOptional(t *testing.T) {
	cfg := skillConfig(t)
	d := &startDecider{}
	r := summonRig(t, cfg, d, [4]int{hYR, glory.Red, 45, -1}, [4]int{hSJK, glory.Blue, 47, wRPG})
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(1, wRPG, pt(t, r.b, 45), -1))
	r.stepTo(glory.Red, 2)
	if len(d.offered) != 1 {
		t.Fatalf("%d turn-start requests, want 1", len(d.offered))
	}
	if got := r.b.ID(r.g.HeroPtrForTest(1).Point); got != 47 {
		t.Errorf("SJK at %d after a declined 约谈, want 47", got)
	}
	r.stepTo(glory.Red, 3)
	if len(d.offered) != 1 {
		t.Errorf("asked again although nobody hit YR in blue's turn 2")
	}
}

// TestSummonNoDiagonal: from 67 the points at r ≤ 1 road-connected are 67,
// 57, 66, 68 and 77; 78, across the drawn diagonal 67–78, is at r = √2.
func TestSummonNoDiagonal(t *testing.T) {
	cfg := skillConfig(t)
	d := &startDecider{}
	r := summonRig(t, cfg, d, [4]int{hYR, glory.Red, 67, -1}, [4]int{hSJK, glory.Blue, 47, wRPG})
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(1, wRPG, pt(t, r.b, 67), -1))
	r.stepTo(glory.Red, 2)
	if len(d.offered) != 1 {
		t.Fatalf("%d turn-start requests, want 1", len(d.offered))
	}
	want := [][2]int{{1, 57}, {1, 66}, {1, 67}, {1, 68}, {1, 77}}
	if got := pulls(r, d.offered[0]); !slices.Equal(got, want) {
		t.Errorf("约谈 offers %v, want %v", got, want)
	}
}

// TestSummonCount: with [rules] summons = 2 (§11.17 "optionally all") red
// is asked again after the first pull, for the other enemy only, and not
// a third time.
func TestSummonCount(t *testing.T) {
	cfg := skillConfig(t)
	cfg.Heroes[hYR].Skills[0].Params = []glory.Param{{Name: "count", Value: 2}}
	d := &startDecider{}
	r := summonRig(t, cfg, d, [4]int{hYR, glory.Red, 45, -1}, [4]int{hBM, glory.Blue, 49, wRPG}, [4]int{hSJK, glory.Blue, 47, wRPG})
	d.pick = func(o glory.Option) bool { return o.Kind == glory.OptSkill && r.b.ID(o.C) == 45 }
	r.stepTo(glory.Blue, 1)
	r.do(glory.Blue, fire(1, wRPG, pt(t, r.b, 45), -1))
	r.do(glory.Blue, fire(2, wRPG, pt(t, r.b, 45), -1))
	r.stepTo(glory.Red, 2)
	if len(d.offered) != 2 {
		t.Fatalf("%d turn-start requests, want 2", len(d.offered))
	}
	if got := pulls(r, d.offered[1]); !slices.Equal(got, [][2]int{{2, 35}, {2, 44}, {2, 45}, {2, 46}, {2, 55}}) {
		t.Errorf("second request offers %v, want SJK only", got)
	}
	for _, v := range []int{1, 2} {
		if got := r.b.ID(r.g.HeroPtrForTest(v).Point); got != 45 {
			t.Errorf("hero %d at %d, want 45", v, got)
		}
	}
}
