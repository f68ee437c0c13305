package agent

import (
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
