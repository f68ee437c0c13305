package ftbt_test

import (
	"bytes"
	"path/filepath"
	"slices"
	"testing"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/sim"
)

func shipped(t *testing.T, name string) *engine.Config {
	t.Helper()
	res := build.NewCompiler(ftbt.Game{}).Compile(filepath.Join("..", "..", "scenarios", "ftbt", name), build.Options{})
	if res.Value == nil || res.Diags.HasErrors() {
		t.Fatalf("%s does not build: %v", name, res.Diags)
	}
	return res.Value.(*engine.Config)
}

// TestSims: AI vs AI and AI vs random on the shipped levels; every game ends
// by a rule (a side wiped out, or the sim's round limit), and the report is
// the same with one worker or two.
func TestSims(t *testing.T) {
	t.Parallel()
	for _, level := range []string{"skirmish", "star-m2"} {
		s, warns, err := ftbt.NewSim(shipped(t, level))
		if err != nil || len(warns) > 0 {
			t.Fatalf("%s: %v %v", level, warns, err)
		}
		for _, agents := range [][]string{{ftbt.AgentAI}, {ftbt.AgentAI, ftbt.AgentRandom}} {
			var reports [][]byte
			for _, w := range []int{1, 2} {
				rep, err := sim.Run(s, sim.Options{Games: 12, Seed: 3, Agents: agents, Workers: w})
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range rep.Reasons {
					if !slices.Contains([]string{engine.ReasonWiped, engine.ReasonBothWiped, "turn_limit"}, c.Reason) {
						t.Errorf("%s %v: %d games ended by %q", level, agents, c.Games, c.Reason)
					}
				}
				var b bytes.Buffer
				if err := rep.WriteJSON(&b); err != nil {
					t.Fatal(err)
				}
				reports = append(reports, b.Bytes())
			}
			if !bytes.Equal(reports[0], reports[1]) {
				t.Errorf("%s %v: 1 and 2 workers differ", level, agents)
			}
		}
	}
}
