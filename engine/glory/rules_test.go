package glory_test

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
)

// rig is a game set up in red's first turn with placed heroes.
type rig struct {
	t *testing.T
	g *glory.Game
	b *glory.Board
}

func newRig(t *testing.T, cfg *glory.Config, g int, ps ...[4]int) *rig {
	t.Helper()
	b := standardBoard(t)
	var pl []glory.Placement
	for _, p := range ps { // hero, side, point id, weapon
		pl = append(pl, glory.Placement{Hero: p[0], Side: p[1], Point: pt(t, b, p[2]), Weapon: p[3]})
	}
	gm, err := glory.NewPosition(cfg, nil, 1, g, pl)
	if err != nil {
		t.Fatal(err)
	}
	return &rig{t: t, g: gm, b: gm.Board()}
}

func (r *rig) do(side int, o glory.Option) {
	r.t.Helper()
	if err := r.g.Play(side, o); err != nil {
		r.t.Fatal(err)
	}
}

func (r *rig) hp(i int) int { return r.g.HeroPtrForTest(i).HP }

func fire(hero, w, pointIdx, target int) glory.Option {
	return glory.Option{Kind: glory.OptFire, Hero: hero, A: w, B: pointIdx, C: target}
}

// TestBlastAndSplash works the §5 table: red fires at 67 from 47 (2 steps
// down the line 87…17). On 67 every hero takes the main damage; 57, 66, 68
// and 77 are one drawn edge away at r = 1; 78 is joined by the drawn
// diagonal 67–78 (r = √2); 56 is only an implicit central diagonal, which
// never carries splash (§11.2). Splash hits allies too (§5).
func TestBlastAndSplash(t *testing.T) {
	for _, c := range []struct {
		weapon             int
		main, r1, r2, cost int
	}{
		{wM202, 30, 10, 7, 2},
		{wRPG, 25, 5, 3, 1},
	} {
		r := newRig(t, testConfig(t), 15,
			[4]int{hBM, glory.Red, 47, c.weapon}, // 0 shooter
			[4]int{hYR, glory.Blue, 67, -1},      // 1 on the target point
			[4]int{hSJK, glory.Blue, 67, -1},     // 2 on the target point too
			[4]int{hDXD, glory.Blue, 68, -1},     // 3 r = 1
			[4]int{h582, glory.Blue, 78, -1},     // 4 r = √2 (drawn diagonal)
			[4]int{hLYJ, glory.Red, 66, -1},      // 5 ally at r = 1
			[4]int{h583, glory.Blue, 56, -1},     // 6 implicit diagonal only
			[4]int{hAn, glory.Blue, 69, -1},      // 7 two edges away
		)
		r.do(glory.Red, fire(0, c.weapon, pt(t, r.b, 67), -1))
		want := map[int]int{1: 150 - c.main, 2: 130 - c.main, 3: 135 - c.r1, 4: 100 - c.r2, 5: 125 - c.r1, 6: 100, 7: 125, 0: 110}
		for i, hp := range want {
			if got := r.hp(i); got != hp {
				t.Errorf("weapon %d: hero %d hp %d, want %d", c.weapon, i, got, hp)
			}
		}
		if g := r.g.State().G[glory.Red]; g != 15-c.cost {
			t.Errorf("weapon %d: red has %d G after firing, want %d", c.weapon, g, 15-c.cost)
		}
	}
}

// TestDamageByDistance checks every column of the §5 table along the line
// 41…49 (red shooter at 42, blue heroes further down the line).
func TestDamageByDistance(t *testing.T) {
	table := map[int][]int{
		wM202:    {50, 35, 30, 25, 25, 20, 15, 15},
		wRPG:     {30, 25, 25, 20, 20, 15, 10, 10},
		wGatling: {40, 35, 20, 20, 15, 10, 10, 10},
	}
	for w, row := range table {
		for steps, want := range row {
			cfg := testConfig(t)
			cfg.Rules.ShooterHit = false // a shot at the shooter's own point
			r := newRig(t, cfg, 15, [4]int{hBM, glory.Red, 42, w}, [4]int{hYR, glory.Blue, 42 + steps, -1})
			target := -1
			if cfg.Weapons[w].Single {
				target = 1
			}
			r.do(glory.Red, fire(0, w, pt(t, r.b, 42+steps), target))
			got := 150 - r.hp(1)
			if steps == 7 { // 49 is the blue sub tower; the hero there still takes the shot
				if tw := towerHP(r, 49); cfg.Weapons[w].Single && tw != 80 || !cfg.Weapons[w].Single && tw != 80-want {
					t.Errorf("weapon %d at 7 steps: tower 49 hp %d", w, tw)
				}
			}
			if got != want {
				t.Errorf("weapon %d at %d steps: %d damage, want %d", w, steps, got, want)
			}
		}
	}
}

