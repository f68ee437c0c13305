package legacy

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// ParseRules reads a legacy rules file (.tech) in exactly the order and with
// exactly the token semantics of the original loader (see the package
// documentation). file names the file in the diagnostics' ranges.
//
// It never panics and always returns a non-nil Rules holding every record
// read completely. Like the original, it stops at the first value that
// cannot be read (the original then refuses the file); the Rules is then
// partial and the diagnostics end with the error. The AI block is read when
// anything but white space follows the last tech.
func ParseRules(file string, data []byte) (*Rules, diag.Diagnostics) {
	p := &parser{rd: newReader(file, data)}
	r := &Rules{}
	p.rules(r)
	return r, p.ds
}

// ParseLevel reads a legacy level file (.map) like ParseRules. The AI block
// is read when anything but white space follows the last person.
func ParseLevel(file string, data []byte) (*Level, diag.Diagnostics) {
	p := &parser{rd: newReader(file, data)}
	l := &Level{}
	p.level(l)
	return l, p.ds
}

// what describes the value being read, for messages. It is a function so
// that the description is only built when a diagnostic needs it.
type what func() string

func lit(s string) what { return func() string { return s } }

type parser struct {
	rd      *reader
	ds      diag.Diagnostics
	stopped bool
	// ai is set while the optional AI block is read, which only the
	// original's AI build reads.
	ai bool
}

func (p *parser) report(sev diag.Severity, code string, r diag.Range, summary, detail string) {
	p.ds = append(p.ds, diag.Diagnostic{Severity: sev, Code: code, Summary: summary, Detail: detail, Subject: r.Ptr()})
}

// consequence says what a failed read does to the original.
func (p *parser) consequence() string {
	if p.ai {
		return "so the original's AI build fails to load it (AI初始化错误); the build without AI never reads this block"
	}
	return "so the original fails to load the file (初始化错误)"
}

// arg is one operand of an emulated Fscan call.
type arg struct {
	w    what
	scan func(p *parser, w what) (scanned, bool)
}

// scanned describes a value that was read, for the quirk warnings.
type scanned struct {
	start, end int      // the bytes consumed
	startPos   diag.Pos // the position of start
	show       string   // the value read, for messages
	octal      bool     // a leading-zero integer whose octal reading differs from the decimal one
	other      bool     // a boolean read from a word not starting with t, f, 0 or 1
	badUTF8    bool     // a string with invalid UTF-8
}

// call emulates one fmt.Fscan call of the original with the given operands
// and reports whether every operand was read. After a failure every later
// call fails too.
func (p *parser) call(args ...arg) bool {
	if p.stopped {
		return false
	}
	for i, a := range args {
		s, ok := a.scan(p, a.w)
		if !ok {
			p.stopped = true
			return false
		}
		// The bytes the call's reader holds after its last value are lost
		// when the call returns.
		var lost []byte
		if i == len(args)-1 {
			lost = p.rd.data[p.rd.cur:p.rd.taken]
		}
		p.quirk(s, a.w, i == len(args)-1, lost)
	}
	p.rd.endCall()
	return true
}

func intArg(dst *Tok[int], w what) arg {
	return arg{w, func(p *parser, w what) (scanned, bool) { return p.scanInt(dst, w) }}
}

func boolArg(dst *Tok[bool], w what) arg {
	return arg{w, func(p *parser, w what) (scanned, bool) { return p.scanBool(dst, w) }}
}

func strArg(dst *Tok[string], w what) arg {
	return arg{w, func(p *parser, w what) (scanned, bool) { return p.scanString(dst, w) }}
}

// start skips white space before a value and reports the end of the file.
func (p *parser) start(w what) (int, bool) {
	p.rd.skipSpace()
	if p.rd.cur >= len(p.rd.data) {
		p.report(diag.Error, CodeEOF, p.rd.eofRange(), "Unexpected end of file",
			fmt.Sprintf("The file ends where the original expects %s, %s.", w(), p.consequence()))
		return 0, false
	}
	return p.rd.cur, true
}

