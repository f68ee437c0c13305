package xghj

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// MapGlyph reports map glyphs that are no terrain's, and region-layer
// glyphs that are no region's.
var MapGlyph = &lint.Rule[*Unit]{
	Name: "xghj-map-glyph",
	Doc: `unknown glyph in the map or its region layer

Every glyph of map.rows must be the glyph of a terrain, and every glyph of
map.regions other than '.' and ' ' the glyph of a region. Add the terrain or
region, or fix the glyph.`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[map]\nrows = [\"rrx\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		known := map[string]bool{}
		var legend []string
		for _, t := range u.Terrains {
			if t.Glyph != "" && !known[t.Glyph] {
				known[t.Glyph] = true
				legend = append(legend, fmt.Sprintf("%q (%s)", t.Glyph, t.Name))
			}
		}
		for y, row := range u.Map.Rows {
			for x, g := range glyphs(row) {
				if !known[g] {
					p.Reportf(u.GlyphRange(fmt.Sprintf("/map/rows/%d", y), x), "Unknown glyph",
						"%q at %s is no terrain's glyph. The glyphs are %s.", g, cellName(x, y), strings.Join(legend, ", "))
				}
			}
		}
		regions := map[string]bool{".": true, " ": true}
		for _, r := range u.Regions {
			regions[r.Glyph] = true
		}
		for y, row := range u.Map.Regions {
			for x, g := range glyphs(row) {
				if !regions[g] {
					p.Reportf(u.GlyphRange(fmt.Sprintf("/map/regions/%d", y), x), "Unknown region glyph",
						"%q at %s is no region's glyph; use '.' for cells outside every region.", g, cellName(x, y))
				}
			}
		}
	},
}
