package legacy

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// Diagnostic codes. They are stable: tools and documentation refer to them.
const (
	CodeToken    = "mbg-legacy-token"
	CodeEOF      = "mbg-legacy-eof"
	CodeCount    = "mbg-legacy-count"
	CodeTrailing = "mbg-legacy-trailing"
	CodeIndex    = "mbg-legacy-index"
	CodeValue    = "mbg-legacy-value"
)

// Parse reads a legacy .map file in exactly the token order of the original
// LoadMap. file names the file in the diagnostics' ranges.
//
// It never panics and always returns a non-nil Map holding every record that
// was read completely; on errors that Map is partial. A malformed number in a
// scalar field is reported and parsing goes on (the field is left as a zero,
// not Present Tok), but parsing stops at the first sign that the token stream
// has shifted, so that one missing token does not produce a cascade of
// follow-on errors: a bad count, a non-numeric token where a number belongs,
// or the end of the file. A file that ends exactly before ninst or ntrain is
// accepted without a diagnostic, because the original reads the missing
// count as 0 and shipped maps rely on that.
//
// Numbers are read as fmt.Fscan reads them, but a token must be a number
// as a whole (the original would read "12ab" as 12 and misread "ab" as the
// next field). Integers take a sign, 0x/0o/0b prefixes and underscores; a
// leading 0 makes them octal, as in the original, with a warning. Floats
// must be finite and fit the original's float32.
func Parse(file string, data []byte) (*Map, diag.Diagnostics) {
	p := &parser{sc: newScanner(file, data)}
	m := p.parseMap()
	if !p.stopped {
		p.trailing()
	}
	return m, p.ds
}

// what describes the token being read, for messages. It is a function so
// that the description is only built when a diagnostic needs it.
type what func() string

func lit(s string) what { return func() string { return s } }

type parser struct {
	sc      *scanner
	ds      diag.Diagnostics
	stopped bool
}

func (p *parser) report(sev diag.Severity, code string, r diag.Range, summary, detail string) {
	p.ds = append(p.ds, diag.Diagnostic{Severity: sev, Code: code, Summary: summary, Detail: detail, Subject: r.Ptr()})
}

// next returns the next token, or reports the end of the file and stops.
func (p *parser) next(w what) (token, bool) {
	if p.stopped {
		return token{}, false
	}
	t, ok := p.sc.next()
	if !ok {
		p.report(diag.Error, CodeEOF, p.sc.eofRange(), "Unexpected end of file",
			fmt.Sprintf("The file ends where the original reader expects %s.", w()))
		p.stopped = true
		return token{}, false
	}
	return t, true
}

// name reads a name. Any token is a valid name to the original.
func (p *parser) name(w what) Tok[string] {
	t, ok := p.next(w)
	if !ok {
		return Tok[string]{}
	}
	v := t.text
	if !utf8.ValidString(v) {
		// fmt's rune reader turns every invalid byte into U+FFFD; ranging
		// over the string does the same, so the name is what the original
		// would display.
		var b strings.Builder
		for _, r := range v {
			b.WriteRune(r)
		}
		v = b.String()
		p.report(diag.Warning, CodeToken, t.r, "Invalid UTF-8 in name",
			fmt.Sprintf("%s contains bytes that are not valid UTF-8; the original reads each as U+FFFD, giving %s. Save the file as UTF-8.",
				capitalize(w()), quote(v)))
	}
	return Tok[string]{V: v, R: t.r}
}

// int reads an integer field. A malformed number is reported and the field
// left unset; a token that is not a number at all stops the parse.
func (p *parser) int(w what) Tok[int] {
	return p.intTok(w, false)
}

