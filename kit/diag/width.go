package diag

import (
	"strings"
	"unicode"
)

// tabWidth is how many cells a tab occupies in a source excerpt. Tabs are
// expanded to spaces rather than kept, because the caret line below must
// line up whatever tab stops the reader's terminal uses.
const tabWidth = 4

// Wide reports whether r is in one of the East Asian Wide and Fullwidth
// blocks common in scenarios (Chinese, Japanese and Korean names, fullwidth
// punctuation, emoji); terminals draw these runes two cells wide. The list is
// deliberately short: it saves a dependency on golang.org/x/text width data,
// and a rare rune outside it only shifts a caret by one cell.
func Wide(r rune) bool {
	switch {
	case r < 0x1100:
		return false
	case r <= 0x115F: // Hangul Jamo initial consonants
		return true
	case 0x2E80 <= r && r <= 0x303E: // CJK radicals, Kangxi, CJK symbols and punctuation
		return true
	case 0x3041 <= r && r <= 0x33FF: // kana, Bopomofo, Hangul compatibility Jamo, CJK compatibility
		return true
	case 0x3400 <= r && r <= 0x4DBF: // CJK unified ideographs extension A
		return true
	case 0x4E00 <= r && r <= 0x9FFF: // CJK unified ideographs
		return true
	case 0xA000 <= r && r <= 0xA4CF: // Yi
		return true
	case 0xAC00 <= r && r <= 0xD7A3: // Hangul syllables
		return true
	case 0xF900 <= r && r <= 0xFAFF: // CJK compatibility ideographs
		return true
	case 0xFE30 <= r && r <= 0xFE4F: // CJK compatibility forms
		return true
	case 0xFF00 <= r && r <= 0xFF60: // fullwidth forms
		return true
	case 0xFFE0 <= r && r <= 0xFFE6: // fullwidth signs
		return true
	case 0x1F300 <= r && r <= 0x1F64F: // pictographs and emoticons
		return true
	case 0x1F900 <= r && r <= 0x1F9FF: // supplemental symbols and pictographs
		return true
	case 0x20000 <= r && r <= 0x3FFFD: // CJK extensions B and later
		return true
	}
	return false
}

// runeWidth returns how many terminal cells r occupies: 2 for wide East
// Asian runes, 0 for combining marks and invisible format characters, 1
// otherwise. Tabs are handled by expandLine.
func runeWidth(r rune) int {
	switch {
	case r < 0x0300: // ASCII and Latin: the common case, no table lookups
		return 1
	case Wide(r):
		return 2
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	}
	return 1
}

// expandLine prepares one source line for display: tabs become spaces and
// control characters become U+FFFD, so the excerpt cannot move the cursor or
// recolor the terminal. cells[i] is the cell at which rune i (0-based)
// starts; cells[len(runes)] is the display width of the whole line.
func expandLine(line string) (display string, cells []int) {
	var b strings.Builder
	cell := 0
	for _, r := range line {
		cells = append(cells, cell)
		switch {
		case r == '\t':
			b.WriteString(strings.Repeat(" ", tabWidth))
			cell += tabWidth
		case unicode.IsControl(r):
			b.WriteRune(unicode.ReplacementChar)
			cell++
		default:
			b.WriteRune(r)
			cell += runeWidth(r)
		}
	}
	return b.String(), append(cells, cell)
}

// Width returns the display width of s in terminal columns: CJK and other
// wide runes take two, combining marks none.
func Width(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}
