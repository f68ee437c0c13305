package mbg_test

import (
	"strconv"
	"testing"

	"github.com/sandtable/sandtable/kit/mbg"
)

// TestExplainMatchesTheHeuristic replays a game of two heuristic agents up
// to each of its first decisions and checks that the explanation names the
// option the agent actually chose, with a rule for the request kind; that
// every option is a candidate, the choice without a reason to skip it and
// every other one with; and that a score is the sum (or product) of its
// terms.
func TestExplainMatchesTheHeuristic(t *testing.T) {
	cfg := compileShipped(t, "sample")
	pt, err := mbg.Game{}.Play(cfg, 3, []string{"heuristic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var log []int
	scored, termed := 0, 0
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
		for j, o := range ex.Candidates {
			if (j == ex.Choice) != (o.Skip == "") && o.Score == nil {
				t.Errorf("after %d decisions (%s): candidate %d (%s) skip %q, choice %d", len(log), ex.Request, j, o.Option, o.Skip, ex.Choice)
			}
			if j == ex.Choice && o.Skip != "" {
				t.Errorf("after %d decisions (%s): the choice %s has a reason to skip it: %s", len(log), ex.Request, o.Option, o.Skip)
			}
			if o.Score != nil {
				scored++
				if *o.Score > bs {
					bi, bs = j, *o.Score
				}
				if len(o.Terms) > 0 {
					v := 0.0
					if o.Product {
						v = 1
					}
					for _, term := range o.Terms {
						if o.Product {
							v *= term.Value
						} else {
							v += term.Value
						}
					}
					if d := v - *o.Score; d > 0.05*max(1, *o.Score) || d < -0.05*max(1, *o.Score) {
						t.Errorf("after %d decisions (%s): %s scores %v, its terms make %v", len(log), ex.Request, o.Option, *o.Score, v)
					}
					termed++
				} else if *o.Score > 0 {
					t.Errorf("after %d decisions (%s): %s scores %v without terms", len(log), ex.Request, o.Option, *o.Score)
				}
			}
		}
		if bi >= 0 && bi != ex.Choice {
			t.Errorf("after %d decisions (%s): the best score is option %d (%v), the choice %d", len(log), ex.Request, bi, bs, ex.Choice)
		}
		k, _ := strconv.Atoi(choice)
		log = append(log, k)
	}
	if scored == 0 || termed == 0 {
		t.Errorf("%d options scored, %d with terms in 80 decisions", scored, termed)
	}
	if _, err := (mbg.Game{}).ExplainAI(cfg, 3, nil, "曹操"); err == nil {
		t.Error("--person is accepted for mbg")
	}
}
