package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// MapWidth reports map rows whose width differs from the first row's.
var MapWidth = &lint.Rule[*Unit]{
	Name: "ftbt-map-width",
	Doc: `map rows of unequal width

The map is a rectangle: every row of [map] rows must have as many glyphs
as the first. Glyphs are counted as characters, so a row of Chinese glyphs
is as wide as a row of ASCII ones with the same count. The rule also
reports a map of more cells than mapc can compile.`,
	Example:    "[map]\nrows = [\n  \"....\",\n  \"...\",  # 3 glyphs, the first row has 4\n]\n",
	Categories: []string{"map"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		rows := u.Rows()
		if len(rows) == 0 {
			return
		}
		w := len(rows[0])
		for y, r := range rows[1:] {
			if len(r) != w {
				d := diag.Diagnostic{Summary: "Row of the wrong width",
					Detail:  fmt.Sprintf("The row at y = %d has %d glyphs, but the first row has %d; the map must be a rectangle.", y+1, len(r), w),
					Subject: u.Src.Range(RowPtr(y + 1))}
				related(u, &d, RowPtr(0), "the first row")
				report(p, d)
			}
		}
		if n := u.Config.Width * u.Config.Height; n > MaxCells {
			report(p, diag.Diagnostic{Summary: "Map too large",
				Detail:  fmt.Sprintf("The map has %d × %d = %d cells; mapc compiles at most %d.", u.Config.Width, u.Config.Height, n, MaxCells),
				Subject: u.Src.KeyRange("/map/rows")})
		}
	},
}
