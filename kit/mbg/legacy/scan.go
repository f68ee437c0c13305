package legacy

import (
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// token is one whitespace-separated token of the file.
type token struct {
	text string
	r    diag.Range
}

// scanner splits a file into tokens the way the original's fmt.Fscan does,
// recording each token's Range. Lines end at '\n' only (a CR is plain white
// space), columns count runes, and an invalid UTF-8 byte counts as one rune,
// as fmt's rune reader decodes it.
type scanner struct {
	file string
	data []byte
	off  int
	line int // line of data[off], 1-based
	col  int // column of data[off], 1-based, in runes
}

func newScanner(file string, data []byte) *scanner {
	return &scanner{file: file, data: data, line: 1, col: 1}
}

func (s *scanner) pos() diag.Pos {
	return diag.Pos{Line: s.line, Column: s.col, Byte: s.off}
}

func (s *scanner) advance(r rune, size int) {
	s.off += size
	if r == '\n' {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
}

// skipSpace moves past white space and reports whether a token follows.
func (s *scanner) skipSpace() bool {
	for s.off < len(s.data) {
		r, size := utf8.DecodeRune(s.data[s.off:])
		if !isSpace(r) {
			return true
		}
		s.advance(r, size)
	}
	return false
}

// next returns the next token, or false at the end of the file.
func (s *scanner) next() (token, bool) {
	if !s.skipSpace() {
		return token{}, false
	}
	start := s.pos()
	for s.off < len(s.data) {
		r, size := utf8.DecodeRune(s.data[s.off:])
		if isSpace(r) {
			break
		}
		s.advance(r, size)
	}
	return token{
		text: string(s.data[start.Byte:s.off]),
		r:    diag.Range{File: s.file, Start: start, End: s.pos()},
	}, true
}

// eofRange is the empty range at the end of the file, where diagnostics
// about missing tokens point. It may be called at any time.
func (s *scanner) eofRange() diag.Range {
	t := *s
	for t.off < len(t.data) {
		r, size := utf8.DecodeRune(t.data[t.off:])
		t.advance(r, size)
	}
	p := t.pos()
	return diag.Range{File: s.file, Start: p, End: p}
}

// isSpace is fmt's notion of white space (fmt/scan.go), which the original
// reader uses to split tokens: besides ASCII space, tab, LF, VT, FF and CR it
// includes the Unicode spaces below, notably U+3000 IDEOGRAPHIC SPACE, so a
// Chinese name containing one is two tokens to the original and to us.
func isSpace(r rune) bool {
	switch {
	case r >= 0x09 && r <= 0x0d, r == ' ', r == 0x85, r == 0xa0, r == 0x1680,
		r >= 0x2000 && r <= 0x200a, r == 0x2028, r == 0x2029, r == 0x202f,
		r == 0x205f, r == 0x3000:
		return true
	}
	return false
}
