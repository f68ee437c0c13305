package xghj

import "testing"

// The state of dead players and the justify-war counters (facts §17). The
// rules are the same in both fc14 modes; only the stale area differs (the
// fix clears it at the kill, the original at the next production).

// A player killed at the spawn has saving 0 and income 0 (the kill zeroes
// both; facts §3, §17) and keeps its initial area of 1 in the start state
// (bit exact, facts §16); the first production reads area and income 0.
func TestSpawnKillZeroesIncome(t *testing.T) {
	for _, exact := range []bool{false, true} {
		g, err := New(testConfig(t, fill("g", 10, 10), 2, exact), 1)
		if err != nil {
			t.Fatal(err)
		}
		// Player 0 chooses first (bid 10) and is checked first in either
		// order; player 1 spawns at Manhattan distance 1 < 3: killed.
		g.Orders.Deciders = deciders(spawnAt(10, Pos{0, 0}), spawnAt(0, Pos{1, 0}))
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
		p := g.State().Players[1]
		wantArea := 0
		if exact {
			wantArea = 1 // not touched by the kill (facts §16, §17)
		}
		if p.Alive || p.Saving != 0 || p.Income != 0 || p.Area != wantArea {
			t.Errorf("bit_exact=%v start: killed player %+v; want dead, saving 0, income 0, area %d", exact, p, wantArea)
		}
		// Round 1 (engine round 2): the dead player's area and income
		// are recounted to 0. Player 0: income 1 + 1 = 2, area 1, saving
		// ⌊(1 − 0.0006)·40⌋ = 39, + welfare 2 + income 2 = 43.
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
		p, q := g.State().Players[1], g.State().Players[0]
		if p.Saving != 0 || p.Income != 0 || p.Area != 0 {
			t.Errorf("bit_exact=%v after the first production: killed player %+v; want saving, income and area 0", exact, p)
		}
		if q.Income != 2 || q.Area != 1 || q.Saving != 43 {
			t.Errorf("bit_exact=%v after the first production: player 0 %+v; want income 2, area 1, saving 43", exact, q)
		}
	}
}

// Production resets area and income of every player, the dead included,
// then recounts the map (facts §17): a player eliminated in one round
// reads area 0 after the next production.
func TestProductionRecountsDead(t *testing.T) {
	for _, exact := range []bool{false, true} {
		g := testGame(t, fill("g", 10, 1), 3, exact)
		g.set(0, 0, 0)
		for x := 1; x <= 4; x++ {
			g.set(x, 0, 1)
		}
		for x := 5; x <= 9; x++ {
			g.set(x, 0, 2)
		}
		// Areas and incomes as the last production left them (grass: res 1).
		for p, area := range []int{1, 4, 5} {
			g.st.Players[p].Area, g.st.Players[p].Income = area, 1+area
		}
		// Engine round 15 > 10: income must be ≥ 5 (facts §9 step 3);
		// player 0 (income 2) dies.
		g.st.Round = 15
		g.checkWinner()
		p0 := g.st.Players[0]
		stale := 0
		if exact {
			stale = 1 // the kill does not touch area (facts §16, §17)
		}
		if p0.Alive || p0.Income != 0 || p0.Saving != 0 || p0.Area != stale {
			t.Fatalf("bit_exact=%v after the kill: %+v; want dead, income 0, saving 0, area %d", exact, p0, stale)
		}
		g.st.Round = 16
		if err := g.production(); err != nil {
			t.Fatal(err)
		}
		want := [][2]int{{0, 0}, {4, 5}, {5, 6}} // area, income
		for p, w := range want {
			ps := g.st.Players[p]
			if ps.Area != w[0] || ps.Income != w[1] {
				t.Errorf("bit_exact=%v after the next production: player %d area %d income %d; want %d %d", exact, p, ps.Area, ps.Income, w[0], w[1])
			}
		}
		if g.st.Players[0].Saving != 0 {
			t.Errorf("bit_exact=%v: the dead player earned: saving %d", exact, g.st.Players[0].Saving)
		}
	}
}

// Killing a player leaves every justify-war counter as it is, the dead
// player's and those of others towards it (facts §17); only its
// diplomacy goes back to Undiscovered (facts §9).
func TestKillKeepsJustifyWar(t *testing.T) {
	for _, exact := range []bool{false, true} {
		g := testGame(t, fill("g", 4, 1), 3, exact)
		g.set(1, 0, 1)
		g.set(3, 0, 2)
		g.neutral(0, 1)
		g.neutral(0, 2)
		g.neutral(1, 2)
		for p := range 3 {
			g.st.Players[p].Area, g.st.Players[p].Income = 1, 2
		}
		g.st.Players[0].Area = 0 // no land: killed by CheckWinner step 1
		jw := [][]int{{0, 2, 1}, {1, 0, 2}, {2, 1, 0}}
		for a := range 3 {
			copy(g.st.JW[a], jw[a])
		}
		g.st.Round = 5
		g.checkWinner()
		if g.st.Players[0].Alive || g.st.Dip[0][1] != Undiscovered || g.st.Dip[2][0] != Undiscovered || g.st.Dip[1][2] != NeutralStatus {
			t.Fatalf("bit_exact=%v: kill: alive %v, diplomacy %v", exact, g.st.Players[0].Alive, g.st.Dip)
		}
		for a := range 3 {
			for b := range 3 {
				if g.st.JW[a][b] != jw[a][b] {
					t.Errorf("bit_exact=%v: counter %d→%d is %d after the kill, want %d", exact, a, b, g.st.JW[a][b], jw[a][b])
				}
			}
		}
	}
}

