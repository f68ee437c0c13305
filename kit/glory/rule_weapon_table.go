package glory

import (
	"slices"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// WeaponTable reports weapons whose table cannot work as written.
var WeaponTable = &lint.Rule[*Unit]{
	Name: "glory-weapon-table",
	Doc: `weapon table that cannot work as written

A single-target weapon has no splash; a fixed weapon is never bought, so
it needs no preparation cost or limit; a fixed weapon no hero carries is
dead content.`,
	Example:    "[[weapons]]\nid = \"Gatling\"\ndamage = [40]\nsingle = true\nsplash = [5, 3]  # never used\n",
	Categories: []string{"numbers"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, w := range u.Weapons {
			if w.Single && slices.ContainsFunc(w.Splash, func(v int) bool { return v != 0 }) {
				report(p, Ptr("weapons", i, "splash"), "Splash of a single-target weapon", "%s hits one target; its splash is never used.", w.ID)
			}
			if w.Fixed && (w.PrepareCost != 0 || w.PrepLimit != 0) {
				report(p, Ptr("weapons", i, "id"), "Price of a fixed weapon", "%s is fixed: it is never bought, so prepare_cost and prep_limit do nothing.", w.ID)
			}
			if w.Fixed && !slices.ContainsFunc(u.Heroes, func(h HeroSrc) bool { return slices.Contains(h.Weapons, w.ID) }) {
				report(p, Ptr("weapons", i, "id"), "Unused fixed weapon", "No hero carries the fixed weapon %s.", w.ID)
			}
		}
	},
}
