package agent

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/xghj"
)

var glyphCells = map[byte]xghj.Cell{'r': {Res: 2, Atk: 30, Def: 10}, 'g': {Res: 1, Atk: 10, Def: 10}, 'T': {Res: 5, Atk: 20, Def: 30}, '~': {Res: 0, Atk: 0, Def: 20}}

func shipped() [][]float64 {
	table := [5][5]float64{{1.0, 0.9, 0.8, 0.7, 0.4}, {0.9, 0.8, 0.5, 0.3, 0.2}, {0.8, 0.5, 0.3, 0.2, 0.1}, {0.7, 0.3, 0.2, 0.1, 0.1}, {0.4, 0.2, 0.1, 0.1, 0.05}}
	k := make([][]float64, 9)
	for n := range k {
		k[n] = make([]float64, 9)
		for m := range k[n] {
			k[n][m] = table[abs(n-4)][abs(m-4)]
		}
	}
	return k
}

// handView builds a round view of player 0 over terrain rows and owner rows
// ('.' neutral, digits players), everything visible; info sets the
// players' statuses and incomes.
func handView(terrain, owners []string, players int) *xghj.View {
	v := &xghj.View{Me: 0, Players: players, Cols: len(terrain[0]), Rows: len(terrain), Round: 5, Phase: xghj.PhaseRound,
		Kernel: shipped(), Constants: xghj.DefaultConstants(), Info: make([]xghj.PlayerInfo, players)}
	for y, row := range terrain {
		for x := range row {
			v.Terrain = append(v.Terrain, glyphCells[row[x]])
			o := xghj.Neutral
			if c := owners[y][x]; c >= '0' && c <= '9' {
				o = int(c - '0')
			}
			v.Cells = append(v.Cells, xghj.CellView{Owner: o, Visible: true})
		}
	}
	v.Defaults.Diplomacy = make([]xghj.Dip, players)
	for p := range v.Info {
		v.Info[p] = xghj.PlayerInfo{Status: xghj.NeutralStatus, Visible: true, Alive: true, Income: 10, Capital: xghj.Invalid}
	}
	v.Info[0] = xghj.PlayerInfo{Status: xghj.Allied, Visible: true, Alive: true, Union: true, Income: 10, Saving: 40, Capital: xghj.Pos{X: 0, Y: 2}}
	return v
}

