package xghj

// military runs the military phase (facts §5).
func (g *Game) military(cmds []Commands) {
	st := &g.st
	for p := range g.n {
		inf := g.infl[p]
		for i := range inf {
			inf[i] = 0
		}
		power := 0
		for _, b := range g.validBombs(p, cmds[p].Bombs) {
			g.spread(p, b)
			power += b.Size
		}
		// §5.2: the free capital bomb, on the capital of the last round.
		if c := st.Players[p].Capital; g.valid(c) {
			size := g.ar.capitalBomb(st.Players[p].Income)
			g.spread(p, Bomb{X: c.X, Y: c.Y, Size: size})
			power += size
		}
		st.Players[p].Military = power
		if g.buff[p] {
			for i, v := range inf {
				inf[i] = v + v/2
			}
		}
	}
	g.tentative()
	g.connect()
	g.apply()
	g.capitals(cmds)
	g.siege()
}

// tentative computes the defence and attack values of every cell from the
// influence maps and the break rule's tentative owner (facts §5.3–§5.5):
// g.tent[c] is -1 for no change, a player, or Neutral.
func (g *Game) tentative() {
	st := &g.st
	limit := int64(g.cfg.Constants.SuppressLimit)
	for c := range st.Owner {
		g.tent[c] = -1
		cell := g.cfg.Cells[c]
		o := st.Owner[c]
		var def int64
		if g.isPlayer(o) && !st.Sieged[c] {
			var sum int64
			for q := range g.n {
				if st.Dip[q][o] == Allied {
					sum += g.infl[q][c]
				}
			}
			def = g.ar.mul(int64(cell.Def), sum)
		}
		var a1, a2 int64
		q1 := -1
		for q := range g.n {
			if g.isPlayer(o) && st.Dip[o][q] != AtWar {
				continue
			}
			a := g.ar.mul(int64(cell.Atk), g.infl[q][c])
			if a > a1 {
				a2, a1, q1 = a1, a, q
			} else if a > a2 {
				a2 = a
			}
		}
		// With no attacker a1 is 0; only a limit of 0 lets that through,
		// and then, as in the original, the "tie" makes the cell neutral.
		if a1 >= def+limit {
			if a1 > a2 {
				g.tent[c] = q1
			} else {
				g.tent[c] = Neutral
			}
		}
	}
}

// apply applies the tentative owners and resets water (facts §5.7 steps 1
// and 2).
func (g *Game) apply() {
	st := &g.st
	for c := range st.Owner {
		if t := g.tent[c]; t >= 0 && t != st.Owner[c] {
			g.emit(Event{Phase: PhaseMilitary, Kind: EvCapture, Player: t, Other: st.Owner[c], X: c % g.cfg.Cols, Y: c / g.cfg.Cols})
			st.Owner[c] = t
			st.Exciting++
		} else if t >= 0 {
			st.Exciting++
		}
	}
	for c := range st.Owner {
		if g.cfg.Cells[c].Atk <= 0 && st.Owner[c] != Neutral {
			g.emit(Event{Phase: PhaseMilitary, Kind: EvWater, Player: Neutral, Other: st.Owner[c], X: c % g.cfg.Cols, Y: c / g.cfg.Cols})
			st.Owner[c] = Neutral
		}
	}
}

// validBombs validates p's bomb list (facts §5.1) and charges its cost.
func (g *Game) validBombs(p int, bombs []Bomb) []Bomb {
	st := &g.st
	ps := &st.Players[p]
	out := make([]Bomb, 0, len(bombs))
	count := 0
	cost := g.cfg.Constants.UnitBombCost
	for _, b := range bombs {
		if !g.in(b.X, b.Y) || !g.friendly(p, st.Owner[g.idx(b.X, b.Y)]) || b.Size < 0 {
			continue
		}
		if cost > 0 && b.Size > ps.Saving/cost {
			// The last affordable bomb takes what is left; nothing after
			// it counts.
			b.Size = ps.Saving / cost
			ps.Saving -= b.Size * cost
			out = append(out, b)
			break
		}
		ps.Saving -= b.Size * cost
		out = append(out, b)
		count++
		if count >= g.cfg.Constants.MilitaryCountLimit {
			break
		}
	}
	return out
}

