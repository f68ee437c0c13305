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
	// trace, when set, records the choice (Explain).
	trace *Trace
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
		if a.trace != nil {
			a.trace.Bid = &bid
		}
		return xghj.Commands{Bid: bid}, nil
	case xghj.PhaseSpawn:
		if at, ok := bestSpawn(v, r, a.trace); ok {
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
func bestSpawn(v *xghj.View, r *rng.RNG, tr *Trace) (xghj.Pos, bool) {
	if tr != nil {
		defer func() { tr.Spawns = topSpawns(tr.Spawns, 8) }()
	}
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
				if tr != nil {
					tr.Spawns = append(tr.Spawns, SpawnTerm{Cell: at, Resources: score, Far: far > v.Constants.MinAbsDistBetween})
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
			markSpawn(tr, pos(v, i))
			return pos(v, i), true
		}
		if best != xghj.Invalid {
			markSpawn(tr, best)
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
		d, rule := xghj.KeepNeutral, "no reason to change"
		switch in.Status {
		case xghj.Allied:
			d, rule = xghj.FormAlliance, "keep the alliance"
			if near[q] && in.Income*3 < inc && saving > chest {
				d, rule = xghj.JustifyWar, "a neighbouring ally under a third as strong, and money above the war chest: war"
			}
		case xghj.AtWar:
			d, rule = xghj.JustifyWar, "keep fighting a neighbour"
			if in.Income*10 > inc*13 {
				d, rule = xghj.FormAlliance, "an enemy over 1.3 times as strong: seek peace"
			} else if !near[q] {
				d, rule = xghj.KeepNeutral, "an enemy not next to us: let the war go"
			}
		case xghj.NeutralStatus:
			if in.Income*2 > inc*3 {
				d, rule = xghj.FormAlliance, "over 1.5 times as strong: seek an alliance"
			} else if near[q] && in.Income*2 < inc && saving > chest {
				d, rule = xghj.JustifyWar, "a neighbour under half as strong, and money above the war chest: war"
			}
		}
		if a.trace != nil {
			a.trace.Diplomacy = append(a.trace.Diplomacy, DipTerm{Player: q, Status: in.Status, Strength: in.Income, Near: near[q], Command: d, Rule: rule})
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
	if a.trace != nil {
		a.trace.WarChest, a.trace.Strength, a.trace.Budget = chest, inc, max(budget, 0)
	}
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
			if a.trace != nil {
				a.trace.Defence = &Placement{Cell: capital, Size: b.Size, Why: "an enemy within 4 of the capital: 3/10 of the budget on it"}
			}
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
	tts := a.traceTargets(v, targets)
	for k, t := range targets {
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
			tts.result(k, 0, "taken already by the influence planned")
			continue
		}
		size := int(math.Ceil(float64(short)/w)) + 1
		if size > budget {
			tts.result(k, size, "too dear for the budget left")
			continue
		}
		tts.result(k, size, "bomb placed next to it")
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
		if a.trace != nil {
			a.trace.Capital = "kept: it is still ours"
		}
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
		if a.trace != nil {
			a.trace.Capital = "moved: the lost capital goes to the own cell with most own neighbours, then the highest defence"
		}
	}
	return c
}
