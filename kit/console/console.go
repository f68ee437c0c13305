// Package console plays a game at a terminal: a person takes one or more
// seats, agents the others. It knows no game: each game offers a Table that
// turns its engine's requests into Prompts (the legal options in words, the
// state, the events since the person's last decision), and this package
// reads the answers, with undo, save and resume. Everything is plain text
// lines, so a session works through a pipe as well as on a terminal and is
// tested with scripted input.
//
// A game is reconstructed from its config, its seed and its decision log,
// so undo and resume replay the log: undo drops the person's last decision
// and everything after it; a save file holds the log.
package console

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Prompt is one decision offered to a person.
type Prompt struct {
	Role     int      // the deciding role
	Question string   // e.g. "your action", "target of 窃取"
	State    []string // the relevant state, as lines
	Events   []string // what happened since this role's previous decision
	Options  []string // the legal options in words, in the engine's order
	Default  int
	// Log is the decision log up to this decision (what a save holds).
	Log []json.RawMessage
}

// The commands a person may give instead of an option number. They end
// the game's current run (Table.Play returns the error) so the session can
// rebuild it.
var (
	ErrUndo = errors.New("undo")
	ErrQuit = errors.New("quit")
)

// Table is a game of one config and seed as the console plays it.
type Table interface {
	// Roles names the roles, in index order.
	Roles() []string
	// Play plays the game from its start. The first len(log) decisions
	// come from log (entries of the engine's decision log, in order);
	// after that, roles marked in humans decide through ask and the others
	// through their agents. watch, when not nil, is called after every
	// decision with the events it caused. Play returns the result in
	// words when the game ends, or ask's error; in both cases the decision
	// log as far as the game got.
	Play(log []json.RawMessage, humans []bool, ask func(Prompt) (int, error), watch func(events []string)) (result string, taken []json.RawMessage, err error)
}

// SaveFile is a saved session: enough to rebuild the game by replaying its
// log.
type SaveFile struct {
	Format    int               `json:"format"`
	Game      string            `json:"game"`
	Scenario  string            `json:"scenario"`
	Seed      uint64            `json:"seed"`
	Agents    []string          `json:"agents"` // per role; "" for a person
	Decisions []json.RawMessage `json:"decisions"`
}

// SaveFormat is the version of SaveFile.
const SaveFormat = 1

// Session is one terminal session.
type Session struct {
	In  *bufio.Reader
	Out io.Writer
	// Save writes the session's save file (the "save FILE" command).
	Save func(path string, decisions []json.RawMessage) error
	// Interactive pauses between watched steps (on a terminal).
	Interactive bool
}

// Run plays t with the given seats from the decisions of log on, until the
// game ends or the person quits. It returns the final log.
func (s *Session) Run(t Table, humans []bool, log []json.RawMessage) ([]json.RawMessage, error) {
	var answered []int // the log lengths at which the person answered
	ask := func(p Prompt) (int, error) {
		s.show(t, p)
		for {
			fmt.Fprintf(s.Out, "> ")
			line, err := s.In.ReadString('\n')
			if err != nil && line == "" {
				if errors.Is(err, io.EOF) {
					fmt.Fprintln(s.Out)
					return 0, ErrQuit
				}
				return 0, err
			}
			line = strings.TrimSpace(line)
			if !s.Interactive {
				fmt.Fprintln(s.Out, line) // a transcript shows the answers
			}
			fields := strings.Fields(line)
			switch {
			case len(fields) == 0:
				continue
			case fields[0] == "u" || fields[0] == "undo":
				if len(answered) == 0 {
					fmt.Fprintln(s.Out, "nothing to undo: you have not decided anything yet")
					continue
				}
				return 0, ErrUndo
			case fields[0] == "q" || fields[0] == "quit":
				return 0, ErrQuit
			case fields[0] == "s" || fields[0] == "save":
				if len(fields) != 2 {
					fmt.Fprintln(s.Out, "save needs a file name: save FILE")
					continue
				}
				if err := s.Save(fields[1], p.Log); err != nil {
					fmt.Fprintln(s.Out, "cannot save:", err)
					continue
				}
				fmt.Fprintf(s.Out, "saved to %s; resume with mapc play --load %s\n", fields[1], fields[1])
				continue
			case fields[0] == "?" || fields[0] == "h" || fields[0] == "help":
				fmt.Fprintln(s.Out, "answer with an option's number; u(ndo) your last decision, s(ave) FILE, q(uit)")
				continue
			}
			n, err := strconv.Atoi(fields[0])
			if err != nil || n < 1 || n > len(p.Options) {
				fmt.Fprintf(s.Out, "answer 1 to %d, or u, s FILE, q, ?\n", len(p.Options))
				continue
			}
			answered = append(answered, len(p.Log))
			return n - 1, nil
		}
	}
	for {
		res, full, err := t.Play(log, humans, ask, nil)
		switch {
		case err == nil:
			fmt.Fprintf(s.Out, "\n%s\n", res)
			return full, nil
		case errors.Is(err, ErrUndo):
			last := answered[len(answered)-1]
			answered = answered[:len(answered)-1]
			log = full[:last]
			fmt.Fprintln(s.Out, "undone: back to your previous decision")
		case errors.Is(err, ErrQuit):
			return full, ErrQuit
		default:
			return full, err
		}
	}
}

// show prints a prompt.
func (s *Session) show(t Table, p Prompt) {
	var b strings.Builder
	if len(p.Events) > 0 {
		b.WriteString("\n-- since your last decision\n")
		for _, e := range p.Events {
			fmt.Fprintf(&b, "   %s\n", e)
		}
	}
	b.WriteString("\n")
	for _, l := range p.State {
		fmt.Fprintf(&b, "%s\n", l)
	}
	fmt.Fprintf(&b, "\n%s, %s:\n", t.Roles()[p.Role], p.Question)
	for i, o := range p.Options {
		mark := " "
		if i == p.Default {
			mark = "*"
		}
		fmt.Fprintf(&b, " %s%2d. %s\n", mark, i+1, o)
	}
	io.WriteString(s.Out, b.String())
}

// errLogEnd stops a watched game where its log ends.
var errLogEnd = errors.New("the log ends here")

// Watch replays a recorded game step by step, printing the events of each
// step (and waiting for Enter between them when interactive). It stops at
// the end of the game or of the log, whichever comes first.
func (s *Session) Watch(t Table, log []json.RawMessage) error {
	step := 0
	everyone := make([]bool, len(t.Roles()))
	for i := range everyone {
		everyone[i] = true // past the log, any request ends the watch
	}
	res, _, err := t.Play(log, everyone, func(p Prompt) (int, error) {
		fmt.Fprintf(s.Out, "\nThe recording ends here, after %d decisions; %s is to decide: %s.\n", len(p.Log), t.Roles()[p.Role], p.Question)
		return 0, errLogEnd
	}, func(events []string) {
		step++
		fmt.Fprintf(s.Out, "-- step %d\n", step)
		for _, e := range events {
			fmt.Fprintf(s.Out, "   %s\n", e)
		}
		if s.Interactive {
			s.In.ReadString('\n')
		}
	})
	if errors.Is(err, errLogEnd) {
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(s.Out, "\n%s\n", res)
	return nil
}
