package agent

import (
	"slices"

	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/engine/xghj"
)

// stream returns the random stream of one ask.
func stream(seed uint64, v *xghj.View, attempt int) *rng.RNG {
	h := seed ^ 0x9e3779b97f4a7c15
	for _, x := range []int{v.Round, v.Me, int(len(v.Phase)), attempt, len(v.Selected)} {
		h = (h ^ uint64(x)) * 0x100000001b3
	}
	return rng.New(h)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// friendly reports whether p's view shows cell owner o as p's or an
// ally's.
func friendly(v *xghj.View, o int) bool {
	return o >= 0 && o < v.Players && (o == v.Me || v.Info[o].Union)
}

// spawnOK reports whether at is a legal spawn given the spawns chosen
// before: on the map, not water, not taken, at Manhattan distance at least
// MinAbsDistBetween from each.
func spawnOK(v *xghj.View, at xghj.Pos, dist int) bool {
	if !v.In(at.X, at.Y) || v.Terrain[at.Y*v.Cols+at.X].Atk <= 0 {
		return false
	}
	for _, s := range v.Selected {
		if s != xghj.Invalid && abs(s.X-at.X)+abs(s.Y-at.Y) < dist {
			return false
		}
	}
	return true
}

// weight returns the kernel weight at offset (dx, dy).
func weight(v *xghj.View, dx, dy int) float64 {
	r := len(v.Kernel) / 2
	if abs(dx) > r || abs(dy) > r {
		return 0
	}
	return v.Kernel[dx+r][dy+r]
}

var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// target is a cell to attack, the own cell next to it, and its worth.
type target struct{ cell, from, score int }

// frontier lists the visible, attackable cells next to land that are
// neutral or held by a player atWar says we fight, each once (from the first
// land cell that reaches it), best first: resources, then the weaker
// defence, with enemy land worth more than neutral.
func frontier(v *xghj.View, land []int, atWar func(owner int) bool) []target {
	var targets []target
	seen := make([]bool, len(v.Cells))
	for _, i := range land {
		x, y := i%v.Cols, i/v.Cols
		for _, d := range dirs {
			tx, ty := x+d[0], y+d[1]
			if !v.In(tx, ty) {
				continue
			}
			t := ty*v.Cols + tx
			cell := v.Cells[t]
			if seen[t] || v.Terrain[t].Atk <= 0 || !cell.Visible || (cell.Owner != xghj.Neutral && !atWar(cell.Owner)) {
				continue
			}
			seen[t] = true
			score := v.Terrain[t].Res*100 - v.Terrain[t].Def
			if cell.Owner != xghj.Neutral {
				score += 150
			}
			targets = append(targets, target{t, i, score})
		}
	}
	slices.SortStableFunc(targets, func(p, q target) int { return q.score - p.score })
	return targets
}
