package ftbt_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/ftbt"
)

// TestExplainMatchesTheAI replays an AI-against-AI game of skirmish up to
// each of its move decisions and checks that the explanation's chosen
// destination is the cell the AI actually moved to, and that the chosen
// candidate is the first with the greatest total, its total the weighted
// sum of its terms.
func TestExplainMatchesTheAI(t *testing.T) {
	cfg := shipped(t, "skirmish")
	pt, err := ftbt.Game{}.Play(cfg, 1, []string{"ai"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var log []int
	checked, uses := 0, 0
	for _, d := range pt.Decisions {
		choice, _ := d.Get("choice")
		option, _ := d.Get("option")
		if d.Kind == "move" && checked < 12 {
			ex, err := ftbt.Explain(cfg, 1, log, "")
			if err != nil {
				t.Fatalf("after %d decisions: %v", len(log), err)
			}
			if ex.Chosen == nil {
				t.Fatalf("after %d decisions: no choice (%s)", len(log), ex.Why)
			}
			cell := ex.Chosen.Cell[1]*cfg.Width + ex.Chosen.Cell[0]
			if want := fmt.Sprintf("cell/%d", cell); option != want {
				t.Errorf("after %d decisions %s: explanation chose %s, the AI played %s", len(log), ex.Person, want, option)
			}
			f := ex.Factors
			for i, c := range ex.Candidates {
				if c.Total != c.Att*f.Att+c.Def*f.Def+c.Loc*f.Move {
					t.Errorf("candidate %d: total %d is not the weighted sum of %d, %d, %d", i, c.Total, c.Att, c.Def, c.Loc)
				}
				// The cell's tech choice is the first use with the greatest score.
				if len(c.Uses) == 0 {
					if c.Slot != -1 || c.Att != 0 || c.Target != nil {
						t.Errorf("candidate %d: a tech choice without uses: %+v", i, c)
					}
				} else {
					b := c.Uses[0]
					for _, u := range c.Uses[1:] {
						if u.Score > b.Score {
							b = u
						}
					}
					if c.Slot != b.Slot || c.Att != b.Score || c.Target == nil || *c.Target != b.Target {
						t.Errorf("candidate %d: chose slot %d on %v (%d), the best use is %+v", i, c.Slot, c.Target, c.Att, b)
					}
					uses++
				}
				if c.Total > ex.Chosen.Total || (c.Total == ex.Chosen.Total && c.Order < ex.Chosen.Order) {
					t.Errorf("candidate %d (total %d) beats the chosen one (%d, order %d)", i, c.Total, ex.Chosen.Total, ex.Chosen.Order)
				}
			}
			checked++
		}
		var k int
		fmt.Sscan(choice, &k)
		log = append(log, k)
	}
	if checked < 12 || uses == 0 {
		t.Fatalf("only %d move decisions checked, %d candidates with tech uses", checked, uses)
	}
	if _, err := ftbt.Explain(cfg, 1, nil, "无名"); err == nil || !strings.Contains(err.Error(), `no person is named "无名"`) {
		t.Errorf("unknown person: %v", err)
	}
}
