package source

import (
	"bytes"
	"slices"

	"github.com/BurntSushi/toml"
	"github.com/sandtable/sandtable/kit/internal/par"
)

// A scenario's entry file is mostly one long array, a roster of officers
// or heroes written as inline tables, and BurntSushi spends most of a
// compile's load on it. decodeSplit cuts such an array in two and decodes
// the halves on two goroutines: the file with the array's first half, and
// the second half alone (when it has at least minSplit bytes). An array's
// elements are values, and TOML reads a value the same wherever it stands,
// so appending the second half's elements to the first's gives the tree of
// the whole file.
//
// The cut is made only where the file's syntax plainly allows it: the
// array is the value of a bare key of the root table, before any table
// header, and the cut falls on one of its own commas. When the cut cannot
// be made, or either half fails to decode, decodeSplit declines and the
// file is decoded whole, so every syntax error comes from one decode of
// the real text. TestSplitDecode and FuzzSplitDecode hold the split tree to
// the whole one.

// minSplit is the smallest second half worth a goroutine, in bytes.
const minSplit = 2048

// splitKey names the array in the second half's text.
const splitKey = "a"

// decodeSplit decodes text into raw in two halves at once and reports
// whether it did; false leaves raw nil. The second half must have at
// least minBytes bytes.
func decodeSplit(text []byte, raw *map[string]any, minBytes int) bool {
	key, cut, end, ok := splitPoint(text, minBytes)
	if !ok {
		return false
	}
	second := slices.Concat([]byte(splitKey+" = ["), text[cut+1:end], []byte("]"))
	var rest map[string]any
	var restErr error
	wait := par.Beside(func() {
		_, restErr = toml.NewDecoder(bytes.NewReader(second)).Decode(&rest)
	})
	first := slices.Concat(text[:cut], []byte("]"), text[end+1:])
	_, err := toml.NewDecoder(bytes.NewReader(first)).Decode(raw)
	crash := wait()
	if err == nil && restErr == nil && crash == nil {
		a, ok1 := (*raw)[key].([]any)
		b, ok2 := rest[splitKey].([]any)
		if ok1 && ok2 {
			(*raw)[key] = append(a, b...)
			return true
		}
	}
	*raw = nil
	return false
}

// splitPoint finds where decodeSplit cuts text: the largest array value of
// a bare key of the root table (its name key), cut at the comma between
// its elements (offset cut) that leaves about half the file after it, up
// to its closing bracket (offset end). ok is false when no array leaves
// minBytes bytes or more after such a comma. It reads the root table one
// key-value at a time and stops at its first table header, or at anything
// it does not expect (the whole decode then has the last word).
func splitPoint(text []byte, minBytes int) (key string, cut, end int, ok bool) {
	n := len(text)
	best := 0
	for i := skipBlank(text, 0); i < n && text[i] != '['; i = skipBlank(text, i) {
		// The key: bare, quoted or dotted segments.
		start, simple := i, true
	key:
		for i < n {
			switch c := text[i]; {
			case c == '"' || c == '\'':
				i, simple = skipString(text, i), false
				continue
			case c == '.':
				simple = false
			case !isBare(c) && c != ' ' && c != '\t':
				break key
			}
			i++
		}
		if i == n || text[i] != '=' {
			return key, cut, end, ok
		}
		name := bytes.TrimRight(text[start:i], " \t")
		simple = simple && len(name) > 0 && !bytes.ContainsAny(name, " \t")
		for i++; i < n && (text[i] == ' ' || text[i] == '\t'); i++ {
		}
		if i < n && text[i] == '[' {
			close, comma := arrayCommas(text, i, n/2)
			if close < 0 {
				return "", 0, 0, false // not closed: the whole decode reports it
			}
			if simple && comma >= 0 && close-comma >= minBytes && close-comma > best {
				key, cut, end, ok, best = string(name), comma, close, true, close-comma
			}
			i = close + 1
		}
		// The rest of the line: a scalar, a string or an inline table (of
		// which only multi-line strings and, in TOML 1.1, inline tables may
		// span lines), then perhaps a comment.
		for i < n && text[i] != '\n' {
			switch text[i] {
			case '"', '\'':
				i = skipString(text, i)
			case '[', '{':
				if i = skipValue(text, i); i < 0 {
					return "", 0, 0, false // the whole decode reports it
				}
			case '#':
				for i < n && text[i] != '\n' {
					i++
				}
			default:
				i++
			}
		}
	}
	return key, cut, end, ok
}

// skipBlank returns the offset of the first byte from i on that is not a
// blank, a line end or part of a comment.
func skipBlank(text []byte, i int) int {
	for i < len(text) {
		switch text[i] {
		case ' ', '\t', '\r', '\n':
			i++
		case '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// isBare reports whether c may be part of a bare key.
func isBare(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// arrayCommas scans the array (or inline table) opening at text[open] and
// returns the offset of its closing bracket and of the comma between two of its elements that
// leaves the closest to want bytes after it (-1: none, and always when a
// comma follows no element, which TOML refuses); close is -1 when the
// array is not closed.
func arrayCommas(text []byte, open, want int) (close, comma int) {
	comma = -1
	var opens []byte // the brackets and braces open at i
	elem := false    // an element since the last comma of the array
	bad := false     // a comma of the array follows no element
	n := len(text)
	for i := open; i < n; i++ {
		c := text[i]
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '"', '\'':
			i = skipString(text, i) - 1
		case '#':
			for i < n && text[i] != '\n' {
				i++
			}
			i--
			continue
		case '[', '{':
			opens = append(opens, c)
		case ']', '}':
			if !closes(opens, c) {
				return -1, -1
			}
			if opens = opens[:len(opens)-1]; len(opens) == 0 {
				if bad || comma >= 0 && !hasElement(text[comma+1:i]) {
					// A comma after no element, or the cut at a
					// trailing comma.
					comma = -1
				}
				return i, comma
			}
		case ',':
			if len(opens) == 1 {
				bad = bad || !elem
				elem = false
				if comma < 0 || abs(n-i-want) < abs(n-comma-want) {
					comma = i
				}
				continue
			}
		}
		if i > open {
			elem = true
		}
	}
	return -1, -1
}

// skipValue returns the offset just past the array or inline table
// opening at text[i], or -1 when it is not closed or closed by the wrong
// bracket.
func skipValue(text []byte, i int) int {
	close, _ := arrayCommas(text, i, 0)
	if close < 0 {
		return -1
	}
	return close + 1
}

// closes reports whether c closes the last of opens.
func closes(opens []byte, c byte) bool {
	return len(opens) > 0 && (opens[len(opens)-1] == '[') == (c == ']')
}

// hasElement reports whether the text between an array's comma and its
// closing bracket holds anything but blanks and comments.
func hasElement(text []byte) bool { return skipBlank(text, 0) < len(text) }

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
