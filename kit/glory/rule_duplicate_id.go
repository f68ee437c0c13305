package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// DuplicateID reports ids declared twice.
var DuplicateID = &lint.Rule[*Unit]{
	Name: "glory-duplicate-id",
	Doc: `id declared twice

Point ids, weapon ids, 数竞 class ids and hero ids are unique in a scenario
(includes count), and a hero's skill ids are unique among its skills.`,
	Example:    "[[heroes]]\nid = \"581\"\n# …\n[[heroes]]\nid = \"581\"  # already declared\n",
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		seen := map[string]string{}
		dup := func(what, id, ptr string) {
			if id == "" {
				return
			}
			key := what + "\x00" + id
			if first, ok := seen[key]; ok {
				d := p.Diagnostic(u.Src.Range(ptr), "Duplicate "+what, "The %s %q is already declared.", what, id)
				if r := u.Src.Range(first); r != nil {
					d.Related = append(d.Related, diag.Related{Message: "first declared here", Range: *r})
				}
				p.Report(d)
				return
			}
			seen[key] = ptr
		}
		for i, pt := range u.Map.Points {
			if !pt.Bad {
				dup("point", fmt.Sprint(pt.ID), PointPtr(i, "id"))
			}
		}
		for i, w := range u.Weapons {
			dup("weapon", w.ID, Ptr("weapons", i, "id"))
		}
		for i, c := range u.Contests {
			dup("contest class", c.ID, Ptr("contests", i, "id"))
		}
		for i, h := range u.Heroes {
			dup("hero", h.ID, Ptr("heroes", i, "id"))
			for s, sk := range h.Skills {
				dup("skill of "+h.ID, sk.ID, SkillPtr(i, s, "id"))
			}
		}
	},
}
