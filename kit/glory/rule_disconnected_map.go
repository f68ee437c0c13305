package glory

import (
	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Disconnected reports points no hero can reach.
var Disconnected = &lint.Rule[*Unit]{
	Name: "glory-disconnected-map",
	Doc: `point unreachable from the spawns

Every point should be reachable over drawn edges from red's spawn; a point
that is not can never be entered, and steps to it are undefined.`,
	Example:    "points = [{ id = 1, x = 1, y = 1 }, { id = 2, x = 2, y = 1 }, { id = 9, x = 9, y = 9 }]  # 9 has no edge\n",
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		b := u.Board()
		if b == nil {
			return
		}
		start := b.Spawn(engine.Red)
		for i := range b.Len() {
			if b.Steps(start, i) < 0 {
				report(p, PointPtr(u.Ix.Points[b.ID(i)], "id"), "Unreachable point", "Point %d cannot be reached from red's spawn over drawn edges.", b.ID(i))
			}
		}
	},
}
