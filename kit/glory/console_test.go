package glory_test

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/glory"
)

// TestConsoleSummon plays red at the console (mapc play) against the
// heuristic: red takes YR as main hero and otherwise takes the defaults
// (passing); when blue has hit YR, red's turn starts with a prompt for
// 约谈 — let it be (the default, first) or an enemy and a point — and red
// pulls. The log replays: a second run from the log asks nothing new
// before the same prompt.
func TestConsoleSummon(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/full")
	tab, _, err := glory.Game{}.Table(cfg, 1, []string{"", "heuristic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := tab.Roles(); len(r) != 2 || r[0] != "red" || r[1] != "blue" {
		t.Fatalf("roles %v", r)
	}
	var summon *console.Prompt
	answer := func(p console.Prompt) (int, error) {
		if strings.HasPrefix(p.Question, "your main hero") {
			for i, o := range p.Options {
				if strings.HasPrefix(o, "YR ") {
					return i, nil
				}
			}
			t.Fatalf("YR not offered: %v", p.Options)
		}
		if strings.HasPrefix(p.Question, "start of your turn") && summon == nil {
			summon = &p
			return 1, nil
		}
		return p.Default, nil
	}
	result, log, err := tab.Play(nil, []bool{true, false}, answer, nil)
	if err != nil {
		t.Fatal(err)
	}
	if summon == nil {
		t.Fatalf("no 约谈 prompt in the game (%s)", result)
	}
	if !strings.Contains(summon.Question, "YR's 约谈") || summon.Options[0] != "let it be" || summon.Default != 0 {
		t.Errorf("约谈 prompt %q, options %q, default %d", summon.Question, summon.Options, summon.Default)
	}
	if !strings.HasPrefix(summon.Options[1], "YR: 约谈 on ") || !strings.Contains(summon.Options[1], ", point ") {
		t.Errorf("约谈 option %q", summon.Options[1])
	}
	pulled := false
	for _, e := range summon.Events {
		pulled = pulled || strings.Contains(e, "damage") && strings.Contains(e, "other=YR")
	}
	if !pulled {
		t.Errorf("the prompt does not show the damage YR took: %q", summon.Events)
	}
	if !strings.HasPrefix(result, "The game is over after ") {
		t.Errorf("result %q", result)
	}
	// Resume from the whole log: nothing is asked and the result is the same.
	again, _, err := tab.Play(log, []bool{true, false}, func(p console.Prompt) (int, error) {
		t.Fatalf("asked %q although the log holds every decision", p.Question)
		return 0, nil
	}, nil)
	if err != nil || again != result {
		t.Errorf("replayed: %q, %v; want %q", again, err, result)
	}
}
