package glory

import (
	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Towers reports a side without towers and a tower outside its side's
// tower zone.
var Towers = &lint.Rule[*Unit]{
	Name: "glory-towers",
	Doc: `a side without a tower, or a tower outside its side's zone

Each side loses when all its towers are down (facts §8); a side without a
tower can only lose by losing its heroes. A tower stands in its own side's
tower zone (facts §2: the side's last line of defence, a tag that scripts
may read); a tower outside it is usually a misplaced point.`,
	Example:    "points = [{ id = 1, x = 1, y = 1, tower = { side = \"red\", hp = 100 } }]  # no blue tower\n",
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		var has [2]bool
		for i, pt := range p.Model.Map.Points {
			if pt.Tower == nil {
				continue
			}
			s := engine.SideByName(pt.Tower.Side)
			if s < 0 {
				continue
			}
			has[s] = true
			if pt.TowerZone != pt.Tower.Side {
				where := "in no tower zone"
				if pt.TowerZone != "" {
					where = "in the " + pt.TowerZone + " tower zone"
				}
				report(p, Ptr("map/points", i, "tower"), "Tower outside its side's zone",
					"Point %d carries a %s tower but lies %s; a side's towers stand in its own tower zone (facts §2). Add tower_zone = %q to the point.",
					pt.ID, pt.Tower.Side, where, pt.Tower.Side)
			}
		}
		for s, ok := range has {
			if !ok {
				report(p, "/map/points", "Side without a tower", "No point carries a %s tower.", engine.SideNames[s])
			}
		}
	},
}
