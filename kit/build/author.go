package build

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// The author's loop (mapc new, render, test, inspect --ai, play) reaches a
// game through optional interfaces found by type assertion, each declared
// where it is used: Templater here (mapc new and buildtest), Renderer in
// kit/render, Player and AIExplainer in kit/scentest, Playable in
// kit/console, Simulator in kit/sim. A game that does not implement one is
// reported by the command as not supporting it, and compiles and checks as
// before. The values they exchange (RenderOptions, Playthrough, Record) are
// declared here.

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

// FillTemplate makes a Templater's files from texts by path: every
// "{{name}}" and "{{schema}}", in paths and texts, becomes name and
// schemaPath.
func FillTemplate(name, schemaPath string, files map[string]string) map[string][]byte {
	r := strings.NewReplacer("{{name}}", name, "{{schema}}", schemaPath)
	out := make(map[string][]byte, len(files))
	for path, text := range files {
		out[r.Replace(path)] = []byte(r.Replace(text))
	}
	return out
}
