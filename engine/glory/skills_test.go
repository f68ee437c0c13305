package glory_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/glory/internal/fixture"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/scripts"
)

// skillConfig is the seed content with every skill.
func skillConfig(t testing.TB) *glory.Config {
	t.Helper()
	cfg, err := fixture.Config(true)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// luaRunner returns a runner of the builtin scripts, with Go twins
// replacing scripts of the same id.
func luaRunner(t testing.TB, cfg *glory.Config, layers []plugin.Layer, twins ...*plugin.GoHook) *hooks.Runner {
	t.Helper()
	reg, _, err := hooks.NewRegistry(scripts.FS, "builtin", layers, twins...)
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

// skillRig is a position of the seed content with skills.
func skillRig(t *testing.T, cfg *glory.Config, ps ...[4]int) *rig {
	t.Helper()
	b := standardBoard(t)
	var pl []glory.Placement
	for _, p := range ps {
		pl = append(pl, glory.Placement{Hero: p[0], Side: p[1], Point: pt(t, b, p[2]), Weapon: p[3]})
	}
	gm, err := glory.NewPosition(cfg, luaRunner(t, cfg, nil), 1, 15, pl)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, g: gm, b: gm.Board()}
}

// slot returns the index of skill hook in hero h's declarations.
func slot(t *testing.T, cfg *glory.Config, h int, hook string) int {
	t.Helper()
	for i, s := range cfg.Heroes[h].Skills {
		if s.Hook == hook {
			return i
		}
	}
	t.Fatalf("hero %d has no %s skill", h, hook)
	return -1
}

func skillOpt(hero, slot, target int) glory.Option {
	return glory.Option{Kind: glory.OptSkill, Hero: hero, A: slot, B: target, C: -1}
}

// offered reports whether side may use o now.
func (r *rig) offered(side int, o glory.Option) bool {
	r.t.Helper()
	opts, err := r.g.Legal(side)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, x := range opts {
		if x == o {
			return true
		}
	}
	return false
}

// stepTo steps the game (sides without deciders pass) until it is side's
// turn with the turn started.
func (r *rig) stepTo(side, round int) {
	r.t.Helper()
	for !(r.g.State().Side == side && r.g.State().Round == round && r.g.State().Started) {
		if err := r.g.Step(); err != nil {
			r.t.Fatal(err)
		}
		if r.g.Over() {
			r.t.Fatal("game over")
		}
	}
}

// Test581Shift: 581 hitting YR (YL, 极值 0) at 2 steps does 4·(11−0) = 44
// (facts §9.1) and costs 1 G; cd 1 blocks the next own turn only (§11.5).
func Test581Shift(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{h581, glory.Red, 47, -1}, [4]int{hYR, glory.Blue, 67, -1})
	o := skillOpt(0, slot(t, cfg, h581, "shift"), 1)
	r.do(glory.Red, o)
	if r.hp(1) != 150-44 {
		t.Errorf("YR hp %d, want 106", r.hp(1))
	}
	if g := r.g.State().G[glory.Red]; g != 14 {
		t.Errorf("red G %d, want 14", g)
	}
	r.stepTo(glory.Red, 2)
	if r.offered(glory.Red, o) {
		t.Errorf("偏移 offered again in the next own turn (cd 1)")
	}
	r.stepTo(glory.Red, 3)
	if !r.offered(glory.Red, o) {
		t.Errorf("偏移 not offered two own turns later")
	}
}

// TestShiftTargets: males only, never SJK (imaginary 极值), and the far
// multiplier 2.5 rounds down: 583 (10) on DXD (2) at 6 steps = 20, and on
// BM (5) at 7 steps = ⌊2.5·5⌋ = 12.
func TestShiftTargets(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg,
		[4]int{h583, glory.Red, 42, -1},
		[4]int{hDXD, glory.Blue, 48, -1},
		[4]int{hSJK, glory.Blue, 43, -1},
		[4]int{hAn, glory.Blue, 44, -1},
		[4]int{hBM, glory.Blue, 49, -1},
		[4]int{hMoon, glory.Red, 12, -1},
	)
	s := slot(t, cfg, h583, "shift")
	if r.offered(glory.Red, skillOpt(0, s, 2)) || r.offered(glory.Red, skillOpt(0, s, 3)) {
		t.Errorf("偏移 offered on SJK or on a female")
	}
	r.do(glory.Red, skillOpt(0, s, 1))
	if r.hp(1) != 135-20 {
		t.Errorf("DXD hp %d, want 115", r.hp(1))
	}
	// 明月 (7) at 12 sees 42…: BM at 49 is not on her lines; move her.
	r2 := skillRig(t, cfg, [4]int{h583, glory.Red, 42, -1}, [4]int{hBM, glory.Blue, 49, -1})
	r2.do(glory.Red, skillOpt(0, s, 1))
	if r2.hp(1) != 110-12 {
		t.Errorf("BM hp %d, want 98", r2.hp(1))
	}
}

