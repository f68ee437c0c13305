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
	for i, d := range pt.Decisions {
		if i == 40 {
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
		k, _ := strconv.Atoi(choice)
		log = append(log, k)
	}
	if _, err := (mbg.Game{}).ExplainAI(cfg, 3, nil, "曹操"); err == nil {
		t.Error("--person is accepted for mbg")
	}
}