func (p *parser) intTok(w what, isCount bool) Tok[int] {
	t, ok := p.next(w)
	if !ok {
		return Tok[int]{}
	}
	v, err := strconv.ParseInt(t.text, 0, strconv.IntSize)
	if err != nil {
		reason := fmt.Sprintf("%s is not an integer", quote(t.text))
		switch {
		case errors.Is(err, strconv.ErrRange):
			reason = fmt.Sprintf("%s is out of range for an integer", quote(t.text))
		case leadingZero(t.text):
			reason = fmt.Sprintf("%s has a leading zero, which makes the original read it as octal, and it is not a valid octal number", quote(t.text))
		case isFloat(t.text):
			reason = fmt.Sprintf("%s is not an integer (the original would read its integer part and then misread the rest as the next value)", quote(t.text))
		}
		p.badToken(t, w, "Invalid integer", reason, isCount)
		return Tok[int]{}
	}
	if leadingZero(t.text) {
		// Only warn when octal and decimal readings differ ("010", not "07").
		digits := strings.TrimLeft(strings.TrimLeft(t.text, "+-"), "0_")
		d, err := strconv.ParseInt(strings.ReplaceAll(digits, "_", ""), 10, 64)
		if digits == "" {
			d, err = 0, nil
		}
		if err != nil || d != absInt(v) {
			p.report(diag.Warning, CodeToken, t.r, "Octal integer",
				fmt.Sprintf("%s has a leading zero, so the original reads it as the octal number %d. Write %d if that is meant, or drop the leading zero if a decimal number was meant.",
					quote(t.text), v, v))
		}
	}
	return Tok[int]{V: int(v), R: t.r}
}

// float reads a float field (the original's float32).
func (p *parser) float(w what) Tok[float64] {
	t, ok := p.next(w)
	if !ok {
		return Tok[float64]{}
	}
	v, err := strconv.ParseFloat(t.text, 64)
	reason := ""
	switch {
	case err != nil && errors.Is(err, strconv.ErrRange):
		reason = fmt.Sprintf("%s is out of range for a number", quote(t.text))
	case err != nil:
		reason = fmt.Sprintf("%s is not a number", quote(t.text))
	case math.IsNaN(v) || math.IsInf(v, 0):
		reason = fmt.Sprintf("%s is not a finite number", quote(t.text))
	default:
		if _, err32 := strconv.ParseFloat(t.text, 32); err32 != nil {
			reason = fmt.Sprintf("%s does not fit the original's 32-bit floats", quote(t.text))
		}
	}
	if reason != "" {
		p.badToken(t, w, "Invalid number", reason, false)
		return Tok[float64]{}
	}
	return Tok[float64]{V: v, R: t.r}
}

// badToken reports a token of the wrong kind and decides whether parsing can
// go on. A malformed number ("7O", "1.5" for an integer) is a local typo; a
// token that is not numeric at all is almost always a name that slid into a
// number's place because a token is missing or extra earlier, and every
// later field would be misread too.
func (p *parser) badToken(t token, w what, summary, reason string, isCount bool) {
	detail := fmt.Sprintf("The original reader expects %s here, but %s.", w(), reason)
	switch {
	case isCount:
		detail += " Parsing stops here because the count decides how the rest of the file is read."
		p.stopped = true
	case !numeric(t.text):
		detail += " A word where a number belongs usually means that a token is missing or extra earlier in the file, so parsing stops here."
		p.stopped = true
	}
	if strings.HasPrefix(t.text, "\uFEFF") {
		detail += " The token starts with a byte order mark; save the file as UTF-8 without a BOM."
	}
	p.report(diag.Error, CodeToken, t.r, summary, detail)
}

// count reads a count and stops the parse if it is unusable.
func (p *parser) count(w what) Tok[int] {
	c := p.intTok(w, true)
	if p.stopped {
		return Tok[int]{}
	}
	switch {
	case c.V < 0:
		p.report(diag.Error, CodeCount, c.R, "Negative count",
			fmt.Sprintf("%s is %d; a count cannot be negative (the original panics). Parsing stops here.", capitalize(w()), c.V))
	case c.V > MaxCount:
		p.report(diag.Error, CodeCount, c.R, "Count too large",
			fmt.Sprintf("%s is %d, more than the limit of %d; this is almost certainly a misplaced token. Parsing stops here.", capitalize(w()), c.V, MaxCount))
	default:
		return c
	}
	p.stopped = true
	return Tok[int]{}
}

// optionalCount reads a trailing section's count, which the original reads
// as 0 when the file ends before it.
func (p *parser) optionalCount(w what) Tok[int] {
	if p.stopped || !p.sc.skipSpace() {
		return Tok[int]{}
	}
	return p.count(w)
}

