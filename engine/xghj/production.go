package xghj

// production runs the production phase (facts §7); the effects may
// change each player's income from resources (before the +1).
func (g *Game) production() error {
	st := &g.st
	inc := make([]int, g.n)
	area := make([]int, g.n)
	for c, o := range st.Owner {
		if g.isPlayer(o) {
			inc[o] += g.cfg.Cells[c].Res
			area[o]++
		}
	}
	for p := range g.n {
		ps := &st.Players[p]
		// Every player's area is recounted, the dead's too (facts §17: 0,
		// as the kill left it no land); the dead earn nothing.
		if !ps.Alive {
			ps.Income, ps.Area = 0, area[p]
			continue
		}
		res, err := g.income(p, inc[p])
		if err != nil {
			return err
		}
		ps.Income = 1 + res
		ps.Area = area[p]
		ps.Saving = g.ar.corrupt(ps.Saving, ps.Income)
		if g.valid(ps.Capital) {
			ps.Saving += st.Round * g.cfg.Constants.UnitCityIncome
		}
		ps.Saving += ps.Income
		g.emit(Event{Phase: PhaseProduction, Kind: EvProduction, Player: p, Value: ps.Income, Saving: ps.Saving})
	}
	return nil
}

// discover runs DiscoverCountry (facts §8): players whose cells are at
// Manhattan distance 1 to FieldBoundary meet, and so do their allies.
func (g *Game) discover(phase string) {
	st := &g.st
	cols, rows := g.cfg.Cols, g.cfg.Rows
	meet := make([]bool, g.n*g.n)
	for c, a := range st.Owner {
		if a < 0 || a >= g.n {
			continue
		}
		x, y := c%cols, c/cols
		for _, d := range g.ring {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= cols || ny >= rows {
				continue
			}
			if b := st.Owner[ny*cols+nx]; b != a && b >= 0 && b < g.n {
				meet[a*g.n+b] = true
			}
		}
	}
	found := func(a, b int) {
		if st.Dip[a][b] == Undiscovered {
			st.Dip[a][b], st.Dip[b][a] = NeutralStatus, NeutralStatus
			g.emit(Event{Phase: phase, Kind: EvDiscover, Player: min(a, b), Other: max(a, b)})
		}
	}
	for a := range g.n {
		for b := range g.n {
			if !meet[a*g.n+b] {
				continue
			}
			found(a, b)
			for q := range g.n {
				if q != a && q != b && st.Dip[a][q] == Allied {
					found(q, b)
				}
			}
		}
	}
}

// checkWinner runs CheckWinner (facts §9): eliminations, the ranking and
// the end.
func (g *Game) checkWinner() {
	st := &g.st
	k := g.cfg.Constants
	for p := range g.n {
		if st.Players[p].Alive && st.Players[p].Area == 0 {
			g.kill(p)
			st.Ranking[st.AliveCount] = p
			g.emit(Event{Phase: PhaseEnd, Kind: EvEliminate, Player: p, Value: st.AliveCount})
		}
	}
	alive := g.alivePlayers()
	// By income descending; on ties the higher id first.
	ranked := make([]int, 0, len(alive))
	for i := len(alive) - 1; i >= 0; i-- {
		p := alive[i]
		at := len(ranked)
		for at > 0 && st.Players[ranked[at-1]].Income < st.Players[p].Income {
			at--
		}
		ranked = append(ranked, 0)
		copy(ranked[at+1:], ranked[at:])
		ranked[at] = p
	}
	copy(st.Ranking, ranked)
	if st.Round > k.StrictRoundStart {
		for slot, p := range ranked {
			if st.Players[p].Income < st.Round-k.StrictRoundStart {
				g.kill(p)
				g.emit(Event{Phase: PhaseEnd, Kind: EvEliminate, Player: p, Value: slot})
			}
		}
	}
	end := st.AliveCount == 1
	if !g.cfg.Rules.BitExact {
		end = st.AliveCount <= 1
	}
	if end || st.Round >= k.MaxRound {
		st.Over = true
		g.emit(Event{Phase: PhaseEnd, Kind: EvEnd, Player: st.Ranking[0]})
	}
}

// kill eliminates p (facts §9 step 1).
func (g *Game) kill(p int) {
	st := &g.st
	ps := &st.Players[p]
	ps.Alive, ps.Saving, ps.Income = false, 0, 0
	st.AliveCount--
	// The justify-war counters are left as they are (facts §17).
	for q := range g.n {
		if q != p {
			st.Dip[p][q], st.Dip[q][p] = Undiscovered, Undiscovered
		}
	}
	for c, o := range st.Owner {
		if o == p {
			st.Owner[c] = Neutral
		}
	}
	if !g.cfg.Rules.BitExact {
		ps.Area, ps.Capital = 0, Invalid
	}
}
