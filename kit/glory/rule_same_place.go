package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// SamePlace reports two points on one lattice position.
var SamePlace = &lint.Rule[*Unit]{
	Name:       "glory-same-place",
	Doc:        "two points at the same coordinates\n\nEvery point has a lattice position of its own; steps, r and 视域 are computed from them.",
	Example:    "points = [{ id = 1, x = 1, y = 1 }, { id = 2, x = 1, y = 1 }]\n",
	Categories: []string{"map"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		at := map[[2]int]int{}
		for i, pt := range p.Model.Map.Points {
			if pt.Bad {
				continue
			}
			k := [2]int{pt.X, pt.Y}
			if j, ok := at[k]; ok {
				report(p, PointPtr(i, "x"), "Points on one position", "Point %d is at (%d,%d), where point %d already is.", pt.ID, pt.X, pt.Y, p.Model.Map.Points[j].ID)
				continue
			}
			at[k] = i
		}
	},
}
