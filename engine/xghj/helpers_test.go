package xghj

import (
	"github.com/sandtable/sandtable/engine/play"
	"strings"
	"testing"
)

// The terrain classes of the Tsinghua map (facts §2), by glyph.
var testTerrain = map[byte]Cell{
	'r': {2, 30, 10}, 'g': {1, 10, 10}, 'h': {1, 20, 20}, 'T': {5, 20, 30},
	'~': {0, 0, 20}, 'P': {5, 30, 20}, 'D': {8, 20, 30}, 's': {2, 15, 15}, 'B': {2, 10, 15},
}

// shippedTable is the kernel of facts §4 by (|dx|, |dy|).
var shippedTable = [5][5]float64{
	{1.0, 0.9, 0.8, 0.7, 0.4},
	{0.9, 0.8, 0.5, 0.3, 0.2},
	{0.8, 0.5, 0.3, 0.2, 0.1},
	{0.7, 0.3, 0.2, 0.1, 0.1},
	{0.4, 0.2, 0.1, 0.1, 0.05},
}

func shippedKernel() [][]float64 {
	k := make([][]float64, 9)
	for n := range k {
		k[n] = make([]float64, 9)
		for m := range k[n] {
			k[n][m] = shippedTable[abs(n-4)][abs(m-4)]
		}
	}
	return k
}

// testConfig makes a config from glyph rows (row y is rows[y]).
func testConfig(t testing.TB, rows []string, players int, bitExact bool) *Config {
	t.Helper()
	c := &Config{Game: GameName, Name: "test", Cols: len(rows[0]), Rows: len(rows), Kernel: shippedKernel(),
		Constants: DefaultConstants(), Rules: Rules{Set: RuleSetFC14, BitExact: bitExact}}
	for _, r := range rows {
		for i := 0; i < len(r); i++ {
			cell, ok := testTerrain[r[i]]
			if !ok {
				t.Fatalf("unknown glyph %q", r[i])
			}
			c.Cells = append(c.Cells, cell)
		}
	}
	for p := range players {
		c.Players = append(c.Players, Player{Name: string(rune('A' + p))})
	}
	return c
}

// testGame makes a started game (round 1, nobody placed) of the rows.
func testGame(t testing.TB, rows []string, players int, bitExact bool) *Game {
	t.Helper()
	g, err := New(testConfig(t, rows, players, bitExact), 1)
	if err != nil {
		t.Fatal(err)
	}
	g.st.Round = 1
	for p := range players {
		g.st.Players[p].Saving = 50
	}
	return g
}

func (g *Game) set(x, y, owner int) { g.st.Owner[g.idx(x, y)] = owner }

func (g *Game) owner(x, y int) int { return g.st.Owner[g.idx(x, y)] }

func (g *Game) ally(a, b int) {
	g.st.Dip[a][b], g.st.Dip[b][a] = Allied, Allied
}

func (g *Game) war(a, b int) {
	g.st.Dip[a][b], g.st.Dip[b][a] = AtWar, AtWar
}

func (g *Game) neutral(a, b int) {
	g.st.Dip[a][b], g.st.Dip[b][a] = NeutralStatus, NeutralStatus
}

func fill(glyph string, cols, rows int) []string {
	out := make([]string, rows)
	for i := range out {
		out[i] = strings.Repeat(glyph, cols)
	}
	return out
}

// scripted is an OrderDecider answering from a function.
type scripted func(v *View) Commands

func (f scripted) Orders(v *View, _ *play.OrderRequest) (Commands, error) { return f(v), nil }
