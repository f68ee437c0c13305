package glory

import (
	"reflect"
	"testing"
)

// copyState copies deeply, keeps nil and empty slices apart (a saved game
// writes them differently), shares no array with its source, and once its
// destination's slices have grown copies without allocating.
func TestCopyState(t *testing.T) {
	src := State{Phase: PhasePlay, Round: 3, G: [2]int{4, 5},
		Heroes: []HeroState{
			{Uses: []int{1, 2}, Next: []int{}, HitBy: []int{7}, Vars: []Var{{Name: "worn", Value: 1}}},
			{Uses: nil, Next: []int{3}, FireNext: []int{0, 0}},
		},
		Towers: []TowerState{{Side: Red, HP: 100}},
		Econ:   [2][]bool{{true}, {}},
		Draft:  Draft{Picks: [2][]int{{1, 2}, nil}, Clashed: []int{}},
	}
	// A spare from a bigger game, whose buffers the copy must not leak.
	dst := State{Heroes: []HeroState{{Uses: []int{9, 9, 9}}, {Vars: []Var{{Name: "x"}}}, {HitBy: []int{5}}}, Draft: Draft{Clashed: nil}}
	copyState(&dst, &src)
	if !reflect.DeepEqual(dst, src) {
		t.Fatalf("copy differs:\n got %+v\nwant %+v", dst, src)
	}
	dst.Heroes[0].Uses[0], dst.Heroes[1].FireNext[1], dst.Towers[0].HP, dst.Econ[0][0], dst.Draft.Picks[0][0] = 99, 99, 1, false, 99
	dst.Heroes[0].Vars[0].Value = 9
	if src.Heroes[0].Uses[0] != 1 || src.Heroes[1].FireNext[1] != 0 || src.Towers[0].HP != 100 || !src.Econ[0][0] || src.Draft.Picks[0][0] != 1 || src.Heroes[0].Vars[0].Value != 1 {
		t.Errorf("the copy shares an array with its source: %+v", src)
	}
	if n := testing.AllocsPerRun(10, func() { copyState(&dst, &src) }); n != 0 {
		t.Errorf("a copy into grown slices allocates %v times", n)
	}
	if !reflect.DeepEqual(dst, src) {
		t.Errorf("the second copy differs")
	}
}
