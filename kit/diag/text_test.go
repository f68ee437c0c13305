package diag

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rng builds a one-file range; columns are 1-based runes, end exclusive.
func rng(file string, line, col, endLine, endCol int) *Range {
	return &Range{File: file, Start: Pos{Line: line, Column: col}, End: Pos{Line: endLine, Column: endCol}}
}

const cityTOML = `[[cities]]
id = "luoyang"
mayor = "曹橾"
名字 = "洛阳"
`

func TestRenderText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		sources map[string][]byte
		ds      Diagnostics
		want    string
	}{
		{
			name:    "CJK subject, related location and suggestion",
			sources: map[string][]byte{"a.toml": []byte(cityTOML)},
			ds: Diagnostics{{
				Severity:    Error,
				Code:        "unknown-officer",
				Summary:     "Unknown officer",
				Detail:      `Officer "曹橾" is not defined.`,
				Subject:     rng("a.toml", 3, 9, 3, 13),
				Related:     []Related{{Message: "city defined here", Range: *rng("a.toml", 1, 1, 1, 11)}},
				Suggestions: []string{"曹操"},
			}},
			want: `
error[unknown-officer]: Unknown officer
  --> a.toml:3:9
   |
 3 | mayor = "曹橾"
   |         ^^^^^^
Officer "曹橾" is not defined.
note: city defined here
  --> a.toml:1:1
help: did you mean "曹操"?

`[1:],
		},
		{
			name:    "wide runes before the subject shift the caret two cells each",
			sources: map[string][]byte{"a.toml": []byte(cityTOML)},
			ds: Diagnostics{{
				Severity: Warning, Code: "w", Summary: "Odd name",
				Subject: rng("a.toml", 4, 6, 4, 10),
			}},
			want: `
warning[w]: Odd name
  --> a.toml:4:6
   |
 4 | 名字 = "洛阳"
   |        ^^^^^^

`[1:],
		},
		{
			name:    "suggestion already in the detail is not repeated",
			sources: map[string][]byte{"a.toml": []byte(cityTOML)},
			ds: Diagnostics{{
				Code: "unknown-officer", Summary: "Unknown officer",
				Detail:      `Officer "曹橾" is not defined. Did you mean "曹操"?`,
				Subject:     rng("a.toml", 3, 9, 3, 13),
				Suggestions: []string{"曹操", "曹仁"},
			}},
			want: `
error[unknown-officer]: Unknown officer
  --> a.toml:3:9
   |
 3 | mayor = "曹橾"
   |         ^^^^^^
Officer "曹橾" is not defined. Did you mean "曹操"?
help: did you mean "曹仁"?

`[1:],
		},
		{
			name: "no subject: header and detail only",
			ds:   Diagnostics{{Severity: Info, Code: "i", Summary: "No cities", Detail: "The scenario has no cities."}},
			want: `
info[i]: No cities
The scenario has no cities.

`[1:],
		},
		{
			name: "source unavailable: location without excerpt",
			ds:   Diagnostics{{Code: "e", Summary: "Bad", Detail: "Bad value.", Subject: rng("gone.toml", 2, 3, 2, 4)}},
			want: `
error[e]: Bad
  --> gone.toml:2:3
Bad value.

`[1:],
		},
		{
			name:    "tabs expand to four cells in the line and the caret",
			sources: map[string][]byte{"t.toml": []byte("\tname\t= \"x\"\n")},
			ds:      Diagnostics{{Code: "e", Summary: "Bad", Subject: rng("t.toml", 1, 9, 1, 12)}},
			want: `
error[e]: Bad
  --> t.toml:1:9
   |
 1 |     name    = "x"
   |               ^^^

`[1:],
		},
		{
			name:    "multi-line subject shows first and last line with a gap marker",
			sources: map[string][]byte{"m.toml": []byte("a = 1\nb = [\n  1,\n  2,\n  3,\n]\n")},
			ds:      Diagnostics{{Code: "e", Summary: "Bad array", Subject: rng("m.toml", 2, 5, 6, 2)}},
			want: `
error[e]: Bad array
  --> m.toml:2:5
   |
 2 | b = [
   |     ^
...
 6 | ]
   | ^

`[1:],
		},
		{
			name:    "range ending at column 1 ends on the line before; adjacent lines have no gap",
			sources: map[string][]byte{"m.toml": []byte("[x]\n  y = 1\nz = 2\n")},
			ds:      Diagnostics{{Code: "e", Summary: "Table", Subject: rng("m.toml", 1, 1, 3, 1)}},
			want: `
error[e]: Table
  --> m.toml:1:1
   |
 1 | [x]
   | ^^^
 2 |   y = 1
   |   ^^^^^

`[1:],
		},
		{
			name:    "empty range and range past the end of line get one caret",
			sources: map[string][]byte{"e.toml": []byte("k = \r\nv = 1\r\n")},
			ds: Diagnostics{
				{Code: "eof", Summary: "Missing value", Subject: rng("e.toml", 1, 5, 1, 5)},
				{Code: "empty", Summary: "Empty", Subject: rng("e.toml", 2, 1, 2, 1)},
			},
			want: `
error[eof]: Missing value
  --> e.toml:1:5
   |
 1 | k =
   |     ^

error[empty]: Empty
  --> e.toml:2:1
   |
 2 | v = 1
   | ^

`[1:],
		},
		{
			name:    "gutter widens for two-digit line numbers",
			sources: map[string][]byte{"g.toml": []byte(strings.Repeat("\n", 11) + "x = 1\n")},
			ds:      Diagnostics{{Code: "e", Summary: "Bad", Subject: rng("g.toml", 12, 1, 12, 2)}},
			want: `
error[e]: Bad
   --> g.toml:12:1
    |
 12 | x = 1
    | ^

`[1:],
		},
		{
			name:    "sorted by position and de-duplicated",
			sources: map[string][]byte{"a.toml": []byte("x = 1\ny = 2\n")},
			ds: Diagnostics{
				{Code: "b", Summary: "Second", Subject: rng("a.toml", 2, 1, 2, 2)},
				{Code: "a", Summary: "First", Subject: rng("a.toml", 1, 1, 1, 2)},
				{Code: "b", Summary: "Second", Subject: rng("a.toml", 2, 1, 2, 2)},
			},
			want: `
error[a]: First
  --> a.toml:1:1
   |
 1 | x = 1
   | ^

error[b]: Second
  --> a.toml:2:1
   |
 2 | y = 2
   | ^

`[1:],
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			if err := Render(&buf, FormatText, tt.ds, Options{Sources: MapSources(tt.sources)}); err != nil {
				t.Fatal(err)
			}
			got := buf.String()
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Render text mismatch (-want +got):\n%s", diff)
			}
			if strings.Contains(got, "\x1b") {
				t.Errorf("escape codes with Color off:\n%q", got)
			}
		})
	}
}

