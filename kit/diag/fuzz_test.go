package diag

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRenderText: any file content and any subject render without a panic,
// without control characters other than newlines, and with an excerpt
// line no longer than the clip window, however long the source line.
func FuzzRenderText(f *testing.F) {
	f.Add("name = \"曹操\"\n", 1, 8, 1, 12, "detail")
	f.Add(strings.Repeat("ab", 500)+"\n", 1, 700, 1, 900, "d\x1b[31m")
	f.Add("\uFEFFa\tb\r\nc\n", 2, 1, 1, 0, "")
	f.Add("x", 0, -5, 9, 99, "\r")
	f.Fuzz(func(t *testing.T, content string, line, col, endLine, endCol int, detail string) {
		d := Diagnostic{Severity: Error, Code: "c", Summary: "S", Detail: detail,
			Subject: &Range{File: "f", Start: Pos{Line: line, Column: col}, End: Pos{Line: endLine, Column: endCol}}}
		var buf bytes.Buffer
		err := Render(&buf, FormatText, Diagnostics{d}, Options{Sources: MapSources(map[string][]byte{"f": []byte(content)})})
		if err != nil {
			t.Fatal(err)
		}
		out := buf.String()
		if strings.ContainsFunc(out, isHostile) {
			t.Fatalf("control characters in %q", out)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.Contains(l, " | ") && len([]rune(l)) > 4*clipRunes+64 {
				t.Fatalf("excerpt line of %d runes", len([]rune(l)))
			}
		}
	})
}
