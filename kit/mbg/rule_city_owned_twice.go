package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// CityOwnedTwice reports a city listed by two roles.
var CityOwnedTwice = &lint.Rule[*Unit]{
	Name: "mbg-city-owned-twice",
	Doc: `city owned by two roles

Ownership comes from the roles' cities lists; a city can have one owner.`,
	Example:    "[[roles]]\nname = \"魏\"\nstart = 0\ncities = [\"许昌\"]\nmoney = 5000\n\n[[roles]]\nname = \"蜀\"\nstart = 2\ncities = [\"许昌\"]  # already owned by 魏\nmoney = 5000\n",
	Categories: []string{"assignment"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		owner := map[string]int{}
		for i, r := range u.Roles {
			for j, c := range r.Cities {
				if u.Ix.Cities.Lookup(c) < 0 {
					continue
				}
				if k, ok := owner[c]; ok && k != i {
					report(p, diag.Diagnostic{Summary: "City owned twice",
						Detail:  fmt.Sprintf("%s is already owned by %s.", c, u.Roles[k].Name),
						Subject: u.Src.Range(Ptr("roles", i, "cities", itoa(j)))})
					continue
				}
				owner[c] = i
			}
		}
	},
}
