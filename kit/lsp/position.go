package lsp

import (
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// Positions: diagnostics count lines from 1 and columns in runes from 1;
// LSP counts lines from 0 and characters in UTF-16 code units from 0. A
// CJK character is one rune and one UTF-16 unit, an astral-plane character
// (an emoji, a rare CJK extension character) one rune and two units.

// lines splits text into lines without their terminators (a \r before the
// \n belongs to the line, as in diag positions).
func lines(text string) []string { return strings.Split(text, "\n") }

// toLSP converts a diag position in text to an LSP position.
func toLSP(ls []string, p diag.Pos) Position {
	line := max(p.Line-1, 0)
	if line >= len(ls) {
		if len(ls) == 0 {
			return Position{}
		}
		return Position{Line: len(ls) - 1, Character: utf16Len(ls[len(ls)-1])}
	}
	s := ls[line]
	if line == 0 {
		s = strings.TrimPrefix(s, "\uFEFF") // diag columns skip a BOM
	}
	units := 0
	col := 1
	for _, r := range s {
		if col >= p.Column {
			break
		}
		units += runeUnits(r)
		col++
	}
	if line == 0 && strings.HasPrefix(ls[0], "\uFEFF") {
		units++
	}
	return Position{Line: line, Character: units}
}

// rangeToLSP converts a diag range.
func rangeToLSP(ls []string, r diag.Range) Range {
	return Range{Start: toLSP(ls, r.Start), End: toLSP(ls, r.End)}
}

// fromLSP converts an LSP position to a 1-based line and rune column, and
// a byte offset into the line.
func fromLSP(ls []string, p Position) (line, col, byteOff int) {
	if p.Line < 0 || p.Line >= len(ls) {
		return p.Line + 1, 1, 0
	}
	s := ls[p.Line]
	units := 0
	col = 1
	for i, r := range s {
		if units >= p.Character {
			return p.Line + 1, col, i
		}
		units += runeUnits(r)
		col++
	}
	return p.Line + 1, col, len(s)
}

func runeUnits(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n += runeUnits(r)
	}
	return n
}

// before reports whether diag position a is before or at b.
func before(a, b diag.Pos) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Column <= b.Column
}

// contains reports whether r holds the position (line, col), its end included.
func contains(r diag.Range, line, col int) bool {
	p := diag.Pos{Line: line, Column: col}
	return before(r.Start, p) && before(p, r.End)
}

// pathOf returns the file path of a file: URI ("" for other schemes).
func pathOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.Clean(filepath.FromSlash(u.Path))
}

// uriOf returns the file: URI of an absolute path.
func uriOf(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// validUTF8 replaces invalid bytes so positions can be counted.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
