package xghj

import (
	"cmp"
	"slices"
)

// The rulebook rule set (facts §12; rules sheet "Rule set rulebook").
// A round is diplomacy → build → war (progress, captures, overrun) →
// economy → discovery → the end check. Orders are read as follows: a
// diplomatic command is an attitude (KeepNeutral keeps neutral,
// FormAlliance accepts a union, JustifyWar and Backstab mean war), a bomb
// {x, y, size} raises the player's city at (x, y) by size levels, and the
// capital is ignored (the rulebook has cities only).

// attitude maps a command to one of the rulebook's three attitudes.
func attitude(d Dip) Dip {
	if d == Backstab {
		return JustifyWar
	}
	return d
}

// rbRound plays the phases of one rulebook round (the round counter is
// already incremented).
func (g *Game) rbRound(cmds []Commands) error {
	g.rbDiplomacy(cmds)
	placed := g.rbBuild(cmds)
	g.rbWar(placed)
	if err := g.afterMilitary(); err != nil {
		return err
	}
	if err := g.rbProduction(); err != nil {
		return err
	}
	g.discover(PhaseDiscovery)
	g.rbEnd()
	return nil
}

// rbDiplomacy applies the attitude table of the rulebook to every
// discovered pair (i < j) in id order.
func (g *Game) rbDiplomacy(cmds []Commands) {
	st := &g.st
	for i := range g.n {
		for j := i + 1; j < g.n; j++ {
			from := st.Dip[i][j]
			if from == Undiscovered {
				continue
			}
			ai, aj := attitude(cmds[i].Diplomacy[j]), attitude(cmds[j].Diplomacy[i])
			union := ai == FormAlliance && aj == FormAlliance
			war := ai == JustifyWar || aj == JustifyWar
			to := from
			switch from {
			case NeutralStatus, Truce:
				if from == Truce && st.TruceLeft[i][j] > 0 {
					war = false // a declaration during a truce keeps neutral
				}
				switch {
				case war:
					to = AtWar
				case union:
					to = Allied
				}
			case Allied:
				if !union {
					to = Truce
				}
			case AtWar:
				if !war {
					to = Truce
				}
			}
			if to == Truce && from != Truce {
				st.TruceLeft[i][j], st.TruceLeft[j][i] = g.cfg.Constants.TruceRounds, g.cfg.Constants.TruceRounds
			}
			if to != from {
				st.Dip[i][j], st.Dip[j][i] = to, to
				g.emit(Event{Phase: PhaseDiplomacy, Kind: EvDiplomacy, Player: i, Other: j, Status: from, To: to})
			}
			switch {
			case from == Allied && to != Allied:
				g.recall(i, j)
				g.recall(j, i)
			case from == AtWar && to != AtWar:
				g.clearProgress(i, j)
				g.clearProgress(j, i)
			case from == Truce && to == Truce:
				left := st.TruceLeft[i][j] - 1
				if left <= 0 {
					left = 0
					st.Dip[i][j], st.Dip[j][i] = NeutralStatus, NeutralStatus
					g.emit(Event{Phase: PhaseDiplomacy, Kind: EvTruce, Player: i, Other: j})
				}
				st.TruceLeft[i][j], st.TruceLeft[j][i] = left, left
			}
		}
	}
}

// recall removes p's cities on q's land, refunding ⌊recall_value ·
// city_cost · level⌋ for each.
func (g *Game) recall(p, q int) {
	st := &g.st
	kept := st.Cities[:0]
	for _, c := range st.Cities {
		if c.Player == p && st.Owner[c.Cell] == q {
			refund := int(toFixed(g.cfg.Constants.RecallValue) * int64(c.Level*g.cfg.Constants.CityCost) / fixed)
			st.Players[p].Saving += refund
			g.emit(Event{Phase: PhaseDiplomacy, Kind: EvRecall, Player: p, Other: q, X: c.Cell % g.cfg.Cols, Y: c.Cell / g.cfg.Cols, Value: c.Level, Saving: refund})
			continue
		}
		kept = append(kept, c)
	}
	st.Cities = kept
}

// clearProgress resets a's attack progress on b's land.
func (g *Game) clearProgress(a, b int) {
	st := &g.st
	for c, o := range st.Owner {
		if o == b {
			st.Progress[a][c] = 0
		}
	}
}

