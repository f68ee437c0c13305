package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// UnreachableLand warns about land that no capture from the main land can
// reach.
var UnreachableLand = &lint.Rule[*Unit]{
	Name: "xghj-unreachable-land",
	Doc: `land cut off from the rest by water

Captures spread only through 4-connected land (facts §5.6): land (atk > 0)
separated from the largest land area by water can be held only by a player
who spawns on it. The rule reports each such island once, at its first cell.
Add a bridge (a passable cell) if the island should be reachable.`,
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Example:    "[map]\nrows = [\"rr~r\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if !allGlyphsKnown(u) {
			return // the map is not what the author drew: xghj-map-glyph or the schema says why
		}
		cfg := u.Config
		comp := make([]int, len(cfg.Cells))
		var sizes, first []int
		for c := range cfg.Cells {
			if cfg.Cells[c].Atk <= 0 || comp[c] != 0 {
				continue
			}
			id := len(sizes) + 1
			sizes, first = append(sizes, 0), append(first, c)
			stack := []int{c}
			comp[c] = id
			for len(stack) > 0 {
				d := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sizes[id-1]++
				x, y := d%cfg.Cols, d/cfg.Cols
				for _, n := range [4][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
					if n[0] >= 0 && n[1] >= 0 && n[0] < cfg.Cols && n[1] < cfg.Rows {
						e := n[1]*cfg.Cols + n[0]
						if cfg.Cells[e].Atk > 0 && comp[e] == 0 {
							comp[e] = id
							stack = append(stack, e)
						}
					}
				}
			}
		}
		main := 0
		for i, s := range sizes {
			if s > sizes[main] {
				main = i
			}
		}
		for i, s := range sizes {
			if i == main {
				continue
			}
			c := first[i]
			p.Reportf(u.GlyphRange(fmt.Sprintf("/map/rows/%d", c/cfg.Cols), c%cfg.Cols), "Unreachable land",
				"The %d land cells from %s on are cut off by water from the main land (%d cells): only a player spawning there can hold them.", s, cellName(c%cfg.Cols, c/cfg.Cols), sizes[main])
		}
	},
}
