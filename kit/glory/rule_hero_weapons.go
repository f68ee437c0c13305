package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// HeroWeapons reports heroes carrying weapons that are not fixed.
var HeroWeapons = &lint.Rule[*Unit]{
	Name: "glory-hero-weapons",
	Doc: `hero starts with a weapon that is not fixed

A hero's weapons list holds its own fixed weapons (HJK's Barrett); main
weapons are bought in the preparation phase.`,
	Example:    "[[heroes]]\nid = \"BM\"\nweapons = [\"M202\"]  # M202 is bought, not fixed\n",
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for h, hs := range u.Heroes {
			for i, w := range hs.Weapons {
				if j, ok := u.Ix.Weapons[w]; ok && !u.Weapons[j].Fixed {
					report(p, Ptr("heroes", h, "weapons", fmt.Sprint(i)), "Weapon is not fixed", "%s is bought in the preparation phase; only fixed weapons can be a hero's own.", w)
				}
			}
		}
	},
}
