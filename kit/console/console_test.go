package console

import (
	"bufio"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// countdown is a fake game: the person and an agent alternately take 1 or
// 2 from a pile of 7; whoever takes the last wins. The agent always takes 1.
type countdown struct{}

func (countdown) Roles() []string { return []string{"you", "bot"} }

func (countdown) Play(log []json.RawMessage, humans []bool, ask func(Prompt) (int, error), watch func([]string)) (string, []json.RawMessage, error) {
	pile, taken := 7, []json.RawMessage{}
	for turn := 0; ; turn++ {
		role := turn % 2
		var n int
		switch {
		case len(taken) < len(log):
			json.Unmarshal(log[len(taken)], &n)
		case humans[role]:
			c, err := ask(Prompt{Role: role, Question: fmt.Sprintf("pile %d", pile), Options: []string{"take 1", "take 2"}, Log: taken})
			if err != nil {
				return "", taken, err
			}
			n = c + 1
		default:
			n = 1
		}
		b, _ := json.Marshal(n)
		taken = append(taken, b)
		pile -= n
		if watch != nil {
			watch([]string{fmt.Sprintf("%s took %d", countdown{}.Roles()[role], n)})
		}
		if pile <= 0 {
			return countdown{}.Roles()[role] + " wins", taken, nil
		}
	}
}

func session(input string) (*Session, *strings.Builder, *[]json.RawMessage) {
	var out strings.Builder
	var saved []json.RawMessage
	return &Session{In: bufio.NewReader(strings.NewReader(input)), Out: &out,
		Save: func(path string, d []json.RawMessage) error { saved = d; return nil }}, &out, &saved
}

func TestRunUndoSave(t *testing.T) {
	// you 2 (5 left), bot 1 (4), you: undo → back to the first decision;
	// you 1 (6), bot 1 (5), save, you 2 (3), bot 1 (2), you 2 → you win.
	s, out, saved := session("u\n2\n9\nu\n1\ns game.json\n2\n2\n")
	log, err := s.Run(countdown{}, []bool{true, false}, nil)
	if err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"nothing to undo", "answer 1 to 2", "undone: back to your previous decision", "saved to game.json", "you wins"} {
		if !strings.Contains(text, want) {
			t.Errorf("transcript lacks %q:\n%s", want, text)
		}
	}
	if got := fmt.Sprint(len(*saved), len(log)); got != "2 5" {
		t.Errorf("saved %d decisions, played %d; want 2 and 5", len(*saved), len(log))
	}
	// Resuming the save with the same answers ends the same way.
	s2, out2, _ := session("2\n2\n")
	if _, err := s2.Run(countdown{}, []bool{true, false}, *saved); err != nil || !strings.Contains(out2.String(), "you wins") {
		t.Errorf("resume: %v\n%s", err, out2.String())
	}
	// End of input quits.
	s3, _, _ := session("1\n")
	if _, err := s3.Run(countdown{}, []bool{true, false}, nil); err != ErrQuit {
		t.Errorf("EOF: %v", err)
	}
}

func TestWatch(t *testing.T) {
	s, out, _ := session("")
	log := []json.RawMessage{json.RawMessage("2"), json.RawMessage("1")}
	if err := s.Watch(countdown{}, log); err != nil {
		t.Fatal(err)
	}
	want := "-- step 1\n   you took 2\n-- step 2\n   bot took 1\n\nThe recording ends here, after 2 decisions; you is to decide: pile 4.\n"
	if out.String() != want {
		t.Errorf("watch:\n%s\nwant\n%s", out.String(), want)
	}
}
