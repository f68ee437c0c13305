package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// PersonOffMap reports people placed outside the map.
var PersonOffMap = &lint.Rule[*Unit]{
	Name: "ftbt-person-off-map",
	Doc: `person placed off the map

at = [x, y] counts from 0 at the top-left cell, x to the right and y
downward; both must be inside the map. The original engine panicked on such
a person, or silently wrapped it to the next row.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [50, 3]  # the map is 50 wide: x is 0 to 49\n",
	Categories: []string{"placement"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			if ok && !u.OnMap(x, y) {
				report(p, diag.Diagnostic{Summary: "Person off the map",
					Detail: fmt.Sprintf("%s stands at %s, but the map is %d × %d (x 0 to %d, y 0 to %d).",
						pr.Name, cellName(x, y), u.Config.Width, u.Config.Height, u.Config.Width-1, u.Config.Height-1),
					Subject: u.Src.Range(Ptr("people", i, "at"))})
			}
		}
	},
}
