package source

import (
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// CharRange returns the range of the character at index x (in runes) of the
// string value at ptr, when that value is a one-line string without escapes
// (a map row of glyphs, say); otherwise the whole value's range.
func (s *Source) CharRange(ptr string, x int) *diag.Range {
	r := s.Range(ptr)
	if r == nil {
		return nil
	}
	data, ok := s.Content(r.File)
	b := r.Start.Byte
	if !ok || b+1 >= len(data) || (data[b] != '"' && data[b] != '\'') || data[b+1] == data[b] {
		return r // not a one-line string (or an empty one)
	}
	quote, off := data[b], b+1
	stop := func(i int) bool {
		return i >= len(data) || data[i] == quote || data[i] == '\n' || (quote == '"' && data[i] == '\\')
	}
	for range x {
		if stop(off) {
			return r
		}
		_, size := utf8.DecodeRune(data[off:])
		off += size
	}
	if stop(off) {
		return r
	}
	_, size := utf8.DecodeRune(data[off:])
	col := r.Start.Column + 1 + x
	return &diag.Range{File: r.File,
		Start: diag.Pos{Line: r.Start.Line, Column: col, Byte: off},
		End:   diag.Pos{Line: r.Start.Line, Column: col + 1, Byte: off + size}}
}
