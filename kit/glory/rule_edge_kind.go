package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// EdgeKind reports edges whose kind does not fit their points.
var EdgeKind = &lint.Rule[*Unit]{
	Name: "glory-edge-kind",
	Doc: `edge kind does not fit its points

Rail edges join two rail points; boarding edges join a rail point to a road
point; normal and central edges join two road points.`,
	Example:    "[map.edges]\nrail = [[12, 13]]  # neither point is on the railway\n",
	Categories: []string{"map"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, e := range u.Edges() {
			i, iok := u.Ix.Points[e.A]
			j, jok := u.Ix.Points[e.B]
			if !e.OK || !iok || !jok {
				continue
			}
			ra, rb := u.Map.Points[i].Rail, u.Map.Points[j].Rail
			var why string
			switch e.Kind {
			case "rail":
				if !ra || !rb {
					why = "a rail edge must join two rail points"
				}
			case "boarding":
				if ra == rb {
					why = "a boarding edge must join a rail point to a road point"
				}
			default:
				if ra || rb {
					why = "a " + e.Kind + " edge may not touch a rail point (use boarding)"
				}
			}
			if why != "" {
				report(p, EdgePtr(e.Kind, e.Index), "Wrong edge kind", "The %s edge %d–%d: %s.", e.Kind, e.A, e.B, why)
			}
		}
	},
}
