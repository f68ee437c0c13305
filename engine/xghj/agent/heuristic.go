package agent

import (
	"math"
	"slices"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/engine/xghj"
)

// Heuristic is the baseline bot. It bids Bid and spawns where the
// resources around are richest, away from the others. Each round it
//
//   - keeps alliances with players at least a third as strong as itself
//     (by income) and justifies war on weaker neighbouring allies; seeks an
//     alliance with anyone much stronger, peace with a stronger enemy, and
//     war with a much weaker neighbour when it can afford it;
//   - puts a share of its money on its capital when an enemy is near it;
//   - spends the rest on bombs next to the richest cells it can take,
//     sized to break them by the break rule with its own planned influence
//     counted, keeping the money its diplomacy costs;
//   - moves its capital into the middle of its land when it has lost it.
//
// Under the rulebook rules its strategy is rulebook's.
//
// With Vary set it plays like a person would from game to game, drawing
// from a stream of Seed: it bids up to a tenth of its money, spawns on one
// of the cells scoring within a tenth of the best, breaks ties between
// targets of about equal worth at random, and has a temper of its own (a
// boldness drawn once from Seed) that moves its war thresholds.
type Heuristic struct {
	// Bid is the spawn bid (default 0; with Vary, the least bid).
	Bid int
	// Vary and Seed: see above.
	Vary bool
	Seed uint64
}

// boldness is the player's temper in [0, 1): 0 is cautious, 1 bold; 0.5
// without Vary (the thresholds as documented).
func (a Heuristic) boldness() float64 {
	if !a.Vary {
		return 0.5
	}
	return rng.New(a.Seed ^ 0xb01d).Float()
}

// stream returns the random stream of one ask, nil without Vary.
func (a Heuristic) stream(v *xghj.View, req *play.OrderRequest) *rng.RNG {
	if !a.Vary {
		return nil
	}
	return stream(a.Seed, v, req.Attempt)
}

// shuffleTies adds up to spread to each target's score and sorts again, so
// targets of about equal worth come in a random order (r nil: unchanged).
func shuffleTies(targets []target, r *rng.RNG, spread int) {
	if r == nil {
		return
	}
	for i := range targets {
		targets[i].score += r.IntN(spread)
	}
	slices.SortStableFunc(targets, func(p, q target) int { return q.score - p.score })
}

// Orders implements xghj.OrderDecider.
func (a Heuristic) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	r := a.stream(v, req)
	switch v.Phase {
	case xghj.PhaseBid:
		bid := a.Bid
		if r != nil {
			bid += r.IntN(v.Constants.InitialPlayerMoney/10 + 1)
		}
		return xghj.Commands{Bid: bid}, nil
	case xghj.PhaseSpawn:
		if at, ok := bestSpawn(v, r); ok {
			return xghj.Commands{Spawn: &at}, nil
		}
		return xghj.Commands{}, play.ErrDefault
	}
	if v.Rulebook {
		return a.rulebook(v, r), nil
	}
	return a.round(v, r), nil
}

// bestSpawn scores every legal cell by the resources within distance 3,
// preferring cells at least twice the minimum distance from the others;
// with r, a random one of the cells scoring within a tenth of the best.
func bestSpawn(v *xghj.View, r *rng.RNG) (xghj.Pos, bool) {
	best, bestScore := xghj.Invalid, math.MinInt
	for _, far := range []int{2 * v.Constants.MinAbsDistBetween, v.Constants.MinAbsDistBetween} {
		var scores []int // by cell, -1 for illegal ones (with r)
		for y := range v.Rows {
			for x := range v.Cols {
				at := xghj.Pos{X: x, Y: y}
				if !spawnOK(v, at, max(far, 1)) {
					continue
				}
				score := 0
				for dx := -3; dx <= 3; dx++ {
					for dy := -3 + abs(dx); dy <= 3-abs(dx); dy++ {
						if v.In(x+dx, y+dy) {
							t := v.Terrain[(y+dy)*v.Cols+x+dx]
							if t.Atk > 0 {
								score += t.Res * (4 - abs(dx) - abs(dy))
							}
						}
					}
				}
				if score > bestScore {
					best, bestScore = at, score
				}
				if r != nil {
					for len(scores) < y*v.Cols+x {
						scores = append(scores, -1)
					}
					scores = append(scores, score)
				}
			}
		}
		if best != xghj.Invalid && r != nil {
			var near []int
			for i, s := range scores {
				if s >= 0 && s*10 >= bestScore*9 {
					near = append(near, i)
				}
			}
			i := near[r.IntN(len(near))]
			return xghj.Pos{X: i % v.Cols, Y: i / v.Cols}, true
		}
		if best != xghj.Invalid {
			return best, true
		}
	}
	return best, false
}