func towerHP(r *rig, id int) int {
	for _, tw := range r.g.State().Towers {
		if tw.Point == pt(r.t, r.b, id) {
			return tw.HP
		}
	}
	r.t.Fatalf("no tower at %d", id)
	return 0
}

// TestGatlingSingleTarget: a Gatling hits one chosen hero at step 0 (40)
// and nobody else on the point; it may also shoot a tower alone.
func TestGatlingSingleTarget(t *testing.T) {
	r := newRig(t, testConfig(t), 15,
		[4]int{hBM, glory.Red, 48, wGatling},
		[4]int{hYR, glory.Blue, 48, -1},
		[4]int{hSJK, glory.Blue, 48, -1},
		[4]int{hLYJ, glory.Red, 47, wGatling},
	)
	r.do(glory.Red, fire(0, wGatling, pt(t, r.b, 48), 2))
	if r.hp(2) != 130-40 || r.hp(1) != 150 || r.hp(0) != 110 || r.hp(3) != 125 {
		t.Errorf("hp %d %d %d %d, want 110 150 90 125", r.hp(0), r.hp(1), r.hp(2), r.hp(3))
	}
	// 47 → 49 is 2 steps on the line 41…49: the tower alone takes 20.
	r.do(glory.Red, fire(3, wGatling, pt(t, r.b, 49), -1))
	if tw := towerHP(r, 49); tw != 80-20 {
		t.Errorf("tower 49 hp %d, want 60", tw)
	}
	if g := r.g.State().G[glory.Red]; g != 15 {
		t.Errorf("Gatling shots cost %d G, want 0", 15-g)
	}
}

// TestShooterHit: the blast hurts the shooter standing on the target point
// (§11.7), unless the rule is switched off.
func TestShooterHit(t *testing.T) {
	for _, hit := range []bool{true, false} {
		cfg := testConfig(t)
		cfg.Rules.ShooterHit = hit
		r := newRig(t, cfg, 15, [4]int{hBM, glory.Red, 45, wM202}, [4]int{hYR, glory.Blue, 45, -1})
		r.do(glory.Red, fire(0, wM202, pt(t, r.b, 45), -1))
		want := 110
		if hit {
			want = 60
		}
		if r.hp(0) != want || r.hp(1) != 100 {
			t.Errorf("shooter hit %v: hp %d and %d, want %d and 100", hit, r.hp(0), r.hp(1), want)
		}
	}
}

// TestTargetsNeedEnemies: a weapon may only aim at a point in 视域 holding
// an enemy hero or a standing enemy tower (§11.8); rail and non-rail never
// fight; a side without the G cannot fire.
func TestTargetsNeedEnemies(t *testing.T) {
	r := newRig(t, testConfig(t), 1,
		[4]int{hBM, glory.Red, 45, wRPG},
		[4]int{hYR, glory.Blue, 65, -1},   // in view (line 95…15)
		[4]int{hSJK, glory.Blue, 16, -1},  // not in view
		[4]int{hDXD, glory.Blue, 5, -1},   // rail
		[4]int{hLYJ, glory.Red, 46, -1},   // ally in view
		[4]int{hAn, glory.Red, 40, wM202}, // rail shooter, cannot pay 2 G
	)
	opts, err := r.g.Legal(glory.Red)
	if err != nil {
		t.Fatal(err)
	}
	var fires []int
	for _, o := range opts {
		if o.Kind == glory.OptFire {
			fires = append(fires, r.b.ID(o.B))
		}
	}
	// 49 is blue's sub tower, 4 steps down the line 41…49.
	if len(fires) != 2 || fires[0] != 49 || fires[1] != 65 {
		t.Errorf("fire targets %v, want [49 65]", fires)
	}
}

