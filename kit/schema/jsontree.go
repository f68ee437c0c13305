package schema

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeJSON decodes JSON into the value json.Unmarshal gives for an `any`
// target (map[string]any, []any, string, float64, bool, nil). It is the
// compiler's way back from a config it has just encoded to the document
// the config schema validates: a direct recursive descent over text
// encoding/json wrote, several times cheaper than json.Unmarshal, which
// scans the text twice through a state machine. Text it does not
// recognise as plain JSON (it should not happen) goes to json.Unmarshal,
// so the result and the errors are always encoding/json's.
func DecodeJSON(data []byte) (any, error) {
	d := treeDecoder{data: data}
	d.space()
	v, ok := d.value(0)
	if d.space(); ok && d.i == len(data) {
		return v, nil
	}
	var doc any
	err := json.Unmarshal(data, &doc)
	return doc, err
}

type treeDecoder struct {
	data []byte
	i    int
	keys map[string]string // object keys seen, so a repeated key is one string
}

// smallInts holds the boxed float64 values 0..1023, so the many small
// integers of a config do not each allocate.
var smallInts = func() []any {
	out := make([]any, 1024)
	for i := range out {
		out[i] = float64(i)
	}
	return out
}()

// maxTreeDepth is the nesting DecodeJSON handles itself (encoding/json's
// own limit is 10000); deeper documents go to json.Unmarshal.
const maxTreeDepth = 1000

