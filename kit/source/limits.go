package source

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// Limits bound what one TOML file may cost to load. They are checked on the
// raw bytes before the decoder sees them (see prescan), so a hostile file
// cannot make the decoder spend memory or time beyond a small multiple of
// its size. Zero fields take the defaults of DefaultLimits.
type Limits struct {
	// MaxFileSize is the largest file read, in bytes (includes, scripts and
	// the entry file alike); at most 2 GiB.
	MaxFileSize int64
	// MaxDepth is the deepest value: the number of JSON pointer tokens
	// that address it ([a.b] x = [[1]] puts the 1 at depth 5).
	MaxDepth int
	// MaxKeys is the most keys (key/value pairs and table headers) per file.
	MaxKeys int
	// MaxLineLength is the longest line, in bytes.
	MaxLineLength int
}

// DefaultLimits are generous for hand-written and imported scenarios: the
// largest shipped scenario is under 100 KB, 6 levels deep, with lines
// under 200 bytes.
var DefaultLimits = Limits{
	MaxFileSize:   16 << 20,
	MaxDepth:      64,
	MaxKeys:       1_000_000,
	MaxLineLength: 256 << 10,
}

// withDefaults fills zero fields from DefaultLimits.
func (l Limits) withDefaults() Limits {
	if l.MaxFileSize <= 0 {
		l.MaxFileSize = DefaultLimits.MaxFileSize
	}
	// Spans keep 32-bit offsets.
	l.MaxFileSize = min(l.MaxFileSize, math.MaxInt32)
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	if l.MaxKeys <= 0 {
		l.MaxKeys = DefaultLimits.MaxKeys
	}
	if l.MaxLineLength <= 0 {
		l.MaxLineLength = DefaultLimits.MaxLineLength
	}
	return l
}

// frame is an open array or inline table during prescan.
type frame struct {
	brace bool // '{' (inline table) rather than '['
	depth int  // depth of the container value itself
}

// prescan checks a file against the limits in one pass over its bytes,
// without decoding it: it tracks strings, comments, brackets, braces, table
// headers and dotted keys just enough to know the depth of every value. It
// returns the first limit crossed, positioned where it is crossed, or nil.
// Malformed TOML is not reported here; the decoder does that.
func prescan(p *parsed, text []byte, lim Limits) *diag.Diagnostic {
	fail := func(code string, off int, summary, detail string) *diag.Diagnostic {
		r := p.lines.rng(p.name, off, min(off+1, len(text)))
		return &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: summary, Detail: detail, Subject: &r}
	}
	if int64(len(text)) > lim.MaxFileSize {
		return fail(CodeTooLarge, 0, "File too large",
			fmt.Sprintf("The file has %d bytes, more than the limit of %d.", len(text), lim.MaxFileSize))
	}
	// Line lengths first: they bound the excerpt of any later diagnostic.
	lineStart := 0
	for i := 0; i <= len(text); i++ {
		if i == len(text) || text[i] == '\n' {
			if i-lineStart > lim.MaxLineLength {
				return fail(CodeLineTooLong, lineStart+lim.MaxLineLength, "Line too long",
					fmt.Sprintf("The line has %d bytes, more than the limit of %d.", i-lineStart, lim.MaxLineLength))
			}
			lineStart = i + 1
		}
	}
	tooDeep := func(off, depth int) *diag.Diagnostic {
		return fail(CodeTooDeep, off, "Nesting too deep",
			fmt.Sprintf("Values here are nested %d levels deep, more than the limit of %d (count table headers, dotted keys, arrays and inline tables).", depth, lim.MaxDepth))
	}
	var (
		stack    []frame
		base     int    // depth of the current [table] (its pointer tokens)
		inKey    = true // a key may start here
		segs     int    // segments of the key being read
		keyStart int    // offset of the key being read
		keys     int
		sawArray bool // a [[...]] header was seen
		valDep   = -1 // depth of the value after '=' (or of an array element)
	)
	// keyBase is the depth that keys at the current position start from.
	keyBase := func() int {
		if len(stack) > 0 {
			return stack[len(stack)-1].depth
		}
		return base
	}
	countKey := func(off int) *diag.Diagnostic {
		keys++
		if keys > lim.MaxKeys {
			return fail(CodeTooManyKeys, off, "Too many keys",
				fmt.Sprintf("The file has more than %d keys.", lim.MaxKeys))
		}
		return nil
	}
	n := len(text)
	for i := 0; i < n; i++ {
		c := text[i]
		switch c {
		case ' ', '\t', '\r':
			continue
		case '\n':
			if len(stack) == 0 {
				inKey, segs = true, 0
			}
			continue
		case '#':
			for i < n && text[i] != '\n' {
				i++
			}
			i-- // let the newline be seen
			continue
		case '"', '\'':
			if inKey && segs == 0 {
				segs, keyStart = 1, i
			}
			i = skipString(text, i) - 1
			continue
		}
		if inKey {
			switch {
			case c == '[' && len(stack) == 0 && segs == 0:
				// A table header: count its segments.
				arr := i+1 < n && text[i+1] == '['
				j := i + 1
				if arr {
					j++
				}
				// A segment may name an array of tables, which the header
				// steps into (one more token, its last index). Once the file
				// has [[...]] headers, every inner segment counts for two.
				step := 1
				if sawArray {
					step = 2
				}
				d := 1
				for j < n && text[j] != ']' && text[j] != '\n' {
					switch text[j] {
					case '"', '\'':
						j = skipString(text, j)
						continue
					case '.':
						d += step
						if d > lim.MaxDepth {
							return tooDeep(j, d)
						}
					}
					j++
				}
				if arr {
					d++
					sawArray = true
				}
				if d > lim.MaxDepth {
					return tooDeep(i, d)
				}
				if err := countKey(i); err != nil {
					return err
				}
				base = d
				i = j
				if arr && i+1 < n && text[i+1] == ']' {
					i++
				}
				continue
			case c == '.':
				segs++
				if keyBase()+segs > lim.MaxDepth {
					return tooDeep(i, keyBase()+segs)
				}
				continue
			case c == '=':
				if segs == 0 {
					segs, keyStart = 1, i
				}
				if err := countKey(keyStart); err != nil {
					return err
				}
				valDep = keyBase() + segs
				if valDep > lim.MaxDepth {
					return tooDeep(keyStart, valDep)
				}
				inKey, segs = false, 0
				continue
			case c == '}' && len(stack) > 0:
				// An empty inline table or a trailing comma: fall through to
				// the value handling below.
				inKey = false
			default:
				if segs == 0 {
					segs, keyStart = 1, i
				}
				continue
			}
		}
		switch c {
		case '[', '{':
			d := valDep
			if len(stack) > 0 && !stack[len(stack)-1].brace {
				d = stack[len(stack)-1].depth + 1 // an array element
			}
			if d < 0 {
				d = keyBase() + 1
			}
			// An array's elements are one level below it.
			if c == '[' {
				d++
			}
			if d > lim.MaxDepth {
				return tooDeep(i, d)
			}
			if c == '[' {
				d--
			}
			stack = append(stack, frame{brace: c == '{', depth: d})
			if c == '{' {
				inKey, segs = true, 0
			}
		case ']', '}':
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				valDep = -1
			}
		case ',':
			if len(stack) > 0 && stack[len(stack)-1].brace {
				inKey, segs = true, 0
			}
		}
	}
	p.keys = keys
	return nil
}