// TestLoseConditions: all heroes dead, both towers down, both at once
// (the acting side wins), and the round cap.
func TestLoseConditions(t *testing.T) {
	t.Run("heroes", func(t *testing.T) {
		r := newRig(t, testConfig(t), 15, [4]int{hBM, glory.Red, 47, wM202}, [4]int{hYR, glory.Blue, 67, -1})
		r.g.HeroPtrForTest(1).HP = 30
		r.do(glory.Red, fire(0, wM202, pt(t, r.b, 67), -1))
		if !r.g.Over() || r.g.Winner() != glory.Red || !strings.Contains(r.g.State().Reason, "all heroes dead") {
			t.Errorf("over %v winner %d (%s)", r.g.Over(), r.g.Winner(), r.g.State().Reason)
		}
	})
	t.Run("towers", func(t *testing.T) {
		r := newRig(t, testConfig(t), 15, [4]int{hBM, glory.Red, 29, wRPG}, [4]int{hYR, glory.Blue, 39, -1})
		// 29 sees 19 (line 49-39-29-19-9) at 1 step: RPG 25.
		r.g.TowerPtrForTest(1).HP = 0 // 49, blue's sub tower, is down
		r.g.TowerPtrForTest(0).HP = 25
		r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 19), -1))
		if !r.g.Over() || r.g.Winner() != glory.Red || !strings.Contains(r.g.State().Reason, "all towers destroyed") {
			t.Errorf("over %v winner %d (%s)", r.g.Over(), r.g.Winner(), r.g.State().Reason)
		}
	})
	t.Run("one tower is not enough", func(t *testing.T) {
		r := newRig(t, testConfig(t), 15, [4]int{hBM, glory.Red, 29, wRPG}, [4]int{hYR, glory.Blue, 39, -1})
		r.g.TowerPtrForTest(0).HP = 25
		r.do(glory.Red, fire(0, wRPG, pt(t, r.b, 19), -1))
		if r.g.Over() {
			t.Errorf("the game ended with blue's sub tower standing")
		}
	})
	t.Run("both", func(t *testing.T) {
		r := newRig(t, testConfig(t), 15, [4]int{hBM, glory.Red, 45, wM202}, [4]int{hYR, glory.Blue, 45, -1})
		r.g.HeroPtrForTest(0).HP = 50
		r.g.HeroPtrForTest(1).HP = 50
		r.do(glory.Red, fire(0, wM202, pt(t, r.b, 45), -1))
		if !r.g.Over() || r.g.Winner() != glory.Red {
			t.Errorf("both sides wiped: winner %d, want the acting side (red)", r.g.Winner())
		}
	})
	t.Run("round cap", func(t *testing.T) {
		cfg := testConfig(t)
		cfg.Rules.MaxRounds = 1
		r := newRig(t, cfg, 15, [4]int{hBM, glory.Red, 45, -1}, [4]int{hYR, glory.Blue, 46, -1})
		// Equal towers; red's hero has 110 HP left, blue's 150: blue wins.
		if err := r.g.Run(); err != nil {
			t.Fatal(err)
		}
		if r.g.Winner() != glory.Blue || r.g.State().Reason != "round cap: hero hp" || r.g.State().Round != 1 {
			t.Errorf("winner %d (%s) in round %d", r.g.Winner(), r.g.State().Reason, r.g.State().Round)
		}
	})
	t.Run("tie breaks", func(t *testing.T) {
		// Red's tower 52 is down to 70; red's hero is at full 150, blue's
		// at 110: towers favour blue, heroes red.
		for _, c := range []struct {
			tie    string
			winner int
			reason string
		}{{glory.TieTowers, glory.Blue, "round cap: tower hp"}, {glory.TieHeroes, glory.Red, "round cap: hero hp"}, {glory.TieDraw, -1, "round cap: draw"}} {
			cfg := testConfig(t)
			cfg.Rules.MaxRounds, cfg.Rules.TieBreak = 1, c.tie
			r := newRig(t, cfg, 15, [4]int{hYR, glory.Red, 45, -1}, [4]int{hBM, glory.Blue, 46, -1})
			r.g.TowerPtrForTest(2).HP = 70
			if err := r.g.Run(); err != nil {
				t.Fatal(err)
			}
			if r.g.Winner() != c.winner || r.g.State().Reason != c.reason {
				t.Errorf("%s: winner %d (%s)", c.tie, r.g.Winner(), r.g.State().Reason)
			}
		}
	})
}

// TestEconomy: a hero ending a move (or passing) on a zone earns 2 G at the
// end of the turn, 1 G while an enemy stands there (§6).
func TestEconomy(t *testing.T) {
	r := newRig(t, testConfig(t), 15,
		[4]int{hBM, glory.Red, 22, -1}, [4]int{hLYJ, glory.Red, 78, -1}, [4]int{hYR, glory.Blue, 78, -1})
	r.do(glory.Red, glory.Option{Kind: glory.OptMove, Hero: 0, A: pt(t, r.b, 23), B: -1, C: -1})
	r.do(glory.Red, glory.Option{Kind: glory.OptPass, Hero: 1, A: -1, B: -1, C: -1})
	r.g.EndTurnForTest()
	if g := r.g.State().G[glory.Red]; g != 15+2+1 {
		t.Errorf("red G %d, want 18 (2 on 23, 1 on the shared 78)", g)
	}
	if g := r.g.State().G[glory.Blue]; g != 15 {
		t.Errorf("blue G %d, want 15", g)
	}
}