func (d *treeDecoder) space() {
	for d.i < len(d.data) {
		switch d.data[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// value decodes the value at d.i; ok is false for anything unexpected.
func (d *treeDecoder) value(depth int) (any, bool) {
	if d.i >= len(d.data) || depth > maxTreeDepth {
		return nil, false
	}
	switch c := d.data[d.i]; {
	case c == '{':
		m := map[string]any{}
		ok := d.elements('}', func() bool {
			k, ok := d.key()
			if !ok || !d.colon() {
				return false
			}
			v, ok := d.value(depth + 1)
			m[k] = v
			return ok
		})
		return m, ok
	case c == '[':
		a := []any{}
		ok := d.elements(']', func() bool {
			v, ok := d.value(depth + 1)
			a = append(a, v)
			return ok
		})
		return a, ok
	case c == '"':
		return d.string()
	case c == '-' || ('0' <= c && c <= '9'):
		return d.number()
	}
	for _, lit := range []struct {
		text string
		v    any
	}{{"true", true}, {"false", false}, {"null", nil}} {
		if len(d.data)-d.i >= len(lit.text) && string(d.data[d.i:d.i+len(lit.text)]) == lit.text {
			d.i += len(lit.text)
			return lit.v, true
		}
	}
	return nil, false
}

// elements reads the elements of the array or object whose opening
// bracket is at d.i and whose closing one is end: it calls each with d.i
// at every element (an object's member starts with its key) and reports
// whether the text is well formed.
func (d *treeDecoder) elements(end byte, each func() bool) bool {
	d.i++
	d.space()
	if d.i < len(d.data) && d.data[d.i] == end {
		d.i++
		return true
	}
	for {
		d.space()
		if !each() {
			return false
		}
		d.space()
		if d.i >= len(d.data) {
			return false
		}
		switch d.data[d.i] {
		case ',':
			d.i++
		case end:
			d.i++
			return true
		default:
			return false
		}
	}
}

// colon reads the colon after an object member's key, and the space
// around it.
func (d *treeDecoder) colon() bool {
	d.space()
	if d.i >= len(d.data) || d.data[d.i] != ':' {
		return false
	}
	d.i++
	d.space()
	return true
}

// number decodes a JSON number as encoding/json does (strconv.ParseFloat);
// out-of-range numbers are left to json.Unmarshal and its error.
func (d *treeDecoder) number() (any, bool) {
	f, ok := d.float()
	if !ok {
		return nil, false
	}
	if f >= 0 && f < float64(len(smallInts)) && f == math.Trunc(f) && !math.Signbit(f) {
		return smallInts[int(f)], true
	}
	return f, true
}

// float reads the JSON number at d.i as number does, unboxed.
func (d *treeDecoder) float() (float64, bool) {
	start := d.i
	neg := d.data[d.i] == '-'
	if neg {
		d.i++
	}
	// Integers of up to 15 digits, most of a config's numbers, are exact
	// in a float64: no need for ParseFloat.
	var n int64
	j := d.i
	for j < len(d.data) && j-d.i < 16 && '0' <= d.data[j] && d.data[j] <= '9' {
		n = n*10 + int64(d.data[j]-'0')
		j++
	}
	if k := j - d.i; k > 0 && k < 16 && (k == 1 || d.data[d.i] != '0') &&
		(j == len(d.data) || (d.data[j] != '.' && d.data[j] != 'e' && d.data[j] != 'E' && (d.data[j] < '0' || d.data[j] > '9'))) {
		d.i = j
		if neg {
			return -float64(n), true // -0 too
		}
		return float64(n), true
	}
	digits := func() int {
		n := 0
		for d.i < len(d.data) && '0' <= d.data[d.i] && d.data[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.i < len(d.data) && d.data[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		return 0, false
	}
	if d.i < len(d.data) && d.data[d.i] == '.' {
		d.i++
		if digits() == 0 {
			return 0, false
		}
	}
	if d.i < len(d.data) && (d.data[d.i] == 'e' || d.data[d.i] == 'E') {
		d.i++
		if d.i < len(d.data) && (d.data[d.i] == '+' || d.data[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			return 0, false
		}
	}
	f, err := strconv.ParseFloat(string(d.data[start:d.i]), 64)
	return f, err == nil
}

// key decodes an object key, reusing the string of an earlier equal key
// (plain ASCII keys; others are decoded on their own).
func (d *treeDecoder) key() (string, bool) {
	if d.i >= len(d.data) || d.data[d.i] != '"' {
		return "", false
	}
	j := d.i + 1
	for j < len(d.data) && d.data[j] != '"' && d.data[j] != '\\' && d.data[j] >= 0x20 && d.data[j] < utf8.RuneSelf {
		j++
	}
	if j >= len(d.data) || d.data[j] != '"' {
		return d.string()
	}
	raw := d.data[d.i+1 : j]
	d.i = j + 1
	if s, seen := d.keys[string(raw)]; seen {
		return s, true
	}
	if d.keys == nil {
		d.keys = map[string]string{}
	}
	s := string(raw)
	d.keys[s] = s
	return s, true
}

// string decodes a JSON string at d.i. Strings with escapes or bytes that
// are not valid UTF-8 are decoded here only when the escapes are plain;
// anything unusual (a lone surrogate, invalid UTF-8, a control character)
// is left to json.Unmarshal.
func (d *treeDecoder) string() (string, bool) {
	start, esc, ok := d.scan()
	switch {
	case !ok:
		return "", false
	case esc:
		return d.escaped(start)
	}
	return string(d.data[start : d.i-1]), true
}

// plainByte marks the bytes a string holds as they are: ASCII but for
// control characters, the quote and the backslash.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// scan reads the string at d.i without decoding it. A plain string (no
// escapes, valid UTF-8, no control characters) is read to past its closing
// quote, and its text is d.data[start:d.i-1]. At a backslash scan stops
// there and reports esc, for escaped to go on from. ok is false for
// anything string leaves to json.Unmarshal.
func (d *treeDecoder) scan() (start int, esc, ok bool) {
	if d.i >= len(d.data) || d.data[d.i] != '"' {
		return 0, false, false
	}
	d.i++
	start = d.i
	for d.i < len(d.data) {
		c := d.data[d.i]
		if plainByte[c] {
			d.i++
			continue
		}
		switch {
		case c == '"':
			d.i++
			return start, false, true
		case c == '\\':
			return start, true, true
		case c < 0x20:
			return 0, false, false
		case c < utf8.RuneSelf:
			d.i++
		default:
			r, size := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError {
				return 0, false, false
			}
			d.i += size
		}
	}
	return 0, false, false
}

// escaped continues string from its first backslash.
func (d *treeDecoder) escaped(start int) (string, bool) {
	b, ok := d.unescape(nil, start)
	return string(b), ok
}

// unescape is escaped appending the decoded string to dst.
func (d *treeDecoder) unescape(dst []byte, start int) ([]byte, bool) {
	b := append(dst, d.data[start:d.i]...)
	for d.i < len(d.data) {
		c := d.data[d.i]
		if plainByte[c] {
			// A run of plain bytes is copied in one append.
			j := d.i + 1
			for j < len(d.data) && plainByte[d.data[j]] {
				j++
			}
			b = append(b, d.data[d.i:j]...)
			d.i = j
			continue
		}
		switch {
		case c == '"':
			d.i++
			return b, true
		case c < 0x20:
			return nil, false
		case c == '\\':
			if d.i+1 >= len(d.data) {
				return nil, false
			}
			e := d.data[d.i+1]
			d.i += 2
			switch e {
			case '"', '\\', '/':
				b = append(b, e)
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'u':
				r, ok := d.hex4()
				if !ok {
					return nil, false
				}
				if utf16.IsSurrogate(r) {
					// Only a proper pair; json.Unmarshal decides the rest.
					if d.i+1 >= len(d.data) || d.data[d.i] != '\\' || d.data[d.i+1] != 'u' {
						return nil, false
					}
					d.i += 2
					r2, ok := d.hex4()
					if !ok {
						return nil, false
					}
					r = utf16.DecodeRune(r, r2)
					if r == utf8.RuneError {
						return nil, false
					}
				}
				b = utf8.AppendRune(b, r)
			default:
				return nil, false
			}
		case c < utf8.RuneSelf:
			b = append(b, c)
			d.i++
		default:
			r, size := utf8.DecodeRune(d.data[d.i:])
			if r == utf8.RuneError {
				return nil, false
			}
			b = append(b, d.data[d.i:d.i+size]...)
			d.i += size
		}
	}
	return nil, false
}

func (d *treeDecoder) hex4() (rune, bool) {
	if d.i+4 > len(d.data) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(d.data[d.i:d.i+4]), 16, 32)
	if err != nil {
		return 0, false
	}
	d.i += 4
	return rune(n), true
}
