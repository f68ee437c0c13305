package main

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestSimMCTSIndependentOfLoad: batches with mcts seats, whose budget is
// counted in imagined games, give byte-identical reports idle and under
// load and with one worker or two, in every game; a bad option is a usage
// error.
func TestSimMCTSIndependentOfLoad(t *testing.T) {
	cases := []struct{ scenario, agents string }{
		{"mbg/sample", "mcts:iters=6:depth=4,heuristic"},
		{"ftbt/skirmish", "mcts:iters=3:depth=2,ai"},
		{"glory/standard", "mcts:iters=2:depth=2,heuristic"},
		{"xghj/tsinghua", "mcts:iters=3:depth=1,heuristic"},
	}
	for _, c := range cases {
		t.Run(c.scenario, func(t *testing.T) {
			path, err := filepath.Abs("../../scenarios/" + c.scenario)
			if err != nil {
				t.Fatal(err)
			}
			batch := func(workers string) (int, string, string) {
				return runOut("sim", path, "-n", "2", "--seed", "2", "--workers", workers,
					"--agents", c.agents, "--format", "json")
			}
			code, idle, errOut := batch("2")
			if code != 0 || !strings.Contains(idle, `"games": 2`) || !strings.Contains(idle, strings.Split(c.agents, ",")[0]) {
				t.Fatalf("exit %d\n%s%s", code, idle, errOut)
			}
			if _, one, _ := batch("1"); one != idle {
				t.Errorf("one worker and two differ:\n%s\n%s", one, idle)
			}
			stop := burnCPU(4 * runtime.GOMAXPROCS(0))
			_, loaded, _ := batch("2")
			stop()
			if loaded != idle {
				t.Errorf("the report differs under load:\nidle:\n%s\nloaded:\n%s", idle, loaded)
			}
			code, _, errOut = runOut("sim", path, "-n", "1", "--agents", "mcts:iters=0")
			if code != 2 || !strings.Contains(errOut, "iters=0") {
				t.Errorf("bad option: exit %d, %s", code, errOut)
			}
		})
	}
}
