package mbg

import "github.com/sandtable/sandtable/kit/lint"

// InstituteUnknownTech reports institutes offering techs that are not declared.
var InstituteUnknownTech = &lint.Rule[*Unit]{
	Name: "mbg-institute-unknown-tech",
	Doc: `institute offering an undeclared tech

Every tech an institute offers must be declared in [[techs]] (the standard
twelve come from builtin:mbg/standard.toml). A role could otherwise research
something the engine cannot run.`,
	Example:    "[[institutes]]\nname = \"太学\"\ntechs = [\"弓箭\", \"火剑\"]  # did you mean 火箭?\n",
	Categories: []string{"reference"},
	Run: func(p *lint.Pass[*Unit]) {
		for i, in := range p.Model.Institutes {
			for j, t := range in.Techs {
				if p.Model.Ix.Techs.Lookup(t) < 0 {
					reportRef(p, Ptr("institutes", i, "techs", itoa(j)), "tech", t, p.Model.Ix.Techs.List())
				}
			}
		}
	},
}
