package legacy

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FormatRules writes r in the legacy token format, laid out like the shipped
// star.tech (a terrain per line, a tech over several lines, sections
// separated by blank lines). Counts are the lengths of the slices, not the
// N* fields. Each tech's mask is written with exactly one entry per
// terrain: missing entries as true, extra ones dropped. The AI block is
// written when r.AI is not nil. Numbers are decimal without leading zeros,
// so ParseRules(FormatRules(r)) has the values of r. A nil Rules formats
// as nothing.
//
// A name that is not a single token (see ValidName) is made one: every
// white-space rune becomes '_', invalid UTF-8 becomes U+FFFD as the original
// reads it, and an empty name becomes "_".
func FormatRules(r *Rules) []byte {
	if r == nil {
		return nil
	}
	w := &writer{}
	w.line(itoa(len(r.Terrains)))
	for _, t := range r.Terrains {
		w.line(tokenName(t.Name.V), itoa(t.Weight.V))
	}
	w.blank()
	w.line(itoa(r.MaxFlyWeight.V), itoa(r.MaxAbi.V))
	w.line(itoa(len(r.Techs)))
	for _, t := range r.Techs {
		w.blank()
		w.line(tokenName(t.Name.V), itoa(t.Class.V), btoa(t.IsLong.V))
		w.line(itoa(len(t.Range)))
		for _, o := range t.Range {
			w.line(itoa(o.DX.V), itoa(o.DY.V))
		}
		w.line(itoa(t.AOERange.V), itoa(t.AOERatio.V), btoa(t.AOESelf.V), itoa(t.Duration.V))
		mask := make([]string, len(r.Terrains))
		for k := range mask {
			mask[k] = "true"
			if k < len(t.Mask) {
				mask[k] = btoa(t.Mask[k].V)
			}
		}
		w.line(mask...)
		w.line(itoa(t.Value.V))
	}
	if r.AI != nil {
		w.blank()
		c := aiConstants()
		// Paired as in star.tech: move, buf, def and tech dist/score, then the three vmd caps.
		for i := 0; i < 8; i += 2 {
			w.line(itoa(c[i].tok(r.AI).V), itoa(c[i+1].tok(r.AI).V))
		}
		w.line(itoa(c[8].tok(r.AI).V), itoa(c[9].tok(r.AI).V), itoa(c[10].tok(r.AI).V))
	}
	return w.buf.Bytes()
}

// FormatLevel writes l in the legacy token format, laid out like the
// shipped maps: the size, a map row per line, the people (a header line,
// then the tech count and ids), and the AI lines when l.AI is not nil, one
// per person (missing lines as "-1 -1 -1 -1 -1", extra ones dropped).
// The cells are written as ny rows of nx indices (no rows when nx is 0),
// missing ones as 0; negative sizes are written as 0.
// Names are made tokens as in FormatRules. A nil Level formats as nothing.
func FormatLevel(l *Level) []byte {
	if l == nil {
		return nil
	}
	w := &writer{}
	nx, ny := max(l.NX.V, 0), max(l.NY.V, 0)
	w.line(itoa(nx), itoa(ny))
	w.blank()
	for y := range ny * min(nx, 1) { // a map 0 wide has no rows to write
		row := make([]string, nx)
		for x := range row {
			row[x] = "0"
			if i := y*nx + x; i < len(l.Cells) {
				row[x] = itoa(l.Cells[i].V)
			}
		}
		w.line(row...)
	}
	w.blank()
	w.line(itoa(len(l.People)))
	for _, p := range l.People {
		w.line(tokenName(p.Name.V), itoa(p.Side.V), itoa(p.Abi.V), itoa(p.Def.V), itoa(p.HP.V),
			itoa(p.Speed.V), itoa(p.X.V), itoa(p.Y.V))
		techs := []string{itoa(len(p.Techs))}
		for _, t := range p.Techs {
			techs = append(techs, itoa(t.V))
		}
		w.line(techs...)
	}
	if l.AI != nil && len(l.People) > 0 {
		w.blank()
		for i := range l.People {
			if i >= len(l.AI) {
				w.line("-1", "-1", "-1", "-1", "-1")
				continue
			}
			a := l.AI[i]
			w.line(itoa(a.Att.V), itoa(a.Def.V), itoa(a.Move.V), itoa(a.GoalX.V), itoa(a.GoalY.V))
		}
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

// tokenName makes s a single name token; see FormatRules.
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

func (w *writer) blank() { w.buf.WriteByte('\n') }

func itoa(v int) string { return strconv.Itoa(v) }

func btoa(v bool) string { return strconv.FormatBool(v) }