// Every start of a war resets both justify-war counters of the pair
// (facts §6 steps 5 and 6, §17): by a third JustifyWar, and by a Backstab
// while the other side has justified twice.
func TestWarStartResetsJustifyWar(t *testing.T) {
	KN, JW, BS := KeepNeutral, JustifyWar, Backstab
	cmd := func(d ...[]Dip) []Commands {
		out := make([]Commands, len(d))
		for p := range d {
			out[p] = Commands{Diplomacy: d[p]}
		}
		return out
	}
	for _, exact := range []bool{false, true} {
		// A third JustifyWar: 0 justifies rounds 1–3, 1 answers from round
		// 2; in round 3 0's counter reaches 3 and both are reset (1's
		// would be 2).
		g := testGame(t, fill("g", 3, 1), 2, exact)
		g.neutral(0, 1)
		g.diplomacy(cmd([]Dip{KN, JW}, []Dip{KN, KN}))
		g.diplomacy(cmd([]Dip{KN, JW}, []Dip{JW, KN}))
		if g.st.Dip[0][1] != NeutralStatus || g.st.JW[0][1] != 2 || g.st.JW[1][0] != 1 {
			t.Fatalf("bit_exact=%v: after two rounds %v, counters %d %d; want neutral 2 1", exact, g.st.Dip[0][1], g.st.JW[0][1], g.st.JW[1][0])
		}
		g.diplomacy(cmd([]Dip{KN, JW}, []Dip{JW, KN}))
		if g.st.Dip[0][1] != AtWar || g.st.JW[0][1] != 0 || g.st.JW[1][0] != 0 {
			t.Errorf("bit_exact=%v: third JW: %v, counters %d %d; want at_war 0 0", exact, g.st.Dip[0][1], g.st.JW[0][1], g.st.JW[1][0])
		}
		// 0 paid 3 × 5, 1 paid 2 × 5.
		if g.st.Players[0].Saving != 35 || g.st.Players[1].Saving != 40 {
			t.Errorf("bit_exact=%v: savings %d %d, want 35 40", exact, g.st.Players[0].Saving, g.st.Players[1].Saving)
		}

		// A backstab, from either side of the pair: 2 justifies against
		// 0 and 1 against 2 for two rounds; in round 2, 0 backstabs 2 (0
		// is the pair's first) and 2 backstabs 1 (2 is the second). Both
		// pairs go to war, and all four counters are 0.
		g = testGame(t, fill("g", 3, 1), 3, exact)
		g.neutral(0, 1)
		g.neutral(0, 2)
		g.neutral(1, 2)
		g.diplomacy(cmd([]Dip{KN, KN, KN}, []Dip{KN, KN, JW}, []Dip{JW, KN, KN}))
		if g.st.JW[2][0] != 1 || g.st.JW[1][2] != 1 {
			t.Fatalf("bit_exact=%v: round 1 counters %d %d, want 1 1", exact, g.st.JW[2][0], g.st.JW[1][2])
		}
		g.diplomacy(cmd([]Dip{KN, KN, BS}, []Dip{KN, KN, JW}, []Dip{JW, BS, KN}))
		if g.st.Dip[0][2] != AtWar || g.st.Dip[1][2] != AtWar || g.st.Dip[0][1] != NeutralStatus {
			t.Fatalf("bit_exact=%v: backstabs: %v", exact, g.st.Dip)
		}
		for _, ab := range [][2]int{{0, 2}, {2, 0}, {1, 2}, {2, 1}} {
			if c := g.st.JW[ab[0]][ab[1]]; c != 0 {
				t.Errorf("bit_exact=%v: counter %d→%d is %d after the backstab war, want 0", exact, ab[0], ab[1], c)
			}
		}
		// A backstab costs nothing; each JustifyWar 5.
		if s := []int{g.st.Players[0].Saving, g.st.Players[1].Saving, g.st.Players[2].Saving}; !equal(s, []int{50, 40, 40}) {
			t.Errorf("bit_exact=%v: savings %v, want 50 40 40", exact, s)
		}
	}
}
