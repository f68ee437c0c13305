// Package filmtest holds what the games' film tests share: filming or
// failing, comparing films, the decision frames, and damaging recordings.
package filmtest

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/sim"
)

// Shoot films config with in, failing the test on an error.
func Shoot(t testing.TB, g film.Filmer, config any, in film.Input) *film.Film {
	t.Helper()
	f, err := g.Film(config, in)
	if err != nil {
		t.Fatalf("Film: %v", err)
	}
	return f
}

// Twice films config with in twice and fails unless the two films are the
// same, byte for byte in JSON; it returns the first.
func Twice(t testing.TB, g film.Filmer, config any, in film.Input) *film.Film {
	t.Helper()
	a, b := Shoot(t, g, config, in), Shoot(t, g, config, in)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Fatalf("two films of seed %d differ", in.Seed)
	}
	return a
}

// Same fails unless two films have the same frames and end alike.
func Same(t testing.TB, what string, got, want *film.Film) {
	t.Helper()
	if len(got.Frames) != len(want.Frames) {
		t.Fatalf("%s: %d frames, want %d", what, len(got.Frames), len(want.Frames))
	}
	for i := range got.Frames {
		if !reflect.DeepEqual(got.Frames[i], want.Frames[i]) {
			g, w := got.Frames[i], want.Frames[i]
			g.SVG, w.SVG = nil, nil
			t.Fatalf("%s: frame %d differs:\n got %+v\nwant %+v", what, i, g, w)
		}
	}
	if got.Result != want.Result || got.Cut != want.Cut {
		t.Errorf("%s: result %q (cut %v), want %q (cut %v)", what, got.Result, got.Cut, want.Result, want.Cut)
	}
}

// DecisionFrames are the frames of a film that show a decision.
func DecisionFrames(f *film.Film) []film.Frame {
	var out []film.Frame
	for _, fr := range f.Frames {
		if fr.Role >= 0 {
			out = append(out, fr)
		}
	}
	return out
}

// Damaged films 40 copies of each recording, each with one byte changed,
// up to limit frames, and fails if one panics: a damaged recording gives
// a film or an error.
func Damaged(t testing.TB, g film.Filmer, config any, limit int, recordings ...[]byte) {
	t.Helper()
	for _, rec := range recordings {
		for k := range 40 {
			bad := bytes.Clone(rec)
			i := (k*7919 + 13) % len(bad)
			bad[i] = "9x,]{\"-0"[k%8]
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("byte %d of %.20q… set to %q: panic %v", i, rec, bad[i], p)
					}
				}()
				g.Film(config, film.Input{Record: bad, Limit: limit})
			}()
		}
	}
}

// LineOf is the line number of the first line of data holding text.
func LineOf(data []byte, text string) int {
	return bytes.Count(data[:bytes.Index(data, []byte(text))], []byte("\n")) + 1
}

// IsPlaythrough fails unless f is the game pt tells (as the game's
// scentest.Player played it) and simPrint fingerprints (mapc sim's
// Outcome.Print of the same seed and agents): every decision frame's
// turn, role and choice and the game's end fingerprint alike (sim.Print),
// and the frames tell the game's events, each once.
func IsPlaythrough(t testing.TB, f *film.Film, pt *build.Playthrough, simPrint uint64) {
	t.Helper()
	frames := DecisionFrames(f)
	if len(frames) != len(pt.Decisions) {
		t.Fatalf("%d decision frames, the game logged %d decisions", len(frames), len(pt.Decisions))
	}
	var print sim.Print
	for i, fr := range frames {
		print.Int(pt.Decisions[i].Turn, fr.Role, fr.Chosen)
	}
	print.Int(pt.Turns, pt.Winner)
	if print.Sum() != simPrint {
		t.Error("the film is not the game mapc sim plays")
	}
	n := 0
	for _, fr := range f.Frames {
		n += len(fr.Events)
	}
	if n != len(pt.Events) {
		t.Errorf("the frames tell %d events, the game has %d", n, len(pt.Events))
	}
}

// Field is the value of key in r, "" without one.
func Field(r build.Record, key string) string {
	v, _ := r.Get(key)
	return v
}

// Numbered fails unless each frame's Step is its index and its SVG holds
// at most maxSVG bytes (a film holds up to film.DefaultLimit frames: each
// picture stays small).
func Numbered(t testing.TB, f *film.Film, maxSVG int) {
	t.Helper()
	for i, fr := range f.Frames {
		if fr.Step != i {
			t.Fatalf("frame %d has step %d", i, fr.Step)
		}
		if len(fr.SVG) > maxSVG {
			t.Fatalf("frame %d: the SVG has %d bytes", i, len(fr.SVG))
		}
	}
}