// badToken reports a value that cannot be read from the word at start.
func (p *parser) badToken(start int, w what, summary, reason string) {
	startPos := p.rd.pos(start)
	end, endPos := p.rd.word(start)
	detail := fmt.Sprintf("The original expects %s here, but %s, %s.", w(), reason, p.consequence())
	if bytes.HasPrefix(p.rd.data[start:end], []byte("\uFEFF")) {
		detail += " The token starts with a byte order mark; save the file as UTF-8 without a BOM."
	}
	p.report(diag.Error, CodeToken, diag.Range{File: p.rd.file, Start: startPos, End: endPos}, summary, detail)
}

// Digit sets of fmt's integer scanning, with the underscore it accepts.
const (
	binaryDigits  = "01_"
	octalDigits   = "01234567_"
	decimalDigits = "0123456789_"
	hexDigits     = "0123456789aAbBcCdDeEfF_"
)

// scanInt reads an integer as fmt's scanInt does for %v: an optional sign,
// a 0b/0o/0x prefix or a leading 0 that selects octal, then as many digits
// of that base and underscores as follow; strconv.ParseInt judges the text.
func (p *parser) scanInt(dst *Tok[int], w what) (scanned, bool) {
	rd := p.rd
	start, ok := p.start(w)
	if !ok {
		return scanned{}, false
	}
	word := func() string { return shown(rd.data[start:rd.wordEnd(start)]) }
	rd.accept("+-")
	digits, have := decimalDigits, false
	if rd.peek("0") {
		rd.accept("0")
		have = true
		switch {
		case rd.peek("bB"):
			rd.accept("bB")
			digits = binaryDigits
		case rd.peek("oO"):
			rd.accept("oO")
			digits = octalDigits
		case rd.peek("xX"):
			rd.accept("xX")
			digits = hexDigits
		default:
			digits = octalDigits
		}
	}
	if !have && !rd.accept(digits) {
		p.badToken(start, w, "Invalid integer", fmt.Sprintf("%s is not an integer", quote(word())))
		return scanned{}, false
	}
	for rd.accept(digits) {
	}
	text := string(rd.data[start:rd.cur])
	v, err := strconv.ParseInt(text, 0, strconv.IntSize)
	if err != nil {
		reason := fmt.Sprintf("%s is not a valid integer", quote(word()))
		if text != word() {
			reason = fmt.Sprintf("the original reads %s of %s, which is not a valid integer", quote(text), quote(word()))
		}
		if errors.Is(err, strconv.ErrRange) {
			reason = fmt.Sprintf("%s is out of range for an integer", quote(text))
		}
		p.badToken(start, w, "Invalid integer", reason)
		return scanned{}, false
	}
	*dst = Tok[int]{V: int(v), R: rd.rangeOf(start, rd.cur)}
	return scanned{start: start, end: rd.cur, startPos: dst.R.Start, show: strconv.FormatInt(v, 10), octal: octalDiffers(text, v)}, true
}

// octalDiffers reports whether text is a leading-zero integer ("010",
// "-0_7"; not "0" or "0x10") whose value v differs from the decimal reading
// of its digits.
func octalDiffers(text string, v int64) bool {
	digits := strings.TrimLeft(text, "+-")
	if len(digits) < 2 || digits[0] != '0' || !(digits[1] >= '0' && digits[1] <= '9' || digits[1] == '_') {
		return false
	}
	d, err := strconv.ParseInt(strings.ReplaceAll(digits, "_", ""), 10, 64)
	if v < 0 {
		v = -v
	}
	return err != nil || d != v
}

