package source

import (
	"crypto/sha256"
	"maps"
	"sync"
)

// parseCache keeps the parsed form of builtin: files (the standard
// includes every scenario of a game starts from), keyed by name, content
// hash and limits, so they are decoded and indexed once per process rather
// than on every compile. Each load gets its own copy of the value tree and
// span map (merging changes both); the file's text and line index are
// immutable and shared. Only files that parsed without a diagnostic are
// kept, so a hit is exactly what parsing would give.
//
// The cache is bounded: when it holds maxCachedParses files it starts over.
var parseCache = struct {
	sync.Mutex
	m map[parseKey]*parsed
}{m: map[parseKey]*parsed{}}

// maxCachedParses bounds parseCache; the builtin tree holds a few files.
const maxCachedParses = 64

// cacheBuiltin enables parseCache; tests turn it off to compare.
var cacheBuiltin = true

type parseKey struct {
	name string
	sum  [sha256.Size]byte
	lim  Limits
}

// parseBuiltin is parseFile for a builtin: file, through parseCache.
func parseBuiltin(name string, data []byte, lim Limits) *parsed {
	if !cacheBuiltin {
		return parseFile(name, data, lim)
	}
	key := parseKey{name: name, sum: sha256.Sum256(data), lim: lim}
	parseCache.Lock()
	p, ok := parseCache.m[key]
	parseCache.Unlock()
	if !ok {
		p = parseFile(name, data, lim)
		if p.tree == nil || len(p.diags) > 0 {
			return p
		}
		parseCache.Lock()
		if len(parseCache.m) >= maxCachedParses {
			clear(parseCache.m)
		}
		parseCache.m[key] = p
		parseCache.Unlock()
	}
	return p.copy()
}

// copy returns a parsed file that shares p's text and line index (and p
// as the file of its spans, for names and positions) but owns its tree and
// span map.
func (p *parsed) copy() *parsed {
	return &parsed{name: p.name, data: p.data, lines: p.lines, keys: p.keys,
		tree: cloneValue(p.tree).(map[string]any), spans: maps.Clone(p.spans)}
}

// cloneValue deep-copies a JSON-typed value tree.
func cloneValue(v any) any {
	switch v := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[k] = cloneValue(e)
		}
		return m
	case []any:
		a := make([]any, len(v))
		for i, e := range v {
			a[i] = cloneValue(e)
		}
		return a
	}
	return v
}
