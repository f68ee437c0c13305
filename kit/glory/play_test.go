package glory_test

import (
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/kit/glory"
)

// TestPlay: a recorded game (scentest.Player) names sides, heroes, points,
// weapons and skills, logs the turn-start 约谈 decision of the prefix's
// main hero YR, and comes out the same twice; a bad prefix entry is an
// error.
func TestPlay(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/full")
	a, err := glory.Game{}.Play(cfg, 2, []string{"heuristic"}, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	b, err := glory.Game{}.Play(cfg, 2, []string{"heuristic"}, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("two plays of seed 2 differ")
	}
	if len(a.Events) == 0 || a.Events[0].Kind != "main" {
		t.Fatalf("first event %+v", a.Events)
	}
	if v, _ := a.Events[0].Get("item"); v != "YR" {
		t.Errorf("red's main hero %q, want YR (prefix 5)", v)
	}
	start := 0
	for _, d := range a.Decisions {
		if d.Kind == "start" {
			start++
		}
	}
	pulls := 0
	for _, e := range a.Events {
		if item, _ := e.Get("item"); e.Kind == "skill" && item == "约谈" {
			pulls++
		}
	}
	if start == 0 || pulls == 0 {
		t.Errorf("%d turn-start decisions and %d 约谈 events, want some", start, pulls)
	}
	if _, err := (glory.Game{}).Play(cfg, 2, []string{"heuristic"}, []int{99}); err == nil {
		t.Errorf("a prefix entry out of range played")
	}
}
