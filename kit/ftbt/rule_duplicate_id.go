package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// DuplicateID reports names and glyphs declared twice.
var DuplicateID = &lint.Rule[*Unit]{
	Name: "ftbt-duplicate-id",
	Doc: `name or glyph declared twice

Names are ids: two terrains, two classes, two techs or two people may not
share a name, and two terrains may not share a glyph, because the map is
drawn with glyphs. Included files count too: a scenario that includes
builtin:ftbt/star.toml cannot declare its own terrain named 平.`,
	Example:    "[[terrains]]\nname = \"平\"\nweight = 15\nglyph = \".\"\n\n[[terrains]]\nname = \"沙\"\nweight = 30\nglyph = \".\"  # already the glyph of 平\n",
	Categories: []string{"reference"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		seen := map[string]string{} // space + name → pointer of the first
		dup := func(what, name, ptr, why string) {
			if name == "" {
				return
			}
			key := what + "\x00" + name
			first, ok := seen[key]
			if !ok {
				seen[key] = ptr
				return
			}
			d := diag.Diagnostic{Summary: "Duplicate " + what,
				Detail:  fmt.Sprintf("The %s %q is already declared; %s", what, name, why),
				Subject: u.Src.Range(ptr)}
			related(u, &d, first, "first declared here")
			report(p, d)
		}
		for i, t := range u.Terrains {
			dup("terrain", t.Name, Ptr("terrains", i, "name"), "terrain names must be unique.")
			dup("glyph", t.Glyph, Ptr("terrains", i, "glyph"), "each terrain needs a glyph of its own, or the map cannot be read.")
		}
		for i, c := range u.Classes {
			dup("class", c.ID, Ptr("classes", i, "id"), "class ids must be unique.")
		}
		for i, t := range u.Techs {
			dup("tech", t.Name, Ptr("techs", i, "name"), "tech names must be unique.")
		}
		for i, pr := range u.People {
			dup("person", pr.Name, Ptr("people", i, "name"), "names of people must be unique.")
		}
	},
}