// scanBool reads a boolean as fmt's scanBool does: it looks at the first
// character only, and checks the rest of "true" or "false" only when the
// second character starts it.
func (p *parser) scanBool(dst *Tok[bool], w what) (scanned, bool) {
	rd := p.rd
	start, ok := p.start(w)
	if !ok {
		return scanned{}, false
	}
	bad := func() (scanned, bool) {
		p.badToken(start, w, "Invalid boolean", fmt.Sprintf("%s is not a boolean (true or false in any letter case, or t, f, 1 or 0)",
			quote(shown(rd.data[start:rd.wordEnd(start)]))))
		return scanned{}, false
	}
	var v, other bool
	switch rd.get() {
	case '0':
	case '1':
		v = true
	case 't', 'T':
		if rd.accept("rR") && (!rd.accept("uU") || !rd.accept("eE")) {
			return bad()
		}
		v = true
	case 'f', 'F':
		if rd.accept("aA") && (!rd.accept("lL") || !rd.accept("sS") || !rd.accept("eE")) {
			return bad()
		}
	default:
		other = true
	}
	*dst = Tok[bool]{V: v, R: rd.rangeOf(start, rd.cur)}
	return scanned{start: start, end: rd.cur, startPos: dst.R.Start, show: strconv.FormatBool(v), other: other}, true
}

// scanString reads a name: every rune up to the next white space, with
// each invalid UTF-8 byte read as U+FFFD.
func (p *parser) scanString(dst *Tok[string], w what) (scanned, bool) {
	rd := p.rd
	start, ok := p.start(w)
	if !ok {
		return scanned{}, false
	}
	var b strings.Builder
	for {
		c := rd.get()
		if c == eof {
			break
		}
		if isSpace(c) {
			rd.unget()
			break
		}
		b.WriteRune(c)
	}
	*dst = Tok[string]{V: b.String(), R: rd.rangeOf(start, rd.cur)}
	return scanned{start: start, end: rd.cur, startPos: dst.R.Start, show: b.String(), badUTF8: !utf8.Valid(rd.data[start:rd.cur])}, true
}

// quirk warns when the original reads a value differently from what its
// text suggests. last tells whether the value was the last operand of its
// Fscan call, whose reader then dropped the bytes lost.
func (p *parser) quirk(s scanned, w what, last bool, lost []byte) {
	rd := p.rd
	wordEnd, endPos := rd.word(s.start)
	partial := s.end < wordEnd
	if !partial && !s.octal && !s.other && !s.badUTF8 {
		return
	}
	word := shown(rd.data[s.start:wordEnd])
	consumed := shown(rd.data[s.start:s.end])
	r := diag.Range{File: rd.file, Start: s.startPos, End: endPos}

	// next says where the next read of the original starts.
	next := func() string {
		if !last || len(lost) == 0 {
			return fmt.Sprintf("; the next value is read from %s.", quote(shown(rd.data[s.end:wordEnd])))
		}
		after := s.end + len(lost)
		rest := ""
		if after < wordEnd {
			rest = shown(rd.data[after:wordEnd])
		}
		if rest == "" {
			return fmt.Sprintf("; its file reader then drops %s, so the rest of the token is lost.", quote(string(lost)))
		}
		return fmt.Sprintf("; its file reader then drops %s, and the next value is read from %s.", quote(string(lost)), quote(rest))
	}
	value := s.show
	if s.octal {
		value = "the octal number " + s.show
	}

	switch {
	case s.badUTF8:
		p.report(diag.Warning, CodeQuirk, r, "Invalid UTF-8 in name",
			fmt.Sprintf("%s contains bytes that are not valid UTF-8; the original reads each as U+FFFD, giving %s. Save the file as UTF-8.",
				capitalize(w()), quote(s.show)))
	case s.other:
		detail := fmt.Sprintf("The original reads %s from %s as false: a word that does not start with t, f, 0 or 1 reads as false, and only its first character %s is consumed",
			w(), quote(word), quote(consumed))
		if partial {
			detail += next()
		} else {
			detail += "."
		}
		p.report(diag.Warning, CodeQuirk, r, "Word read as false", detail+" Write true or false.")
	case partial && isOctalSplit(consumed, rd.data[s.end]):
		p.report(diag.Warning, CodeQuirk, r, "Token split by the reader",
			fmt.Sprintf("%s starts with 0, which makes the original read an octal number, and %c is not an octal digit: it reads only %s as %s (%s)%s Drop the leading zero.",
				quote(word), rd.data[s.end], quote(consumed), w(), value, next()))
	case partial:
		p.report(diag.Warning, CodeQuirk, r, "Token split by the reader",
			fmt.Sprintf("The original reads only %s of %s as %s (%s)%s Separate values with white space.",
				quote(consumed), quote(word), w(), value, next()))
	case s.octal:
		p.report(diag.Warning, CodeQuirk, r, "Octal integer",
			fmt.Sprintf("%s has a leading zero, so the original reads %s as the octal number %s. Write %s if that is meant, or drop the leading zero if a decimal number was meant.",
				quote(word), w(), s.show, s.show))
	}
}