var ansiEscape = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestRenderTextColor(t *testing.T) {
	// fatih/color's global switch follows NO_COLOR; Options.Color must win.
	t.Setenv("NO_COLOR", "1")
	ds := Diagnostics{
		{Severity: Error, Code: "unknown-officer", Summary: "Unknown officer", Subject: rng("a.toml", 3, 9, 3, 13), Suggestions: []string{"曹操"}},
		{Severity: Warning, Code: "w", Summary: "Odd name", Subject: rng("a.toml", 4, 6, 4, 10)},
	}
	opts := Options{Sources: MapSources(map[string][]byte{"a.toml": []byte(cityTOML)})}
	var plain, colored bytes.Buffer
	if err := Render(&plain, FormatText, ds, opts); err != nil {
		t.Fatal(err)
	}
	opts.Color = true
	if err := Render(&colored, FormatText, ds, opts); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\x1b[31;1merror[unknown-officer]", // error header in bold red
		"\x1b[33;1mwarning[w]",             // warning header in bold yellow
		"\x1b[31;1m^^^^^^",                 // carets in the severity's color
		"\x1b[32;1mhelp:",
	} {
		if !strings.Contains(colored.String(), want) {
			t.Errorf("colored output lacks %q:\n%q", want, colored.String())
		}
	}
	// Colors decorate the same text: stripping them gives the plain rendering.
	if diff := cmp.Diff(plain.String(), ansiEscape.ReplaceAllString(colored.String(), "")); diff != "" {
		t.Errorf("colored text differs from plain text (-plain +stripped):\n%s", diff)
	}
}

func TestWriteSummary(t *testing.T) {
	t.Parallel()
	e := Diagnostic{Severity: Error, Code: "e", Summary: "E"}
	w := Diagnostic{Severity: Warning, Code: "w", Summary: "W"}
	i := Diagnostic{Severity: Info, Code: "i", Summary: "I"}
	e2 := Diagnostic{Severity: Error, Code: "e2", Summary: "E"}
	tests := []struct {
		ds   Diagnostics
		want string
	}{
		{nil, ""},
		{Diagnostics{e}, "1 error\n"},
		{Diagnostics{e, e2, w}, "2 errors, 1 warning\n"},
		{Diagnostics{w, w, i, i, Diagnostic{Severity: Info, Code: "j"}}, "1 warning, 2 info\n"}, // duplicates counted once
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		if err := WriteSummary(&buf, tt.ds, false); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != tt.want {
			t.Errorf("WriteSummary(%v) = %q, want %q", tt.ds, got, tt.want)
		}
	}
	var buf bytes.Buffer
	if err := WriteSummary(&buf, Diagnostics{e}, true); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "\x1b[31;1m1 error\x1b[0;22m\n"; got != want {
		t.Errorf("colored summary = %q, want %q", got, want)
	}
}

func TestRenderUnknownFormat(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Render(&buf, Format("xml"), Diagnostics{{Summary: "x"}}, Options{}); err == nil {
		t.Error("Render with unknown format: no error")
	}
	if buf.Len() != 0 {
		t.Errorf("Render with unknown format wrote %q", buf.String())
	}
}
