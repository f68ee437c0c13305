package luatext

import "testing"

// Columns are in runes and 1-based; a field's key is found after its dot,
// not where a local of the same name stands earlier on the line.
func TestColumns(t *testing.T) {
	src := []byte("-- 注释\nlocal share = ctx.params.share or 50\nlocal x = a . share\nlocal y = a..share\nx = 名.share\n")
	for _, c := range []struct {
		line      int
		name      string
		word, fld int
	}{
		{2, "share", 7, 26},
		{2, "params", 19, 19},
		{3, "share", 15, 15},
		{4, "share", 14, 14}, // a..share is a concatenation, not a field: the word's column
		{5, "share", 7, 7},   // after a Chinese name: runes, not bytes
		{2, "missing", 0, 0},
		{9, "share", 0, 0},
	} {
		if got := WordColumn(src, c.line, c.name); got != c.word {
			t.Errorf("WordColumn(%d, %q) = %d, want %d", c.line, c.name, got, c.word)
		}
		if got := FieldColumn(src, c.line, c.name); got != c.fld {
			t.Errorf("FieldColumn(%d, %q) = %d, want %d", c.line, c.name, got, c.fld)
		}
	}
}
