package mbg_test

import (
	"strconv"
	"testing"

	"github.com/sandtable/sandtable/kit/mbg"
)

// TestExplainMatchesTheHeuristic replays a game of two heuristic agents up
// to each of its first decisions and checks that the explanation names the
// option the agent actually chose, with a rule for the request kind.
func TestExplainMatchesTheHeuristic(t *testing.T) {
	cfg := compileShipped(t, "sample")
	pt, err := mbg.Game{}.Play(cfg, 3, []string{"heuristic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var log []int
	scored := 0
	for i, d := range pt.Decisions {
		if i == 80 {
			break
		}
		choice, _ := d.Get("choice")
		option, _ := d.Get("option")
		v, err := mbg.Game{}.ExplainAI(cfg, 3, log, "")
		if err != nil {
			t.Fatalf("after %d decisions: %v", len(log), err)
		}
		ex := v.(*mbg.Explanation)
		if ex.Request != d.Kind || ex.Chosen != option || strconv.Itoa(ex.Choice) != choice {
			t.Errorf("after %d decisions: explained %s → %s (%d), the agent answered %s with %s (%s)", len(log), ex.Request, ex.Chosen, ex.Choice, d.Kind, option, choice)
		}
		if ex.Rule == "" {
			t.Errorf("no rule for request %s", ex.Request)
		}
		// Where the agent rated options, it chose the first with the
		// highest positive score.
		bi, bs := -1, 0.0
		for j, o := range ex.Options {
			if o.Score != nil {
				scored++
				if *o.Score > bs {
					bi, bs = j, *o.Score
				}
			}
		}
		if bi >= 0 && bi != ex.Choice {
			t.Errorf("after %d decisions (%s): the best score is option %d (%v), the choice %d", len(log), ex.Request, bi, bs, ex.Choice)
		}
		k, _ := strconv.Atoi(choice)
		log = append(log, k)
	}
	if scored == 0 {
		t.Error("no option was scored in 80 decisions")
	}
	if _, err := (mbg.Game{}).ExplainAI(cfg, 3, nil, "曹操"); err == nil {
		t.Error("--person is accepted for mbg")
	}
}