func orders(t *testing.T, v *xghj.View) xghj.Commands {
	t.Helper()
	c, err := Heuristic{}.Orders(v, &play.OrderRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// It spends first on the richest cell it can take: the teaching building
// (res 5) next to its eastern cell, with a bomb sized by the break rule
// (⌈400/20⌉ = 20 influence at weight 0.9: size 24).
func TestHeuristicExpandsTowardResources(t *testing.T) {
	v := handView([]string{"ggggggg", "ggggggg", "gggggT~", "ggggggg", "ggggggg"},
		[]string{".......", ".......", "0...0..", ".......", "......."}, 2)
	v.Info[1].Visible, v.Info[1].Status = false, xghj.Undiscovered
	c := orders(t, v)
	if len(c.Bombs) != 1 || c.Bombs[0] != (xghj.Bomb{X: 4, Y: 2, Size: 24}) {
		t.Fatalf("bombs %v, want one at (4,2) of size 24 (grass needs 40 influence: size 46, more than is left)", c.Bombs)
	}
	spent := 0
	for _, b := range c.Bombs {
		spent += b.Size
	}
	if spent > 40 {
		t.Errorf("spent %d of 40", spent)
	}
}

// An enemy at war within 4 cells of the capital draws 30 % of the budget
// onto the capital.
func TestHeuristicDefendsCapital(t *testing.T) {
	v := handView([]string{"rrrrrrr", "rrrrrrr", "rrrrrrr"}, []string{"00.....", "001....", "00....."}, 2)
	v.Info[0].Capital = xghj.Pos{X: 0, Y: 1}
	v.Info[1].Status, v.Info[1].Income = xghj.AtWar, 10
	c := orders(t, v)
	// Budget: 40 − 5 (JustifyWar on the neighbour at war) − 2 = 33; 30 % is 9.
	if len(c.Bombs) == 0 || c.Bombs[0] != (xghj.Bomb{X: 0, Y: 1, Size: 9}) {
		t.Errorf("bombs %v, want (0,1) size 9 first", c.Bombs)
	}
	if c.Diplomacy[1] != xghj.JustifyWar {
		t.Errorf("diplomacy toward the neighbour at war: %v", c.Diplomacy[1])
	}
	// Without the war there is no defence bomb.
	v.Info[1].Status = xghj.NeutralStatus
	if c := orders(t, v); len(c.Bombs) > 0 && c.Bombs[0].X == 0 && c.Bombs[0].Y == 1 && c.Bombs[0].Size == 9 {
		t.Errorf("defends without a threat: %v", c.Bombs)
	}
}

// Alliances by relative strength (its income 10, saving 60): ally with the
// much stronger, keep a fair ally, turn on a weak allied neighbour and on a
// weak neutral neighbour, seek peace with a stronger enemy, fight on with a
// weaker one.
func TestHeuristicDiplomacy(t *testing.T) {
	v := handView([]string{"rrrrr", "rrrrr", "rrrrr"}, []string{".123.", "40005", ".6..."}, 7)
	v.Info[0].Saving, v.Info[0].Capital = 60, xghj.Pos{X: 2, Y: 1}
	set := func(p int, s xghj.Status, inc int) { v.Info[p].Status, v.Info[p].Income = s, inc }
	set(1, xghj.NeutralStatus, 16) // stronger (16·2 > 10·3): ally
	set(2, xghj.Allied, 4)         // fair ally (4·3 ≥ 10): keep
	set(3, xghj.Allied, 3)         // weak allied neighbour (3·3 < 10): break with war
	set(4, xghj.NeutralStatus, 4)  // weak neutral neighbour (4·2 < 10): justify war
	set(5, xghj.AtWar, 14)         // stronger enemy (140 > 130): peace offer
	set(6, xghj.AtWar, 12)         // weaker enemy: fight on
	c := orders(t, v)
	want := []xghj.Dip{1: xghj.FormAlliance, 2: xghj.FormAlliance, 3: xghj.JustifyWar, 4: xghj.JustifyWar, 5: xghj.FormAlliance, 6: xghj.JustifyWar}
	for p := 1; p < 7; p++ {
		if c.Diplomacy[p] != want[p] {
			t.Errorf("toward player %d: %v, want %v", p, c.Diplomacy[p], want[p])
		}
	}
	// Poor, it does not start wars.
	v.Info[0].Saving = 30
	if c := orders(t, v); c.Diplomacy[3] != xghj.FormAlliance || c.Diplomacy[4] != xghj.KeepNeutral {
		t.Errorf("poor: toward 3 %v, toward 4 %v", c.Diplomacy[3], c.Diplomacy[4])
	}
}

// A lost capital moves to the own cell with most own neighbours.
func TestHeuristicMovesCapital(t *testing.T) {
	v := handView([]string{"rrrrr", "rrrrr", "rrrrr"}, []string{"0....", "000..", "0...."}, 2)
	v.Info[0].Capital = xghj.Invalid
	c := orders(t, v)
	if c.Capital == nil || *c.Capital != (xghj.Pos{X: 0, Y: 1}) {
		t.Errorf("capital %v, want (0,1)", c.Capital)
	}
	v.Info[0].Capital = xghj.Pos{X: 2, Y: 1}
	if c := orders(t, v); c.Capital != nil {
		t.Errorf("a valid capital moved to %v", *c.Capital)
	}
}

// The spawn: the richest legal cell, away from earlier choices.
func TestHeuristicSpawn(t *testing.T) {
	v := handView([]string{"gggggggg", "gggggTTg", "gggggTTg", "gggggggg"}, []string{"........", "........", "........", "........"}, 2)
	v.Phase = xghj.PhaseSpawn
	c := orders(t, v)
	if c.Spawn == nil || (*c.Spawn != xghj.Pos{X: 5, Y: 1} && *c.Spawn != xghj.Pos{X: 6, Y: 1} && *c.Spawn != xghj.Pos{X: 5, Y: 2} && *c.Spawn != xghj.Pos{X: 6, Y: 2}) {
		t.Errorf("spawn %v, want on the teaching buildings", c.Spawn)
	}
	v.Selected = []xghj.Pos{*c.Spawn}
	c2 := orders(t, v)
	if d := abs(c2.Spawn.X-c.Spawn.X) + abs(c2.Spawn.Y-c.Spawn.Y); d < 3 {
		t.Errorf("second spawn %v at distance %d of %v", *c2.Spawn, d, *c.Spawn)
	}
}

// With Vary, targets of equal worth come in an order drawn from the seed:
// on a plain of equal cells, different seeds open toward different cells,
// and one seed always toward the same.
func TestHeuristicVaryBreaksTies(t *testing.T) {
	terrain := []string{"rrrrr", "rrrrr", "rrrrr", "rrrrr", "rrrrr"}
	owners := []string{".....", ".....", "00000", ".....", "....."}
	first := func(seed uint64) string {
		v := handView(terrain, owners, 2)
		v.Info[0].Capital = xghj.Pos{X: 2, Y: 2}
		c, err := Heuristic{Vary: true, Seed: seed}.Orders(v, &play.OrderRequest{})
		if err != nil {
			t.Fatal(err)
		}
		if len(c.Bombs) == 0 {
			t.Fatalf("seed %d: no bombs", seed)
		}
		return fmt.Sprint(c.Bombs)
	}
	if a, b := first(7), first(7); a != b {
		t.Fatalf("one seed, two openings: %v and %v", a, b)
	}
	v := handView(terrain, owners, 2)
	v.Info[0].Capital = xghj.Pos{X: 2, Y: 2}
	fixed := orders(t, v) // without Vary: always the same
	openings := map[string]bool{}
	for seed := range uint64(20) {
		openings[first(seed)] = true
	}
	if len(openings) < 2 {
		t.Errorf("20 seeds opened alike (%v); without Vary: %v", openings, fixed.Bombs)
	}
}

// Boldness moves the war chest: a bold player (boldness near 1) wants
// less money before a war on a weaker neighbour than a cautious one.
func TestHeuristicBoldnessVaries(t *testing.T) {
	if (Heuristic{}).boldness() != 0.5 {
		t.Fatal("without Vary the temper is the documented middle")
	}
	lo, hi := 1.0, 0.0
	for seed := range uint64(50) {
		b := Heuristic{Vary: true, Seed: seed}.boldness()
		if b < 0 || b >= 1 {
			t.Fatalf("boldness %v out of [0, 1)", b)
		}
		lo, hi = min(lo, b), max(hi, b)
	}
	if hi-lo < 0.5 {
		t.Errorf("50 seeds span only boldness %v..%v", lo, hi)
	}
}

// Explain gives the orders Orders gives and says why, term by term: the
// teaching building (res 5, def 30) scores 5·100 − 30 = 470 and gets the
// bomb of size 24; the grass cell (1,2) (res 1, def 10) scores 90 and needs
// 400/10 = 40 influence, of which the capital's free bomb (0.3·10 = 3 at
// weight 0.9: 2) and the first bomb (24 at weight 0.7: 16) plan 18: 22
// short, a bomb of ⌈22/0.9⌉ + 1 = 26, more than the 14 left.
func TestHeuristicExplain(t *testing.T) {
	v := handView([]string{"ggggggg", "ggggggg", "gggggT~", "ggggggg", "ggggggg"},
		[]string{".......", ".......", "0...0..", ".......", "......."}, 2)
	v.Info[1].Visible, v.Info[1].Status = false, xghj.Undiscovered
	want := orders(t, v)
	got, tr, err := Heuristic{}.Explain(v, &play.OrderRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) || fmt.Sprint(tr.Orders) != fmt.Sprint(want) {
		t.Fatalf("Explain's orders %v differ from Orders' %v", got, want)
	}
	if tr.Budget != 40-2 {
		t.Errorf("budget %d, want 38 (40 saved, 2 kept back)", tr.Budget)
	}
	if len(tr.Targets) < 2 {
		t.Fatalf("targets %+v", tr.Targets)
	}
	first := tr.Targets[0]
	if first.Cell != (xghj.Pos{X: 5, Y: 2}) || first.ResTerm != 500 || first.DefTerm != -30 || first.Score != 470 || first.Size != 24 || first.Result != "bomb placed next to it" {
		t.Errorf("first target %+v, want the teaching building at (5,2): 500 − 30 = 470, a bomb of 24", first)
	}
	second := tr.Targets[1]
	if second.Cell != (xghj.Pos{X: 1, Y: 2}) || second.Score != 90 || second.Size != 26 || second.Result != "too dear for the budget left" {
		t.Errorf("second target %+v, want the grass cell (1,2) scoring 90 that needs 26", second)
	}
}
