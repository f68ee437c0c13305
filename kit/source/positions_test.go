package source

import (
	"strings"
	"testing"
)

// variants renders src (LF, no BOM) with and without a byte order mark
// and with LF and CRLF line endings.
func variants(src string) map[string]string {
	crlf := strings.ReplaceAll(src, "\n", "\r\n")
	return map[string]string{
		"lf": src, "crlf": crlf,
		"bom lf": "\uFEFF" + src, "bom crlf": "\uFEFF" + crlf,
	}
}

// TestPositionsExact: value and syntax-error positions are the same whatever
// the BOM and line endings, and count tabs, CJK and astral-plane runes as
// one column each (issue #11, failure 3).
func TestPositionsExact(t *testing.T) {
	src := "name = \"曹操😀\"\t# 😀 comment\n\tx = 1\ny = [\"𠀀\", 2]\n"
	for v, text := range variants(src) {
		s, ds := LoadBytes("p.toml", []byte(text), Options{})
		if len(ds) != 0 {
			t.Fatalf("%s: %v", v, ds)
		}
		for ptr, want := range map[string]string{
			"/name": "p.toml:1:8-1:13",  // "曹操😀" is 5 runes with its quotes
			"/x":    "p.toml:2:6-2:7",   // after a tab
			"/y/0":  "p.toml:3:6-3:9",   // an astral CJK rune in quotes
			"/y/1":  "p.toml:3:11-3:12", // after it
		} {
			if got := at(s.Range(ptr)); got != want {
				t.Errorf("%s: %s at %s, want %s", v, ptr, got, want)
			}
		}
		if got := at(s.KeyRange("/name")); got != "p.toml:1:1-1:5" {
			t.Errorf("%s: key of /name at %s, want 1:1 (the BOM is not a column)", v, got)
		}
	}
	// A syntax error on the first line, after a BOM; and one after tabs
	// and wide runes on a later line.
	for _, tt := range []struct{ src, at string }{
		{"x = = 1\n", "1:5"},
		{"a = \"曹😀\"\t\tb\n", "1:11"},
		{"a = 1\n\tb = \"𠀀\" c\n", "2:10"},
	} {
		for v, text := range variants(tt.src) {
			_, ds := LoadBytes("e.toml", []byte(text), Options{})
			if len(ds) == 0 || ds[0].Code != CodeSyntax {
				t.Fatalf("%s %q: %v", v, tt.src, ds)
			}
			got := itoa(ds[0].Subject.Start.Line) + ":" + itoa(ds[0].Subject.Start.Column)
			if got != tt.at {
				t.Errorf("%s %q: syntax error at %s, want %s", v, tt.src, got, tt.at)
			}
		}
	}
}

// TestLineIndexLinear: converting every offset of one long non-ASCII line in
// order gives the same columns as counting from the line start each time.
func TestLineIndexLinear(t *testing.T) {
	line := strings.Repeat("曹a😀\t", 500)
	li := newLineIndex([]byte("x\n" + line))
	col := 1
	for i := range line + " " {
		if got := li.pos(2 + i).Column; got != col {
			t.Fatalf("offset %d: column %d, want %d", 2+i, got, col)
		}
		col++
	}
	// Going backwards restarts from the line start.
	if got := li.pos(3).Column; got != 2 {
		t.Errorf("backwards: column %d, want 2", got)
	}
}
