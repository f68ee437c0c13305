package ftbt

import "github.com/sandtable/sandtable/kit/lint"

// UnknownRef reports references to terrains, classes and techs that are not declared.
var UnknownRef = &lint.Rule[*Unit]{
	Name: "ftbt-unknown-ref",
	Doc: `reference to an undeclared terrain, class or tech

A tech names a class that no [[classes]] entry declares, or lists a terrain
in terrains or except that no [[terrains]] entry declares, or a person
knows a tech that no [[techs]] entry declares. Names are ids and must match
exactly; the detail suggests the closest declared name.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [13, 16]\ntechs = [\"直功\"]  # no tech is named 直功; did you mean 直攻?\n",
	Categories: []string{"reference"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Techs {
			p.CheckRef(Ptr("techs", i, "class"), "class", t.Class, u.Ix.Classes)
			if t.Terrains != nil {
				for j, name := range t.Terrains.Names {
					p.CheckRef(Ptr("techs", i, "terrains", itoa(j)), "terrain", name, u.Ix.Terrains)
				}
			}
			for j, name := range t.Except {
				p.CheckRef(Ptr("techs", i, "except", itoa(j)), "terrain", name, u.Ix.Terrains)
			}
		}
		for i, pr := range u.People {
			for j, t := range pr.Techs {
				p.CheckRef(Ptr("people", i, "techs", itoa(j)), "tech", t, u.Ix.Techs)
			}
		}
	},
}
