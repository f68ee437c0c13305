package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// DuplicateID reports names declared twice.
var DuplicateID = &lint.Rule[*Unit]{
	Name: "mbg-duplicate-id",
	Doc: `name declared twice

Names are ids: two officers, two roles, two techs or two cards may not share
a name, and cities, institutes and training rooms share one namespace with
the board words hall, chance and empty because the board refers to them by
name.`,
	Example:    "officers = [\n  { name = \"曹操\", wu = 72, zhan = 99, mou = 92, zheng = 96, jing = 88 },\n  { name = \"曹操\", wu = 1, zhan = 1, mou = 1, zheng = 1, jing = 1 },\n]\n",
	Categories: []string{"reference"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		type decl struct{ ptr, what string }
		seen := map[string]decl{}
		dup := func(space, name, ptr, what string) {
			if name == "" {
				return
			}
			key := space + "\x00" + name
			first, ok := seen[key]
			if !ok {
				seen[key] = decl{ptr, what}
				return
			}
			d := diag.Diagnostic{Summary: "Duplicate name",
				Detail:  fmt.Sprintf("The %s %q has the same name as the %s declared before; names must be unique.", what, name, first.what),
				Subject: u.Src.Range(ptr)}
			if r := u.Src.Range(first.ptr); r != nil {
				d.Related = []diag.Related{{Message: "first declared here", Range: *r}}
			}
			report(p, d)
		}
		for _, w := range []string{BoardHall, BoardChance, BoardEmpty} {
			seen["facility\x00"+w] = decl{"", "reserved board word"}
		}
		for i, o := range u.Officers {
			dup("officer", o.Name, Ptr("officers", i, "name"), "officer")
		}
		for i, c := range u.Cities {
			dup("facility", c.Name, Ptr("cities", i, "name"), "city")
		}
		for i, c := range u.Institutes {
			dup("facility", c.Name, Ptr("institutes", i, "name"), "institute")
		}
		for i, c := range u.Trainings {
			dup("facility", c.Name, Ptr("training_rooms", i, "name"), "training room")
		}
		for i, r := range u.Roles {
			dup("role", r.Name, Ptr("roles", i, "name"), "role")
		}
		for i, t := range u.Techs {
			dup("tech", t.ID, Ptr("techs", i, "id"), "tech")
		}
		for i, c := range u.Cards {
			dup("card", c.ID, Ptr("cards", i, "id"), "card")
		}
	},
}
