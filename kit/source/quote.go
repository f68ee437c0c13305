package source

import (
	"fmt"
	"strings"
	"unicode"
)

// Quote writes s as a TOML basic string. It is the one escaping path for
// every string that generated TOML carries (values and the names that
// comments mention): quotes and backslashes are escaped, control
// characters become \uXXXX (TOML has no \x escapes, unlike Go's
// strconv.Quote), and invalid UTF-8 becomes U+FFFD.
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// SchemaLine returns the `#:schema PATH` first line of a generated scenario,
// or the line naming fallback when path is empty or could not stand in a
// comment as one word (it holds blanks, control characters or invalid
// UTF-8).
func SchemaLine(path, fallback string) string {
	if path == "" || strings.ContainsFunc(strings.ToValidUTF8(path, "\x00"), func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || r == 0
	}) {
		path = fallback
	}
	return "#:schema " + path + "\n"
}
