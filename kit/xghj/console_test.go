package xghj

import (
	"bufio"
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/console"
)

func scriptedSession(input string) (*console.Session, *bytes.Buffer, *[]json.RawMessage) {
	var out bytes.Buffer
	var saved []json.RawMessage
	return &console.Session{In: bufio.NewReader(strings.NewReader(input)), Out: &out,
		Save: func(_ string, d []json.RawMessage) error { saved = d; return nil }}, &out, &saved
}

// A person plays the template as 甲 through a pipe to the end: a bid, a
// spawn, then each round its diplomacy and placements; it sees its own
// view (unseen cells as ?), and the game ends with a ranking.
func TestConsoleWholeGame(t *testing.T) {
	cfg := templateConfig(t)
	tab, _, err := Game{}.Table(cfg, 1, []string{"", AgentHeuristic, AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s, out, _ := scriptedSession(strings.Repeat("1\n", 400))
	log, err := s.Run(tab, []bool{true, false, false}, nil)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	text := out.String()
	for _, want := range []string{"甲, your bid for the spawn order:", "甲, where do you spawn?", "placements so far: none", "The game is over after round"} {
		if !strings.Contains(text, want) {
			t.Errorf("the session lacks %q", want)
		}
	}
	if !strings.Contains(text, "?2") {
		t.Error("the person's map shows no unseen cell: it sees more than its view")
	}
	if strings.Contains(text, "spawn player=乙") {
		t.Error("the person was told where 乙 spawned, out of its sight")
	}
	// The log replays to the same game: watching it ends alike.
	s2, out2, _ := scriptedSession("")
	if err := s2.Watch(tab, log); err != nil {
		t.Fatal(err)
	}
	last := func(s string) string {
		lines := strings.Split(strings.TrimSpace(s), "\n")
		return lines[len(lines)-1]
	}
	if last(out2.String()) != last(text) {
		t.Errorf("the replay ends %q, the game %q", last(out2.String()), last(text))
	}
}

// Undo goes back one answer; save writes the log so far, and a session
// resumed from it asks the same next question.
func TestConsoleUndoSaveResume(t *testing.T) {
	cfg := templateConfig(t)
	tab, _, err := Game{}.Table(cfg, 1, []string{"", AgentHeuristic, AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// bid 20 (4), undo, bid 0 (1), spawn (1), save, quit
	s, out, saved := scriptedSession("4\nu\n1\n1\ns x.json\nq\n")
	if _, err := s.Run(tab, []bool{true, false, false}, nil); err != console.ErrQuit {
		t.Fatalf("%v\n%s", err, out)
	}
	text := out.String()
	if !strings.Contains(text, "undone: back to your previous decision") {
		t.Errorf("no undo in\n%s", text)
	}
	after := text[strings.Index(text, "undone"):]
	if !strings.Contains(after, "bid player=甲 value=0") || strings.Contains(after, "bid player=甲 value=20") {
		t.Errorf("the undone bid of 20 stuck, or the bid of 0 did not:\n%s", text)
	}
	if len(*saved) == 0 {
		t.Fatal("nothing saved")
	}
	var first struct{ Choice *int }
	if err := json.Unmarshal((*saved)[0], &first); err != nil || first.Choice == nil || *first.Choice != 0 {
		t.Errorf("the save's first decision %s, want 甲's bid answer 0", (*saved)[0])
	}
	// Resume: the next question is the first diplomacy or placement of
	// round 1, as it was when saved.
	s2, out2, _ := scriptedSession("q\n")
	if _, err := s2.Run(tab, []bool{true, false, false}, *saved); err != console.ErrQuit {
		t.Fatal(err)
	}
	q := func(s string) string {
		i := strings.LastIndex(s, "甲, ")
		return s[i : i+strings.Index(s[i:], "\n")]
	}
	if q(out2.String()) != q(text) {
		t.Errorf("resumed at %q, saved at %q", q(out2.String()), q(text))
	}
}
