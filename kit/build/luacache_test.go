package build

import (
	"fmt"
	"reflect"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/kit/luacheck"
)

// The cached check of a script gives exactly what luacheck.Check gives, for
// the same and for changed content, file name and id, also when several
// goroutines check at once.
func TestCheckScriptCached(t *testing.T) {
	scripts := []struct{ id, file, src string }{
		{"a", "tech/a.lua", "function effect(ctx)\n\tlocal x = = 1\nend\n"},
		{"a", "tech/a.lua", "function effect(ctx)\n\tstray = 1\n\treturn 0, 0\nend\n"},
		{"b", "tech/b.lua", "function effect(ctx)\n\tstray = 1\n\treturn 0, 0\nend\n"},
		{"b", "tech/c.lua", "function effect(ctx)\n\tstray = 1\n\treturn 0, 0\nend\n"},
		{"c", "tech/c.lua", "local function effect(ctx) return 0, 0 end\n"},
		{"d", "tech/d.lua", "function effect(ctx) return 0, 0 end\n"},
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for round := range 3 {
				for i, s := range scripts {
					want := luacheck.Check(hooks.TechKind, s.id, s.file, []byte(s.src))
					got := checkScript(hooks.TechKind, s.id, s.file, []byte(s.src))
					if !reflect.DeepEqual(got, want) {
						t.Errorf("goroutine %d round %d script %d: cached %v, fresh %v", g, round, i, got, want)
					}
				}
			}
		})
	}
	wg.Wait()
	// The key covers the id: the missing-function message names it.
	src := []byte("local function effect(ctx) return 0, 0 end\n")
	c, e := checkScript(hooks.TechKind, "c", "x.lua", src), checkScript(hooks.TechKind, "e", "x.lua", src)
	if reflect.DeepEqual(c, e) {
		t.Errorf("ids c and e share a result: %v", c)
	}
}

// The cache stays bounded.
func TestCheckCacheBounded(t *testing.T) {
	for i := range maxCachedChecks + 10 {
		checkScript(hooks.TechKind, "x", "x.lua", fmt.Appendf(nil, "function effect(ctx) return %d, 0 end\n", i))
	}
	checkCache.Lock()
	n := len(checkCache.m)
	checkCache.Unlock()
	if n > maxCachedChecks {
		t.Errorf("cache holds %d entries, bound %d", n, maxCachedChecks)
	}
}
