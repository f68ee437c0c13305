package ftbt

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// MapGlyph reports map glyphs that are no terrain's glyph.
var MapGlyph = &lint.Rule[*Unit]{
	Name: "ftbt-map-glyph",
	Doc: `map glyph of no terrain

Every character of a map row must be the glyph of a declared terrain. The
diagnostic points at the first unknown glyph of each kind in a row and
lists the known glyphs.`,
	Example:    "[[terrains]]\nname = \"平\"\nweight = 15\nglyph = \".\"\n\n[map]\nrows = [\"..x.\"]  # x is no terrain's glyph\n",
	Categories: []string{"map"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		var known []string
		for _, t := range u.Terrains {
			if t.Glyph != "" {
				known = append(known, fmt.Sprintf("%q (%s)", t.Glyph, t.Name))
			}
		}
		legend := "No terrain declares a glyph."
		if len(known) > 0 {
			legend = "The glyphs are " + strings.Join(known, ", ") + "."
		}
		for y, r := range u.Rows() {
			seen := map[string]bool{}
			for x, g := range r {
				if seen[g] || u.Ix.Glyphs.Lookup(g) >= 0 {
					continue
				}
				seen[g] = true
				n := strings.Count(u.Map.Rows[y], g)
				report(p, diag.Diagnostic{Summary: "Unknown glyph",
					Detail:  fmt.Sprintf("%q at %s is no terrain's glyph (%d in this row). %s", g, cellName(x, y), n, legend),
					Subject: u.CellRange(x, y)})
			}
		}
	},
}