// TestContest: LYJ's 数竞 B within 3 steps, ignoring 视域: 30 against 弱, 0
// against 神 (facts §9.2); 4 steps away is out of range.
func TestContest(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg,
		[4]int{hLYJ, glory.Red, 45, -1},
		[4]int{hYR, glory.Blue, 57, -1},  // 45→57: 3 steps, not in view
		[4]int{hSJK, glory.Blue, 46, -1}, // 神
		[4]int{hDXD, glory.Blue, 48, -1}, // 3 steps along 41…49
		[4]int{hBM, glory.Blue, 49, -1},  // 4 steps
	)
	s := slot(t, cfg, hLYJ, "contest")
	if r.offered(glory.Red, skillOpt(0, s, 4)) {
		t.Errorf("数竞 offered at 4 steps")
	}
	r.do(glory.Red, skillOpt(0, s, 1))
	if r.hp(1) != 150-30 {
		t.Errorf("YR hp %d, want 120", r.hp(1))
	}
	r2 := skillRig(t, cfg, [4]int{hLYJ, glory.Red, 45, -1}, [4]int{hSJK, glory.Blue, 46, -1})
	r2.do(glory.Red, skillOpt(0, s, 1))
	if r2.hp(1) != 130 {
		t.Errorf("SJK hp %d, want 130 (神 takes 0)", r2.hp(1))
	}
	// Fakeflower's class C against 中 (582): 15.
	r3 := skillRig(t, cfg, [4]int{hFake, glory.Red, 45, -1}, [4]int{h582, glory.Blue, 46, -1})
	r3.do(glory.Red, skillOpt(0, slot(t, cfg, hFake, "contest"), 1))
	if r3.hp(1) != 100-15 {
		t.Errorf("582 hp %d, want 85", r3.hp(1))
	}
}

// TestHeals works the four heals of facts §10, and the cap at max HP.
func TestHeals(t *testing.T) {
	cfg := skillConfig(t)
	cfg.Heroes[hBM].Biology = true
	cases := []struct {
		healer, hook, target, hp, want int
		name                           string
	}{
		{h581, 0, hLYJ, 40, 85, "581 on class 5: +45"},
		{h581, 0, hAn, 40, 85, "581 on a class-5 teacher: +45 (§11.12)"},
		{h581, 0, h583, 40, 55, "581 on a strong 极值点: +15"},
		{h581, 0, hYangtze, 40, 70, "581 on others: +30"},
		{h581, 0, hLYJ, 100, 125, "capped at max HP"},
		{hFake, 0, hSJK, 40, 85, "Fakeflower on 神: +45"},
		{hFake, 0, hDrrra, 40, 70, "Fakeflower on 巨: +30"},
		{hFake, 0, hBM, 40, 55, "Fakeflower on 强: +15"},
		{hZheng, 2, h583, 40, 85, "郑阁 on a strong 极值点: +45"},
		{hZheng, 2, hMoon, 40, 70, "郑阁 on a weak 极值点: +30"},
		{hZheng, 2, hAn, 40, 55, "郑阁 on a female without 极值点: +15"},
		{hMoon, 0, hBM, 40, 70, "明月 on a biology hero: +30"},
		{hMoon, 0, hYR, 40, 55, "明月 on others: +15"},
	}
	for _, c := range cases {
		r := skillRig(t, cfg, [4]int{c.healer, glory.Red, 82, -1}, [4]int{c.target, glory.Red, 52, -1}, [4]int{hDXD, glory.Blue, 19, -1})
		r.g.HeroPtrForTest(1).HP = c.hp
		r.do(glory.Red, skillOpt(0, c.hook, 1))
		if r.hp(1) != c.want {
			t.Errorf("%s: hp %d, want %d", c.name, r.hp(1), c.want)
		}
	}
	// Not eligible: Fakeflower on 弱, 郑阁 on a male.
	for _, c := range [][3]int{{hFake, 0, hYR}, {hZheng, 2, hBM}} {
		r := skillRig(t, cfg, [4]int{c[0], glory.Red, 82, -1}, [4]int{c[2], glory.Red, 52, -1}, [4]int{hDXD, glory.Blue, 19, -1})
		if r.offered(glory.Red, skillOpt(0, c[1], 1)) {
			t.Errorf("hero %d's heal offered on hero %d", c[0], c[2])
		}
	}
}

