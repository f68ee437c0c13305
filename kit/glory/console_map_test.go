package glory_test

import (
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/glory"
)

// TestConsoleMap: once the heroes are drafted, a prompt's state shows the
// map. Before red's first move each side's five heroes stand on its
// spawn, the main tower (red 82 at (2,2), blue 19 at (9,9)); the second
// towers (red 52 at (2,5), blue 49 at (9,6)) stand alone; the railway
// rings the map, the central area is the 4 × 4 block from (4,4) to (7,7)
// and the economy zones are 23 at (3,8) and 78 at (8,3).
func TestConsoleMap(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	tab, _, err := glory.Game{}.Table(cfg, 1, []string{"", "heuristic"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var first *console.Prompt
	answer := func(p console.Prompt) (int, error) {
		if first == nil && p.Question == "which hero does what?" {
			first = &p
		}
		return p.Default, nil
	}
	if _, _, err := tab.Play(nil, []bool{true, false}, answer, nil); err != nil {
		t.Fatal(err)
	}
	if first == nil {
		t.Fatal("no operation prompt")
	}
	state := strings.Join(first.State, "\n")
	for _, want := range []string{
		"\n     1  2  3  4  5  6  7  8  9  10\n",
		"\n   9 == .. .. .. .. .. .. .. B5 ==\n",
		"\n   8 == .. $$ .. .. .. .. .. .. ==\n",
		"\n   7 == .. .. ++ ++ ++ ++ .. .. ==\n",
		"\n   6 == .. .. ++ ++ ++ ++ .. Tb ==\n",
		"\n   5 == Tr .. ++ ++ ++ ++ .. .. ==\n",
		"\n   3 == .. .. .. .. .. .. $$ .. ==\n",
		"\n   2 == R5 .. .. .. .. .. .. .. ==\n",
		"\n   1    == == == == == == == == ==\n",
	} {
		if !strings.Contains(state, want) {
			t.Errorf("the state lacks %q:\n%s", want, state)
		}
	}
}
