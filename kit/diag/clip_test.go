package diag

import (
	"bytes"
	"strings"
	"testing"
)

// render renders one diagnostic on file content as text.
func renderOne(t *testing.T, content string, subject *Range) string {
	t.Helper()
	var buf bytes.Buffer
	d := Diagnostic{Severity: Error, Code: "c", Summary: "S", Subject: subject}
	if err := Render(&buf, FormatText, Diagnostics{d}, Options{Sources: MapSources(map[string][]byte{"f": []byte(content)})}); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// TestExcerptClipsLongLines: a 10 MB line with an error prints one clipped
// line with the caret under the subject (issue #11: it printed 20 MB).
func TestExcerptClipsLongLines(t *testing.T) {
	line := strings.Repeat("ab", 5_000_000)
	col := 5_000_001 // 1-based: an 'a'
	content := line[:col-1] + "XYZ" + line[col+2:] + "\n"
	out := renderOne(t, content, rng("f", 1, col, 1, col+3))
	if len(out) > 1000 {
		t.Fatalf("excerpt of %d bytes", len(out))
	}
	want := "" +
		"error[c]: S\n" +
		"  --> f:1:5000001\n" +
		"   |\n" +
		" 1 | …" + strings.Repeat("ab", 20) + "XYZ" + strings.Repeat("ba", 38) + "b…\n" +
		"   | " + strings.Repeat(" ", 41) + "^^^\n\n"
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// Near the start of the line: no leading ellipsis.
	out = renderOne(t, "XY"+line+"\n", rng("f", 1, 1, 1, 3))
	if !strings.Contains(out, " 1 | XYabab") || !strings.Contains(out, "   | ^^\n") || len(out) > 1000 {
		t.Errorf("start of a long line:\n%s", out)
	}
	// A subject running past the clipped window is underlined to its edge.
	out = renderOne(t, line+"\n", rng("f", 1, 10, 1, 1_000_000))
	if !strings.Contains(out, "   |          "+strings.Repeat("^", 111)+"\n") {
		t.Errorf("long subject:\n%s", out)
	}
}

// TestExcerptAfterBOM: the byte order mark is neither shown nor counted.
func TestExcerptAfterBOM(t *testing.T) {
	out := renderOne(t, "\uFEFFname = 1 x\n", rng("f", 1, 10, 1, 11))
	if !strings.Contains(out, " 1 | name = 1 x\n   |          ^\n") {
		t.Errorf("got\n%s", out)
	}
}

// TestFileSourcesRegularOnly: excerpts are never read from devices.
func TestFileSourcesRegularOnly(t *testing.T) {
	src := FileSources()
	if _, ok := src("/dev/zero"); ok {
		t.Error("/dev/zero served as a source")
	}
}

// TestTextNoControlCharacters: a name with terminal escapes, quoted in a
// summary, detail, note, suggestion or file name, reaches the terminal
// without its control characters.
func TestTextNoControlCharacters(t *testing.T) {
	esc := "\x1b[2J\x1b]0;pwned\x07\r"
	d := Diagnostic{Severity: Error, Code: "c", Summary: "S" + esc, Detail: "No officer is named \"" + esc + "\".\nSecond line.",
		Subject:     rng("f"+esc+".toml", 1, 1, 1, 2),
		Related:     []Related{{Message: "m" + esc, Range: *rng("g.toml", 1, 1, 1, 1)}},
		Suggestions: []string{"x" + esc}}
	var buf bytes.Buffer
	if err := Render(&buf, FormatText, Diagnostics{d}, Options{}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.ContainsAny(out, "\x1b\x07\r") {
		t.Errorf("control characters in the output: %q", out)
	}
	if !strings.Contains(out, ".\nSecond line.\n") {
		t.Errorf("newlines of the detail lost: %q", out)
	}
}