func (p *parser) rect(of func() string) Rect {
	f := func(field string) what {
		return func() string { return fmt.Sprintf("the rectangle's %s of %s", field, of()) }
	}
	return Rect{p.int(f("x0")), p.int(f("y0")), p.int(f("x1")), p.int(f("y1"))}
}

// list reads n integers, the elements of a membership list.
func (p *parser) list(n int, elem func(j int) string) []Tok[int] {
	var out []Tok[int]
	for j := range n {
		if p.stopped {
			break
		}
		out = append(out, p.int(func() string { return elem(j) }))
	}
	return out
}

// propName names prop k for messages.
func propName(k int) string {
	switch k {
	case PropWu:
		return "Wu (武)"
	case PropZhan:
		return "Zhan (战)"
	case PropMou:
		return "Mou (谋)"
	case PropZheng:
		return "Zheng (政)"
	case PropJing:
		return "Jing (经)"
	}
	return fmt.Sprintf("prop %d", k)
}

func (p *parser) parseMap() *Map {
	m := &Map{}
	m.NGrid = p.count(lit("the square count (ngrid)"))
	m.NX = p.int(lit("the board width (nx)"))
	m.NY = p.int(lit("the board height (ny)"))
	m.WinMoney = p.float(lit("the winning money (win_money)"))

	n := m.NGrid.V
	m.Squares = records(p, n, func(i int) Square {
		f := func(field string) what {
			return func() string { return fmt.Sprintf("the %s of square %d of %d (index %d)", field, i+1, n, i) }
		}
		s := Square{Class: p.int(f("class")), Base: p.int(f("base")), X: p.int(f("x")), Y: p.int(f("y"))}
		return s
	})

	m.NPeople = p.count(lit("the officer count (npeople)"))
	n = m.NPeople.V
	m.Officers = records(p, n, func(i int) Officer {
		o := Officer{Name: p.name(func() string { return fmt.Sprintf("the name of officer %d of %d", i+1, n) })}
		for k := range o.Props {
			o.Props[k] = p.float(func() string {
				return fmt.Sprintf("the %s prop of %s", propName(k), label("officer", o.Name, i, n))
			})
		}
		return o
	})

	m.NCity = p.count(lit("the city count (ncity)"))
	n = m.NCity.V
	m.Cities = records(p, n, func(i int) City {
		c := City{Name: p.name(func() string { return fmt.Sprintf("the name of city %d of %d", i+1, n) })}
		of := func() string { return label("city", c.Name, i, n) }
		f := func(field string) what { return func() string { return fmt.Sprintf("the %s of %s", field, of()) } }
		c.Scope = p.int(f("scope"))
		c.NGarrison = p.count(f("garrison size"))
		g := c.NGarrison.V
		c.Garrison = p.list(g, func(j int) string {
			return fmt.Sprintf("garrison officer %d of %d of %s", j+1, g, of())
		})
		c.Mayor = p.int(f("mayor"))
		c.Treasurer = p.int(f("treasurer"))
		c.Rect = p.rect(of)
		return c
	})

	m.NRole = p.count(lit("the role count (nrole)"))
	n = m.NRole.V
	m.Roles = records(p, n, func(i int) Role {
		r := Role{Name: p.name(func() string { return fmt.Sprintf("the name of role %d of %d", i+1, n) })}
		of := func() string { return label("role", r.Name, i, n) }
		f := func(field string) what { return func() string { return fmt.Sprintf("the %s of %s", field, of()) } }
		r.Loc = p.int(f("start square"))
		r.NTech = p.count(f("tech count"))
		k := r.NTech.V
		r.Techs = p.list(k, func(j int) string { return fmt.Sprintf("tech %d of %d of %s", j+1, k, of()) })
		r.NRetinue = p.count(f("retinue size"))
		k2 := r.NRetinue.V
		r.Retinue = p.list(k2, func(j int) string { return fmt.Sprintf("retinue officer %d of %d of %s", j+1, k2, of()) })
		r.NCities = p.count(f("owned city count"))
		k3 := r.NCities.V
		r.Cities = p.list(k3, func(j int) string { return fmt.Sprintf("owned city %d of %d of %s", j+1, k3, of()) })
		r.Money = p.float(f("money"))
		r.Dir = p.int(f("direction"))
		return r
	})

	m.NInst = p.optionalCount(lit("the institute count (ninst)"))
	n = m.NInst.V
	m.Institutes = records(p, n, func(i int) Institute {
		in := Institute{Name: p.name(func() string { return fmt.Sprintf("the name of institute %d of %d", i+1, n) })}
		of := func() string { return label("institute", in.Name, i, n) }
		in.NTech = p.count(func() string { return "the tech count of " + of() })
		k := in.NTech.V
		in.Techs = p.list(k, func(j int) string { return fmt.Sprintf("tech %d of %d of %s", j+1, k, of()) })
		in.Rect = p.rect(of)
		return in
	})

	m.NTrain = p.optionalCount(lit("the training room count (ntrain)"))
	n = m.NTrain.V
	m.Trains = records(p, n, func(i int) TrainingRoom {
		t := TrainingRoom{Name: p.name(func() string { return fmt.Sprintf("the name of training room %d of %d", i+1, n) })}
		of := func() string { return label("training room", t.Name, i, n) }
		t.Item = p.int(func() string { return "the prop index (item) of " + of() })
		t.Rect = p.rect(of)
		return t
	})
	return m
}

