package source

import (
	"fmt"
	"sort"
	"strconv"
	"testing"
)

// pointers lists every pointer of a tree.
func pointers(v any, ptr string, out *[]string) {
	*out = append(*out, ptr)
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			pointers(e, ptr+"/"+EscapeToken(k), out)
		}
	case []any:
		for i, e := range v {
			pointers(e, ptr+"/"+strconv.Itoa(i), out)
		}
	}
}

// TestAdoptedSpansEqualCopied: taking over the larger file's span map gives
// every pointer the same key and value ranges as copying it.
func TestAdoptedSpansEqualCopied(t *testing.T) {
	cases := []map[string]string{
		{ // tables merge, new keys only: adopted
			"scenario.toml": "include = [\"a.toml\"]\n[settings]\nmax = 1\n[[officers]]\nname = \"x\"\n[[officers]]\nname = \"y\"\n",
			"a.toml":        "[settings]\nslow = 2\n[[techs]]\nid = \"t\"\n",
		},
		{ // lists concatenate: copied
			"scenario.toml": "include = [\"a.toml\"]\n[[officers]]\nname = \"x\"\n",
			"a.toml":        "[[officers]]\nname = \"a\"\n[[officers]]\nname = \"b\"\n",
		},
		{ // a conflict: copied, duplicate reported
			"scenario.toml": "include = [\"a.toml\", \"b.toml\"]\nname = \"x\"\n[t]\nu = {v = 1}\n",
			"a.toml":        "name = \"y\"\n",
			"b.toml":        "include = [\"c.toml\"]\n[t]\nw = [1, 2]\n",
			"c.toml":        "[t]\nz = 3\n[deep.er]\nx = 1\n",
		},
		{ // the include is larger than the file
			"scenario.toml": "include = [\"a.toml\"]\nk = 1\n",
			"a.toml":        "[a]\nb = 1\nc = 2\nd = [1, 2, 3]\n[e]\nf = {g = 1}\n",
		},
	}
	for i, files := range cases {
		dir := writeFiles(t, files)
		describe := func() (map[string]string, int) {
			s, ds := Load(dir, Options{})
			if s == nil {
				t.Fatalf("case %d: %v", i, ds)
			}
			var ptrs []string
			pointers(s.Root, "", &ptrs)
			sort.Strings(ptrs)
			out := map[string]string{}
			for _, p := range ptrs {
				sp, ok := s.Lookup(p)
				out[p] = fmt.Sprintf("%v %s %s", ok, at(sp.Key), at(s.Range(p)))
			}
			_, inc := s.Lookup("/include")
			_, inc0 := s.Lookup("/include/0")
			out["include spans"] = fmt.Sprint(inc, inc0)
			return out, len(ds)
		}
		adopted, n1 := describe()
		adoptSpans = false
		copied, n2 := describe()
		adoptSpans = true
		if n1 != n2 || len(adopted) != len(copied) {
			t.Errorf("case %d: %d/%d diagnostics, %d/%d pointers", i, n1, n2, len(adopted), len(copied))
		}
		for p, want := range copied {
			if adopted[p] != want {
				t.Errorf("case %d: %s: adopted %s, copied %s", i, p, adopted[p], want)
			}
		}
		if adopted["include spans"] != "false false" {
			t.Errorf("case %d: include spans left: %s", i, adopted["include spans"])
		}
	}
}
