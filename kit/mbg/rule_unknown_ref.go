package mbg

import "github.com/sandtable/sandtable/kit/lint"

// UnknownRef reports references to officers, cities and techs that are not declared.
var UnknownRef = &lint.Rule[*Unit]{
	Name: "unknown-ref",
	Doc: `reference to an undeclared officer, city or tech

A garrison, mayor, treasurer, retinue, owned city or known tech names an
entity that no [[officers]], [[cities]] or [[techs]] entry declares. Names
are ids and must match exactly; the detail suggests the closest declared
name.`,
	Example:    "[[cities]]\nname = \"许昌\"\nscope = \"large\"\ngarrison = [\"荀域\"]  # no officer is named 荀域; did you mean 荀彧?\n",
	Categories: []string{"reference"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		check := func(ptr, kind, name string, n Names) {
			if name != "" && n.Lookup(name) < 0 {
				reportRef(p, ptr, kind, name, n.List())
			}
		}
		for i, c := range u.Cities {
			for j, o := range c.Garrison {
				check(Ptr("cities", i, "garrison", itoa(j)), "officer", o, u.Ix.Officers)
			}
			check(Ptr("cities", i, "mayor"), "officer", c.Mayor, u.Ix.Officers)
			check(Ptr("cities", i, "treasurer"), "officer", c.Treasurer, u.Ix.Officers)
		}
		for i, r := range u.Roles {
			for j, o := range r.Retinue {
				check(Ptr("roles", i, "retinue", itoa(j)), "officer", o, u.Ix.Officers)
			}
			for j, c := range r.Cities {
				check(Ptr("roles", i, "cities", itoa(j)), "city", c, u.Ix.Cities)
			}
			for j, t := range r.Techs {
				check(Ptr("roles", i, "techs", itoa(j)), "tech", t, u.Ix.Techs)
			}
		}
	},
}