// isOctalSplit reports whether an integer read stopped at next because a
// leading zero made it octal and next is the decimal digit 8 or 9.
func isOctalSplit(consumed string, next byte) bool {
	digits := strings.TrimLeft(consumed, "+-")
	return (next == '8' || next == '9') && digits != "" && digits[0] == '0' &&
		!strings.ContainsAny(digits, "bBoOxX")
}

// count checks a count that decides how much of the file is read and
// stops the parse if it is unusable.
func (p *parser) count(t Tok[int], w what, minimum int) (int, bool) {
	if p.stopped {
		return 0, false
	}
	switch {
	case t.V < 0:
		p.report(diag.Error, CodeCount, t.R, "Negative count",
			fmt.Sprintf("%s is %d; a count cannot be negative (the original panics). Parsing stops here.", capitalize(w()), t.V))
	case t.V < minimum:
		p.report(diag.Error, CodeCount, t.R, "No terrains",
			fmt.Sprintf("%s is %d; the original refuses a rules file without terrains (初始化错误). Parsing stops here.", capitalize(w()), t.V))
	case t.V > MaxCount:
		p.report(diag.Error, CodeCount, t.R, "Count too large",
			fmt.Sprintf("%s is %d, more than the limit of %d; this is almost certainly a misplaced value. Parsing stops here.", capitalize(w()), t.V, MaxCount))
	default:
		return t.V, true
	}
	p.stopped = true
	return 0, false
}

// trailing warns about words after the last value the original reads.
func (p *parser) trailing(after string) {
	if p.stopped {
		return
	}
	n, start, end := p.rd.words(p.rd.cur)
	if n == 0 {
		return
	}
	tokens := "token follows"
	if n > 1 {
		tokens = "tokens follow"
	}
	p.report(diag.Warning, CodeTrailing, p.rd.rangeOf(start, end), "Trailing tokens",
		fmt.Sprintf("%d %s %s, starting with %s; the original ignores them. They usually mean a count earlier in the file is too small.",
			n, tokens, after, quote(shown(p.rd.data[start:end]))))
}

