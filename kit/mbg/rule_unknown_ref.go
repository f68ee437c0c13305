package mbg

import (
	"maps"
	"slices"

	"github.com/sandtable/sandtable/kit/lint"
)

// UnknownRef reports references to officers, cities and techs that are not declared.
var UnknownRef = &lint.Rule[*Unit]{
	Name: "mbg-unknown-ref",
	Doc: `reference to an undeclared officer, city, tech or constant

A garrison, mayor, treasurer, retinue, owned city or known tech names an
entity that no [[officers]], [[cities]] or [[techs]] entry declares, or a
script parameter names a constant that does not exist. Names are ids and
must match exactly; the detail suggests the closest declared name.`,
	Example:    "[[cities]]\nname = \"许昌\"\nscope = \"large\"\ngarrison = [\"荀域\"]  # no officer is named 荀域; did you mean 荀彧?\n",
	Categories: []string{"reference"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, c := range u.Cities {
			for j, o := range c.Garrison {
				p.CheckRef(Ptr("cities", i, "garrison", itoa(j)), "officer", o, u.Ix.Officers)
			}
			p.CheckRef(Ptr("cities", i, "mayor"), "officer", c.Mayor, u.Ix.Officers)
			p.CheckRef(Ptr("cities", i, "treasurer"), "officer", c.Treasurer, u.Ix.Officers)
		}
		constants := make([]string, len(Constants))
		for i, c := range Constants {
			constants[i] = c.Name
		}
		params := func(list string, i int, ps Params) {
			for _, k := range slices.Sorted(maps.Keys(ps)) {
				if name, ok := ps[k].(string); ok && !slices.Contains(constants, name) {
					reportRef(p, Ptr(list, i, "params", k), "constant", name, constants)
				}
			}
		}
		for i, t := range u.Techs {
			params("techs", i, t.Params)
		}
		for i, c := range u.Cards {
			params("cards", i, c.Params)
		}
		for i, r := range u.Roles {
			for j, o := range r.Retinue {
				p.CheckRef(Ptr("roles", i, "retinue", itoa(j)), "officer", o, u.Ix.Officers)
			}
			for j, c := range r.Cities {
				p.CheckRef(Ptr("roles", i, "cities", itoa(j)), "city", c, u.Ix.Cities)
			}
			for j, t := range r.Techs {
				p.CheckRef(Ptr("roles", i, "techs", itoa(j)), "tech", t, u.Ix.Techs)
			}
		}
	},
}