// skipString returns the offset just past the string starting at text[i]
// (a quote), or len(text) when it is unterminated. Multi-line strings
// ("""…""" and ”'…”') span lines; single-line ones end at a newline.
func skipString(text []byte, i int) int {
	q := text[i]
	n := len(text)
	if i+2 < n && text[i+1] == q && text[i+2] == q {
		j := i + 3
		for j < n {
			if q == '"' && text[j] == '\\' {
				j += 2
				continue
			}
			if text[j] == q && j+2 < n && text[j+1] == q && text[j+2] == q {
				j += 3
				// Up to two more quotes belong to the string.
				for k := 0; k < 2 && j < n && text[j] == q; k++ {
					j++
				}
				return j
			}
			if text[j] == q && j+2 >= n {
				return n
			}
			j++
		}
		return n
	}
	j := i + 1
	for j < n && text[j] != '\n' {
		if q == '"' && text[j] == '\\' {
			j += 2
			continue
		}
		if text[j] == q {
			return j + 1
		}
		j++
	}
	return min(j, n) // an escape may step past the end
}

// String writes the limits in the form Set reads, zero fields as defaults.
func (l *Limits) String() string {
	d := l.withDefaults()
	return fmt.Sprintf("size=%d,depth=%d,keys=%d,line=%d", d.MaxFileSize, d.MaxDepth, d.MaxKeys, d.MaxLineLength)
}

// Set reads limits such as "size=64M,depth=100" (the --limits flag): size
// is the largest file, line the longest line (bytes, with an optional K, M
// or G suffix for KiB, MiB, GiB), depth the deepest nesting and keys the
// most keys per file. Names not given keep their value.
func (l *Limits) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("limit %q: want name=value", part)
		}
		n, err := parseSize(strings.TrimSpace(val))
		if err != nil || n <= 0 {
			return fmt.Errorf("limit %q: want a positive number", part)
		}
		switch strings.TrimSpace(name) {
		case "size":
			l.MaxFileSize = n
		case "depth":
			l.MaxDepth = int(min(n, math.MaxInt32))
		case "keys":
			l.MaxKeys = int(min(n, math.MaxInt32))
		case "line":
			l.MaxLineLength = int(min(n, math.MaxInt32))
		default:
			return fmt.Errorf("unknown limit %q (size, depth, keys, line)", name)
		}
	}
	return nil
}

func parseSize(s string) (int64, error) {
	mult := int64(1)
	if s != "" {
		switch s[len(s)-1] {
		case 'k', 'K':
			mult = 1 << 10
		case 'm', 'M':
			mult = 1 << 20
		case 'g', 'G':
			mult = 1 << 30
		}
		if mult > 1 {
			s = s[:len(s)-1]
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("bad size %q", s)
	}
	return n * mult, nil
}
