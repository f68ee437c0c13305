package source

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/internal/par"
)

// Span locates one value of the source: the key that names it (nil for array
// elements and the document root) and the value itself.
type Span struct {
	Key   *diag.Range
	Value diag.Range
}

// span is the compact form of a Span kept for every value: byte offsets
// into its file, turned into lines and columns only when asked for. A
// value costs its pointer string and these 24 bytes, whatever its depth.
type span struct {
	file   *parsed
	ks, ke int32 // the key's bytes; ks < 0 when the value has no key
	vs, ve int32 // the value's bytes
}

// public converts sp into a Span.
func (sp span) public() Span {
	return Span{Key: sp.key(), Value: sp.value()}
}

// value returns the range of the value (the zero Range for a missing span).
func (sp span) value() diag.Range {
	if sp.file == nil {
		return diag.Range{}
	}
	return sp.file.lines.rng(sp.file.name, int(sp.vs), int(sp.ve))
}

// key returns the range of the key, or nil.
func (sp span) key() *diag.Range {
	if sp.file == nil || sp.ks < 0 {
		return nil
	}
	r := sp.file.lines.rng(sp.file.name, int(sp.ks), int(sp.ke))
	return &r
}

// parsed is one TOML file, decoded and indexed.
type parsed struct {
	name  string
	data  []byte
	lines *lineIndex
	tree  map[string]any // nil after a syntax error
	spans map[string]span
	diags diag.Diagnostics
	keys  int // keys the pre-scan counted (to size spans)
}

func parseFile(name string, data []byte, lim Limits) *parsed {
	if int64(len(data)) > lim.MaxFileSize {
		// Refused before anything is built from it; no excerpt is shown.
		p := &parsed{name: name, lines: newLineIndex(nil), spans: map[string]span{}}
		p.diags = append(p.diags, *prescan(p, data, lim))
		return p
	}
	p := &parsed{name: name, data: data, lines: newLineIndex(data), spans: map[string]span{}}
	p.spans[""] = span{file: p, ks: -1}
	// Limits first: past them the decoders' cost is not linear in the size.
	if d := prescan(p, data, lim); d != nil {
		p.diags = append(p.diags, *d)
		return p
	}
	p.spans = make(map[string]span, p.keys+1)
	p.spans[""] = span{file: p, ks: -1}
	// After a syntax error, blank the offending line and parse again, so one
	// typo does not hide every other problem of the file. Blanking keeps byte
	// offsets, so positions still refer to the original text.
	text := slices.Clone(data)
	// A byte order mark becomes blanks for the same reason: BurntSushi
	// strips it (shifting its offsets) and pelletier's parser rejects it.
	if bytes.HasPrefix(text, bom) {
		copy(text, "   ")
	}
	for try := range maxRecoveries {
		var raw map[string]any
		var err error
		if try == 0 {
			// The first parse is almost always the only one: the index,
			// a second parser's walk over the same text, runs beside it.
			err = p.decodeAndIndex(text, &raw)
		} else if _, err = toml.NewDecoder(bytes.NewReader(text)).Decode(&raw); err == nil {
			p.index(text)
		}
		if err == nil {
			tree, _ := p.normalize(raw, make([]step, 0, 16))
			p.tree = tree.(map[string]any)
			// normalize meets the values in map order: put its reports
			// in the order of the text.
			slices.SortStableFunc(p.diags, diag.Compare)
			return p
		}
		d := p.syntaxDiag(text, err)
		// An error at the end of the file after a recovery is almost always
		// a consequence of the blanked line (an unclosed bracket or string).
		if len(p.diags) > 0 && d.Subject.Start.Byte >= len(bytes.TrimRight(text, " \t\r\n")) {
			break
		}
		p.diags = append(p.diags, d)
		if !blankLine(text, d.Subject.Start.Byte) {
			break
		}
	}
	return p
}

// decodeAndIndex decodes text into raw with BurntSushi and, on another
// goroutine at the same time, indexes it into p.spans, which nothing else
// touches until both are done. When the decode fails the index is thrown
// away, panic included (the recovery indexes the repaired text); when it
// succeeds a panic of the index goes on in the caller's goroutine, as if
// the index had run there.
func (p *parsed) decodeAndIndex(text []byte, raw *map[string]any) error {
	wait := par.Beside(func() { p.index(text) })
	_, err := toml.NewDecoder(bytes.NewReader(text)).Decode(raw)
	crash := wait()
	if err != nil {
		clear(p.spans)
		p.spans[""] = span{file: p, ks: -1}
		return err
	}
	if crash != nil {
		panic(crash)
	}
	return nil
}

// maxRecoveries bounds the re-parses after syntax errors; past it the file
// is given up (its other problems are not reported).
const maxRecoveries = 8