func (a Heuristic) round(v *xghj.View, r *rng.RNG) xghj.Commands {
	me := v.Me
	c := v.Defaults
	c.Diplomacy = slices.Clone(c.Diplomacy)
	c.Capital = nil
	my := v.Info[me]
	saving := my.Saving
	inc := max(my.Income, 1)

	// Who borders whom: players owning a visible cell next to ours.
	near := make([]bool, v.Players)
	var mine []int
	for i, cell := range v.Cells {
		if cell.Owner != me {
			continue
		}
		mine = append(mine, i)
		x, y := i%v.Cols, i/v.Cols
		for _, d := range dirs {
			if v.In(x+d[0], y+d[1]) {
				if o := v.At(x+d[0], y+d[1]).Owner; o < v.Players && o != me {
					near[o] = true
				}
			}
		}
	}

	// Diplomacy by relative strength; the war chest a bold player wants
	// is 20, a cautious one's 60 (40 without Vary).
	chest := 20 + int(40*(1-a.boldness()))
	cost := 0
	for q := range v.Players {
		in := v.Info[q]
		if q == me || !in.Visible {
			continue
		}
		d := xghj.KeepNeutral
		switch in.Status {
		case xghj.Allied:
			d = xghj.FormAlliance
			if near[q] && in.Income*3 < inc && saving > chest {
				d = xghj.JustifyWar
			}
		case xghj.AtWar:
			d = xghj.JustifyWar
			if in.Income*10 > inc*13 {
				d = xghj.FormAlliance
			} else if !near[q] {
				d = xghj.KeepNeutral
			}
		case xghj.NeutralStatus:
			if in.Income*2 > inc*3 {
				d = xghj.FormAlliance
			} else if near[q] && in.Income*2 < inc && saving > chest {
				d = xghj.JustifyWar
			}
		}
		switch d {
		case xghj.JustifyWar:
			cost += v.Constants.WarJustifyPrice
		case xghj.FormAlliance:
			cost += int(v.Constants.UnitAreaAllyCost*float64(in.Income)) + 1
		}
		c.Diplomacy[q] = d
	}
	budget := saving - cost - 2
	if budget <= 0 || len(mine) == 0 {
		return a.capital(v, c, mine)
	}
	atWar := func(o int) bool { return o < v.Players && v.Info[o].Status == xghj.AtWar }

	// Planned own influence, to size bombs against what is already there.
	plan := make([]int, len(v.Cells))
	add := func(b xghj.Bomb) {
		r := len(v.Kernel) / 2
		for dx := -r; dx <= r; dx++ {
			for dy := -r; dy <= r; dy++ {
				if v.In(b.X+dx, b.Y+dy) {
					plan[(b.Y+dy)*v.Cols+b.X+dx] += int(weight(v, dx, dy) * float64(b.Size))
				}
			}
		}
	}
	if capital := my.Capital; v.In(capital.X, capital.Y) {
		add(xghj.Bomb{X: capital.X, Y: capital.Y, Size: int(v.Constants.CapitalInfluence * float64(my.Income))})
		// Defend the capital when an enemy is within 4.
		threat := false
		for dx := -4; dx <= 4 && !threat; dx++ {
			for dy := -4; dy <= 4; dy++ {
				if v.In(capital.X+dx, capital.Y+dy) && atWar(v.At(capital.X+dx, capital.Y+dy).Owner) {
					threat = true
					break
				}
			}
		}
		if threat {
			b := xghj.Bomb{X: capital.X, Y: capital.Y, Size: budget * 3 / 10}
			c.Bombs = append(c.Bombs, b)
			add(b)
			budget -= b.Size
		}
	}

	// Targets: takeable cells next to our land, richest first.
	targets := frontier(v, mine, atWar)
	shuffleTies(targets, r, 60)
	w := weight(v, 1, 0)
	limit := v.Constants.MilitaryCountLimit
	for _, t := range targets {
		if budget <= 0 || len(c.Bombs) >= limit-1 || w <= 0 {
			break
		}
		terr := v.Terrain[t.cell]
		need := (v.Constants.SuppressLimit + terr.Atk - 1) / terr.Atk
		if o := v.Cells[t.cell].Owner; o != xghj.Neutral && !v.Cells[t.cell].Sieged {
			need += terr.Def * 30 / terr.Atk
		}
		short := need - plan[t.cell]
		if short <= 0 {
			continue
		}
		size := int(math.Ceil(float64(short)/w)) + 1
		if size > budget {
			continue
		}
		b := xghj.Bomb{X: t.from % v.Cols, Y: t.from / v.Cols, Size: size}
		c.Bombs = append(c.Bombs, b)
		add(b)
		budget -= size
	}
	return a.capital(v, c, mine)
}

// capital moves a lost capital to the own cell with most own neighbours
// (then the highest defence, then the first).
func (a Heuristic) capital(v *xghj.View, c xghj.Commands, mine []int) xghj.Commands {
	capital := v.Info[v.Me].Capital
	if v.In(capital.X, capital.Y) && v.At(capital.X, capital.Y).Owner == v.Me {
		return c
	}
	best, bestScore := -1, -1
	for _, i := range mine {
		x, y := i%v.Cols, i/v.Cols
		score := v.Terrain[i].Def
		for _, d := range dirs {
			if v.In(x+d[0], y+d[1]) && v.At(x+d[0], y+d[1]).Owner == v.Me {
				score += 100
			}
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	if best >= 0 {
		c.Capital = &xghj.Pos{X: best % v.Cols, Y: best / v.Cols}
	}
	return c
}