// trailing warns about tokens after the last record, which the original
// never reads.
func (p *parser) trailing() {
	first, ok := p.sc.next()
	if !ok {
		return
	}
	n := 1
	for _, ok := p.sc.next(); ok; _, ok = p.sc.next() {
		n++
	}
	tokens := "token follows"
	if n > 1 {
		tokens = "tokens follow"
	}
	p.report(diag.Warning, CodeTrailing, first.r, "Trailing tokens",
		fmt.Sprintf("%d %s the last training room, starting with %s; the original ignores them. They usually mean a count earlier in the file is too small.",
			n, tokens, quote(first.text)))
}

// label names a record for messages: `role 魏 (role 1 of 3)`, or `role 1 of
// 3` before its name is known.
func label(kind string, name Tok[string], i, n int) string {
	if !name.Present() {
		return fmt.Sprintf("%s %d of %d", kind, i+1, n)
	}
	return fmt.Sprintf("%s %s (%s %d of %d)", kind, displayName(name.V), kind, i+1, n)
}

// plain reports whether s can be shown in a message as is: it has no
// characters that would be invisible, confusing or need escaping.
func plain(s string) bool {
	for _, r := range s {
		if !unicode.IsGraphic(r) || r == utf8.RuneError || r == '"' || r == '\\' {
			return false
		}
	}
	return true
}

// displayName shows a name bare when it is plain text, else Go-quoted.
func displayName(s string) string {
	if plain(s) {
		return s
	}
	return strconv.Quote(s)
}

// quote shows a token in a message, escaped when it has odd characters.
func quote(s string) string {
	if plain(s) {
		return `"` + s + `"`
	}
	return strconv.Quote(s)
}

func capitalize(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}

// numeric reports whether a token looks like a number, possibly malformed:
// an optional sign and period followed by a digit.
func numeric(s string) bool {
	s = strings.TrimLeft(s, "+-")
	s = strings.TrimPrefix(s, ".")
	return s != "" && s[0] >= '0' && s[0] <= '9'
}

// leadingZero reports whether an integer token starts with a 0 that makes
// fmt read it as octal ("010", "-07", "0_7"), as opposed to "0" or a
// 0b/0o/0x prefix.
func leadingZero(s string) bool {
	s = strings.TrimLeft(s, "+-")
	if len(s) < 2 || s[0] != '0' {
		return false
	}
	return s[1] >= '0' && s[1] <= '9' || s[1] == '_'
}

func isFloat(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

func absInt(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// records reads n records of one section with read, stopping at the first
// structural desync: a record cut short by a stop is not kept.
func records[T any](p *parser, n int, read func(i int) T) []T {
	var out []T
	for i := range n {
		if p.stopped {
			break
		}
		r := read(i)
		if !p.stopped {
			out = append(out, r)
		}
	}
	return out
}
