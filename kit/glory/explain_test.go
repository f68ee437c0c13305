package glory_test

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/glory"
)

// TestExplainMatchesTheAI replays a heuristic-against-heuristic game (red
// scripted to take YR as its main hero, as full's golden playthrough is)
// up to each of its decisions (draft, weapons, preparation skills, moves,
// shots, skills, YR's turn-start 约谈) and checks that the explanation
// chooses what the agent played, that every candidate's score is the sum
// of its terms, and that the chosen option has the best score of the
// candidates.
func TestExplainMatchesTheAI(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/full")
	const seed = 2
	pt, err := glory.Game{}.Play(cfg, seed, []string{"heuristic"}, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	log := []int{5}
	kinds := map[string]int{}
	for n, d := range pt.Decisions {
		if n == 0 {
			continue // the scripted main hero
		}
		if n >= 200 && kinds["start"] > 0 {
			break
		}
		choice, _ := d.Get("choice")
		c, err := strconv.Atoi(choice)
		if err != nil {
			t.Fatalf("decision %s", d)
		}
		ex, err := glory.Explain(cfg, seed, log, "")
		if err != nil {
			t.Fatalf("after %d decisions: %v", len(log), err)
		}
		if ex.Request != d.Kind || ex.Choice != c {
			t.Fatalf("after %d decisions: explained %s choosing %d, the game had %s", len(log), ex.Request, ex.Choice, d)
		}
		kinds[ex.Request]++
		best, chosen := -1<<31, -1<<31
		for _, cand := range ex.Candidates {
			sum := 0
			for _, term := range cand.Terms {
				sum += term.Value
			}
			if sum != cand.Score {
				t.Errorf("after %d decisions: %s scores %d, its terms sum to %d", len(log), cand.ID, cand.Score, sum)
			}
			if cand.Skip == "" {
				best = max(best, cand.Score)
			}
			if cand.Option == c {
				chosen = cand.Score
				if cand.Skip != "" && ex.Request != "main" && ex.Request != "ban" && ex.Request != "pick" && ex.Request != "prep" && ex.Request != "start" {
					t.Errorf("after %d decisions: chose %s, which it skipped (%s)", len(log), cand.ID, cand.Skip)
				}
			}
		}
		if ex.Request == "action" && chosen != best {
			t.Errorf("after %d decisions: chose a candidate of score %d, the best is %d", len(log), chosen, best)
		}
		log = append(log, c)
	}
	for _, k := range []string{"main", "ban", "pick", "weapon", "prep", "action", "start"} {
		if kinds[k] == 0 {
			t.Errorf("no %s request explained (%v)", k, kinds)
		}
	}
}

// TestExplainPerson keeps one hero's options of an operation request and
// names the known heroes for an unknown one; the explanation is JSON.
func TestExplainPerson(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	pt, err := glory.Game{}.Play(cfg, 1, []string{"heuristic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The first operation request and the hero it moved.
	var log []int
	for _, d := range pt.Decisions {
		if d.Kind == "action" {
			break
		}
		c, _ := d.Get("choice")
		n, _ := strconv.Atoi(c)
		log = append(log, n)
	}
	ex, err := glory.Explain(cfg, 1, log, "")
	if err != nil || ex.Request != "action" {
		t.Fatalf("%v %+v", err, ex)
	}
	hero := strings.SplitN(ex.ChosenSays, " ", 2)[0]
	one, err := glory.Explain(cfg, 1, log, hero)
	if err != nil {
		t.Fatal(err)
	}
	if len(one.Candidates) == 0 || len(one.Candidates) >= len(ex.Candidates) {
		t.Errorf("%s has %d of the %d candidates", hero, len(one.Candidates), len(ex.Candidates))
	}
	for _, c := range one.Candidates {
		if !strings.HasPrefix(c.Says, hero+" ") && !strings.HasPrefix(c.Says, hero+":") {
			t.Errorf("candidate %q is not %s's", c.Says, hero)
		}
	}
	if one.PersonChoice != nil {
		t.Errorf("%s's operation was chosen, yet person_choice is %d", hero, *one.PersonChoice)
	}
	if _, err := json.Marshal(one); err != nil {
		t.Error(err)
	}
	if _, err := glory.Explain(cfg, 1, log, "Nobody"); err == nil || !strings.Contains(err.Error(), `no hero is named "Nobody" (heroes: BM, LYJ,`) {
		t.Errorf("unknown hero: %v", err)
	}
}