// TestHealUses: three heals per game (facts §9.3), no cooldown.
func TestHealUses(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{h581, glory.Red, 82, -1}, [4]int{hDXD, glory.Blue, 19, -1})
	o := skillOpt(0, 0, 0) // self-heal is allowed (§11.13)
	for round := 1; round <= 4; round++ {
		r.stepTo(glory.Red, round)
		if got := r.offered(glory.Red, o); got != (round <= 3) {
			t.Fatalf("round %d: heal offered %v", round, got)
		}
		if round <= 3 {
			r.do(glory.Red, o)
		}
	}
}

// TestInfrasound: 583's 次声 hits enemies at r<2 road-connected: 40 on her
// point, 30 one orthogonal edge away, 20 over the drawn diagonal 67–78;
// nothing over an implicit central diagonal or to allies.
func TestInfrasound(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg,
		[4]int{h583, glory.Red, 67, -1},
		[4]int{hYR, glory.Blue, 67, -1},
		[4]int{hSJK, glory.Blue, 68, -1},
		[4]int{hDXD, glory.Blue, 78, -1},
		[4]int{hBM, glory.Blue, 56, -1},
		[4]int{hLYJ, glory.Red, 77, -1},
	)
	r.do(glory.Red, skillOpt(0, slot(t, cfg, h583, "infrasound"), -1))
	for i, want := range []int{100, 150 - 40, 130 - 30, 135 - 20, 110, 125} {
		if r.hp(i) != want {
			t.Errorf("hero %d hp %d, want %d", i, r.hp(i), want)
		}
	}
}

// TestAnPassive: An (巨) adds 50 % against 弱 and 20 % against 中 to her
// hits, never to splash (§5, §11.10); at 强 only +20 % against 弱.
func TestAnPassive(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg,
		[4]int{hAn, glory.Red, 47, wM202},
		[4]int{hYR, glory.Blue, 67, -1},  // 弱, main: 30 → 45
		[4]int{hDXD, glory.Blue, 68, -1}, // 弱, splash 10 unmodified
	)
	r.do(glory.Red, fire(0, wM202, pt(t, r.b, 67), -1))
	if r.hp(1) != 150-45 || r.hp(2) != 135-10 {
		t.Errorf("hp %d %d, want 105 125", r.hp(1), r.hp(2))
	}
	r2 := skillRig(t, cfg, [4]int{hAn, glory.Red, 47, wRPG}, [4]int{h582, glory.Blue, 67, -1})
	r2.do(glory.Red, fire(0, wRPG, pt(t, r2.b, 67), -1))
	if r2.hp(1) != 100-30 {
		t.Errorf("582 (中) hp %d, want 70 (25 + 20 %%)", r2.hp(1))
	}
	r3 := skillRig(t, cfg, [4]int{hAn, glory.Red, 47, wRPG}, [4]int{hYR, glory.Blue, 67, -1}, [4]int{h582, glory.Blue, 57, -1})
	r3.g.HeroPtrForTest(0).Math = glory.MathStrong
	r3.do(glory.Red, fire(0, wRPG, pt(t, r3.b, 67), -1))
	if r3.hp(1) != 150-30 {
		t.Errorf("YR hp %d, want 120 (25 + 20 %% floored)", r3.hp(1))
	}
}

