package agent

import (
	"slices"

	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/engine/xghj"
)

// rulebook is the heuristic's strategy under the rulebook rules, where
// cities persist, progress accumulates and strength shows as area and
// city levels:
//
//   - diplomacy by strength (area + city levels): a union with anyone
//     much stronger, war on a much weaker neighbour when it has money to
//     spare, or on one at most half again as strong once it has 30 levels'
//     worth saved; one war at a time (peace with every other enemy, the
//     one kept being the one with the longest common border); unions kept;
//   - when an enemy borders it, a share of its money raises its city
//     nearest to that enemy;
//   - the rest raises cities on its border next to the richest cells it
//     can take, enough levels to take each within two rounds by its own
//     planned influence (the defence of enemy land estimated from the
//     enemy's cities it sees), within one round when it is rich, within
//     six for enemy land too dear for two (progress lasts);
//   - with nobody left outside its unions, it leaves a union with a much
//     weaker partner (the truce then lets it turn on it).
func (a Heuristic) rulebook(v *xghj.View, r *rng.RNG) xghj.Commands {
	me := v.Me
	k := v.Constants
	c := v.Defaults
	c.Diplomacy = slices.Clone(c.Diplomacy)
	c.Capital = nil
	my := v.Info[me]
	strength := func(in xghj.PlayerInfo) int { return in.Area + in.Military }
	mine := strength(my)

	near := make([]bool, v.Players)
	border := make([]int, v.Players) // own cells next to each player
	var land []int
	for i, cell := range v.Cells {
		if cell.Owner != me {
			continue
		}
		land = append(land, i)
		x, y := i%v.Cols, i/v.Cols
		for _, d := range dirs {
			if v.In(x+d[0], y+d[1]) {
				if o := v.At(x+d[0], y+d[1]).Owner; o < v.Players && o != me {
					near[o] = true
					border[o]++
				}
			}
		}
	}
	// Known players still alive outside our unions: while there are none,
	// a union with a weaker partner has served its purpose.
	others := 0
	for q, in := range v.Info {
		if q != me && in.Visible && in.Alive && in.Status != xghj.Allied {
			others++
		}
	}
	// One war at a time: the enemy with the longest common border.
	focus := -1
	for q, in := range v.Info {
		if q != me && in.Status == xghj.AtWar && near[q] && (focus < 0 || border[q] > border[focus]) {
			focus = q
		}
	}
	// The money a weaker neighbour's war waits for: 2 levels' worth for a
	// bold player, 6 for a cautious one (4 without Vary).
	warChest := 2 + int(4*(1-a.boldness()))
	for q := range v.Players {
		in := v.Info[q]
		if q == me {
			continue
		}
		d, rule := c.Diplomacy[q], "as it stands"
		switch in.Status {
		case xghj.Allied:
			d, rule = xghj.FormAlliance, "keep the union"
			if others == 0 && strength(in)*3 < mine*2 {
				d, rule = xghj.KeepNeutral, "nobody left outside our unions and a partner under 2/3 as strong: leave the union"
			}
		case xghj.AtWar:
			d, rule = xghj.JustifyWar, "the enemy with the longest common border: keep fighting"
			if !near[q] || q != focus {
				d, rule = xghj.KeepNeutral, "one war at a time: peace"
			}
		case xghj.NeutralStatus, xghj.Truce:
			d, rule = xghj.KeepNeutral, "no reason to change"
			switch {
			case strength(in)*2 > mine*3:
				d, rule = xghj.FormAlliance, "over 1.5 times as strong: seek a union"
			case focus < 0 && near[q] && in.TruceLeft == 0 && (strength(in)*2 < mine && my.Saving > warChest*k.CityCost ||
				strength(in)*2 <= mine*3 && my.Saving > 30*k.CityCost):
				// A much weaker neighbour, or any not much stronger one
				// once the money piles up.
				d, rule = xghj.JustifyWar, "a neighbour under half as strong with money above the war chest, or not much stronger with 30 levels saved: war"
			}
		}
		if a.trace != nil && in.Visible {
			a.trace.Diplomacy = append(a.trace.Diplomacy, DipTerm{Player: q, Status: in.Status, Strength: strength(in), Near: near[q], Command: d, Rule: rule})
		}
		c.Diplomacy[q] = d
	}
	if len(land) == 0 {
		return c
	}
	levels := my.Saving / k.CityCost
	if a.trace != nil {
		a.trace.WarChest, a.trace.Strength, a.trace.Budget = warChest, mine, max(levels, 0)
	}
	if levels <= 0 {
		return c
	}
	atWar := func(o int) bool { return o < v.Players && o != me && v.Info[o].Status == xghj.AtWar }

	// Planned influence of own cities and of the enemies' cities seen.
	plan := make([]int, len(v.Cells))
	enemy := make([]int, len(v.Cells))
	add := func(to []int, at, level int) {
		x, y := at%v.Cols, at/v.Cols
		r := len(v.Kernel) / 2
		for dx := -r; dx <= r; dx++ {
			for dy := -r; dy <= r; dy++ {
				if v.In(x+dx, y+dy) {
					to[(y+dy)*v.Cols+x+dx] += int(weight(v, dx, dy) * float64(k.InfluencePerLevel*level))
				}
			}
		}
	}
	for _, ct := range v.Cities {
		switch {
		case ct.Player == me:
			add(plan, ct.Cell, ct.Level)
		case atWar(ct.Player):
			add(enemy, ct.Cell, ct.Level)
		}
	}
	var build []xghj.Bomb
	raise := func(at, n int) {
		build = append(build, xghj.Bomb{X: at % v.Cols, Y: at / v.Cols, Size: n})
		add(plan, at, n)
		levels -= n
	}

	// Defence: an enemy on our border raises the own cell next to it
	// that the enemy presses most.
	bestDef, bestPress := -1, 0
	for _, i := range land {
		x, y := i%v.Cols, i/v.Cols
		for _, d := range dirs {
			if v.In(x+d[0], y+d[1]) && atWar(v.At(x+d[0], y+d[1]).Owner) {
				if p := enemy[i]*v.Terrain[i].Atk - plan[i]*v.Terrain[i].Def; bestDef < 0 || p > bestPress {
					bestDef, bestPress = i, p
				}
			}
		}
	}
	if bestDef >= 0 && levels > 1 {
		if a.trace != nil {
			a.trace.Defence = &Placement{Cell: pos(v, bestDef), Size: max(levels*3/10, 1), Why: "an enemy on the border: 3/10 of the levels on the own cell it presses most"}
		}
		raise(bestDef, max(levels*3/10, 1))
	}

	targets := frontier(v, land, atWar)
	shuffleTies(targets, r, 60)
	w := weight(v, 1, 0) * float64(k.InfluencePerLevel)
	tts := a.traceTargets(v, targets)
	for j, t := range targets {
		if levels <= 0 || len(build) >= k.MilitaryCountLimit || w <= 0 {
			break
		}
		terr := v.Terrain[t.cell]
		// Two rounds (one when rich): atk·I each round, minus the
		// estimated defence.
		// Progress lasts, so an enemy cell too dear for two rounds is
		// worth six.
		n := -1
		for _, rounds := range []int{1, 2, 6} {
			if rounds == 1 && levels <= 30 {
				continue
			}
			if rounds == 6 && v.Cells[t.cell].Owner == xghj.Neutral {
				break
			}
			need := (k.CaptureThreshold/rounds+terr.Atk)/terr.Atk + enemy[t.cell]*terr.Def/terr.Atk
			short := need - plan[t.cell]
			if short <= 0 {
				n = 0
				break
			}
			if m := int(float64(short)/w) + 1; m <= levels {
				n = m
				break
			}
		}
		switch {
		case n == 0:
			tts.result(j, 0, "taken already by the influence planned")
		case n < 0:
			tts.result(j, 0, "too dear for the levels left")
		default:
			tts.result(j, n, "city raised next to it")
		}
		if n <= 0 {
			continue
		}
		raise(t.from, n)
	}
	c.Bombs = build
	return c
}
