package build

import (
	"crypto/sha256"
	"sync"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/luacheck"
)

// checkCache remembers the build-time checks of hook scripts by kind, id,
// file name and content hash, so a scenario's unchanged scripts (the
// built-in ones above all) are parsed and analysed once per process rather
// than on every compile (mapc watch, an editor checking on save, mapc check
// of many scenarios). luacheck.Check is a pure function of these inputs, so a
// hit returns exactly what a fresh check would.
//
// The cache is bounded: when it holds maxCachedChecks entries it starts over.
var checkCache = struct {
	sync.Mutex
	m    map[checkKey][]luacheck.Problem
	uses map[checkKey]luacheck.Uses // ScriptUses, keyed without id
}{m: map[checkKey][]luacheck.Problem{}, uses: map[checkKey]luacheck.Uses{}}

// maxCachedChecks bounds checkCache (a few hundred bytes per entry).
const maxCachedChecks = 4096

// maxCachedSource is the largest script whose result is cached; larger ones
// (rare, near the plugin's source limit) are checked every time.
const maxCachedSource = 256 << 10

type checkKey struct {
	kind     *plugin.Kind
	id, file string
	sum      [sha256.Size]byte
}

// checkScript is luacheck.Check through checkCache. The returned problems are
// shared between callers and must not be modified.
func checkScript(k *plugin.Kind, id, file string, src []byte) []luacheck.Problem {
	if len(src) > maxCachedSource {
		return luacheck.Check(k, id, file, src)
	}
	key := checkKey{kind: k, id: id, file: file, sum: sha256.Sum256(src)}
	checkCache.Lock()
	ps, ok := checkCache.m[key]
	checkCache.Unlock()
	if ok {
		return ps
	}
	ps = luacheck.Check(k, id, file, src)
	checkCache.Lock()
	if len(checkCache.m) >= maxCachedChecks {
		clear(checkCache.m)
	}
	checkCache.m[key] = ps
	checkCache.Unlock()
	return ps
}

// scriptUses is luacheck.ScriptUses through checkCache (also a pure function
// of its inputs). The returned Uses are shared and must not be modified.
func scriptUses(k *plugin.Kind, file string, src []byte) luacheck.Uses {
	if len(src) > maxCachedSource {
		return luacheck.ScriptUses(k, file, src)
	}
	key := checkKey{kind: k, file: file, sum: sha256.Sum256(src)}
	checkCache.Lock()
	u, ok := checkCache.uses[key]
	checkCache.Unlock()
	if ok {
		return u
	}
	u = luacheck.ScriptUses(k, file, src)
	checkCache.Lock()
	if len(checkCache.uses) >= maxCachedChecks {
		clear(checkCache.uses)
	}
	checkCache.uses[key] = u
	checkCache.Unlock()
	return u
}