// TestFakeExtremeAndPersuade: 142's Fake极值 (+4, −30 HP); DXD's 劝人选文
// (math −1, 极值 +1), SJK immune, 142's Fake数学 lost on the first hit
// with the hit's other effects blocked.
func TestFakeExtremeAndPersuade(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{h142, glory.Red, 45, -1}, [4]int{hDXD, glory.Blue, 46, -1})
	r.do(glory.Red, skillOpt(0, slot(t, cfg, h142, "fake_extreme"), -1))
	if h := r.g.HeroPtrForTest(0); h.Extreme != 10 || h.HP != 80 {
		t.Errorf("142 after Fake极值: 极值 %d hp %d, want 10 80", h.Extreme, h.HP)
	}
	p := slot(t, cfg, hDXD, "persuade")
	r2 := skillRig(t, cfg, [4]int{hDXD, glory.Red, 45, -1}, [4]int{h583, glory.Blue, 46, -1}, [4]int{hSJK, glory.Blue, 46, -1}, [4]int{h142, glory.Blue, 47, -1})
	if r2.offered(glory.Red, skillOpt(0, p, 2)) {
		t.Errorf("劝人选文 offered on SJK")
	}
	r2.do(glory.Red, skillOpt(0, p, 1))
	if h := r2.g.HeroPtrForTest(1); h.Math != glory.MathMid || h.Extreme != 11 {
		t.Errorf("583 after 劝人选文: math %d 极值 %d, want 中 11", h.Math, h.Extreme)
	}
	r3 := skillRig(t, cfg, [4]int{hDXD, glory.Red, 45, -1}, [4]int{h142, glory.Blue, 47, -1})
	if r3.g.HeroPtrForTest(1).Math != glory.MathGod {
		t.Fatalf("142 does not start at 神 with Fake数学")
	}
	r3.do(glory.Red, skillOpt(0, p, 1))
	if h := r3.g.HeroPtrForTest(1); h.Math != glory.MathMid || h.Extreme != 6 {
		t.Errorf("142 after 劝人选文: math %d 极值 %d, want 中 6", h.Math, h.Extreme)
	}
}

// TestMovers: 582's 瞬移 (anywhere, 2 uses), Drrra's 足球 (the kicked hero
// slides to the end of the line; Drrra loses speed ×2), Office's CTMO
// (an enemy in view onto the OFFICE point), Yangtze's 盗窃 (swap weapons
// within 2 steps).
func TestMovers(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{h582, glory.Red, 82, -1}, [4]int{hDXD, glory.Blue, 19, -1})
	r.do(glory.Red, skillOpt(0, slot(t, cfg, h582, "teleport"), pt(t, r.b, 78)))
	if r.g.HeroPtrForTest(0).Point != pt(t, r.b, 78) {
		t.Errorf("582 did not teleport to 78")
	}

	r = skillRig(t, cfg, [4]int{hDrrra, glory.Red, 44, -1}, [4]int{hYR, glory.Blue, 45, -1})
	r.do(glory.Red, skillOpt(0, slot(t, cfg, hDrrra, "football"), 1))
	if got := r.b.ID(r.g.HeroPtrForTest(1).Point); got != 49 {
		t.Errorf("YR kicked to %d, want 49 (end of 44-45-…-49)", got)
	}
	if r.g.HeroPtrForTest(0).Speed != 1 {
		t.Errorf("Drrra kept speed ×2 after 足球")
	}

	r = skillRig(t, cfg, [4]int{hOffice, glory.Red, 42, -1}, [4]int{hYR, glory.Blue, 48, -1})
	pull := skillOpt(0, slot(t, cfg, hOffice, "office_pull"), 1)
	if r.offered(glory.Red, pull) {
		t.Errorf("CTMO offered without the OFFICE marker")
	}
	r.g.HeroPtrForTest(0).Vars = []glory.Var{{Name: "office", Value: pt(t, r.b, 82) + 1}}
	r.do(glory.Red, pull)
	if got := r.b.ID(r.g.HeroPtrForTest(1).Point); got != 82 {
		t.Errorf("YR pulled to %d, want the OFFICE point 82", got)
	}

	r = skillRig(t, cfg, [4]int{hYangtze, glory.Red, 45, wRPG}, [4]int{hYR, glory.Blue, 47, wM202}, [4]int{hSJK, glory.Blue, 48, wGatling})
	st := slot(t, cfg, hYangtze, "steal")
	if r.offered(glory.Red, skillOpt(0, st, 2)) {
		t.Errorf("盗窃 offered at 3 steps")
	}
	r.do(glory.Red, skillOpt(0, st, 1))
	if r.g.HeroPtrForTest(0).Weapon != wM202 || r.g.HeroPtrForTest(1).Weapon != wRPG {
		t.Errorf("weapons after 盗窃: %d %d", r.g.HeroPtrForTest(0).Weapon, r.g.HeroPtrForTest(1).Weapon)
	}
}

// prepDecider drafts from a script and answers preparation-skill requests
// with the option aimed at target (a game hero index).
type prepDecider struct {
	scripted
	target int
	asked  int
}

func (d *prepDecider) Decide(v *glory.View, r *glory.Request) (int, error) {
	if r.Kind != glory.AskPrep {
		return d.scripted.Decide(v, r)
	}
	d.asked++
	for i, o := range r.Options {
		if o.Kind == glory.OptSkill && o.B == d.target {
			return i, nil
		}
	}
	return r.Default, nil // OptNone: the target is not offered here
}

