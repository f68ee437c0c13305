package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// OffMap reports overrides and region cells that are not on the map.
var OffMap = &lint.Rule[*Unit]{
	Name: "xghj-off-map",
	Doc: `override or region cell off the map

A map override or a cell listed by a region names a cell the map does not
have (x from 0 to width−1, y from 0 to height−1, as [x, y]).`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[[regions]]\nname = \"lake\"\ncells = [[99, 0]]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, o := range u.Map.Overrides {
			if _, ok := u.cell(o.At); !ok && !o.Bad {
				p.Reportf(u.Src.Range(fmt.Sprintf("/map/overrides/%d/at", i)), "Override off the map", "Override %d names %v; the map is %d×%d.", i, o.At, u.Width, u.Height)
			}
		}
		for i, r := range u.Regions {
			for j, at := range r.Cells {
				if _, ok := u.cell(at); !ok {
					p.Reportf(u.Src.Range(fmt.Sprintf("/regions/%d/cells/%d", i, j)), "Region cell off the map",
						"Region %q lists %v; the map is %d×%d.", r.Name, at, u.Width, u.Height)
				}
			}
		}
	},
}
