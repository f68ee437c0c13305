package xghj

import (
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
func (u *Unit) GlyphRange(ptr string, x int) *diag.Range { return u.Src.CharRange(ptr, x) }