func (p *parser) rules(r *Rules) {
	if !p.call(intArg(&r.NDX, lit("the terrain count (ndx)"))) {
		return
	}
	ndx, ok := p.count(r.NDX, lit("the terrain count (ndx)"), 1)
	if !ok {
		return
	}
	for i := range ndx {
		var t Terrain
		if !p.call(strArg(&t.Name, func() string { return fmt.Sprintf("the name of terrain %d of %d", i+1, ndx) }),
			intArg(&t.Weight, func() string { return "the move weight of " + label("terrain", t.Name, "index", i) })) {
			return
		}
		r.Terrains = append(r.Terrains, t)
	}
	if !p.call(intArg(&r.MaxFlyWeight, lit("MAX_FLY_WEIGHT")), intArg(&r.MaxAbi, lit("MAX_ABI")),
		intArg(&r.NTech, lit("the tech count (ntech)"))) {
		return
	}
	ntech, ok := p.count(r.NTech, lit("the tech count (ntech)"), 0)
	if !ok {
		return
	}
	for id := range ntech {
		t, ok := p.tech(id, r.Terrains)
		if !ok {
			return
		}
		r.Techs = append(r.Techs, t)
	}
	if p.rd.restIsSpace(p.rd.cur) {
		return
	}
	p.ai = true
	r.AI = &RulesAI{}
	for i, c := range aiConstants() {
		if !p.call(intArg(c.tok(r.AI), func() string {
			return fmt.Sprintf("the AI constant %s (%d of %d)", c.name, i+1, aiConstantCount)
		})) {
			return
		}
	}
	p.trailing("the AI constants (the end of the file for the original)")
}

func (p *parser) tech(id int, terrains []Terrain) (Tech, bool) {
	var t Tech
	of := func() string { return label("tech", t.Name, "id", id) }
	f := func(field string) what { return func() string { return "the " + field + " of " + of() } }
	if !p.call(strArg(&t.Name, func() string { return fmt.Sprintf("the name of tech id %d", id) }),
		intArg(&t.Class, f("class")), boolArg(&t.IsLong, f("long-range flag (is_long)")),
		intArg(&t.NRange, f("offset count (n_range)"))) {
		return t, false
	}
	n, ok := p.count(t.NRange, f("offset count (n_range)"), 0)
	if !ok {
		return t, false
	}
	for j := range n {
		var o Offset
		g := func(c string) what {
			return func() string { return fmt.Sprintf("the %s of offset %d of %d of %s", c, j+1, n, of()) }
		}
		if !p.call(intArg(&o.DX, g("dx")), intArg(&o.DY, g("dy"))) {
			return t, false
		}
		t.Range = append(t.Range, o)
	}
	if !p.call(intArg(&t.AOERange, f("AOE radius (aoe_range)")), intArg(&t.AOERatio, f("AOE ratio (aoe_ratio)")),
		boolArg(&t.AOESelf, f("friendly-fire flag (aoe_self)")), intArg(&t.Duration, f("duration"))) {
		return t, false
	}
	for k, ter := range terrains {
		var m Tok[bool]
		if !p.call(boolArg(&m, func() string {
			return fmt.Sprintf("the terrain mask entry %d of %d (%s) of %s", k+1, len(terrains), label("terrain", ter.Name, "index", k), of())
		})) {
			return t, false
		}
		t.Mask = append(t.Mask, m)
	}
	if !p.call(intArg(&t.Value, f("value"))) {
		return t, false
	}
	return t, true
}