// TestHandover: give within 3 steps destroys the receiver's weapon; a swap
// uses both heroes' operations.
func TestHandover(t *testing.T) {
	r := newRig(t, testConfig(t), 15,
		[4]int{hBM, glory.Red, 45, wM202}, [4]int{hLYJ, glory.Red, 47, wRPG}, [4]int{hAn, glory.Red, 19, wGatling},
		[4]int{hYR, glory.Blue, 89, -1})
	opts, _ := r.g.Legal(glory.Red)
	for _, o := range opts {
		if (o.Kind == glory.OptGive || o.Kind == glory.OptSwap) && o.A == 2 {
			t.Errorf("%s: 45 → 19 is more than 3 steps", o.ID())
		}
	}
	r.do(glory.Red, glory.Option{Kind: glory.OptSwap, Hero: 0, A: 1, B: -1, C: -1})
	if r.g.HeroPtrForTest(0).Weapon != wRPG || r.g.HeroPtrForTest(1).Weapon != wM202 || !r.g.HeroPtrForTest(1).Acted {
		t.Errorf("swap: weapons %d %d", r.g.HeroPtrForTest(0).Weapon, r.g.HeroPtrForTest(1).Weapon)
	}
}

// TestFixedWeaponsAndCooldown: a hero with fixed weapons (HJK: Barrett 45
// at any distance with fire cd 1, water gun 10 within 2 steps, facts §10
// row 23) cannot prepare, give or receive weapons; the Barrett cannot fire
// in the next own turn.
func TestFixedWeaponsAndCooldown(t *testing.T) {
	cfg := testConfig(t)
	barrett := len(cfg.Weapons)
	cfg.Weapons = append(cfg.Weapons,
		glory.Weapon{ID: "Barrett", Damage: []int{45}, Single: true, Cooldown: 1, Fixed: true},
		glory.Weapon{ID: "water", Damage: []int{10}, Single: true, MaxSteps: 2, Fixed: true})
	hjk := len(cfg.Heroes)
	cfg.Heroes = append(cfg.Heroes, glory.Hero{ID: "HJK", Name: "HJK", HP: 120, Extreme: 2, Math: glory.MathWeak,
		Identity: "other", Gender: glory.Male, Speed: 1, Weapons: []int{barrett, barrett + 1}})
	r := newRig(t, cfg, 15, [4]int{hjk, glory.Red, 42, -1}, [4]int{hBM, glory.Red, 43, wRPG},
		[4]int{hYR, glory.Blue, 48, -1}, [4]int{hSJK, glory.Blue, 44, -1})
	opts, err := r.g.Legal(glory.Red)
	if err != nil {
		t.Fatal(err)
	}
	fires := map[int][]int{}
	for _, o := range opts {
		switch {
		case o.Hero == 0 && (o.Kind == glory.OptPrepare || o.Kind == glory.OptGive):
			t.Errorf("HJK may %s", o.ID())
		case o.Hero == 1 && o.Kind == glory.OptGive && o.A == 0:
			t.Errorf("HJK may receive a weapon")
		case o.Hero == 0 && o.Kind == glory.OptFire:
			fires[o.A] = append(fires[o.A], o.C)
		}
	}
	// Barrett: SJK (2 steps), YR (6 steps) and the tower 49 (7 steps, §11.23);
	// water gun: SJK only.
	if len(fires[barrett]) != 3 || len(fires[barrett+1]) != 1 || fires[barrett+1][0] != 3 {
		t.Errorf("HJK's shots %v", fires)
	}
	r.do(glory.Red, fire(0, barrett, pt(t, r.b, 48), 2))
	if r.hp(2) != 150-45 || r.g.State().G[glory.Red] != 15 {
		t.Errorf("Barrett: YR hp %d, G %d; want 105 and 15", r.hp(2), r.g.State().G[glory.Red])
	}
	for r.g.State().Round < 2 || r.g.State().Side != glory.Red || !r.g.State().Started {
		if err := r.g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	opts, _ = r.g.Legal(glory.Red)
	for _, o := range opts {
		if o.Kind == glory.OptFire && o.A == barrett {
			t.Errorf("Barrett offered in the next own turn (cd 1)")
		}
	}
}
