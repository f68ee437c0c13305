package source

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// describeSource lists every pointer of a loaded scenario with its key and
// value ranges and file, the diagnostics, and the file contents.
func describeSource(t *testing.T, s *Source, ds fmt.Stringer) map[string]string {
	t.Helper()
	var ptrs []string
	pointers(s.Root, "", &ptrs)
	sort.Strings(ptrs)
	out := map[string]string{"diagnostics": ds.String()}
	for _, p := range ptrs {
		sp, ok := s.Lookup(p)
		out[p] = fmt.Sprintf("%v %s %s %s %v", ok, at(sp.Key), at(s.Range(p)), s.FileOf(p), valueAt(s.Root, p))
	}
	for _, f := range s.Files() {
		b, _ := s.Content(f)
		out["file "+f] = string(b)
	}
	return out
}

func valueAt(root map[string]any, ptr string) string {
	var v any = root
	var walk func(any, string) bool
	found := ""
	walk = func(v any, p string) bool {
		if p == ptr {
			switch v.(type) {
			case map[string]any, []any:
				found = "<container>"
			default:
				found = fmt.Sprintf("%T:%v", v, v)
			}
			return true
		}
		switch v := v.(type) {
		case map[string]any:
			for k, e := range v {
				if walk(e, p+"/"+EscapeToken(k)) {
					return true
				}
			}
		case []any:
			for i, e := range v {
				if walk(e, fmt.Sprintf("%s/%d", p, i)) {
					return true
				}
			}
		}
		return false
	}
	walk(v, "")
	return found
}

type diagList struct{ s string }

func (d diagList) String() string { return d.s }

// Loading through the builtin parse cache gives the same tree, positions,
// files and diagnostics as parsing every time, on first and later loads and
// on several goroutines; a load that changes its tree (merging) does not
// change what the next load sees.
func TestBuiltinParseCache(t *testing.T) {
	fsys := fstest.MapFS{
		"g/standard.toml": {Data: []byte("include = [\"more.toml\"]\n# 标准\n[settings]\nslow = 2\nlist = [1, 2.5, \"三\"]\n[[techs]]\nid = \"弓箭\"\nparams = { a = 1, b = [true] }\n")},
		"g/more.toml":     {Data: []byte("[[techs]]\nid = \"火箭\"\n[settings]\nfast = 1\n")},
		"g/bad.toml":      {Data: []byte("[x]\ny = = 1\n")},
	}
	entries := []string{
		"include = [\"builtin:g/standard.toml\"]\n[settings]\nmax = 1\n[[techs]]\nid = \"自己\"\n",
		"include = [\"builtin:g/standard.toml\", \"builtin:g/bad.toml\"]\n[[techs]]\nid = \"x\"\n",
		"include = [\"builtin:g/more.toml\"]\n[settings]\nfast = 3\n", // a conflict with the include
		"include = [\"builtin:g/more.toml\"]\n",                       // the include larger than the file
	}
	describe := func(entry string) map[string]string {
		s, ds := LoadBytes("scenario.toml", []byte(entry), Options{Builtin: fsys})
		if s == nil {
			t.Fatalf("%q: %v", entry, ds)
		}
		d := describeSource(t, s, diagList{fmt.Sprint(ds)})
		// Change the tree as a compile might; the next load must not see it.
		s.Root["settings"] = "changed"
		if techs, ok := s.Root["techs"].([]any); ok {
			techs[0] = "changed"
		}
		return d
	}
	for i, entry := range entries {
		cacheBuiltin = false
		want := describe(entry)
		cacheBuiltin = true
		var wg sync.WaitGroup
		for g := range 3 {
			wg.Go(func() {
				for round := range 3 {
					got := describe(entry)
					if len(got) != len(want) {
						t.Errorf("entry %d, goroutine %d round %d: %d entries, want %d", i, g, round, len(got), len(want))
					}
					for k, w := range want {
						if got[k] != w {
							t.Errorf("entry %d, goroutine %d round %d: %s: cached %q, parsed %q", i, g, round, k, got[k], w)
						}
					}
				}
			})
		}
		wg.Wait()
	}
	parseCache.Lock()
	var cached []string
	for k := range parseCache.m {
		if strings.HasPrefix(k.name, "builtin:g/") {
			cached = append(cached, k.name)
		}
	}
	parseCache.Unlock()
	sort.Strings(cached)
	// bad.toml has a diagnostic: parsed every time.
	if fmt.Sprint(cached) != "[builtin:g/more.toml builtin:g/standard.toml]" {
		t.Errorf("the cache holds %v", cached)
	}
}
