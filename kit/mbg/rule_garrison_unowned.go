package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// GarrisonUnowned warns about garrisons in cities no role owns.
var GarrisonUnowned = &lint.Rule[*Unit]{
	Name: "mbg-garrison-unowned",
	Doc: `garrison in a city that no role owns

Officers stationed in an unowned city are sent back to the free pool when
the game starts (and its mayor and treasurer are cleared), exactly as the
original engine did. List the city in a role's cities to keep them there.`,
	Example:    "[[cities]]\nname = \"许昌\"\nscope = \"large\"\ngarrison = [\"荀彧\"]  # and no role lists 许昌 in its cities\n",
	Categories: []string{"assignment"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		owned := map[string]bool{}
		for _, r := range u.Roles {
			for _, c := range r.Cities {
				owned[c] = true
			}
		}
		for i, c := range u.Cities {
			if len(c.Garrison) > 0 && !owned[c.Name] {
				report(p, diag.Diagnostic{Summary: "Garrison in an unowned city",
					Detail:  fmt.Sprintf("%s has a garrison but no role owns it; its officers start in the free pool.", c.Name),
					Subject: u.Src.KeyRange(Ptr("cities", i, "garrison"))})
			}
		}
	},
}
