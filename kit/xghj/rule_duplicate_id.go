package xghj

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// DuplicateID reports terrains sharing a glyph or a name and regions
// sharing a name or a glyph.
var DuplicateID = &lint.Rule[*Unit]{
	Name: "xghj-duplicate-id",
	Doc: `terrain or region defined twice

Terrain glyphs and names, and region names and glyphs, identify them: a
second terrain with the same glyph would never be drawn (the first wins), and
a second region with the same name would be unreachable for hooks. Rename
or remove the duplicate.`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[[terrains]]\nglyph = \"r\"\nname = \"road\"\n[[terrains]]\nglyph = \"r\"\nname = \"river\"\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		check := func(list string, n int, key string, at func(i int) string) {
			first := map[string]int{}
			for i := range n {
				v := at(i)
				if v == "" {
					continue
				}
				if j, dup := first[v]; dup {
					d := p.Diagnostic(u.Src.Range(fmt.Sprintf("/%s/%d/%s", list, i, key)), "Duplicate "+strings.TrimSuffix(list, "s")+" "+key,
						"%s %d has the %s %q of %s %d; each must be unique.", list[:len(list)-1], i, key, v, list[:len(list)-1], j)
					if r := u.Src.Range(fmt.Sprintf("/%s/%d/%s", list, j, key)); r != nil {
						d.Related = append(d.Related, diag.Related{Message: "first defined here", Range: *r})
					}
					p.Report(d)
					continue
				}
				first[v] = i
			}
		}
		check("terrains", len(u.Terrains), "glyph", func(i int) string { return u.Terrains[i].Glyph })
		check("terrains", len(u.Terrains), "name", func(i int) string { return u.Terrains[i].Name })
		check("regions", len(u.Regions), "name", func(i int) string { return u.Regions[i].Name })
		check("regions", len(u.Regions), "glyph", func(i int) string { return u.Regions[i].Glyph })
	},
}
