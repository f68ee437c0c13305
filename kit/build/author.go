package build

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// The author's loop (mapc new, render, test, inspect --ai) reaches a game
// through the optional interfaces below, found by type assertion like
// Importer and Simulator: a game that does not implement one is reported
// by the command as not supporting it, and compiles and checks as before.

// Renderer is implemented by games that draw their map (mapc render).
type Renderer interface {
	// Render returns an SVG picture of the config's map. It must accept a
	// best-effort config of a scenario with errors (indices out of range,
	// missing references) without panicking: mapc render --diagnostics
	// draws those, with opts.Diagnostics placed on the map where the game
	// can locate them.
	Render(config any, opts RenderOptions) ([]byte, error)
}

// RenderOptions tune a picture.
type RenderOptions struct {
	// Ranges names a unit whose movement range and tech targets are drawn
	// (grid games; "" for none). An unknown name is an error naming the
	// known ones.
	Ranges string
	// Diagnostics are drawn as markers where they point at something on
	// the map; Source resolves their positions to the entities they name.
	Diagnostics diag.Diagnostics
	Source      *source.Source
}

// Templater is implemented by games that can start a scenario from
// nothing (mapc new).
type Templater interface {
	// Template returns the files of a small, valid, commented scenario
	// named name, by slash-separated path relative to its directory:
	// scenario.toml (its #:schema line pointing at schemaPath), the Lua
	// hook it uses and a first scenario test under tests/.
	Template(name, schemaPath string) map[string][]byte
}

// Player is implemented by games whose single games can be recorded and
// asserted on (mapc test).
type Player interface {
	// Play plays one game of config with seed. agents names each player's
	// agent (Simulator.Agents; a shorter list repeats its last entry); the
	// first len(prefix) decisions are answered with those option indices
	// instead of by the agents. An out-of-range prefix entry is an error.
	Play(config any, seed uint64, agents []string, prefix []int) (*Playthrough, error)
}

// Playthrough is the transcript of one game: its decisions and events with
// ids resolved to names, so tests and golden files read as the scenario
// does and survive reordered declarations only where the names stay.
type Playthrough struct {
	Players   []string // role or side names, by player index
	Winner    int      // player index, -1 for a draw
	Reason    string   // why the game ended (the engine's reason name)
	Turns     int      // turns or rounds played
	Decisions []Record
	Events    []Record
}

// Record is one decision or event: its turn (or round), its kind and its
// fields in a fixed order, values already as text (names for ids).
type Record struct {
	Turn   int
	Kind   string
	Fields []Field
}

// Field is one named value of a Record.
type Field struct{ Key, Value string }

// Get returns the value of key and whether the record has it.
func (r Record) Get(key string) (string, bool) {
	for _, f := range r.Fields {
		if f.Key == key {
			return f.Value, true
		}
	}
	return "", false
}

// String renders the record on one line: "turn 3 hire role=魏 officer=荀彧".
func (r Record) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s", r.Turn, r.Kind)
	for _, f := range r.Fields {
		v := f.Value
		if v == "" || strings.ContainsAny(v, " =\"\n\t") {
			v = fmt.Sprintf("%q", v)
		}
		fmt.Fprintf(&b, " %s=%s", f.Key, v)
	}
	return b.String()
}

// AIExplainer is implemented by games whose AI can say why it decides as
// it does (mapc inspect --ai).
type AIExplainer interface {
	// ExplainAI replays the first len(decisions) recorded decisions (option
	// indices) of a game of config with seed and returns, for the next
	// decision (of person, when a game asks per unit and person is not
	// ""), what the AI considered, how it scored each candidate and what
	// it chose; the value is printed as JSON.
	ExplainAI(config any, seed uint64, decisions []int, person string) (any, error)
}
