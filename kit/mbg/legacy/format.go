package legacy

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format writes m in the legacy token format, laid out like the shipped
// maps (one square, officer, city, institute or training room per line; a
// role over six lines; sections separated by a blank line). Counts are the
// lengths of the slices, not the N* fields, and every count is written, even
// a zero ninst or ntrain. Numbers are written in decimal, floats in the
// shortest form that reads back to the same float64, so Parse(Format(m))
// has the values of m.
//
// A name that is not a single token (see ValidName) is made one: every
// white-space rune becomes '_', invalid UTF-8 becomes U+FFFD as the original
// reads it, and an empty name becomes "_". A nil Map formats as nothing.
func Format(m *Map) []byte {
	if m == nil {
		return nil
	}
	w := &writer{}
	w.line(w.int(len(m.Squares)), w.int(m.NX.V), w.int(m.NY.V), w.float(m.WinMoney.V))
	w.blank()
	for _, s := range m.Squares {
		w.line(w.int(s.Class.V), w.int(s.Base.V), w.int(s.X.V), w.int(s.Y.V))
	}
	w.blank()

	w.line(w.int(len(m.Officers)))
	for _, o := range m.Officers {
		f := []string{tokenName(o.Name.V)}
		for _, p := range o.Props {
			f = append(f, w.float(p.V))
		}
		w.line(f...)
	}
	w.blank()

	w.line(w.int(len(m.Cities)))
	for _, c := range m.Cities {
		f := []string{tokenName(c.Name.V), w.int(c.Scope.V)}
		f = append(f, w.list(c.Garrison)...)
		f = append(f, w.int(c.Mayor.V), w.int(c.Treasurer.V))
		f = append(f, w.rect(c.Rect)...)
		w.line(f...)
	}
	w.blank()

	w.line(w.int(len(m.Roles)))
	for _, r := range m.Roles {
		w.line(tokenName(r.Name.V), w.int(r.Loc.V))
		w.indented(w.list(r.Techs)...)
		w.indented(w.list(r.Retinue)...)
		w.indented(w.list(r.Cities)...)
		w.indented(w.float(r.Money.V))
		w.indented(w.int(r.Dir.V))
	}
	w.blank()

	w.line(w.int(len(m.Institutes)))
	for _, in := range m.Institutes {
		f := append([]string{tokenName(in.Name.V)}, w.list(in.Techs)...)
		w.line(append(f, w.rect(in.Rect)...)...)
	}
	w.blank()

	w.line(w.int(len(m.Trains)))
	for _, t := range m.Trains {
		w.line(append([]string{tokenName(t.Name.V), w.int(t.Item.V)}, w.rect(t.Rect)...)...)
	}
	return w.buf.Bytes()
}

// ValidName reports whether s can be written as a name token unchanged:
// it is non-empty valid UTF-8 without white space (as the original's
// fmt.Fscan defines it, which includes U+3000 IDEOGRAPHIC SPACE).
func ValidName(s string) bool {
	if s == "" || !utf8.ValidString(s) {
		return false
	}
	return !strings.ContainsFunc(s, isSpace)
}

// tokenName makes s a single name token; see Format.
func tokenName(s string) string {
	if ValidName(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s { // ranging turns each invalid byte into U+FFFD
		if isSpace(r) {
			r = '_'
		}
		b.WriteRune(r)
	}
	if b.Len() == 0 {
		return "_"
	}
	return b.String()
}

type writer struct{ buf bytes.Buffer }

func (w *writer) line(fields ...string) {
	w.buf.WriteString(strings.Join(fields, " "))
	w.buf.WriteByte('\n')
}

// indented writes a line of a role's record, indented like the shipped maps.
func (w *writer) indented(fields ...string) {
	w.buf.WriteString("      ")
	w.line(fields...)
}

func (w *writer) blank() { w.buf.WriteByte('\n') }

func (w *writer) int(v int) string { return strconv.Itoa(v) }

// float writes the shortest decimal that parses back to v, without an
// exponent so that it reads like the shipped maps ("30000", not "3e+04").
func (w *writer) float(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// list writes a count followed by its elements.
func (w *writer) list(l []Tok[int]) []string {
	out := []string{w.int(len(l))}
	for _, t := range l {
		out = append(out, w.int(t.V))
	}
	return out
}

func (w *writer) rect(r Rect) []string {
	return []string{w.int(r.X0.V), w.int(r.Y0.V), w.int(r.X1.V), w.int(r.Y1.V)}
}
