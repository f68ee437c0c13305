package scentest

import (
	"reflect"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
)

// goldenText is a transcript of two turns' decisions and events, the
// second player's name with a space, cut after turn 1.
func goldenText() []byte {
	pt := &build.Playthrough{Players: []string{"魏", "side 1"}, Winner: 1, Reason: "capital", Turns: 2,
		Decisions: []build.Record{
			DecisionRecord(1, kindName("action"), "魏", 2, "move/3"),
			DecisionRecord(1, kindName("target"), "side 1", 0, "person/0"),
			DecisionRecord(2, kindName("action"), "魏", 1, "pass"),
		},
		Events: []build.Record{{Turn: 1, Kind: "throw", Fields: []build.Field{{Key: "dice", Value: "4"}}}, {Turn: 2, Kind: "end"}},
	}
	return Transcript(Playthrough{Name: "p", Seed: 42, Agents: []string{"heuristic", "random"}, Turns: 1}, pt)
}

type kindName string

func (k kindName) String() string { return string(k) }

// ReadGolden reads back what Transcript writes: the header's seed and
// agents, the players, the turns kept, each decision's player, choice and
// option, the events and the result.
func TestReadGoldenReadsTranscript(t *testing.T) {
	g, err := ReadGolden(goldenText())
	if err != nil {
		t.Fatal(err)
	}
	if g.Seed != 42 || !reflect.DeepEqual(g.Agents, []string{"heuristic", "random"}) || g.Turns != 1 {
		t.Errorf("seed %d, agents %q, turns %d; want 42, [heuristic random], 1", g.Seed, g.Agents, g.Turns)
	}
	if g.Result != "winner=side 1 reason=capital turns=2" {
		t.Errorf("result %q", g.Result)
	}
	if !reflect.DeepEqual(g.Events, []string{"1 throw dice=4"}) {
		t.Errorf("events %q, want the first turn's", g.Events)
	}
	want := []GoldenDecision{
		{Line: 5, Text: "1 action player=魏 choice=2 option=move/3", Turn: 1, Kind: "action", Player: "魏", Choice: 2, Option: "move/3"},
		{Line: 6, Text: `1 target player="side 1" choice=0 option=person/0`, Turn: 1, Kind: "target", Player: "side 1", Choice: 0, Option: "person/0"},
	}
	if !reflect.DeepEqual(g.Decisions, want) {
		t.Errorf("decisions\n%+v\nwant\n%+v", g.Decisions, want)
	}
	if got := g.Choices(); !reflect.DeepEqual(got, []int{2, 0}) {
		t.Errorf("choices %v, want [2 0]", got)
	}
	crlf, err := ReadGolden([]byte(strings.ReplaceAll(string(goldenText()), "\n", "\r\n")))
	if err != nil || !reflect.DeepEqual(crlf, g) {
		t.Errorf("with CRLF line ends: %+v, %v", crlf, err)
	}
}

// A text ReadGolden cannot read is an error naming the line at fault.
func TestReadGoldenErrors(t *testing.T) {
	text := string(goldenText())
	for _, c := range []struct{ name, text, want string }{
		{"no header", "players a b\n", "first line is not a golden playthrough's header"},
		{"no seed", strings.Replace(text, ": seed 42,", ":", 1), "without its seed"},
		{"bad seed", strings.Replace(text, "seed 42", "seed many", 1), `line 1: its seed "many" is not a number`},
		{"stray line", text + "hello\n", "line 8: not a line of a golden playthrough"},
		{"broken quote", text + "decision 3 action player=\"魏 choice=1\n", "line 8: bad quoted value"},
		{"no choice", text + "decision 3 action player=魏\n", "line 8: want a decision as TURN KIND player=NAME choice=K"},
		{"no kind", text + "decision 3\n", "line 8: a record needs its turn and kind"},
	} {
		if _, err := ReadGolden([]byte(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error with %q", c.name, err, c.want)
		}
	}
}

// A GoldenCheck passes the game that is the golden one, record by record,
// ignores what comes after the turns kept, and names the first record
// that differs.
func TestGoldenCheck(t *testing.T) {
	g, err := ReadGolden(goldenText())
	if err != nil {
		t.Fatal(err)
	}
	c := g.Check()
	for _, step := range []error{
		c.Decision(1, "1 action player=魏 choice=2 option=move/3"),
		c.Event(1, "1 throw dice=4"),
		c.Decision(1, `1 target player="side 1" choice=0 option=person/0`),
		c.Decision(2, "2 action player=魏 choice=0 option=other"), // after turn 1: not held
		c.Result("winner=side 1 reason=capital turns=2"),
	} {
		if step != nil {
			t.Fatal(step)
		}
	}
	if err := c.Decision(1, "1 action player=魏 choice=0 option=pass"); err == nil || !strings.Contains(err.Error(), `decision 3 is nothing more, the game's "1 action`) {
		t.Errorf("one decision too many: %v", err)
	}
	c = g.Check()
	if err := c.Event(1, "1 throw dice=5"); err == nil || !strings.Contains(err.Error(), `event 1 is "1 throw dice=4", the game's "1 throw dice=5"`) {
		t.Errorf("another event: %v", err)
	}
	if err := c.Result("winner=魏 reason=capital turns=2"); err == nil || !strings.Contains(err.Error(), "result is") {
		t.Errorf("another result: %v", err)
	}
}
