package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// UnknownRef reports references to undeclared points, weapons, heroes and
// 数竞 classes.
var UnknownRef = &lint.Rule[*Unit]{
	Name: "glory-unknown-ref",
	Doc: `reference to an undeclared point, weapon, hero or class

Edges and spawns name point ids; a hero's weapons name fixed weapons; a
skill's hero_refs and contest_refs name heroes and 数竞 classes, and its
rule_refs numeric [rules] settings. Each must be declared (in this file or
an include).`,
	Example:    "[map.edges]\nnormal = [[1, 99]]  # there is no point 99\n",
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, e := range u.Edges() {
			for _, id := range []int{e.A, e.B} {
				if _, ok := u.Ix.Points[id]; e.OK && !ok {
					report(p, EdgePtr(e.Kind, e.Index), "Unknown point", "The %s edge %d–%d names point %d, which the map does not declare.", e.Kind, e.A, e.B, id)
				}
			}
		}
		for _, side := range []string{"red", "blue"} {
			if id, ok := u.Map.Spawn[side]; ok {
				if _, ok := u.Ix.Points[id]; !ok {
					report(p, "/map/spawn/"+side, "Unknown point", "The %s spawn is point %d, which the map does not declare.", side, id)
				}
			}
		}
		for h, hs := range u.Heroes {
			for i, w := range hs.Weapons {
				if _, ok := u.Ix.Weapons[w]; !ok {
					reportRef(p, Ptr("heroes", h, "weapons", fmt.Sprint(i)), "weapon", w, sortedKeys(u.Ix.Weapons))
				}
			}
			for s, sk := range hs.Skills {
				for _, k := range sortedKeys(sk.HeroRefs) {
					if _, ok := u.Ix.Heroes[sk.HeroRefs[k]]; !ok {
						reportRef(p, SkillPtr(h, s, "hero_refs", k), "hero", sk.HeroRefs[k], sortedKeys(u.Ix.Heroes))
					}
				}
				for _, k := range sortedKeys(sk.ContestRefs) {
					if _, ok := u.Ix.Contests[sk.ContestRefs[k]]; !ok {
						reportRef(p, SkillPtr(h, s, "contest_refs", k), "contest class", sk.ContestRefs[k], sortedKeys(u.Ix.Contests))
					}
				}
				rules := u.numericRules()
				for _, k := range sortedKeys(sk.RuleRefs) {
					if _, ok := rules[sk.RuleRefs[k]]; !ok {
						reportRef(p, SkillPtr(h, s, "rule_refs", k), "numeric rule", sk.RuleRefs[k], sortedKeys(rules))
					}
				}
			}
		}
	},
}