// cityAt returns the index of p's city on cell c in State.Cities, or the
// index it would be inserted at and false.
func (g *Game) cityAt(c, p int) (int, bool) {
	return slices.BinarySearchFunc(g.st.Cities, City{Cell: c, Player: p}, func(a, b City) int {
		if d := cmp.Compare(a.Cell, b.Cell); d != 0 {
			return d
		}
		return cmp.Compare(a.Player, b.Player)
	})
}

// rbBuild validates every alive player's build orders in list order and
// raises its cities: a cell on the map, not water, owned by the player or
// a union partner, a positive number of levels; k levels cost
// city_cost · k. An order the player cannot pay in full is cut to the
// levels it can pay, and nothing after it counts; at most
// military_count_limit orders count. It returns what was placed this
// round (one entry per order, merged per cell and player).
func (g *Game) rbBuild(cmds []Commands) []City {
	st := &g.st
	cost := g.cfg.Constants.CityCost
	var placed []City
	for p := range g.n {
		ps := &st.Players[p]
		if !ps.Alive {
			continue
		}
		count := 0
		for _, b := range cmds[p].Bombs {
			if !g.in(b.X, b.Y) || b.Size <= 0 {
				continue
			}
			c := g.idx(b.X, b.Y)
			if g.cfg.Cells[c].Atk <= 0 || !g.friendly(p, st.Owner[c]) {
				continue
			}
			k, last := b.Size, false
			if k > ps.Saving/cost {
				k, last = ps.Saving/cost, true
			}
			if k > 0 {
				ps.Saving -= k * cost
				if i, ok := g.cityAt(c, p); ok {
					st.Cities[i].Level += k
				} else {
					st.Cities = slices.Insert(st.Cities, i, City{Cell: c, Player: p, Level: k})
				}
				placed = append(placed, City{Cell: c, Player: p, Level: k})
				g.emit(Event{Phase: PhaseMilitary, Kind: EvBuild, Player: p, X: b.X, Y: b.Y, Value: k, Saving: ps.Saving})
			}
			count++
			if last || count >= g.cfg.Constants.MilitaryCountLimit {
				break
			}
		}
	}
	return placed
}

// spreadFrom adds to out the influence of p's cities srcs under 军通:
// from each city, influence_per_level · level times the kernel weight of
// the offset reaches the cells found by a 4-neighbour search inside the
// kernel square that continues only through cells pass accepts; the first
// other cell it meets is reached and stops the search there. Water is
// never entered. Each city's contribution is truncated on its own.
func (g *Game) spreadFrom(srcs []City, pass func(c int) bool, out []int64) {
	r := g.radius
	cols := g.cfg.Cols
	ipl := int64(g.cfg.Constants.InfluencePerLevel)
	for _, s := range srcs {
		g.stamp++
		sx, sy := s.Cell%cols, s.Cell/cols
		strength := ipl * int64(s.Level)
		g.queue = append(g.queue[:0], s.Cell)
		g.seen[s.Cell] = g.stamp
		for len(g.queue) > 0 {
			c := g.queue[0]
			g.queue = g.queue[1:]
			x, y := c%cols, c/cols
			k := (x-sx+r)*g.side + (y - sy + r)
			out[c] += g.ar.kx[k] * strength / fixed
			if c != s.Cell && !pass(c) {
				continue
			}
			g.neighbours(c, func(d int) {
				dx, dy := d%cols-sx, d/cols-sy
				if g.seen[d] == g.stamp || abs(dx) > r || abs(dy) > r || g.cfg.Cells[d].Atk <= 0 {
					return
				}
				g.seen[d] = g.stamp
				g.queue = append(g.queue, d)
			})
		}
	}
}

// attacks reports whether player a attacks cell c under its current
// owner: neutral land is attacked by every alive player, a player's land
// by those at war with it.
func (g *Game) attacks(a, c int) bool {
	o := g.st.Owner[c]
	if !g.st.Players[a].Alive || g.cfg.Cells[c].Atk <= 0 {
		return false
	}
	if o == Neutral {
		return true
	}
	return g.isPlayer(o) && g.st.Dip[o][a] == AtWar
}

// defence is the defence of cell c against attacker a: def(c) times the
// influence of the owner and of its union partners at war with a (the
// rulebook's allies in war).
func (g *Game) defence(a, c int, infl [][]int64) int64 {
	o := g.st.Owner[c]
	if !g.isPlayer(o) {
		return 0
	}
	sum := infl[o][c]
	for q := range g.n {
		if q != o && q != a && g.st.Dip[o][q] == Allied && g.st.Dip[q][a] == AtWar {
			sum += infl[q][c]
		}
	}
	return int64(g.cfg.Cells[c].Def) * sum
}

