package source

import "testing"

func TestCharRange(t *testing.T) {
	src, ds := LoadBytes("s.toml", []byte("rows = [\n  \"..山..\",\n  'ab',\n  \"a\\u0041b\",\n]\n"), Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	for _, c := range []struct {
		ptr       string
		x         int
		line, col int
		end       int
	}{
		{"/rows/0", 0, 2, 4, 5},
		{"/rows/0", 2, 2, 6, 7}, // 山, one rune
		{"/rows/0", 3, 2, 7, 8},
		{"/rows/1", 1, 3, 5, 6},
		{"/rows/0", 9, 2, 3, 10}, // past the end: the whole value
		{"/rows/2", 2, 4, 3, 13}, // an escape before it: the whole value
	} {
		r := src.CharRange(c.ptr, c.x)
		if r == nil || r.Start.Line != c.line || r.Start.Column != c.col || r.End.Column != c.end {
			t.Errorf("CharRange(%s, %d) = %+v, want %d:%d-%d", c.ptr, c.x, r, c.line, c.col, c.end)
		}
	}
}
