package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// WaterFlag reports terrains whose water or passable flag contradicts
// their attack ratio.
var WaterFlag = &lint.Rule[*Unit]{
	Name: "xghj-water-flag",
	Doc: `terrain flags contradict its attack ratio

In fc14 a cell is water, impassable and uncapturable exactly when its attack
ratio is 0 (facts §2). A terrain marked water = true or passable = false
with a positive atk would still be captured; one marked water = false with
atk = 0 would still be reset to neutral. Make the flags and atk agree.`,
	Categories: []string{"rules"},
	Severity:   diag.Error,
	Example:    "[[terrains]]\nglyph = \"~\"\nname = \"lake\"\natk = 10\nwater = true\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Terrains {
			water := t.Atk <= 0
			if t.Water != nil && *t.Water != water {
				p.Reportf(u.Src.Range(fmt.Sprintf("/terrains/%d/water", i)), "Water flag contradicts atk",
					"Terrain %q has water = %v but atk = %d; water is atk = 0.", t.Name, *t.Water, t.Atk)
			}
			if t.Passable != nil && *t.Passable == water {
				p.Reportf(u.Src.Range(fmt.Sprintf("/terrains/%d/passable", i)), "Passable flag contradicts atk",
					"Terrain %q has passable = %v but atk = %d; impassable is atk = 0.", t.Name, *t.Passable, t.Atk)
			}
		}
	},
}