// blankLine replaces the line holding byte off with spaces (keeping the
// newline); it reports false when that line is already blank.
func blankLine(text []byte, off int) bool {
	off = min(off, len(text)-1)
	if off < 0 {
		return false
	}
	start := off
	for start > 0 && text[start-1] != '\n' {
		start--
	}
	changed := false
	for i := start; i < len(text) && text[i] != '\n'; i++ {
		if text[i] != ' ' && text[i] != '\r' {
			text[i] = ' '
			changed = true
		}
	}
	return changed
}

// syntaxDiag converts a BurntSushi parse error into a diagnostic. This is the
// only place that reads toml.ParseError.
func (p *parsed) syntaxDiag(text []byte, err error) diag.Diagnostic {
	d := diag.Diagnostic{Severity: diag.Error, Code: CodeSyntax, Summary: "Invalid TOML"}
	var pe toml.ParseError
	if errors.As(err, &pe) {
		start := max(0, min(pe.Position.Start, len(text)))
		// The lexer sometimes reports the blank before the offending token.
		for start+1 < len(text) && (text[start] == ' ' || text[start] == '\t') {
			start++
		}
		end := start + max(pe.Position.Len, 1)
		r := p.lines.rng(p.name, start, end)
		d.Subject = &r
		d.Detail = diag.Sentence(pe.Message)
		if pe.Usage != "" {
			d.Detail += " " + diag.Sentence(strings.TrimSpace(strings.SplitN(pe.Usage, "\n\n", 2)[0]))
		}
		return d
	}
	r := p.lines.rng(p.name, 0, 0)
	d.Subject = &r
	d.Detail = diag.Sentence(err.Error())
	return d
}

// normalize converts BurntSushi's decoded values to JSON types: objects,
// arrays, strings, booleans, int64 and float64. Dates become strings in
// their TOML form; NaN and infinities are reported and become 0. It
// returns the converted value and whether it differs from v (a new value,
// not v changed in place); the root is a table, converted in place.
//
// Maps and slices are converted in place (they are the decoder's own), a
// map entry is only written when its value changes, and the pointer of a
// value is only spelled out for a diagnostic: path holds its steps, in one
// array that the steps of siblings reuse.
func (p *parsed) normalize(v any, path []step) (any, bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			if ne, changed := p.normalize(e, append(path, step{key: k})); changed {
				v[k] = ne
			}
		}
		return v, false
	case []map[string]any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i], _ = p.normalize(e, append(path, step{index: i, inArray: true}))
		}
		return out, true
	case []any:
		for i, e := range v {
			if ne, changed := p.normalize(e, append(path, step{index: i, inArray: true})); changed {
				v[i] = ne
			}
		}
		return v, false
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			d := diag.Diagnostic{
				Severity: diag.Error, Code: CodeNonFinite, Summary: "Non-finite number",
				Detail: fmt.Sprintf("The value %v cannot be represented in the compiled JSON config; use a finite number.", v),
			}
			ptr := ""
			for _, t := range path {
				ptr += "/" + t.token()
			}
			if s, ok := p.spans[ptr]; ok {
				d.Subject = s.value().Ptr()
			}
			p.diags = append(p.diags, d)
			return float64(0), true
		}
		return v, false
	case time.Time:
		// BurntSushi marks local dates and times with zones of these names.
		switch v.Location().String() {
		case "date-local":
			return v.Format("2006-01-02"), true
		case "time-local":
			return v.Format("15:04:05.999999999"), true
		case "datetime-local":
			return v.Format("2006-01-02T15:04:05.999999999"), true
		}
		return v.Format(time.RFC3339Nano), true
	case int64, string, bool:
		return v, false
	}
	return fmt.Sprint(v), true
}

// step is one step of normalize's path: a table's key or an array's index.
type step struct {
	key     string
	index   int
	inArray bool
}

// token is the step as a JSON pointer reference token.
func (s step) token() string {
	if s.inArray {
		return strconv.Itoa(s.index)
	}
	return EscapeToken(s.key)
}

