package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// NumberSane warns about legal numbers far from anything that plays well.
var NumberSane = &lint.Rule[*Unit]{
	Name: "ftbt-number-sane",
	Doc: `number outside its sane range

The value is legal but odd: a constant or AI constant far from star.tech's
(the detail gives the default), an ability above max_abi (fly and
disable-long formulas then give odd weights and radii, facts §8.3), an
area ratio above 100 percent (the area hits harder than the target), or a
terrain of weight 0 (free movement).`,
	Example:    "[constants]\nmax_abi = 1  # sane range 5..1000, star.tech 30\n",
	Categories: []string{"value"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, s := range Settings {
			v := u.Values[s.Path()]
			if u.Set[s.Path()] && (v < s.SaneMin || v > s.SaneMax) {
				report(p, diag.Diagnostic{Summary: "Setting outside its sane range",
					Detail:  fmt.Sprintf("%s = %d is outside %d..%d (star.tech %d). %s", s.Path(), v, s.SaneMin, s.SaneMax, s.Default, s.Doc),
					Subject: u.Src.Range("/" + s.Table + "/" + s.Key)})
			}
		}
		maxAbi := u.Values["constants.max_abi"]
		for i, pr := range u.People {
			if pr.Abi > maxAbi {
				report(p, diag.Diagnostic{Summary: "Ability above max_abi",
					Detail:  fmt.Sprintf("The abi of %s is %d, above max_abi = %d: its fly techs give zero or negative weights and its disable-long radius grows past the tech's.", pr.Name, pr.Abi, maxAbi),
					Subject: u.Src.Range(Ptr("people", i, "abi"))})
			}
		}
		for i, t := range u.Techs {
			if t.AOE.Ratio > 100 {
				report(p, diag.Diagnostic{Summary: "Area ratio above 100",
					Detail:  fmt.Sprintf("The area ratio of %s is %d%%: cells around the target get more than the target itself.", t.Name, t.AOE.Ratio),
					Subject: u.Src.Range(Ptr("techs", i, "aoe", "ratio"))})
			}
		}
		for i, t := range u.Terrains {
			if t.Weight == 0 {
				report(p, diag.Diagnostic{Summary: "Terrain of weight 0",
					Detail:  fmt.Sprintf("Entering %s costs nothing, so people cross any number of its cells in one move. Use -1 for impassable terrain.", t.Name),
					Subject: u.Src.Range(Ptr("terrains", i, "weight"))})
			}
		}
	},
}
