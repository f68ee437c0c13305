package xghj

// diplomacy runs the diplomacy phase (facts §6): the pairs (i < j) in
// lexicographic order, Undiscovered pairs skipped.
func (g *Game) diplomacy(cmds []Commands) {
	st := &g.st
	k := g.cfg.Constants
	for p := range g.buff {
		g.buff[p] = false
	}
	for i := range g.n {
		for j := i + 1; j < g.n; j++ {
			from := st.Dip[i][j]
			if from == Undiscovered {
				continue
			}
			ci, cj := cmds[i].Diplomacy[j], cmds[j].Diplomacy[i]
			ci = g.pay(i, j, ci)
			cj = g.pay(j, i, cj)
			st.JW[i][j] = next(st.JW[i][j], ci)
			st.JW[j][i] = next(st.JW[j][i], cj)
			to := NeutralStatus
			switch {
			case ci == JustifyWar && (from == AtWar || st.JW[i][j] >= k.WarJustifyTime),
				cj == JustifyWar && (from == AtWar || st.JW[j][i] >= k.WarJustifyTime),
				ci == Backstab || cj == Backstab:
				// Every start of a war resets both counters, a backstab's
				// included (facts §17).
				to = AtWar
				st.JW[i][j], st.JW[j][i] = 0, 0
			case ci == FormAlliance && cj == FormAlliance:
				to = Allied
			}
			st.Dip[i][j], st.Dip[j][i] = to, to
			if to != from {
				g.emit(Event{Phase: PhaseDiplomacy, Kind: EvDiplomacy, Player: i, Other: j, Status: from, To: to})
			}
		}
	}
}

// next is the JustifyWar counter after command c.
func next(count int, c Dip) int {
	if c == JustifyWar {
		return count + 1
	}
	return 0
}

// pay applies steps 1–3 of facts §6 to p's command toward q: the one-shot
// backstab, the price of JustifyWar and of FormAlliance. It returns the
// command in effect.
func (g *Game) pay(p, q int, c Dip) Dip {
	ps := &g.st.Players[p]
	if c == Backstab {
		if !ps.BackstabUsed {
			ps.BackstabUsed = true
			g.buff[p] = true
			g.emit(Event{Phase: PhaseDiplomacy, Kind: EvBackstab, Player: p, Other: q})
		} else {
			c = JustifyWar
		}
	}
	if c == JustifyWar {
		price := g.cfg.Constants.WarJustifyPrice
		if ps.Saving < price {
			c = KeepNeutral
		} else {
			ps.Saving -= price
		}
	}
	if c == FormAlliance {
		price := g.ar.allyCost(g.st.Players[q].Income)
		if ps.Saving < price {
			c = KeepNeutral
		} else {
			ps.Saving -= price
		}
	}
	return c
}
