package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// SkillTarget reports targeting settings that cannot apply.
var SkillTarget = &lint.Rule[*Unit]{
	Name: "glory-skill-target",
	Doc: `range or los on a skill that aims at nothing

Range and los restrict the target; a skill with target "none", or a
passive skill, has none to restrict (a turn-start skill with a target,
such as 约谈, has one).`,
	Example:    "skills = [{ id = \"x\", hook = \"infrasound\", target = \"none\", los = true }]\n",
	Categories: []string{"numbers"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		for h, hs := range p.Model.Heroes {
			for s, sk := range hs.Skills {
				if sk.Target != "none" && sk.Phase != "passive" {
					continue
				}
				if sk.LOS {
					report(p, SkillPtr(h, s, "los"), "Nothing to see", "Skill %q has no target, so los does nothing.", sk.ID)
				}
				if sk.Range != nil && *sk.Range >= 0 {
					report(p, SkillPtr(h, s, "range"), "Nothing in range", "Skill %q has no target, so range does nothing.", sk.ID)
				}
			}
		}
	},
}