// EscapeToken escapes one JSON pointer reference token (RFC 6901).
func EscapeToken(s string) string {
	if !strings.ContainsAny(s, "~/") {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// index walks the TOML syntax tree (pelletier's unstable parser, the only
// TOML library here that exposes byte ranges) and records a Span for every
// key and value, by JSON pointer.
func (p *parsed) index(text []byte) {
	ps := parsers.Get().(*unstable.Parser)
	ps.Reset(text)
	ix := indexer{p: p, text: text, arrays: map[string]int{}}
	for ps.NextExpression() {
		ix.expr(ps.Expression())
	}
	ps.Reset(nil)
	if len(text) <= maxPooledText {
		parsers.Put(ps)
	}
}

// parsers keeps syntax-tree parsers for reuse: a parser keeps the node
// arena of its largest expression (a long array of inline tables needs
// thousands of nodes), which would otherwise be grown anew for every file.
// None of them has parsed a file larger than maxPooledText.
var parsers = sync.Pool{New: func() any { return new(unstable.Parser) }}

const maxPooledText = 256 << 10

type indexer struct {
	p      *parsed
	text   []byte         // the text parsed (data with blanked lines)
	prefix string         // pointer of the current [table]
	arrays map[string]int // element count of each [[array]] seen so far
}

// off is a byte range [s, e) of the file.
type off struct{ s, e int32 }

func raw(r unstable.Range) off { return off{int32(r.Offset), int32(r.Offset + r.Length)} }

func (ix *indexer) record(ptr string, key *off, val off) {
	if _, ok := ix.p.spans[ptr]; !ok {
		sp := span{file: ix.p, ks: -1, vs: val.s, ve: max(val.e, val.s)}
		if key != nil {
			sp.ks, sp.ke = key.s, key.e
		}
		ix.p.spans[ptr] = sp
	}
}

// keyParts collects the parts of a (dotted) key with their ranges.
func (ix *indexer) keyParts(it unstable.Iterator) (names []string, ranges []off) {
	for it.Next() {
		n := it.Node()
		names = append(names, string(n.Data))
		ranges = append(ranges, raw(n.Raw))
	}
	return names, ranges
}

// descend resolves a dotted key below base, stepping into the last element of
// arrays of tables, and records spans of intermediate tables.
func (ix *indexer) descend(base string, names []string, ranges []off) string {
	ptr := base
	for i, name := range names {
		ptr += "/" + EscapeToken(name)
		r := ranges[i]
		ix.record(ptr, &r, r)
		if n, ok := ix.arrays[ptr]; ok && i < len(names)-1 && n > 0 {
			ptr += "/" + strconv.Itoa(n-1)
		}
	}
	return ptr
}

func (ix *indexer) expr(n *unstable.Node) {
	switch n.Kind {
	case unstable.Table:
		names, ranges := ix.keyParts(n.Key())
		ix.prefix = ix.descend("", names, ranges)
	case unstable.ArrayTable:
		names, ranges := ix.keyParts(n.Key())
		arr := ix.descend("", names, ranges)
		i := ix.arrays[arr]
		ix.arrays[arr] = i + 1
		ix.prefix = arr + "/" + strconv.Itoa(i)
		r := spanOf(ranges)
		ix.record(ix.prefix, &r, r)
	case unstable.KeyValue:
		ix.keyValue(ix.prefix, n)
	}
}

func spanOf(rs []off) off {
	if len(rs) == 0 {
		return off{}
	}
	return off{rs[0].s, rs[len(rs)-1].e}
}

func (ix *indexer) keyValue(base string, n *unstable.Node) {
	names, ranges := ix.keyParts(n.Key())
	if len(names) == 0 {
		return
	}
	parent := ix.descend(base, names[:len(names)-1], ranges[:len(ranges)-1])
	ptr := parent + "/" + EscapeToken(names[len(names)-1])
	key := ranges[len(ranges)-1]
	// The value runs from the first non-blank byte after '=' to the end of the
	// key/value expression; arrays and inline tables have no Raw of their own.
	end := int(n.Raw.Offset + n.Raw.Length)
	start := int(key.e)
	for start < end && (ix.text[start] == ' ' || ix.text[start] == '\t' || ix.text[start] == '=') {
		start++
	}
	ix.record(ptr, &key, off{int32(start), int32(end)})
	ix.value(ptr, n.Value())
}

func (ix *indexer) value(ptr string, n *unstable.Node) {
	switch n.Kind {
	case unstable.Array:
		i := 0
		for it := n.Children(); it.Next(); i++ {
			c := it.Node()
			cp := ptr + "/" + strconv.Itoa(i)
			ix.record(cp, nil, ix.nodeRange(c))
			ix.value(cp, c)
		}
	case unstable.InlineTable:
		for it := n.Children(); it.Next(); {
			if c := it.Node(); c.Kind == unstable.KeyValue {
				ix.keyValue(ptr, c)
			}
		}
	}
}

// nodeRange is the range of a value node that is an array element.
func (ix *indexer) nodeRange(n *unstable.Node) off {
	if n.Kind != unstable.Array && n.Kind != unstable.InlineTable && n.Raw.Length > 0 {
		return raw(n.Raw)
	}
	start, end := -1, -1
	if n.Kind == unstable.InlineTable {
		start = int(n.Raw.Offset)
	}
	var walk func(*unstable.Node)
	walk = func(m *unstable.Node) {
		for it := m.Children(); it.Next(); {
			c := it.Node()
			if c.Raw.Length > 0 {
				s, e := int(c.Raw.Offset), int(c.Raw.Offset+c.Raw.Length)
				if start < 0 || s < start {
					start = s
				}
				end = max(end, e)
			}
			walk(c)
		}
	}
	walk(n)
	if start < 0 {
		start, end = 0, 0
	}
	if end < start {
		// An empty inline table: only its opening brace is known.
		end = min(start+1, len(ix.text))
	}
	// Include the closing bracket or brace when it follows.
	for end < len(ix.text) && slices.Contains([]byte{' ', '\t', ','}, ix.text[end]) {
		end++
	}
	if end < len(ix.text) && (ix.text[end] == '}' || ix.text[end] == ']') {
		end++
	}
	return off{int32(start), int32(end)}
}
