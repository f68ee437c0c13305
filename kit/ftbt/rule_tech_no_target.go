package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// TechNoTarget warns about techs that can never be aimed at anything.
var TechNoTarget = &lint.Rule[*Unit]{
	Name: "ftbt-tech-no-target",
	Doc: `tech that can never be aimed at anything

The tech has no target offsets at all (no range shorthand and no offsets),
or its class targets an enemy but its only offset is (0, 0), the caster's
own cell, where no enemy can stand.`,
	Example:    "[[techs]]\nname = \"自爆\"\nclass = \"damage\"  # targets an enemy\nrange = { self = true }  # but only the caster's own cell\nvalue = 30\n",
	Categories: []string{"tech"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Techs {
			offs := u.Config.Techs[i].Offsets
			if len(offs) == 0 {
				report(p, diag.Diagnostic{Summary: "Tech without targets",
					Detail:  fmt.Sprintf("%s has no target offsets: give it a range shorthand or an offsets list.", t.Name),
					Subject: u.Src.Range(rangePtr(u, i))})
				continue
			}
			c := u.Ix.Classes.Lookup(t.Class)
			if c < 0 || u.Classes[c].Target != "enemy" {
				continue
			}
			self := true
			for _, o := range offs {
				self = self && o == Offset{0, 0}
			}
			if self {
				report(p, diag.Diagnostic{Summary: "Tech aimed only at the caster",
					Detail:  fmt.Sprintf("The class %s targets an enemy, but the only offset of %s is (0,0), the caster's own cell.", t.Class, t.Name),
					Subject: u.Src.Range(rangePtr(u, i))})
			}
		}
	},
}
