package linttest

import "strings"

// comment is the text of a line comment after its marker, with the 1-based
// line it is on.
type comment struct {
	line int
	text string
}

// tomlComments returns the comments of a TOML document. It tracks basic
// and literal strings on one line and multi-line strings (three quotes)
// across lines, so a '#' inside any of them is text. It is a scanner for
// well-formed fixtures, not a validator: an unterminated one-line string
// simply ends with its line.
func tomlComments(src string) []comment {
	var out []comment
	var ml string // closing delimiter of the open multi-line string, or ""
	for n, line := range strings.Split(src, "\n") {
		i := 0
		for i < len(line) {
			if ml != "" {
				end := closeTOMLMultiline(line[i:], ml)
				if end < 0 {
					break // the string goes on on the next line
				}
				i += end
				ml = ""
				continue
			}
			switch c := line[i]; {
			case c == '#':
				out = append(out, comment{n + 1, line[i+1:]})
				i = len(line)
			case strings.HasPrefix(line[i:], `"""`) || strings.HasPrefix(line[i:], `'''`):
				ml = line[i : i+3]
				i += 3
			case c == '"':
				i += closeQuoted(line[i+1:], '"', true) + 1
			case c == '\'':
				i += closeQuoted(line[i+1:], '\'', false) + 1
			default:
				i++
			}
		}
	}
	return out
}

// closeTOMLMultiline returns the index just past the delimiter closing a
// multi-line string in s, or -1 when the string goes on past this line.
// Backslash escapes count only in basic (""") strings.
func closeTOMLMultiline(s, delim string) int {
	for i := 0; i < len(s); i++ {
		if delim == `"""` && s[i] == '\\' {
			i++
			continue
		}
		if strings.HasPrefix(s[i:], delim) {
			end := i + 3
			// Up to two quotes may precede the delimiter: """a"""" ends after the last.
			for k := 0; k < 2 && end < len(s) && s[end] == delim[0]; k++ {
				end++
			}
			return end
		}
	}
	return -1
}

// closeQuoted returns the index just past the quote closing a one-line
// string whose opening quote precedes s, or len(s) when it is unterminated.
func closeQuoted(s string, quote byte, escapes bool) int {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if escapes {
				i++
			}
		case quote:
			return i + 1
		}
	}
	return len(s)
}

// luaComments returns the "--" line comments of a Lua chunk. It skips
// strings ('…', "…") and long brackets ([[…]], [==[…]==]), and long
// comments (--[[…]]), which cannot hold a want; long strings and comments
// may span lines.
func luaComments(src string) []comment {
	var out []comment
	var long string // closing bracket of the open long string or comment, or ""
	for n, line := range strings.Split(src, "\n") {
		i := 0
		for i < len(line) {
			if long != "" {
				end := strings.Index(line[i:], long)
				if end < 0 {
					break // the long bracket goes on on the next line
				}
				i += end + len(long)
				long = ""
				continue
			}
			rest := line[i:]
			switch {
			case strings.HasPrefix(rest, "--"):
				if level, ok := longBracket(rest[2:]); ok {
					long = "]" + strings.Repeat("=", level) + "]"
					i += 2 + level + 2
					continue
				}
				out = append(out, comment{n + 1, rest[2:]})
				i = len(line)
			case rest[0] == '"' || rest[0] == '\'':
				i += closeQuoted(rest[1:], rest[0], true) + 1
			case rest[0] == '[':
				if level, ok := longBracket(rest); ok {
					long = "]" + strings.Repeat("=", level) + "]"
					i += level + 2
					continue
				}
				i++
			default:
				i++
			}
		}
	}
	return out
}

// longBracket reports whether s starts with a Lua opening long bracket
// ([[, [=[, [==[, …) and returns its level, the number of '='.
func longBracket(s string) (level int, ok bool) {
	if !strings.HasPrefix(s, "[") {
		return 0, false
	}
	level = len(s[1:]) - len(strings.TrimLeft(s[1:], "="))
	return level, strings.HasPrefix(s[1+level:], "[")
}