func (p *parser) level(l *Level) {
	if !p.call(intArg(&l.NX, lit("the map width (nx)")), intArg(&l.NY, lit("the map height (ny)"))) {
		return
	}
	nx, ok := p.count(l.NX, lit("the map width (nx)"), 0)
	if !ok {
		return
	}
	ny, ok := p.count(l.NY, lit("the map height (ny)"), 0)
	if !ok {
		return
	}
	if nx > 0 && ny > MaxCount/nx {
		p.report(diag.Error, CodeCount, l.NY.R, "Count too large",
			fmt.Sprintf("The map has %d × %d cells, more than the limit of %d; this is almost certainly a misplaced value. Parsing stops here.", nx, ny, MaxCount))
		p.stopped = true
		return
	}
	// Every cell takes at least two bytes, so the file bounds the capacity.
	l.Cells = make([]Tok[int], 0, min(nx*ny, len(p.rd.data)/2+1))
	for y := range ny * min(nx, 1) { // no rows to read on a map 0 wide
		for x := range nx {
			var c Tok[int]
			if !p.call(intArg(&c, func() string { return fmt.Sprintf("the terrain index of cell (%d, %d)", x, y) })) {
				return
			}
			l.Cells = append(l.Cells, c)
		}
	}
	if !p.call(intArg(&l.NPeople, lit("the person count (n_people)"))) {
		return
	}
	n, ok := p.count(l.NPeople, lit("the person count (n_people)"), 0)
	if !ok {
		return
	}
	for i := range n {
		pe, ok := p.person(i, n)
		if !ok {
			return
		}
		l.People = append(l.People, pe)
	}
	if n == 0 {
		l.AI = []PersonAI{} // the AI loader has nothing to read
		p.trailing("the last person (the end of the file for the original)")
		return
	}
	if p.rd.restIsSpace(p.rd.cur) {
		return
	}
	p.ai = true
	for i, pe := range l.People {
		var a PersonAI
		f := func(field string) what {
			return func() string {
				return fmt.Sprintf("the %s of the AI line of %s", field, label("person", pe.Name, "index", i))
			}
		}
		if !p.call(intArg(&a.Att, f("attack factor (fact_att)")), intArg(&a.Def, f("defence factor (fact_def)")),
			intArg(&a.Move, f("move factor (fact_move)"))) ||
			!p.call(intArg(&a.GoalX, f("goal x")), intArg(&a.GoalY, f("goal y"))) {
			if l.AI == nil {
				l.AI = []PersonAI{}
			}
			return
		}
		l.AI = append(l.AI, a)
	}
	p.trailing("the last AI line (the end of the file for the original)")
}

func (p *parser) person(i, n int) (Person, bool) {
	var pe Person
	of := func() string { return label("person", pe.Name, "index", i) }
	f := func(field string) what { return func() string { return "the " + field + " of " + of() } }
	if !p.call(strArg(&pe.Name, func() string { return fmt.Sprintf("the name of person %d of %d", i+1, n) }),
		intArg(&pe.Side, f("side")), intArg(&pe.Abi, f("attack (abi)")), intArg(&pe.Def, f("defence (def)")),
		intArg(&pe.HP, f("hp")), intArg(&pe.Speed, f("speed")), intArg(&pe.X, f("x")), intArg(&pe.Y, f("y")),
		intArg(&pe.NTech, f("tech count (ntech)"))) {
		return pe, false
	}
	k, ok := p.count(pe.NTech, f("tech count (ntech)"), 0)
	if !ok {
		return pe, false
	}
	for j := range k {
		var t Tok[int]
		if !p.call(intArg(&t, func() string { return fmt.Sprintf("tech %d of %d of %s", j+1, k, of()) })) {
			return pe, false
		}
		pe.Techs = append(pe.Techs, t)
	}
	return pe, true
}

// label names a record for messages: `tech 直攻 (id 0)`, or `tech id 0`
// before its name is known.
func label(kind string, name Tok[string], key string, i int) string {
	if !name.Present() {
		return fmt.Sprintf("%s %s %d", kind, key, i)
	}
	return fmt.Sprintf("%s %s (%s %d)", kind, displayName(name.V), key, i)
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

// maxShown is the most runes of a token or name a message shows.
const maxShown = 40

// clip shortens s to maxShown runes, marking the cut with an ellipsis, so
// that messages stay short and a huge garbage token cannot make every
// diagnostic huge.
func clip(s string) string {
	if len(s) <= maxShown {
		return s
	}
	n := 0
	for i := range s {
		if n == maxShown {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// shown converts the start of b to a string for clip, without copying
// more of a long token than a message can show.
func shown(b []byte) string {
	if limit := utf8.UTFMax*maxShown + utf8.UTFMax; len(b) > limit {
		b = b[:limit]
	}
	return string(b)
}

// displayName shows a name bare when it is plain text, else Go-quoted.
func displayName(s string) string {
	s = clip(s)
	if plain(s) {
		return s
	}
	return strconv.Quote(s)
}

// quote shows a token in a message, escaped when it has odd characters.
func quote(s string) string {
	s = clip(s)
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
