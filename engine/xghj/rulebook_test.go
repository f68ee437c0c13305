package xghj

import (
	"bytes"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
)

// rbGame makes a started rulebook game (round 1, nobody placed, every
// saving 100) of the rows. Expected values below are worked by hand from
// the rules sheet's defaults: influence_per_level 10 (a level-L city
// exerts ⌊K·10·L⌋ with the kernel of facts §4), capture_threshold 400,
// city_cost 10, truce_rounds 5, recall_value 0.5; grass has atk 10, def 10.
func rbGame(t *testing.T, rows []string, players int) *Game {
	t.Helper()
	cfg := testConfig(t, rows, players, false)
	cfg.Rules.Set = RuleSetRulebook
	g, err := New(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.st.Round = 1
	for p := range players {
		g.st.Players[p].Saving = 100
		g.st.Players[p].Survived = 1
	}
	return g
}

func (g *Game) city(x, y, p, level int) {
	c := g.idx(x, y)
	i, ok := g.cityAt(c, p)
	if ok {
		g.st.Cities[i].Level = level
		return
	}
	g.st.Cities = append(g.st.Cities[:i], append([]City{{Cell: c, Player: p, Level: level}}, g.st.Cities[i:]...)...)
}

func (g *Game) levelAt(x, y, p int) int {
	if i, ok := g.cityAt(g.idx(x, y), p); ok {
		return g.st.Cities[i].Level
	}
	return 0
}

func (g *Game) progress(a, x, y int) int64 { return g.st.Progress[a][g.idx(x, y)] }

// roundWith plays one rulebook round's phases with the given orders (nil:
// the defaults).
func (g *Game) roundWith(cmds ...*Commands) {
	all := make([]Commands, g.n)
	for p := range g.n {
		all[p] = g.defaults(p)
		if p < len(cmds) && cmds[p] != nil {
			all[p].Bombs = cmds[p].Bombs
			if cmds[p].Diplomacy != nil {
				all[p].Diplomacy = cmds[p].Diplomacy
			}
		}
	}
	g.st.Round++
	g.rbRound(all)
}

// 军通: influence spreads through own or allied land and stops one cell
// into foreign land. A level-1 city at (0,0) owning (0,0),(1,0): 10 at
// (0,0), ⌊0.9·10⌋ = 9 at (1,0), ⌊0.8·10⌋ = 8 at the neutral (2,0), where
// it stops: 0 at (3,0) (plain convolution would give 7). Union land
// passes it on; a player's land stops it like neutral land.
func TestRulebookInfluenceConnectivity(t *testing.T) {
	g := rbGame(t, fill("g", 6, 1), 3)
	g.set(0, 0, 0)
	g.set(1, 0, 0)
	g.city(0, 0, 0, 1)
	g.rbWar(nil)
	for x, want := range []int64{10, 9, 8, 0, 0, 0} {
		if got := g.infl[0][x]; got != want {
			t.Errorf("own land then neutral: influence at (%d,0) = %d, want %d", x, got, want)
		}
	}
	// (2,0) belongs to a union partner: the influence passes it and stops
	// at (3,0): 7; then (3,0) belongs to player 2 (neutral status): 0 beyond.
	g = rbGame(t, fill("g", 6, 1), 3)
	g.set(0, 0, 0)
	g.set(1, 0, 0)
	g.set(2, 0, 1)
	g.set(3, 0, 2)
	g.city(0, 0, 0, 1)
	g.city(2, 0, 1, 1)
	g.ally(0, 1)
	g.neutral(0, 2)
	g.rbWar(nil)
	for x, want := range []int64{10, 9, 8, 7, 0, 0} {
		if got := g.infl[0][x]; got != want {
			t.Errorf("through a partner's land: influence at (%d,0) = %d, want %d", x, got, want)
		}
	}
	// Water is never entered: (1,0) water blocks the row entirely.
	g = rbGame(t, []string{"g~gg"}, 2)
	g.set(0, 0, 0)
	g.city(0, 0, 0, 2)
	g.rbWar(nil)
	if got := g.infl[0][2]; got != 0 {
		t.Errorf("influence across water = %d, want 0", got)
	}
}

// Attack progress accumulates over rounds and a cell falls only above the
// threshold: a level-2 city next to neutral grass adds 10·⌊0.9·20⌋ = 180
// a round: 180, 360, then 540 > 400 falls in the third round.
func TestRulebookProgressAccumulates(t *testing.T) {
	g := rbGame(t, fill("g", 4, 1), 2)
	g.set(0, 0, 0)
	g.city(0, 0, 0, 2)
	g.set(3, 0, 1)
	g.city(3, 0, 1, 1)
	for round, want := range []int64{180, 360} {
		g.rbWar(nil)
		if got := g.progress(0, 1, 0); got != want || g.owner(1, 0) != Neutral {
			t.Fatalf("round %d: progress %d (want %d), owner %d", round+1, got, want, g.owner(1, 0))
		}
	}
	g.rbWar(nil)
	if g.owner(1, 0) != 0 || g.progress(0, 1, 0) != 0 {
		t.Fatalf("third round: owner %d, progress %d; want player 0 and progress cleared", g.owner(1, 0), g.progress(0, 1, 0))
	}
	// Exactly the threshold does not capture: a level-1 city with
	// influence_per_level 50 gives 10·⌊0.8·50⌋ = 400 at distance 2 through
	// own land.
	g = rbGame(t, fill("g", 3, 1), 2)
	g.cfg.Constants.InfluencePerLevel = 50
	g.set(0, 0, 0)
	g.set(1, 0, 0)
	g.city(0, 0, 0, 1)
	g.rbWar(nil)
	if g.owner(2, 0) != Neutral || g.progress(0, 2, 0) != 400 {
		t.Fatalf("progress exactly 400: owner %d, progress %d; want neutral and 400", g.owner(2, 0), g.progress(0, 2, 0))
	}
}

// Several attackers over the threshold: the highest progress takes the
// cell and all progress on it is cleared. Player 0 (level 3 at (0,0))
// adds 10·27 = 270 to 200 → 470; player 1 (level 2 at (2,0)) adds
// 10·18 = 180 to 300 → 480: player 1 wins. A tie at the top takes nothing.
func TestRulebookSeveralAttackers(t *testing.T) {
	setup := func(p0, p1 int64) *Game {
		g := rbGame(t, fill("g", 3, 1), 2)
		g.set(0, 0, 0)
		g.set(2, 0, 1)
		g.city(0, 0, 0, 3)
		g.city(2, 0, 1, 2)
		g.neutral(0, 1)
		g.st.Progress[0][1], g.st.Progress[1][1] = p0, p1
		return g
	}
	g := setup(200, 300)
	g.rbWar(nil)
	if g.owner(1, 0) != 1 || g.progress(0, 1, 0) != 0 || g.progress(1, 1, 0) != 0 {
		t.Fatalf("owner %d, progress %d/%d; want player 1 and both cleared", g.owner(1, 0), g.progress(0, 1, 0), g.progress(1, 1, 0))
	}
	g = setup(210, 300) // 480 and 480
	g.rbWar(nil)
	if g.owner(1, 0) != Neutral || g.progress(0, 1, 0) != 480 || g.progress(1, 1, 0) != 480 {
		t.Fatalf("tie: owner %d, progress %d/%d; want neutral, 480/480", g.owner(1, 0), g.progress(0, 1, 0), g.progress(1, 1, 0))
	}
}

// Separated territory defends separately. Player 0 owns (0,0),(1,0) and
// (3,0),(4,0), its only city (level 4) at (0,0); player 1, at war, holds
// the cut point (2,0) with a level-1 city. Player 0's influence stops at
// (2,0), so (3,0) has no defence: player 1 gains 10·⌊0.9·10⌋ = 90 there,
// while on (1,0) 90 − 10·⌊0.9·40⌋ = 90 − 360 leaves 0. Player 0 attacks
// the cut point with 10·⌊0.8·40⌋ − 10·10 = 220.
func TestRulebookSeparatedDefence(t *testing.T) {
	g := rbGame(t, fill("g", 5, 1), 2)
	for _, x := range []int{0, 1, 3, 4} {
		g.set(x, 0, 0)
	}
	g.set(2, 0, 1)
	g.city(0, 0, 0, 4)
	g.city(2, 0, 1, 1)
	g.war(0, 1)
	g.rbWar(nil)
	if got := g.progress(1, 3, 0); got != 90 {
		t.Errorf("progress on the cut-off piece = %d, want 90", got)
	}
	if got := g.progress(1, 1, 0); got != 0 {
		t.Errorf("progress on the defended piece = %d, want 0", got)
	}
	if got := g.progress(0, 2, 0); got != 220 {
		t.Errorf("progress on the cut point = %d, want 220", got)
	}
	if got := g.infl[0][g.idx(3, 0)]; got != 0 {
		t.Errorf("player 0's influence on its cut-off piece = %d, want 0", got)
	}
}

// Defence counts the owner and its union partners at war with the
// attacker (allies in war), not other partners. Player 1 owns (1,0);
// player 2 (level 5 at (2,0), on player 1's land) is its partner; player
// 0 (level 5 at (0,0)) attacks: 10·45 = 450. With player 2 at war with
// player 0 the defence is 10·⌊0.9·50⌋ = 450 and progress stays 0; with
// player 2 neutral to player 0 the cell falls (450 > 400).
func TestRulebookAlliesInWar(t *testing.T) {
	for _, inWar := range []bool{true, false} {
		g := rbGame(t, fill("g", 3, 1), 3)
		g.set(0, 0, 0)
		g.set(1, 0, 1)
		g.set(2, 0, 1)
		g.city(0, 0, 0, 5)
		g.city(2, 0, 2, 5)
		g.war(0, 1)
		g.ally(1, 2)
		if inWar {
			g.war(0, 2)
		} else {
			g.neutral(0, 2)
		}
		g.rbWar(nil)
		want := 1
		if !inWar {
			want = 0
		}
		if g.owner(1, 0) != want {
			t.Errorf("partner at war with the attacker %v: owner %d, want %d (progress %d)", inWar, g.owner(1, 0), want, g.progress(0, 1, 0))
		}
	}
}

// Overrun (连破): player 0 (level 1 at (0,0)) raises its city by 6 levels
// to 7 against player 1's undefended land (1,0)–(3,0) (player 1's city
// sits at (6,0), beyond neutral (4,0),(5,0)). The first pass takes (1,0)
// (10·⌊0.9·70⌋ = 630); the placed 6 levels spread again through the land
// just taken: (2,0) gets 10·⌊0.8·60⌋ = 480 and falls, then (3,0)
// 10·⌊0.7·60⌋ = 420 and falls, then neutral (4,0) 10·⌊0.4·60⌋ = 240 does
// not, and (5,0) is beyond the kernel. Without new placements only (1,0)
// falls.
func TestRulebookOverrunChain(t *testing.T) {
	rows := fill("g", 7, 1)
	setup := func() *Game {
		g := rbGame(t, rows, 2)
		g.set(0, 0, 0)
		for x := 1; x <= 3; x++ {
			g.set(x, 0, 1)
		}
		g.set(6, 0, 1)
		g.city(0, 0, 0, 1)
		g.city(6, 0, 1, 1)
		g.war(0, 1)
		return g
	}
	g := setup()
	g.roundWith(&Commands{Bombs: []Bomb{{0, 0, 6}}})
	for x, want := range []int{0, 0, 0, 0, Neutral, Neutral, 1} {
		if got := g.owner(x, 0); got != want {
			t.Errorf("overrun: owner of (%d,0) = %d, want %d", x, got, want)
		}
	}
	if got := g.progress(0, 4, 0); got != 240 {
		t.Errorf("overrun: progress on (4,0) = %d, want 240", got)
	}
	if g.levelAt(0, 0, 0) != 7 || g.st.Players[0].Military != 7 {
		t.Errorf("city level %d, military %d; want 7", g.levelAt(0, 0, 0), g.st.Players[0].Military)
	}
	// Paid 6 levels at 10: 100 − 60 = 40 before production.
	var passes []int
	for _, e := range g.Events() {
		if e.Kind == EvCapture {
			passes = append(passes, e.Value)
		}
	}
	if len(passes) != 3 || passes[0] != 0 || passes[1] != 1 || passes[2] != 2 {
		t.Errorf("capture passes %v, want [0 1 2]", passes)
	}
	// The same level 7 built earlier: one capture only.
	g = setup()
	g.city(0, 0, 0, 7)
	g.roundWith()
	if g.owner(1, 0) != 0 || g.owner(2, 0) != 1 {
		t.Errorf("no placement: owners %d, %d; want 0, 1", g.owner(1, 0), g.owner(2, 0))
	}
}

// Building: k levels cost 10·k; an order that cannot be paid in full is
// cut to what can be paid and ends the list; only own or partner land.
func TestRulebookBuild(t *testing.T) {
	g := rbGame(t, fill("g", 4, 1), 3)
	g.set(0, 0, 0)
	g.set(1, 0, 1)
	g.set(2, 0, 2)
	g.ally(0, 1)
	g.neutral(0, 2)
	g.st.Players[0].Saving = 75
	placed := g.rbBuild([]Commands{{Bombs: []Bomb{{2, 0, 1}, {3, 0, 1}, {0, 0, 2}, {1, 0, 9}, {0, 0, 1}}}, {}, {}})
	// (2,0) neutral player's, (3,0) neutral land: refused. 2 levels at
	// (0,0): 20, saving 55; 9 at (1,0) cut to 5: saving 5; then nothing.
	if g.levelAt(0, 0, 0) != 2 || g.levelAt(1, 0, 0) != 5 || g.st.Players[0].Saving != 5 || len(placed) != 2 {
		t.Fatalf("levels %d, %d, saving %d, %d placements; want 2, 5, 5, 2", g.levelAt(0, 0, 0), g.levelAt(1, 0, 0), g.st.Players[0].Saving, len(placed))
	}
}

// Diplomacy: the attitude table, truce rounds, progress reset on peace.
func TestRulebookDiplomacy(t *testing.T) {
	cmd := func(d Dip) *Commands { return &Commands{Diplomacy: []Dip{d, d}} }
	cases := []struct {
		from   Status
		a, b   Dip
		want   Status
		truced bool // a truce counter already running
	}{
		{NeutralStatus, FormAlliance, FormAlliance, Allied, false},
		{NeutralStatus, FormAlliance, KeepNeutral, NeutralStatus, false},
		{NeutralStatus, JustifyWar, KeepNeutral, AtWar, false},
		{NeutralStatus, Backstab, FormAlliance, AtWar, false},
		{AtWar, JustifyWar, FormAlliance, AtWar, false},
		{AtWar, KeepNeutral, FormAlliance, Truce, false},
		{Allied, FormAlliance, FormAlliance, Allied, false},
		{Allied, FormAlliance, KeepNeutral, Truce, false},
		{Allied, JustifyWar, FormAlliance, Truce, false},
		{Truce, JustifyWar, JustifyWar, Truce, true},
		{Truce, FormAlliance, FormAlliance, Allied, true},
		{Truce, JustifyWar, KeepNeutral, AtWar, false},
	}
	for _, c := range cases {
		g := rbGame(t, []string{"gggggg"}, 2)
		g.set(0, 0, 0)
		g.set(5, 0, 1)
		g.city(0, 0, 0, 1)
		g.city(5, 0, 1, 1)
		g.st.Dip[0][1], g.st.Dip[1][0] = c.from, c.from
		if c.truced {
			g.st.TruceLeft[0][1], g.st.TruceLeft[1][0] = 3, 3
		}
		g.roundWith(cmd(c.a), cmd(c.b))
		if got := g.st.Dip[0][1]; got != c.want {
			t.Errorf("%v with %v/%v: %v, want %v", c.from, c.a, c.b, got, c.want)
		}
	}

	// A war ends in a truce: progress between the two is reset, war is
	// refused for truce_rounds (5) rounds, then the pair is neutral and
	// war works again.
	g := rbGame(t, []string{"gggggg"}, 2)
	g.set(0, 0, 0)
	g.set(1, 0, 1)
	g.set(5, 0, 1)
	g.city(0, 0, 0, 1)
	g.city(5, 0, 1, 1)
	g.war(0, 1)
	g.st.Progress[0][1] = 300
	g.st.Progress[1][0] = 50
	g.roundWith(cmd(KeepNeutral), cmd(KeepNeutral))
	if g.st.Dip[0][1] != Truce || g.st.TruceLeft[0][1] != 5 || g.progress(0, 1, 0) != 0 || g.progress(1, 0, 0) != 0 {
		t.Fatalf("after peace: %v, %d rounds, progress %d/%d; want truce, 5, 0/0", g.st.Dip[0][1], g.st.TruceLeft[0][1], g.progress(0, 1, 0), g.progress(1, 0, 0))
	}
	for r := 1; r <= 5; r++ {
		g.roundWith(cmd(JustifyWar), cmd(KeepNeutral))
		want := Truce
		if r == 5 {
			want = NeutralStatus
		}
		if g.st.Dip[0][1] != want || g.st.TruceLeft[0][1] != 5-r {
			t.Fatalf("truce round %d: %v with %d left; want %v with %d", r, g.st.Dip[0][1], g.st.TruceLeft[0][1], want, 5-r)
		}
	}
	g.roundWith(cmd(JustifyWar), cmd(KeepNeutral))
	if g.st.Dip[0][1] != AtWar {
		t.Fatalf("after the truce: %v, want war", g.st.Dip[0][1])
	}
}

// Leaving a union recalls each side's cities on the other's land at half
// value: a level-3 city refunds ⌊0.5·30⌋ = 15, a level-1 city ⌊0.5·10⌋ = 5.
// With recall_value 0.3 the level-3 city refunds ⌊0.3·30⌋ = 9.
func TestRulebookRecall(t *testing.T) {
	for _, c := range []struct {
		value float64
		want0 int
	}{{0.5, 15}, {0.3, 9}} {
		g := rbGame(t, []string{"gggg"}, 2)
		g.cfg.Constants.RecallValue = c.value
		g.set(0, 0, 0)
		g.set(1, 0, 0)
		g.set(2, 0, 1)
		g.set(3, 0, 1)
		g.city(0, 0, 0, 1)
		g.city(2, 0, 0, 3) // player 0's city on player 1's land
		g.city(1, 0, 1, 1) // player 1's city on player 0's land
		g.city(3, 0, 1, 1)
		g.ally(0, 1)
		g.rbDiplomacy([]Commands{{Diplomacy: []Dip{FormAlliance, FormAlliance}}, {Diplomacy: []Dip{KeepNeutral, KeepNeutral}}})
		if g.st.Dip[0][1] != Truce {
			t.Fatalf("status %v, want truce", g.st.Dip[0][1])
		}
		if g.levelAt(2, 0, 0) != 0 || g.levelAt(1, 0, 1) != 0 || g.levelAt(0, 0, 0) != 1 || g.levelAt(3, 0, 1) != 1 {
			t.Errorf("cities after the recall: %+v", g.st.Cities)
		}
		if g.st.Players[0].Saving != 100+c.want0 {
			t.Errorf("recall_value %v: player 0 has %d, want %d", c.value, g.st.Players[0].Saving, 100+c.want0)
		}
		if want := 100 + int(c.value*10); g.st.Players[1].Saving != want {
			t.Errorf("recall_value %v: player 1 has %d, want %d", c.value, g.st.Players[1].Saving, want)
		}
	}
}

// Elimination on losing every city; an exile (no land, a city on a
// partner's land) survives and earns welfare. Round 2: player 0, the
// exile, has 100 → 100 (no income, no decay) + 2 welfare = 102; player 2
// has land but no city and is eliminated, its land turning neutral.
func TestRulebookExile(t *testing.T) {
	g := rbGame(t, []string{"gggggg"}, 3)
	g.set(0, 0, 1)
	g.set(1, 0, 1)
	g.set(5, 0, 2)
	g.city(0, 0, 1, 1)
	g.city(1, 0, 0, 1) // player 0's only city, on player 1's land
	g.ally(0, 1)
	g.neutral(1, 2)
	g.roundWith()
	ps := g.st.Players
	if !ps[0].Alive || ps[0].Area != 0 || ps[0].Saving != 102 {
		t.Errorf("exile: alive %v, area %d, saving %d; want alive, 0, 102", ps[0].Alive, ps[0].Area, ps[0].Saving)
	}
	if ps[2].Alive || g.owner(5, 0) != Neutral || g.st.AliveCount != 2 {
		t.Errorf("player without cities: alive %v, owner of its land %d, alive count %d", ps[2].Alive, g.owner(5, 0), g.st.AliveCount)
	}
	// Player 1 (area 2, survived round 2) ranks before the exile (area 0),
	// the eliminated player last (survived round 1).
	if r := g.st.Ranking; r[0] != 1 || r[1] != 0 || r[2] != 2 {
		t.Errorf("ranking %v, want [1 0 2]", r)
	}
	// The partner ends the union: the exile's city is recalled for 5 and
	// the exile, without a city, is eliminated.
	g.roundWith(nil, &Commands{Diplomacy: []Dip{KeepNeutral, KeepNeutral, KeepNeutral}})
	if g.st.Players[0].Alive {
		t.Error("an exile whose partner leaves the union survives")
	}
}

// The ranking: goal, rounds survived, area, saving, id.
func TestRulebookRanking(t *testing.T) {
	g := rbGame(t, []string{"gg"}, 5)
	set := func(p, survived, area, saving int, goal bool) {
		ps := &g.st.Players[p]
		ps.Survived, ps.Area, ps.Saving, ps.Goal = survived, area, saving, goal
	}
	set(0, 10, 5, 100, false)
	set(1, 10, 5, 200, false)
	set(2, 12, 1, 0, false)
	set(3, 8, 50, 900, true)
	set(4, 10, 5, 200, false)
	g.rbRank()
	want := []int{3, 2, 1, 4, 0}
	for i, p := range want {
		if g.st.Ranking[i] != p {
			t.Fatalf("ranking %v, want %v", g.st.Ranking, want)
		}
	}
}

// Vision and internal information: own and union land plus one cell
// around it, and the land of neutral and truce players; at-war players
// show nothing but their status; union partners show their saving.
func TestRulebookView(t *testing.T) {
	g := rbGame(t, []string{"gggggggggg"}, 4)
	g.set(0, 0, 0)
	g.set(3, 0, 1) // partner
	g.set(6, 0, 2) // at war
	g.set(9, 0, 3) // truce
	for p, x := range []int{0, 3, 6, 9} {
		g.city(x, 0, p, 1)
		g.st.Players[p].Area, g.st.Players[p].Military, g.st.Players[p].Saving = 1, 1, 70+p
	}
	g.ally(0, 1)
	g.war(0, 2)
	g.st.Dip[0][3], g.st.Dip[3][0] = Truce, Truce
	v := g.view(0, PhaseRound)
	for x, want := range []bool{true, true, true, true, true, false, false, false, false, true} {
		if v.Cells[x].Visible != want {
			t.Errorf("cell (%d,0) visible %v, want %v", x, v.Cells[x].Visible, want)
		}
	}
	if in := v.Info[1]; !in.Union || in.Saving != 71 || in.Area != 1 || in.Military != 1 {
		t.Errorf("partner info %+v", in)
	}
	if in := v.Info[2]; in.Visible || in.Area != 0 || in.Military != 0 || in.Status != AtWar {
		t.Errorf("enemy info %+v", in)
	}
	if in := v.Info[3]; !in.Visible || in.Union || in.Saving != 0 || in.Military != 1 {
		t.Errorf("truce info %+v", in)
	}
}

// A whole rulebook game of scripted builders is deterministic, saves and
// loads at any round and replays from its order log.
func TestRulebookDeterminismSaveReplay(t *testing.T) {
	cfg := testConfig(t, []string{
		"rrrrgggrrrrhhhh",
		"rTTrggg~~rrhhhh",
		"rTTrggg~~rrhPPh",
		"rrrrBsrrrrrhPPh",
		"ggggggrDDrrhhhh",
		"ggggggrDDrrrrrr",
		"hhhhrrrrrrTTggg",
		"hPPhr~~~rrTTggg",
		"hhhhrrrrrrrrggg",
	}, 4, false)
	cfg.Rules.Set = RuleSetRulebook
	cfg.Constants.MaxRound = 30
	builder := func(v *View) Commands {
		c := pusher(v)
		for i := range c.Bombs {
			c.Bombs[i].Size = max(c.Bombs[i].Size/10, 1)
		}
		for q := range c.Diplomacy {
			if q != v.Me && v.Round > 6 && v.Info[q].Status == NeutralStatus {
				c.Diplomacy[q] = JustifyWar
			}
		}
		return c
	}
	deciders := func() []OrderDecider {
		return []OrderDecider{scripted(builder), scripted(builder), scripted(builder), scripted(builder)}
	}
	run := func() *Game {
		g, err := New(cfg, 42)
		if err != nil {
			t.Fatal(err)
		}
		g.Orders.Deciders = deciders()
		playAll(t, g)
		return g
	}
	a, b := run(), run()
	full := saved(t, a)
	if !bytes.Equal(full, saved(t, b)) {
		t.Fatal("two runs differ")
	}
	kinds := map[string]bool{}
	for _, e := range a.Events() {
		kinds[e.Phase+"/"+e.Kind] = true
	}
	for _, k := range []string{"start/spawn", "military/build", "military/capture", "production/production", "check_winner/end"} {
		if !kinds[k] {
			t.Errorf("no %s event", k)
		}
	}
	steps := a.State().Round // the spawn and every round
	if steps < 5 {
		t.Fatalf("the game is too short to test (%d steps)", steps)
	}
	for _, stop := range []int{1, steps / 2, steps - 1} {
		g, _ := New(cfg, 42)
		g.Orders.Deciders = deciders()
		for range stop {
			if over, err := g.Step(); err != nil || over {
				t.Fatalf("stopped early: %v", err)
			}
		}
		l, err := Load(cfg, saved(t, g))
		if err != nil {
			t.Fatal(err)
		}
		l.Orders.Deciders = deciders()
		playAll(t, l)
		if !bytes.Equal(full, saved(t, l)) {
			t.Errorf("loaded after %d steps, the game differs", stop)
		}
	}
	r, _ := New(cfg, 42)
	rep := play.NewOrderReplay[*View](a.Orders.Log)
	r.Orders.Deciders = rep.Deciders(4)
	playAll(t, r)
	if !bytes.Equal(full, saved(t, r)) || rep.Remaining() != 0 {
		t.Error("the replay differs")
	}
}

// StartSaving replaces initial_player_money per player (a series raises
// a winner's); the bid is taken from it. The rulebook puts a city of
// start_level on each spawn and no capital.
func TestStartSavingAndSpawnCity(t *testing.T) {
	cfg := testConfig(t, fill("g", 8, 1), 2, false)
	cfg.Rules.Set = RuleSetRulebook
	g, err := New(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.StartSaving = []int{80, 30}
	g.Orders.Deciders = deciders(spawnAt(5, Pos{0, 0}), spawnAt(0, Pos{7, 0}))
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	ps := g.State().Players
	if ps[0].Saving != 75 || ps[1].Saving != 30 {
		t.Errorf("savings %d, %d; want 75, 30", ps[0].Saving, ps[1].Saving)
	}
	if g.levelAt(0, 0, 0) != 1 || g.levelAt(7, 0, 1) != 1 || ps[0].Capital != Invalid {
		t.Errorf("spawn cities %d, %d, capital %v", g.levelAt(0, 0, 0), g.levelAt(7, 0, 1), ps[0].Capital)
	}
	g2, _ := New(cfg, 1)
	g2.StartSaving = []int{1}
	g2.Orders.Deciders = deciders(spawnAt(0, Pos{0, 0}), spawnAt(0, Pos{7, 0}))
	if _, err := g2.Step(); err == nil {
		t.Error("one starting saving for two players was accepted")
	}
}

// FuzzRulebookOrders plays rulebook games with arbitrary orders (any
// attitudes, builds of any size anywhere): no panic, the game ends,
// savings and levels stay non-negative, cities sit on their owner's or a
// partner's land, and a save loads to the same game.
func FuzzRulebookOrders(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte("\x05\x00\x00\x00\x01\x00\x00\x00\x02\x00\x00\x00\x07\x00\x00\x00\xff\xff\xff\x7f"))
	f.Add([]byte("\x00\x00\x00\x80\x0b\x00\x00\x00\x03\x00\x00\x00\x04\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00\x10\x00\x00\x00\x01\x00\x00\x00\x01\x00\x00\x00\x64\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := testConfig(t, []string{"rrrrgg~~rrrr", "rTTrggg~rrhh", "rrrrBsrrrrhh", "ggggggrDDrrr"}, 3, false)
		cfg.Rules.Set = RuleSetRulebook
		cfg.Constants.MaxRound = 10
		g, err := New(cfg, 3)
		if err != nil {
			t.Fatal(err)
		}
		for p := range 3 {
			g.Orders.Deciders = append(g.Orders.Deciders, &byteOrders{data: data, at: p * 4})
		}
		if _, err := g.Run(); err != nil {
			t.Fatal(err)
		}
		st := g.State()
		for _, p := range st.Players {
			if p.Saving < 0 {
				t.Fatalf("negative saving %+v", p)
			}
		}
		for _, c := range st.Cities {
			o := st.Owner[c.Cell]
			if c.Level < 1 || !g.isPlayer(o) || st.Dip[c.Player][o] != Allied {
				t.Fatalf("city %+v on land of %d", c, o)
			}
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		l, err := Load(cfg, save)
		if err != nil {
			t.Fatal(err)
		}
		if again, _ := l.Save(); string(again) != string(save) {
			t.Fatal("save → load → save changed the game")
		}
	})
}

// An exile whose host dies loses its cities with the host's land: player
// 1 has no city and dies; its land turns neutral, which destroys player
// 0's only city (on that land), so player 0 dies in the same round.
func TestRulebookExileHostDies(t *testing.T) {
	g := rbGame(t, []string{"gggggg"}, 3)
	g.set(0, 0, 1)
	g.set(5, 0, 2)
	g.city(0, 0, 0, 2) // player 0's only city, on player 1's land
	g.city(5, 0, 2, 1)
	g.ally(0, 1)
	g.roundWith()
	ps := g.st.Players
	if ps[0].Alive || ps[1].Alive || !ps[2].Alive || len(g.st.Cities) != 1 || g.st.AliveCount != 1 || !g.st.Over {
		t.Fatalf("alive %v %v %v, cities %+v, over %v", ps[0].Alive, ps[1].Alive, ps[2].Alive, g.st.Cities, g.st.Over)
	}
}

// A placement whose city falls in the same round spreads no overrun. On a
// grass row, player 0 raises a level-6 city on (2,0) this round; player 1
// (at war, a level-20 city at (4,0), land (3,0)) takes (2,0) in the first
// pass: 10·⌊0.8·200⌋ − 10·60 = 1000 > 400, destroying it, while player 0
// takes neutral (1,0) with 10·⌊0.9·60⌋ = 540. Spread again through the now
// open (1,0), the destroyed city would give (0,0) 10·⌊0.8·60⌋ = 480 and
// take it; it must not: (0,0) stays neutral without progress.
func TestRulebookOverrunSkipsDestroyed(t *testing.T) {
	g := rbGame(t, fill("g", 5, 1), 2)
	g.set(2, 0, 0)
	g.set(3, 0, 1)
	g.set(4, 0, 1)
	g.city(2, 0, 0, 6)
	g.city(4, 0, 1, 20)
	g.war(0, 1)
	g.rbWar([]City{{Cell: g.idx(2, 0), Player: 0, Level: 6}})
	if g.owner(2, 0) != 1 || g.levelAt(2, 0, 0) != 0 || g.owner(1, 0) != 0 {
		t.Fatalf("owners %d, %d and level %d; want (2,0) player 1, its city gone, (1,0) player 0", g.owner(2, 0), g.owner(1, 0), g.levelAt(2, 0, 0))
	}
	if g.owner(0, 0) != Neutral || g.progress(0, 0, 0) != 0 {
		t.Fatalf("(0,0): owner %d, progress %d; want neutral, 0", g.owner(0, 0), g.progress(0, 0, 0))
	}
}
