package glory_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/glory"
)

// TestBalance: the per-hero report of heuristic vs heuristic games adds up
// (ten picks and two mains per game, five wins per decided game) and does
// not change from one run to the next.
func TestBalance(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	cfg.Rules.MaxRounds = 30
	s, _, err := glory.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	const n = 6
	rep, err := s.Balance(n, 1, []string{glory.AgentHeuristic, glory.AgentHeuristic})
	if err != nil {
		t.Fatal(err)
	}
	var picks, mains, wins int
	for _, h := range rep.Heroes {
		picks += h.Picks
		mains += h.Mains
		wins += h.Wins
		if h.Wins > h.Picks || h.Mains > h.Picks {
			t.Errorf("%s: %+v", h.ID, h)
		}
	}
	decided := rep.Wins[0] + rep.Wins[1]
	if picks != 10*n || mains != 2*n || wins != 5*decided || decided+rep.Draws != n {
		t.Errorf("picks %d mains %d wins %d decided %d draws %d", picks, mains, wins, decided, rep.Draws)
	}
	again, err := s.Balance(n, 1, []string{glory.AgentHeuristic, glory.AgentHeuristic})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rep, again) {
		t.Errorf("two runs differ")
	}
	var sb strings.Builder
	if err := rep.WriteText(&sb); err != nil || !strings.Contains(sb.String(), "WIN RATE") || !strings.Contains(sb.String(), "581") {
		t.Errorf("text report:\n%s", sb.String())
	}
}
