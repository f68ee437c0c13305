package ftbt

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestInspect(t *testing.T) {
	src := load(t, resolveDoc, map[string]string{"effects/push.lua": pushLua})
	in := Inspect(Resolve(Decode(src)))
	if in.Game != "ftbt" || in.Width != 4 || in.Height != 3 {
		t.Errorf("header %+v", in)
	}
	// Rows "..,水" "#.,." "水水..": 平 6, 草 2, 水 3, 墙 1.
	var counts []int
	for _, tr := range in.Terrains {
		counts = append(counts, tr.Cells)
	}
	if diff := cmp.Diff([]int{6, 2, 3, 1}, counts); diff != "" {
		t.Errorf("terrain cells (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]SideInspect{{Side: 0, People: 1, AIPeople: 1, HP: 80}, {Side: 1, People: 2, AIPeople: 1, HP: 170}}, in.Sides); diff != "" {
		t.Errorf("sides (-want +got):\n%s", diff)
	}
	a := in.People[0]
	// A at (1,0): cell 1 on 平. 全 (line 1, every terrain) reaches (2,0),
	// (0,0) and (1,1) but not (1,-1), off the map: 3 targets. 平水 ((0,2)
	// twice, on 平 and 水 only) reaches (1,2), a 水 cell: 1 target.
	want := PersonInspect{Name: "A", Side: 0, X: 1, Y: 0, Cell: 1, Terrain: "平", AI: "nearest enemy", Factors: []int{30, 30, 40},
		Techs: []PersonTech{{Name: "全", Unique: 4, Targets: 3}, {Name: "平水", Unique: 1, Targets: 1}}}
	if diff := cmp.Diff(want, a); diff != "" {
		t.Errorf("A (-want +got):\n%s", diff)
	}
	if d := in.People[1]; d.AI != "goal (0,0)" || d.Cell != 11 {
		t.Errorf("D = %+v", d)
	}
	if e := in.People[2]; e.AI != "off" || e.Factors != nil || len(e.Techs) != 0 {
		t.Errorf("E = %+v", e)
	}
	pw := in.Techs[1]
	if pw.Offsets != 2 || pw.Unique != 1 || len(pw.Duplicates) != 1 || pw.Reach != 2 || pw.Class != "damage" ||
		!cmp.Equal(pw.Terrains, []string{"平", "水"}) || !cmp.Equal(pw.Users, []string{"A"}) {
		t.Errorf("平水 = %+v", pw)
	}
	if _, err := json.Marshal(in); err != nil {
		t.Error(err)
	}
	if _, err := (Game{}).Inspect(42); err == nil {
		t.Error("Inspect accepted a non-config")
	}
}
