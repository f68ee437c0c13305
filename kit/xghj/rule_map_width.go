package xghj

import (
	"fmt"
	"unicode/utf8"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// MapWidth reports rows of another width than the first, and a region
// layer of another shape than the map.
var MapWidth = &lint.Rule[*Unit]{
	Name: "xghj-map-width",
	Doc: `map rows of unequal width

The map is a rectangle: every row of map.rows has as many glyphs as the
first, and map.regions, when given, has the map's shape. Pad or cut the row.`,
	Categories: []string{"map"},
	Severity:   diag.Error,
	Example:    "[map]\nrows = [\"rrr\", \"rr\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if len(u.Map.Rows) > 0 && (utf8.RuneCountInString(u.Map.Rows[0]) > engine.MaxSide || len(u.Map.Rows) > engine.MaxSide) {
			p.Reportf(u.Src.Range("/map/rows"), "Map too large", "The map is %d×%d; each side may be at most %d.", utf8.RuneCountInString(u.Map.Rows[0]), len(u.Map.Rows), engine.MaxSide)
			return
		}
		for y, row := range u.Map.Rows {
			if n := utf8.RuneCountInString(row); n != u.Width {
				p.Reportf(u.Src.Range(fmt.Sprintf("/map/rows/%d", y)), "Row of another width", "Row %d has %d glyphs; the first row has %d.", y, n, u.Width)
			}
		}
		if len(u.Map.Regions) == 0 {
			return
		}
		if len(u.Map.Regions) != u.Height {
			p.Reportf(u.Src.Range("/map/regions"), "Region layer of another height", "map.regions has %d rows; the map has %d.", len(u.Map.Regions), u.Height)
		}
		for y, row := range u.Map.Regions {
			if n := utf8.RuneCountInString(row); n != u.Width {
				p.Reportf(u.Src.Range(fmt.Sprintf("/map/regions/%d", y)), "Region row of another width", "Region row %d has %d glyphs; the map is %d wide.", y, n, u.Width)
			}
		}
	},
}
