package ftbt

// offsetCell returns the cell at offset (dx, dy) from cell, or -1 off the
// map.
func (g *Game) offsetCell(cell int, off [2]int) int {
	w := g.cfg.Width
	x, y := cell%w+off[0], cell/w+off[1]
	if x < 0 || x >= w || y < 0 || y >= g.cfg.Height {
		return -1
	}
	return y*w + x
}

// allowed reports whether tech's terrain mask allows cell.
func (g *Game) allowed(tech, cell int) bool {
	return g.cfg.Techs[tech].Mask[g.cfg.Cells[cell]]
}

// markTargets appends to dst the cells tech marks as targets from cell
// (facts §6): each offset in file order that lands on the map on a terrain
// the mask allows, without duplicates (marking is a set). With enemyOf ≥ 0
// only cells holding a person of a side other than enemyOf are kept (the
// resolution rule of TargetEnemy classes).
func (g *Game) markTargets(tech, cell, enemyOf int, dst []int) []int {
	g.tstamp++
	if g.tstamp == 0 {
		clear(g.tmark)
		g.tstamp = 1
	}
	for _, off := range g.cfg.Techs[tech].Offsets {
		t := g.offsetCell(cell, off)
		if t < 0 || g.tmark[t] == g.tstamp || !g.allowed(tech, t) {
			continue
		}
		if enemyOf >= 0 {
			if o := g.occ[t]; o < 0 || g.cfg.People[o].Side == enemyOf {
				continue
			}
		}
		g.tmark[t] = g.tstamp
		dst = append(dst, t)
	}
	return dst
}

// validTargets appends to dst the targets person p may choose for the tech
// in slot from its current cell: the marked cells, and for TargetEnemy
// classes only those holding a person of the other side.
func (g *Game) validTargets(p, slot int, dst []int) []int {
	cell := g.st.People[p].Cell
	if cell < 0 {
		return dst
	}
	pc := &g.cfg.People[p]
	t := pc.Techs[slot]
	enemyOf := -1
	if g.cfg.Classes[g.cfg.Techs[t].Class].Target == TargetEnemy {
		enemyOf = pc.Side
	}
	return g.markTargets(t, cell, enemyOf, dst)
}

// Targets returns the cells the tech in person p's slot marks from the
// person's current cell (facts §6), in offset order without duplicates,
// whatever is on them; nil for a person off the map or a bad index. The
// slice is the caller's.
func (g *Game) Targets(p, slot int) []int {
	if p < 0 || p >= len(g.st.People) || slot < 0 || slot >= len(g.cfg.People[p].Techs) {
		return nil
	}
	cell := g.st.People[p].Cell
	if cell < 0 {
		return nil
	}
	return g.markTargets(g.cfg.People[p].Techs[slot], cell, -1, nil)
}
