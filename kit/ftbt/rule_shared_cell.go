package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// SharedCell reports two people placed on one cell.
var SharedCell = &lint.Rule[*Unit]{
	Name: "ftbt-shared-cell",
	Doc: `two people on one cell

A cell holds at most one person. The original engine let the later person
overwrite the earlier one, which then became a ghost that still counted for
its side; here it is an error.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [13, 16]\n\n[[people]]\nname = \"B\"\nside = 0\nabi = 20\ndef = 20\nhp = 85\nspeed = 120\nat = [13, 16]  # where A stands\n",
	Categories: []string{"placement"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		first := map[[2]int]int{}
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			if !ok || !u.OnMap(x, y) {
				continue
			}
			j, taken := first[[2]int{x, y}]
			if !taken {
				first[[2]int{x, y}] = i
				continue
			}
			d := diag.Diagnostic{Summary: "Two people on one cell",
				Detail:  fmt.Sprintf("%s stands at %s, where %s already stands; a cell holds one person.", pr.Name, cellName(x, y), u.People[j].Name),
				Subject: u.Src.Range(Ptr("people", i, "at"))}
			related(u, &d, Ptr("people", j, "at"), "placed here first")
			report(p, d)
		}
	},
}
