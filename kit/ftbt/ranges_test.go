package ftbt_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/ftbt"
)

// TestRangesOrder: a 3×3 plain (weight 15), A at (0,1) with speed 30, the
// enemy B at (2,1). Worked out from facts §5.2–§5.4: from the start, pushes
// in direction order (1,1), (0,2), (0,0), all 15. The dsg heap keeps
// sinking on equal lengths, so after (1,1) it pops (0,2) before (0,0)
// (container/heap would pop (0,0)). Leaving (1,1) vertically is doubled
// because B flanks it (45 > 30); (1,2) and (1,0) cost 30.
func TestRangesOrder(t *testing.T) {
	t.Parallel()
	cfg := &engine.Config{
		Version: engine.ConfigVersion, Game: "ftbt", Name: "tiny", Width: 3, Height: 3,
		Terrains:  []engine.Terrain{{Name: "plain", Weight: 15}},
		Cells:     make([]int, 9),
		Constants: engine.Constants{MaxFlyWeight: 15, MaxAbi: 30},
		Rules:     engine.Rules{BothWiped: engine.BothWipedDraw},
		Classes:   []engine.Class{{ID: "damage", Hook: "damage", Target: engine.TargetEnemy}},
		Techs:     []engine.Tech{{ID: "hit", Offsets: [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 0}}, Mask: []bool{true}, Value: 5}},
		People: []engine.Person{
			{Name: "A", Side: 0, Abi: 20, Def: 10, HP: 50, Speed: 30, X: 0, Y: 1, Techs: []int{0}},
			{Name: "B", Side: 1, Abi: 20, Def: 10, HP: 50, Speed: 30, X: 2, Y: 1, Techs: []int{}},
		},
	}
	r, err := ftbt.RangesOf(cfg)
	if err != nil {
		t.Fatal(err)
	}
	type cell struct {
		At   [2]int
		Cost int
		From [2]int
	}
	var got []cell
	for _, c := range r.People[0].Reach {
		from := [2]int{-1, -1}
		if c.From != nil {
			from = *c.From
		}
		got = append(got, cell{c.At, c.Cost, from})
	}
	want := []cell{
		{[2]int{0, 1}, 0, [2]int{-1, -1}},
		{[2]int{1, 1}, 15, [2]int{0, 1}},
		{[2]int{0, 2}, 15, [2]int{0, 1}},
		{[2]int{0, 0}, 15, [2]int{0, 1}},
		{[2]int{1, 2}, 30, [2]int{0, 2}},
		{[2]int{1, 0}, 30, [2]int{0, 0}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("A's reach (-want +got):\n%s", diff)
	}
	// The tech marks its offsets from A's cell inside the map, in offset
	// order, once each (facts §6): (1,1), (0,2), (0,0).
	if diff := cmp.Diff([][2]int{{1, 1}, {0, 2}, {0, 0}}, r.People[0].Techs[0].Targets); diff != "" {
		t.Errorf("A's targets (-want +got):\n%s", diff)
	}
}
