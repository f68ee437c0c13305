package glory

import (
	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Towers reports a side without towers and towers without a side's zone.
var Towers = &lint.Rule[*Unit]{
	Name: "glory-towers",
	Doc: `a side without a tower

Each side loses when all its towers are down (facts §8); a side without a
tower can only lose by losing its heroes.`,
	Example:    "points = [{ id = 1, x = 1, y = 1, tower = { side = \"red\", hp = 100 } }]  # no blue tower\n",
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		var has [2]bool
		for _, pt := range p.Model.Map.Points {
			if pt.Tower != nil {
				if s := engine.SideByName(pt.Tower.Side); s >= 0 {
					has[s] = true
				}
			}
		}
		for s, ok := range has {
			if !ok {
				report(p, "/map/points", "Side without a tower", "No point carries a %s tower.", engine.SideNames[s])
			}
		}
	},
}
