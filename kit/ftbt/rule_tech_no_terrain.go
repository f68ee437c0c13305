package ftbt

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// TechNoTerrain warns about techs whose terrain mask allows no cell of the map.
var TechNoTerrain = &lint.Rule[*Unit]{
	Name: "ftbt-tech-no-terrain",
	Doc: `tech usable on no terrain of the map

A tech may only target, and only affects, cells whose terrain its mask
allows. Its terrains and except keys allow no terrain at all, or only
terrains that the map does not use, so the tech can never be used.`,
	Example:    "[[techs]]\nname = \"水攻\"\nclass = \"damage\"\nrange = { line = 1 }\nterrains = [\"水\"]  # and the map has no water\nvalue = 10\n",
	Categories: []string{"tech"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		used := make([]bool, len(u.Terrains))
		for _, c := range u.Config.Cells {
			if c >= 0 && c < len(used) {
				used[c] = true
			}
		}
		for i, t := range u.Techs {
			var allowed []string
			usable := false
			for k, ok := range u.Config.Techs[i].Mask {
				if ok {
					allowed = append(allowed, u.Terrains[k].Name)
					usable = usable || used[k]
				}
			}
			if usable || len(u.Config.Cells) == 0 {
				continue
			}
			ptr := Ptr("techs", i, "terrains")
			if _, ok := u.Src.Lookup(ptr); !ok {
				ptr = Ptr("techs", i, "except")
			}
			detail := fmt.Sprintf("The terrain mask of %s allows no terrain, so it can never be used.", t.Name)
			if len(allowed) > 0 {
				detail = fmt.Sprintf("%s is usable only on %s, which the map does not use.", t.Name, strings.Join(allowed, ", "))
			}
			report(p, diag.Diagnostic{Summary: "Tech usable on no terrain", Detail: detail, Subject: u.Src.KeyRange(ptr)})
		}
	},
}
