// Package luatext finds places in a Lua script's text: where a line
// starts, a byte column in runes, the tokens of a line and a name written
// as a whole word. gopher-lua's parser and compiler report lines (and byte
// columns at best); the sandbox (engine/plugin) places run-time errors
// with these functions and the build-time checks (kit/luacheck) place
// their problems with the same ones, so one mistake is reported at the
// same line and column by both.
package luatext

import (
	"bytes"
	"unicode/utf8"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// LineStart returns the byte offset at which 1-based line begins, or -1.
func LineStart(src []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off
}

// RuneColumn converts a 1-based byte column on line to a 1-based rune
// column.
func RuneColumn(src []byte, line, byteCol int) int {
	off := LineStart(src, line)
	if off < 0 || off+byteCol-1 > len(src) {
		return byteCol
	}
	return utf8.RuneCount(src[off:off+byteCol-1]) + 1
}

// LineTokens returns the tokens that begin on line, with their byte
// columns.
func LineTokens(src []byte, line int) []ast.Token {
	sc := parse.NewScanner(bytes.NewReader(src), "")
	lx := &parse.Lexer{}
	var out []ast.Token
	for {
		tok, err := sc.Scan(lx)
		if err != nil || tok.Type == parse.EOF || tok.Pos.Line > line {
			return out
		}
		lx.PrevTokenType = tok.Type
		if tok.Pos.Line == line {
			out = append(out, tok)
		}
	}
}

// WordColumn finds name as a whole word on line and returns its column in
// runes; 0 when it is not there.
func WordColumn(src []byte, line int, name string) int {
	return wordColumn(src, line, name, func([]byte) bool { return true })
}

// FieldColumn finds name as the key of a field access on line (after a
// "." or ":", spaces allowed between) and returns its column in runes,
// falling back to WordColumn when no such access is there: in
// "local share = ctx.params.share" it is the second share.
func FieldColumn(src []byte, line int, name string) int {
	afterDot := func(before []byte) bool {
		before = bytes.TrimRight(before, " \t")
		n := len(before)
		return n > 0 && (before[n-1] == '.' || before[n-1] == ':') && (n < 2 || before[n-2] != '.')
	}
	if c := wordColumn(src, line, name, afterDot); c > 0 {
		return c
	}
	return WordColumn(src, line, name)
}

// wordColumn is the column of the first whole-word name on line whose
// text before it satisfies ok; 0 when there is none.
func wordColumn(src []byte, line int, name string, ok func(before []byte) bool) int {
	off := LineStart(src, line)
	if off < 0 || name == "" {
		return 0
	}
	text := src[off:]
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	for from := 0; ; {
		i := bytes.Index(text[from:], []byte(name))
		if i < 0 {
			return 0
		}
		i += from
		end := i + len(name)
		if (i == 0 || !isIdentByte(text[i-1])) && (end == len(text) || !isIdentByte(text[end])) && ok(text[:i]) {
			return utf8.RuneCount(text[:i]) + 1
		}
		from = end
	}
}

// isIdentByte reports whether c may stand in a Lua name.
func isIdentByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
