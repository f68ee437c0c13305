package agent_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
)

// TestRandomChoices: the random agent answers with an option that is
// neither quit nor back, uniformly among the others, from its own seed.
func TestRandomChoices(t *testing.T) {
	t.Parallel()
	req := &ftbt.Request{}
	req.Kind = ftbt.AskPerson
	req.Options = []ftbt.Option{
		{Kind: ftbt.OptPerson, A: 0, B: 3}, {Kind: ftbt.OptPerson, A: 2, B: 7},
		{Kind: ftbt.OptEndTurn, A: -1, B: -1}, {Kind: ftbt.OptQuit, A: -1, B: -1},
	}
	a, b := agent.NewRandom(5), agent.NewRandom(5)
	var count [4]int
	for range 3000 {
		i, err := a.Decide(nil, req)
		if err != nil {
			t.Fatal(err)
		}
		if j, _ := b.Decide(nil, req); j != i {
			t.Fatalf("same seed, different choices")
		}
		count[i]++
	}
	if count[3] != 0 {
		t.Errorf("quit chosen %d times", count[3])
	}
	for i := range 3 {
		if count[i] < 850 || count[i] > 1150 {
			t.Errorf("counts %v, want about 1000 each for the first three", count)
		}
	}
	back := &ftbt.Request{}
	back.Kind, back.Default = ftbt.AskTarget, 1
	back.Options = []ftbt.Option{{Kind: ftbt.OptCell, A: 4, B: 1}, {Kind: ftbt.OptBack, A: -1, B: -1}}
	for range 100 {
		if i, _ := a.Decide(nil, back); i != 0 {
			t.Fatalf("went back")
		}
	}
}