// TestPromote: DXD's 晋升 before round 1, once: the math declaration comes
// first and raises BM 强 → 巨; on LYJ, already 神, only the 极值 one is
// offered (2 → 4); never both.
func TestPromote(t *testing.T) {
	cfg := skillConfig(t)
	cfg.Rules.Bans = false
	for _, c := range []struct {
		target                int // game hero: 1 = BM, 2 = LYJ
		wantMath, wantExtreme int
	}{{1, glory.MathGiant, 5}, {2, glory.MathGod, 4}} {
		red := &prepDecider{scripted: scripted{picks: []int{hDXD, hBM, hLYJ, hYR, hSJK}}, target: c.target}
		blue := &prepDecider{scripted: scripted{picks: []int{hAn, h581, h582, h583, hMoon}}, target: -1}
		g, err := glory.New(cfg, luaRunner(t, cfg, nil), 1, red, blue)
		if err != nil {
			t.Fatal(err)
		}
		for g.State().Phase < glory.PhasePlay {
			if err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		h := g.State().Heroes[c.target]
		if h.Math != c.wantMath || h.Extreme != c.wantExtreme || red.asked == 0 {
			t.Errorf("target %d: math %d 极值 %d (asked %d), want %d %d", c.target, h.Math, h.Extreme, red.asked, c.wantMath, c.wantExtreme)
		}
	}
}

// TestSkillDamageRunsPassives: skill damage from a use (583's 次声) runs the
// victim's passive (An's modify) while the use is still in progress; An
// takes the plain 40 (her passive changes only damage she deals).
func TestSkillDamageRunsPassives(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{h583, glory.Red, 45, -1}, [4]int{hAn, glory.Blue, 45, -1})
	r.do(glory.Red, skillOpt(0, slot(t, cfg, h583, "infrasound"), -1))
	if r.hp(1) != 125-40 {
		t.Errorf("An hp %d, want 85", r.hp(1))
	}
}

// TestGuided: Birdman's 制导 fires his RPG around one right-angle corner at
// an enemy within 3 steps that is not in view: 45 → 46 → 56 is 2 steps
// (RPG 25) with splash as a normal shot; a straight-only target is not
// offered, nor a Gatling shot.
func TestGuided(t *testing.T) {
	cfg := skillConfig(t)
	r := skillRig(t, cfg, [4]int{hBM, glory.Red, 45, wRPG}, [4]int{hYR, glory.Blue, 56, -1}, [4]int{hDXD, glory.Blue, 57, -1})
	o := skillOpt(0, 0, 1)
	r.do(glory.Red, o)
	if r.hp(1) != 150-25 || r.hp(2) != 135-5 || r.g.State().G[glory.Red] != 14 {
		t.Errorf("YR hp %d (want 125), DXD hp %d (want 130 by splash), G %d (want 14)", r.hp(1), r.hp(2), r.g.State().G[glory.Red])
	}
	r2 := skillRig(t, cfg, [4]int{hBM, glory.Red, 45, wGatling}, [4]int{hYR, glory.Blue, 56, -1})
	if r2.offered(glory.Red, o) {
		t.Errorf("制导 offered with a Gatling")
	}
}

// TestFootballHere: 足球 on a hero at r = 0 kicks it in the chosen
// direction to the end of that straight chain (§11.19): Drrra at 45 with YR
// on his point, aimed at 46, sends YR to 49 (the end of the row 41…49);
// aimed at 44, to 42 (41 is a rail point); aimed at 35, to 15 (the column
// 95…15). Drrra himself is never the target.
func TestFootballHere(t *testing.T) {
	cfg := skillConfig(t)
	s := 1 // the aimed declaration
	for _, c := range []struct{ aim, want int }{{46, 49}, {35, 15}, {44, 42}} {
		r := skillRig(t, cfg, [4]int{hDrrra, glory.Red, 45, -1}, [4]int{hYR, glory.Blue, 45, -1})
		if r.offered(glory.Red, glory.Option{Kind: glory.OptSkill, Hero: 0, A: s, B: 0, C: pt(t, r.b, c.aim)}) {
			t.Errorf("Drrra may kick himself")
		}
		r.do(glory.Red, glory.Option{Kind: glory.OptSkill, Hero: 0, A: s, B: 1, C: pt(t, r.b, c.aim)})
		if got := r.b.ID(r.g.HeroPtrForTest(1).Point); got != c.want {
			t.Errorf("aimed at %d: YR at %d, want %d", c.aim, got, c.want)
		}
	}
}
