package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// SkillLimits reports cooldowns, uses and costs out of any sensible range.
var SkillLimits = &lint.Rule[*Unit]{
	Name: "glory-skill-limits",
	Doc: `skill cooldown, uses or cost out of range

A cost above the starting purse can never be paid in the first rounds; a
cooldown as long as the round cap makes the skill single-use; more than 20
uses per game is certainly a typo for "no limit" (0).`,
	Example:    "skills = [{ id = \"x\", hook = \"teleport\", target = \"point\", cost = 40 }]\n",
	Categories: []string{"numbers"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for h, hs := range u.Heroes {
			for s, sk := range hs.Skills {
				if sk.Cost > u.Config.Rules.StartG {
					report(p, SkillPtr(h, s, "cost"), "Cost out of range", "Skill %q costs %d G, more than the starting purse of %d.", sk.ID, sk.Cost, u.Config.Rules.StartG)
				}
				if mr := u.Config.Rules.MaxRounds; mr > 0 && sk.Cooldown >= mr {
					report(p, SkillPtr(h, s, "cooldown"), "Cooldown out of range", "Skill %q has cooldown %d, not shorter than the round cap %d.", sk.ID, sk.Cooldown, mr)
				}
				if sk.Uses > 20 {
					report(p, SkillPtr(h, s, "uses"), "Uses out of range", "Skill %q allows %d uses; 0 means no limit.", sk.ID, sk.Uses)
				}
			}
		}
	},
}
