package source

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// FuzzLoad feeds arbitrary bytes to the TOML front end: it must never panic,
// and every range it reports must lie inside the file. The seed corpus runs
// in ordinary go test.
func FuzzLoad(f *testing.F) {
	seeds := []string{
		"", "a = 1", "[t]\nx = [1, {y = 2}]\n", "[[a]]\n[[a.b]]\nc = 1\n[[a]]\n",
		"a = nan\nb = inf\n", "a = 1979-05-27\nb = 07:32:00\n", "x = { a = [ [1], [2, 3] ] }\n",
		"a = [1 2]\nb = = 3\n\"c\" = 4\n", "a.b.c = 1\na.d = 2\n[a.e]\n", "s = \"\"\"\nmulti\n\"\"\"\n",
		"name = \"曹操\"\n名 = 1\n", "k = 'lit\n", "[a]\n[a]\n", "a = {\n", "]]]", "x = 0x10\ny = 1_000\n",
		"include = [1, \"\"]\n", "a = [\n  1,\n  2,\n]\n",
		"[a.b]\nc.d = [{e = 1}]\n", "\"x.y\".'z]' = {a.b = [[1]]}\n", "[['a.b'.c]]\nd = \"\"\"\n]]]\"\"\"\n",
		"\uFEFFa = 1\r\nb = \"曹\"\r\n", "a = [ # [[[\n  1]\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	if b, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "mbg", "sample", "scenario.toml")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, ds := LoadBytes("f.toml", data, Options{})
		lines := 1
		for _, b := range data {
			if b == '\n' {
				lines++
			}
		}
		for _, d := range ds {
			if d.Subject == nil {
				continue
			}
			r := d.Subject
			if r.Start.Line < 1 || r.Start.Line > lines || r.Start.Column < 1 || r.Start.Byte > len(data) || r.End.Byte > len(data) || r.End.Byte < r.Start.Byte {
				t.Fatalf("range %+v outside the input (%d bytes, %d lines): %s", r, len(data), lines, d.Summary)
			}
		}
		// The pre-scan has no false negatives: whatever it lets through
		// under a small depth limit decodes to a tree within the limit.
		if s4, ds4 := LoadBytes("f.toml", data, Options{Limits: Limits{MaxDepth: 4}}); s4 != nil {
			deep := false
			for _, d := range ds4 {
				deep = deep || d.Code == CodeTooDeep
			}
			if d := treeDepth(s4.Root); !deep && d > 4 {
				t.Fatalf("a tree %d deep passed the pre-scan with a depth limit of 4", d)
			}
		}
		if s == nil || !utf8.Valid(data) {
			return
		}
		for _, name := range []string{"a", "t", "x", "name"} {
			if r := s.Range("/" + name); r != nil && r.End.Byte > len(data) {
				t.Fatalf("range of /%s beyond the input", name)
			}
		}
	})
}

// treeDepth is the number of pointer tokens of the deepest value below v.
func treeDepth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, 1+treeDepth(e))
		}
	case []any:
		for _, e := range v {
			d = max(d, 1+treeDepth(e))
		}
	}
	return d
}