// spread adds bomb b's influence to p's influence map: the truncated
// kernel convolution of facts §4, cells off the map dropped.
func (g *Game) spread(p int, b Bomb) {
	if b.Size == 0 {
		return
	}
	inf := g.infl[p]
	r := g.radius
	for n := range g.side {
		x := b.X + n - r
		if x < 0 || x >= g.cfg.Cols {
			continue
		}
		for m := range g.side {
			y := b.Y + m - r
			if y < 0 || y >= g.cfg.Rows {
				continue
			}
			c := g.idx(x, y)
			inf[c] = g.ar.addInfluence(inf[c], n*g.side+m, b.Size)
		}
	}
}

// neighbours calls f with the 4-neighbours of cell c on the map.
func (g *Game) neighbours(c int, f func(int)) {
	x, y := c%g.cfg.Cols, c/g.cfg.Cols
	if x > 0 {
		f(c - 1)
	}
	if x+1 < g.cfg.Cols {
		f(c + 1)
	}
	if y > 0 {
		f(c - g.cfg.Cols)
	}
	if y+1 < g.cfg.Rows {
		f(c + g.cfg.Cols)
	}
}

// connect applies capture connectivity (facts §5.6): a cell tentatively
// captured by q stays q's only if it is 4-connected, through cells q
// captures this round, to a cell q or an ally owned before the round;
// otherwise it turns neutral.
func (g *Game) connect() {
	st := &g.st
	for c := range g.seen {
		g.seen[c] = 0
	}
	for q := range g.n {
		g.queue = g.queue[:0]
		mark := q + 1
		for c, t := range g.tent {
			if t != q {
				continue
			}
			seeded := false
			g.neighbours(c, func(d int) {
				if g.friendly(q, st.Owner[d]) {
					seeded = true
				}
			})
			// A captured cell is never q's or an ally's own (attackers are
			// at war with the owner or take neutral land).
			if seeded {
				g.seen[c] = mark
				g.queue = append(g.queue, c)
			}
		}
		for len(g.queue) > 0 {
			c := g.queue[len(g.queue)-1]
			g.queue = g.queue[:len(g.queue)-1]
			g.neighbours(c, func(d int) {
				if g.tent[d] == q && g.seen[d] != mark {
					g.seen[d] = mark
					g.queue = append(g.queue, d)
				}
			})
		}
		for c, t := range g.tent {
			if t == q && g.seen[c] != mark {
				g.tent[c] = Neutral
			}
		}
	}
}

// capitals updates every player's capital (facts §5.7 step 3).
func (g *Game) capitals(cmds []Commands) {
	st := &g.st
	for p := range g.n {
		ps := &st.Players[p]
		if !ps.Alive && !g.cfg.Rules.BitExact {
			continue
		}
		at := ps.Capital
		if c := cmds[p].Capital; c != nil && g.valid(*c) {
			at = *c
		}
		if !g.valid(at) || !g.friendly(p, st.Owner[g.idx(at.X, at.Y)]) {
			at = Invalid
		}
		if at != ps.Capital {
			ps.Capital = at
			g.emit(Event{Phase: PhaseMilitary, Kind: EvCapital, Player: p, X: at.X, Y: at.Y})
		}
	}
}

// siege recomputes the sieged flags (facts §5.7 step 4).
func (g *Game) siege() {
	st := &g.st
	for c := range st.Sieged {
		st.Sieged[c] = true
		g.seen[c] = 0
	}
	for p := range g.n {
		if !g.valid(st.Players[p].Capital) {
			continue
		}
		mark := p + 1
		g.queue = g.queue[:0]
		for q := range g.n {
			c := st.Players[q].Capital
			if st.Dip[p][q] != Allied || !g.valid(c) {
				continue
			}
			i := g.idx(c.X, c.Y)
			if g.seen[i] != mark {
				g.seen[i] = mark
				g.queue = append(g.queue, i)
			}
		}
		for len(g.queue) > 0 {
			c := g.queue[len(g.queue)-1]
			g.queue = g.queue[:len(g.queue)-1]
			if st.Owner[c] == p {
				st.Sieged[c] = false
			}
			g.neighbours(c, func(d int) {
				if g.seen[d] != mark && g.friendly(p, st.Owner[d]) {
					g.seen[d] = mark
					g.queue = append(g.queue, d)
				}
			})
		}
	}
}
