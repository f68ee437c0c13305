package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// EdgeShape reports edges that are not unit steps between lattice
// neighbours, and edges drawn twice.
var EdgeShape = &lint.Rule[*Unit]{
	Name: "glory-edge-shape",
	Doc: `edge that is not one straight unit step

An edge joins two lattice neighbours: orthogonal (r = 1) or diagonal
(r = √2). Longer segments are drawn as several unit edges, so that the
straight chains that define 视域 stay straight; an edge may be drawn once.`,
	Example:    "[map.edges]\nnormal = [[12, 42]]  # three units: draw 12–22, 22–32, 32–42\n",
	Categories: []string{"map"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		drawn := map[[2]int]bool{}
		for _, e := range u.Edges() {
			i, iok := u.Ix.Points[e.A]
			j, jok := u.Ix.Points[e.B]
			if !e.OK || !iok || !jok {
				continue
			}
			a, b := u.Map.Points[i], u.Map.Points[j]
			dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
			ptr := EdgePtr(e.Kind, e.Index)
			switch {
			case i == j:
				report(p, ptr, "Edge to itself", "The %s edge %d–%d joins a point to itself.", e.Kind, e.A, e.B)
			case dx > 1 || dy > 1:
				report(p, ptr, "Edge is not a unit step", "Points %d (%d,%d) and %d (%d,%d) are not lattice neighbours; draw the segment as unit edges through the points between.", e.A, a.X, a.Y, e.B, b.X, b.Y)
			default:
				k := [2]int{min(i, j), max(i, j)}
				if drawn[k] {
					report(p, ptr, "Edge drawn twice", "The edge %d–%d is already drawn.", e.A, e.B)
				}
				drawn[k] = true
			}
		}
	},
}