// citiesOf returns p's entries of cities.
func citiesOf(cities []City, p int) []City {
	var out []City
	for _, c := range cities {
		if c.Player == p {
			out = append(out, c)
		}
	}
	return out
}

// rbWar is the war phase: influence of every city under 军通, the attack
// progress of every (cell, attacker) pair (+ atk · influence − defence,
// never below 0), captures above capture_threshold, then overrun passes
// while captures happen.
func (g *Game) rbWar(placed []City) {
	st := &g.st
	cells := len(st.Owner)
	for p := range g.n {
		clear(g.infl[p])
		clear(g.counted[p])
		if !st.Players[p].Alive {
			continue
		}
		pass := func(c int) bool { return g.friendly(p, st.Owner[c]) }
		g.spreadFrom(citiesOf(st.Cities, p), pass, g.infl[p])
		g.spreadFrom(citiesOf(placed, p), pass, g.counted[p])
	}
	for c := range cells {
		for a := range g.n {
			if !g.attacks(a, c) {
				continue
			}
			v := st.Progress[a][c] + int64(g.cfg.Cells[c].Atk)*g.infl[a][c] - g.defence(a, c, g.infl)
			st.Progress[a][c] = max(v, 0)
		}
	}
	captured := g.rbCapture(0)
	// Overrun (连破): the cities placed this round spread again with
	// neutral land (and the land just taken, now their owner's) passable;
	// the influence they had not yet exerted adds to the progress, until a
	// pass captures nothing. Every pass captures a cell, so cells+1 passes
	// bound it.
	extra := g.extra
	for pass := 1; captured > 0 && len(placed) > 0 && pass <= cells+1; pass++ {
		for p := range g.n {
			clear(extra[p])
			// Placements whose city a capture destroyed spread no more.
			mine := slices.DeleteFunc(citiesOf(placed, p), func(c City) bool {
				_, ok := g.cityAt(c.Cell, p)
				return !ok
			})
			if len(mine) == 0 || !st.Players[p].Alive {
				continue
			}
			open := func(c int) bool { return st.Owner[c] == Neutral || g.friendly(p, st.Owner[c]) }
			g.spreadFrom(mine, open, extra[p])
		}
		for c := range cells {
			for a := range g.n {
				add := extra[a][c] - g.counted[a][c]
				if add <= 0 {
					continue
				}
				g.counted[a][c] = extra[a][c]
				if g.attacks(a, c) {
					st.Progress[a][c] += int64(g.cfg.Cells[c].Atk) * add
				}
			}
		}
		captured = g.rbCapture(pass)
	}
	for p := range g.n {
		st.Players[p].Military = 0
	}
	for _, c := range st.Cities {
		st.Players[c.Player].Military += c.Level
	}
}

// rbCapture takes every cell on which some attacker's progress exceeds
// capture_threshold: the attacker with the highest progress takes it (a
// tie at the top takes nothing this round); the cell's cities and all
// progress on it are cleared. It returns the number of captures.
func (g *Game) rbCapture(pass int) int {
	st := &g.st
	limit := int64(g.cfg.Constants.CaptureThreshold)
	n := 0
	for c := range st.Owner {
		best, top, tie := -1, int64(0), false
		for a := range g.n {
			v := st.Progress[a][c]
			if v <= limit || !g.attacks(a, c) {
				continue
			}
			switch {
			case v > top:
				best, top, tie = a, v, false
			case v == top:
				tie = true
			}
		}
		if best < 0 || tie {
			continue
		}
		from := st.Owner[c]
		st.Owner[c] = best
		for a := range g.n {
			st.Progress[a][c] = 0
		}
		kept := st.Cities[:0]
		for _, ct := range st.Cities {
			if ct.Cell == c {
				g.emit(Event{Phase: PhaseMilitary, Kind: EvDestroy, Player: ct.Player, X: c % g.cfg.Cols, Y: c / g.cfg.Cols, Value: ct.Level})
				continue
			}
			kept = append(kept, ct)
		}
		st.Cities = kept
		st.Exciting++
		n++
		g.emit(Event{Phase: PhaseMilitary, Kind: EvCapture, Player: best, Other: from, X: c % g.cfg.Cols, Y: c / g.cfg.Cols, Value: pass})
	}
	return n
}

