package film

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/scentest"
)

var (
	// ErrRecordEnd stops a replayed game where its recording ends.
	ErrRecordEnd = errors.New("the recording ends here")
	// ErrCut stops a filmed game at its frame limit.
	ErrCut = errors.New("the film reached its frame limit")
)

// Limit is the most frames a film of in may hold: in.Limit, or
// DefaultLimit when it is 0.
func Limit(in Input) int {
	if in.Limit <= 0 {
		return DefaultLimit
	}
	return in.Limit
}

// The recordings every game's Film reads, in words for its errors; a game
// names its engine save with EngineSave ("an mbg " + EngineSave).
const (
	PlaySave   = "a mapc play save (JSON: format, game, scenario, seed, agents, decisions)"
	Golden     = "a golden playthrough of mapc test (text: a \"# golden playthrough\" header, then event, decision and result lines)"
	EngineSave = "engine save (JSON: the play envelope with config_sha256, rng, state and decisions)"
)

// Unreadable is the error of a recording game cannot read: it names the
// recordings it reads.
func Unreadable(game string, formats ...string) error {
	list := formats[0]
	if n := len(formats); n > 1 {
		list = strings.Join(formats[:n-1], ", ") + " or " + formats[n-1]
	}
	return fmt.Errorf("%s film: cannot read the recording; want %s", game, list)
}

// Kind is which recording a text is (Sniff).
type Kind int

// The recordings Sniff tells apart.
const (
	Unknown    Kind = iota // none of these (a game may read formats of its own)
	GoldenText             // a golden playthrough of mapc test
	EngineJSON             // an engine save (engine/play's envelope)
	PlayJSON               // a mapc play save (console.SaveFile)
)

// Sniff says which recording data is, from its first bytes and the keys
// of its JSON: an engine save has config_sha256 or rng, a mapc play save
// scenario or agents. A save of a game other than game is an error.
func Sniff(game string, data []byte) (Kind, error) {
	text := bytes.TrimSpace(data)
	if bytes.HasPrefix(text, []byte("# golden playthrough")) {
		return GoldenText, nil
	}
	var probe struct {
		Game         string          `json:"game"`
		Scenario     *string         `json:"scenario"`
		Agents       json.RawMessage `json:"agents"`
		ConfigSHA256 *string         `json:"config_sha256"`
		RNG          json.RawMessage `json:"rng"`
	}
	if !bytes.HasPrefix(text, []byte("{")) || json.Unmarshal(text, &probe) != nil || probe.Game == "" {
		return Unknown, nil
	}
	if probe.Game != game {
		return Unknown, fmt.Errorf("%s film: the recording is a save of game %q, not of %s", game, probe.Game, game)
	}
	switch {
	case probe.ConfigSHA256 != nil || probe.RNG != nil:
		return EngineJSON, nil
	case probe.Scenario != nil || probe.Agents != nil:
		return PlayJSON, nil
	}
	return Unknown, nil
}

// Recording is a recorded game of players deciding one at a time: its
// seed and its decisions in game order. It answers every request from
// the decisions, checking each is still the one recorded (same player,
// kind and option), and stops the game with ErrRecordEnd where it ends.
type Recording struct {
	What string // the format, for messages
	Seat string // what a player is called, for messages ("role", "side")
	Seed uint64
	Log  []Recorded
	next int
}

// Recorded is one decision of a recording.
type Recorded struct {
	Player int
	Kind   string
	Choice int
	Option string // the option's stable ID
	Where  string // where it is recorded, for messages
}

// Answer answers player's request of kind whose options have the IDs
// option(0) … option(n-1).
func (rec *Recording) Answer(player int, kind string, n int, option func(int) string) (int, error) {
	if rec.next >= len(rec.Log) {
		return -1, ErrRecordEnd
	}
	d := rec.Log[rec.next]
	if d.Player != player || d.Kind != kind {
		return -1, fmt.Errorf("the %s does not replay on this scenario: %s is %s %d's %s, but the game asks %s %d for %s", rec.What, d.Where, rec.Seat, d.Player, d.Kind, rec.Seat, player, kind)
	}
	if d.Choice < 0 || d.Choice >= n || option(d.Choice) != d.Option {
		return -1, fmt.Errorf("the %s does not replay on this scenario: %s chose %s (option %d), which the game does not offer there", rec.What, d.Where, d.Option, d.Choice)
	}
	rec.next++
	return d.Choice, nil
}

// LogRecording is the recording of an engine's decision log (what names
// the format for messages, seat what a player is called); id is an
// option's stable ID.
func LogRecording[K play.Kind, O comparable](what, seat string, seed uint64, log []play.Decision[K, O], id func(O) string) *Recording {
	rec := &Recording{What: what, Seat: seat, Seed: seed}
	for i, d := range log {
		rec.Log = append(rec.Log, Recorded{Player: d.Player, Kind: d.Kind.String(), Choice: d.Choice, Option: id(d.Option),
			Where: fmt.Sprintf("decision %d", i+1)})
	}
	return rec
}

// GoldenRecording is the recording of a golden playthrough, data
// (scentest.ReadGolden), of a game whose players are named players (seat
// says what one is called: "role").
func GoldenRecording(game string, data []byte, players []string, seat string) (*Recording, error) {
	g, err := scentest.ReadGolden(data)
	if err != nil {
		return nil, fmt.Errorf("%s film: golden playthrough %v", game, err)
	}
	if got, want := strings.Join(g.Players, " "), strings.Join(players, " "); g.Players != nil && got != want {
		return nil, fmt.Errorf("%s film: golden playthrough: it is a game of the %ss %s, this scenario has %s", game, seat, got, want)
	}
	rec := &Recording{What: "golden playthrough", Seat: seat, Seed: g.Seed}
	for _, d := range g.Decisions {
		p := slices.Index(players, d.Player)
		if p < 0 || d.Option == "" {
			return nil, fmt.Errorf("%s film: golden playthrough line %d: want a decision as player=%s choice=K option=ID", game, d.Line, strings.ToUpper(seat))
		}
		rec.Log = append(rec.Log, Recorded{Player: p, Kind: d.Kind, Choice: d.Choice, Option: d.Option, Where: fmt.Sprintf("golden playthrough line %d", d.Line)})
	}
	return rec, nil
}

// Decider is rec answering a game's requests (R embeds play.Ask); id is
// an option's stable ID.
func Decider[V any, R play.Request[K, O], K play.Kind, O comparable](rec *Recording, id func(O) string) play.Decider[V, R] {
	return recordingDecider[V, R, K, O]{rec, id}
}

type recordingDecider[V any, R play.Request[K, O], K play.Kind, O comparable] struct {
	rec *Recording
	id  func(O) string
}

func (d recordingDecider[V, R, K, O]) Decide(_ V, req R) (int, error) {
	h := req.Header()
	return d.rec.Answer(h.Player, h.Kind.String(), len(h.Options), func(i int) string { return d.id(h.Options[i]) })
}

// Ended is the result of a film whose recording ended before the game.
func (rec *Recording) Ended() string {
	return fmt.Sprintf("The recording ends after %d decisions, before the game's end.", len(rec.Log))
}
