package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// PersonImpassable warns about people standing on impassable terrain.
var PersonImpassable = &lint.Rule[*Unit]{
	Name: "ftbt-person-impassable",
	Doc: `person standing on impassable terrain

The person starts on a cell whose terrain has weight -1. It can step off
it, but never back, and nobody else can enter it: usually the person was
meant to stand beside the wall or water.`,
	Example:    "[[terrains]]\nname = \"崖\"\nweight = -1\nglyph = \"^\"\n\n# …\n[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [3, 0]  # a ^ cell\n",
	Categories: []string{"placement"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			t := u.Terrain(x, y)
			if ok && t >= 0 && t < len(u.Terrains) && u.Terrains[t].Weight < 0 {
				report(p, diag.Diagnostic{Summary: "Person on impassable terrain",
					Detail:  fmt.Sprintf("%s stands at %s, a %s cell (weight %d): it can leave the cell but never come back.", pr.Name, cellName(x, y), u.Terrains[t].Name, u.Terrains[t].Weight),
					Subject: u.Src.Range(Ptr("people", i, "at"))})
			}
		}
	},
}
