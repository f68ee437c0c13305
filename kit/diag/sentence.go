package diag

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentence makes a library's message a detail: trimmed, its first letter
// upper case, ending with a full stop.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
