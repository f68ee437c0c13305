package scentest

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
)

// goldenPrefix begins a golden playthrough's header (Transcript).
const goldenPrefix = "# golden playthrough"

// goldenHead is the header Transcript writes; seed is any word so that a
// bad one is named.
var goldenHead = regexp.MustCompile(`^# golden playthrough ".*": seed (\S+), agents ([^;]*);`)

// IsGolden reports whether data is a golden playthrough (its header first).
func IsGolden(data []byte) bool {
	return bytes.HasPrefix(bytes.TrimSpace(data), []byte(goldenPrefix))
}

// Golden is a golden playthrough read back: what Transcript wrote.
type Golden struct {
	Seed      uint64
	Agents    []string
	Players   []string // the players line's names; nil without one
	Turns     int      // it holds the first Turns turns; 0: the whole game
	Decisions []GoldenDecision
	Events    []string // the events' records, as text
	Result    string   // "winner=W reason=R turns=N", "" without a result line
}

// GoldenDecision is one decision line of a golden playthrough: a
// DecisionRecord (a game may add fields; Option is "" without one).
type GoldenDecision struct {
	Line   int    // its line in the file
	Text   string // the record as written
	Turn   int
	Kind   string
	Player string
	Choice int
	Option string
}

// ReadGolden reads a golden playthrough of mapc test (Transcript's text).
// An error names the line at fault ("line 7: …").
func ReadGolden(data []byte) (*Golden, error) {
	lines := strings.Split(string(bytes.TrimSpace(data)), "\n")
	head := strings.TrimSuffix(lines[0], "\r")
	if !strings.HasPrefix(head, goldenPrefix) {
		return nil, errors.New("its first line is not a golden playthrough's header (# golden playthrough \"NAME\": seed N, agents A,B; …)")
	}
	m := goldenHead.FindStringSubmatch(head)
	if m == nil {
		return nil, errors.New("without its seed in the header (# golden playthrough \"NAME\": seed N, agents A,B; …)")
	}
	g := &Golden{}
	var err error
	if g.Seed, err = strconv.ParseUint(m[1], 10, 64); err != nil {
		return nil, fmt.Errorf("line 1: its seed %q is not a number", m[1])
	}
	for _, a := range strings.Split(m[2], ",") {
		if a = strings.TrimSpace(a); a != "" {
			g.Agents = append(g.Agents, a)
		}
	}
	for i, l := range lines[1:] {
		n := i + 2
		l = strings.TrimSuffix(l, "\r")
		kind, rest, _ := strings.Cut(l, " ")
		switch kind {
		case "decision":
			d, err := readDecision(rest)
			if err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
			d.Line = n
			g.Decisions = append(g.Decisions, d)
		case "event":
			g.Events = append(g.Events, rest)
		case "result":
			g.Result = rest
		case "players":
			g.Players = strings.Fields(rest)
		case "#":
			if k, err := fmt.Sscanf(rest, "the first %d turns", &g.Turns); err != nil || k != 1 {
				g.Turns = 0
			}
		case "":
		default:
			return nil, fmt.Errorf("line %d: not a line of a golden playthrough (a decision, an event or the result): %.40q", n, l)
		}
	}
	return g, nil
}

// readDecision reads a decision record: TURN KIND player=NAME choice=K
// [option=ID] and the game's own fields.
func readDecision(text string) (GoldenDecision, error) {
	rec, err := ParseRecord(text)
	if err != nil {
		return GoldenDecision{}, err
	}
	d := GoldenDecision{Text: text, Turn: rec.Turn, Kind: rec.Kind}
	d.Player, _ = rec.Get("player")
	d.Option, _ = rec.Get("option")
	c, ok := rec.Get("choice")
	if d.Choice, err = strconv.Atoi(c); !ok || err != nil || d.Player == "" {
		return GoldenDecision{}, fmt.Errorf("want a decision as TURN KIND player=NAME choice=K …, not %.40q", text)
	}
	return d, nil
}

// ParseRecord reads a record's text (build.Record.String) back: its turn,
// kind and key=value fields, quoted values unquoted.
func ParseRecord(s string) (build.Record, error) {
	var rec build.Record
	turn, s, _ := strings.Cut(strings.TrimSpace(s), " ")
	kind, s, _ := strings.Cut(strings.TrimLeft(s, " "), " ")
	var err error
	if rec.Turn, err = strconv.Atoi(turn); err != nil || kind == "" {
		return rec, errors.New("a record needs its turn and kind")
	}
	rec.Kind = kind
	for s = strings.TrimLeft(s, " "); s != ""; s = strings.TrimLeft(s, " ") {
		key, rest, ok := strings.Cut(s, "=")
		if !ok || strings.Contains(key, " ") {
			return rec, fmt.Errorf("want key=value at %.20q", s)
		}
		var value string
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return rec, fmt.Errorf("bad quoted value at %.20q", rest)
			}
			value, _ = strconv.Unquote(q)
			rest = rest[len(q):]
		} else {
			value, rest, _ = strings.Cut(rest, " ")
		}
		rec.Fields = append(rec.Fields, build.Field{Key: key, Value: value})
		s = rest
	}
	return rec, nil
}

// Choices are the option indices of g's decisions, in order: the scripted
// prefix that replays it with its agents.
func (g *Golden) Choices() []int {
	out := make([]int, len(g.Decisions))
	for i, d := range g.Decisions {
		out[i] = d.Choice
	}
	return out
}

// GoldenCheck holds a replayed game to a golden playthrough record by
// record, as they come: the game's decisions and events of the first
// Turns turns must be the golden ones, in order, and its result the
// golden result.
type GoldenCheck struct {
	g                 *Golden
	decisions, events int // checked so far
}

// Check is a GoldenCheck of g.
func (g *Golden) Check() *GoldenCheck { return &GoldenCheck{g: g} }

func (c *GoldenCheck) keep(turn int) bool { return c.g.Turns <= 0 || turn <= c.g.Turns }

// Decision checks the game's next decision, rec, of turn.
func (c *GoldenCheck) Decision(turn int, rec string) error {
	if !c.keep(turn) {
		return nil
	}
	return differs("decision", &c.decisions, len(c.g.Decisions), func(i int) string { return c.g.Decisions[i].Text }, rec)
}

// Event checks the game's next event, rec, of turn.
func (c *GoldenCheck) Event(turn int, rec string) error {
	if !c.keep(turn) {
		return nil
	}
	return differs("event", &c.events, len(c.g.Events), func(i int) string { return c.g.Events[i] }, rec)
}

// Result checks the game's result ("winner=W reason=R turns=N").
func (c *GoldenCheck) Result(got string) error {
	if c.g.Result != "" && c.g.Result != got {
		return fmt.Errorf("the golden playthrough's result is %q, the game's %q: the scenario has changed since it was recorded", c.g.Result, got)
	}
	return nil
}

// differs checks got against the golden's next record of n (want(i)),
// counting it when it is the same.
func differs(what string, next *int, n int, want func(int) string, got string) error {
	i := *next
	if i < n && want(i) == got {
		*next++
		return nil
	}
	w := "nothing more"
	if i < n {
		w = strconv.Quote(want(i))
	}
	return fmt.Errorf("the golden playthrough's %s %d is %s, the game's %q: the scenario has changed since it was recorded", what, i+1, w, got)
}
