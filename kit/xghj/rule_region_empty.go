package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// RegionEmpty warns about regions without cells.
var RegionEmpty = &lint.Rule[*Unit]{
	Name: "xghj-region-empty",
	Doc: `region without cells

A region neither drawn in map.regions nor listing cells holds nothing, so
hooks that test it never fire. Draw its glyph or list its cells.`,
	Categories: []string{"reference"},
	Severity:   diag.Warning,
	Example:    "[[regions]]\nname = \"lake\"\nglyph = \"L\"\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, r := range u.Config.Regions {
			if i < len(u.Regions) && !u.Regions[i].Bad && len(r.Cells) == 0 {
				p.Reportf(u.Src.Range(fmt.Sprintf("/regions/%d/name", i)), "Empty region", "Region %q has no cells.", r.Name)
			}
		}
	},
}