// rbProduction is the economy: income = the resources of the player's
// land, the savings decay of facts §7 (the rulebook's inflation), welfare
// unit_city_income · round for every alive player (exiles included), then
// the income. The effects may change the income from the land.
func (g *Game) rbProduction() error {
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
		if !ps.Alive {
			ps.Income, ps.Area = 0, 0
			continue
		}
		res, err := g.income(p, inc[p])
		if err != nil {
			return err
		}
		ps.Income, ps.Area = res, area[p]
		ps.Saving = g.ar.corrupt(ps.Saving, ps.Income)
		ps.Saving += st.Round*g.cfg.Constants.UnitCityIncome + ps.Income
		g.emit(Event{Phase: PhaseProduction, Kind: EvProduction, Player: p, Value: ps.Income, Saving: ps.Saving})
	}
	return nil
}

// rbEnd eliminates every player without a city (its land turns neutral;
// exiles, with cities on a partner's land only, survive), ranks the
// players and ends the game when at most one is alive or at the round
// limit.
func (g *Game) rbEnd() {
	st := &g.st
	// A death turns land neutral and so destroys the cities others had on
	// it, which can leave another player without a city: repeat until no
	// one dies.
	for again := true; again; {
		again = false
		has := make([]bool, g.n)
		for _, c := range st.Cities {
			has[c.Player] = true
		}
		for p := range g.n {
			if st.Players[p].Alive && !has[p] {
				g.rbKill(p)
				again = true
			}
		}
	}
	for p := range g.n {
		if st.Players[p].Alive {
			st.Players[p].Survived = st.Round
		}
	}
	g.rbRank()
	if st.AliveCount <= 1 || st.Round >= g.cfg.Constants.MaxRound {
		st.Over = true
		g.emit(Event{Phase: PhaseEnd, Kind: EvEnd, Player: st.Ranking[0]})
	}
}

// rbKill eliminates p: its land turns neutral (the cities others had on
// it are destroyed), its diplomacy is reset, progress on and by it is
// dropped. Its saving stays (the ranking reads
// the saving at exit).
func (g *Game) rbKill(p int) {
	st := &g.st
	ps := &st.Players[p]
	ps.Alive, ps.Income, ps.Area, ps.Capital = false, 0, 0, Invalid
	st.AliveCount--
	for q := range g.n {
		if q != p {
			st.Dip[p][q], st.Dip[q][p] = Undiscovered, Undiscovered
			st.TruceLeft[p][q], st.TruceLeft[q][p] = 0, 0
		}
	}
	clear(st.Progress[p])
	for c, o := range st.Owner {
		if o == p {
			st.Owner[c] = Neutral
			for a := range g.n {
				st.Progress[a][c] = 0
			}
		}
	}
	kept := st.Cities[:0]
	for _, ct := range st.Cities {
		if st.Owner[ct.Cell] == Neutral {
			g.emit(Event{Phase: PhaseEnd, Kind: EvDestroy, Player: ct.Player, X: ct.Cell % g.cfg.Cols, Y: ct.Cell / g.cfg.Cols, Value: ct.Level})
			continue
		}
		kept = append(kept, ct)
	}
	st.Cities = kept
	g.emit(Event{Phase: PhaseEnd, Kind: EvEliminate, Player: p})
}

// rbRank orders the players by the rulebook's ranking: the scenario goal,
// rounds survived, area, saving, then id.
func (g *Game) rbRank() {
	st := &g.st
	for p := range st.Ranking {
		st.Ranking[p] = p
	}
	slices.SortStableFunc(st.Ranking, func(a, b int) int {
		pa, pb := &st.Players[a], &st.Players[b]
		if pa.Goal != pb.Goal {
			if pa.Goal {
				return -1
			}
			return 1
		}
		if d := cmp.Compare(pb.GoalScore, pa.GoalScore); d != 0 {
			return d
		}
		if d := cmp.Compare(pb.Survived, pa.Survived); d != 0 {
			return d
		}
		if d := cmp.Compare(pb.Area, pa.Area); d != 0 {
			return d
		}
		if d := cmp.Compare(pb.Saving, pa.Saving); d != 0 {
			return d
		}
		return cmp.Compare(a, b)
	})
}
