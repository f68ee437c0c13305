package glory_test

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
)

// TestBoardErrors checks NewBoard refuses broken maps with a message naming
// the problem, and never panics.
func TestBoardErrors(t *testing.T) {
	base := func() glory.MapConfig {
		return glory.MapConfig{
			Name: "tiny",
			Points: []glory.PointConfig{
				{ID: 1, X: 1, Y: 1}, {ID: 2, X: 2, Y: 1}, {ID: 3, X: 3, Y: 1, Rail: true}, {ID: 4, X: 4, Y: 1, Rail: true},
			},
			Edges: []glory.EdgeConfig{{A: 1, B: 2, Kind: "normal"}, {A: 2, B: 3, Kind: "boarding"}, {A: 3, B: 4, Kind: "rail"}},
			Spawn: [2]int{1, 2},
		}
	}
	if _, err := glory.NewBoard(base()); err != nil {
		t.Fatalf("base map: %v", err)
	}
	cases := []struct {
		name string
		edit func(m *glory.MapConfig)
		want string
	}{
		{"no points", func(m *glory.MapConfig) { m.Points = nil }, "has no points"},
		{"bad id", func(m *glory.MapConfig) { m.Points[0].ID = 0 }, "not positive"},
		{"duplicate id", func(m *glory.MapConfig) { m.Points[1].ID = 1 }, "defined twice"},
		{"same place", func(m *glory.MapConfig) { m.Points[1].X = 1 }, "both at (1,1)"},
		{"unknown point", func(m *glory.MapConfig) { m.Edges[0].B = 9 }, "no point 9"},
		{"unknown kind", func(m *glory.MapConfig) { m.Edges[0].Kind = "road" }, `unknown kind "road"`},
		{"not neighbours", func(m *glory.MapConfig) { m.Edges[0].B = 4; m.Edges[0].Kind = "normal" }, "not lattice neighbours"},
		{"twice", func(m *glory.MapConfig) { m.Edges = append(m.Edges, glory.EdgeConfig{A: 2, B: 1, Kind: "normal"}) }, "drawn twice"},
		{"rail off rail", func(m *glory.MapConfig) { m.Edges[0].Kind = "rail" }, "two rail points"},
		{"boarding between roads", func(m *glory.MapConfig) { m.Edges[0].Kind = "boarding" }, "rail point to a non-rail"},
		{"road on rail", func(m *glory.MapConfig) { m.Edges[2].Kind = "normal" }, "may not touch a rail point"},
		{"self loop", func(m *glory.MapConfig) { m.Edges[0].B = 1 }, "to itself"},
		{"tower side", func(m *glory.MapConfig) { m.Points[0].Tower = &glory.TowerConfig{Side: "green", HP: 10} }, "not red or blue"},
		{"tower hp", func(m *glory.MapConfig) { m.Points[0].Tower = &glory.TowerConfig{Side: "red"} }, "hp 0 is not positive"},
		{"zone side", func(m *glory.MapConfig) { m.Points[0].TowerZone = "x" }, "tower zone"},
		{"spawn", func(m *glory.MapConfig) { m.Spawn[1] = 77 }, "blue spawn: no point 77"},
	}
	for _, c := range cases {
		m := base()
		c.edit(&m)
		_, err := glory.NewBoard(m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
