package xghj

import (
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// Unit is what the lint rules see: the source model and its resolution.
type Unit struct {
	*Model
	*Resolved
}

// NewUnit decodes and resolves a loaded source.
func NewUnit(src *source.Source) *Unit {
	m := Decode(src)
	return &Unit{Model: m, Resolved: Resolve(m)}
}

// GlyphRange returns the range of glyph x of the string at ptr (a map or
// region row) when it is a one-line string without escapes, else the
// string's range.
func (u *Unit) GlyphRange(ptr string, x int) *diag.Range {
	r := u.Src.Range(ptr)
	if r == nil {
		return nil
	}
	data, ok := u.Src.Content(r.File)
	b := r.Start.Byte
	if !ok || b+1 >= len(data) || (data[b] != '"' && data[b] != '\'') || data[b+1] == data[b] {
		return r
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
