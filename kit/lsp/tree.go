package lsp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// node is one value of a loaded scenario with its position.
type node struct {
	ptr  string
	toks []string // the pointer's tokens, unescaped
	val  any
	span source.Span
}

// walk calls fn for every value of src that has a position, parents before
// children, keys in sorted order.
func walk(src *source.Source, fn func(n node)) {
	var rec func(ptr string, toks []string, v any)
	rec = func(ptr string, toks []string, v any) {
		if sp, ok := src.Lookup(ptr); ok {
			fn(node{ptr: ptr, toks: toks, val: v, span: sp})
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(func(yield func(string) bool) {
				for k := range v {
					if !yield(k) {
						return
					}
				}
			}) {
				rec(ptr+"/"+source.EscapeToken(k), append(slices.Clip(toks), k), v[k])
			}
		case []any:
			for i, e := range v {
				rec(ptr+"/"+strconv.Itoa(i), append(slices.Clip(toks), strconv.Itoa(i)), e)
			}
		}
	}
	rec("", nil, src.Root)
}

// nodeAt returns the deepest value of file whose key (onKey) or value holds
// the position.
func nodeAt(src *source.Source, file string, line, col int) (best node, onKey, ok bool) {
	if src == nil {
		return node{}, false, false
	}
	walk(src, func(n node) {
		if n.ptr == "" {
			return
		}
		k := n.span.Key != nil && n.span.Key.File == file && contains(*n.span.Key, line, col)
		v := n.span.Value.File == file && contains(n.span.Value, line, col)
		if !k && !v {
			return
		}
		if !ok || len(n.toks) > len(best.toks) || len(n.toks) == len(best.toks) && k {
			best, onKey, ok = n, k, true
		}
	})
	return best, onKey, ok
}

// entity is a named element of a list: an officer, a city, a tech, a hero …
type entity struct {
	id   string
	kind string // the list's key: "officers", "cities", "techs"
	node node   // the element
	name node   // its name or id value
}

// entities returns the named elements of every list of src, by id.
func entities(src *source.Source) map[string][]entity {
	out := map[string][]entity{}
	if src == nil {
		return out
	}
	var byPtr = map[string]node{}
	walk(src, func(n node) { byPtr[n.ptr] = n })
	walk(src, func(n node) {
		m, ok := n.val.(map[string]any)
		if !ok || len(n.toks) < 2 {
			return
		}
		if _, err := strconv.Atoi(n.toks[len(n.toks)-1]); err != nil {
			return
		}
		for _, key := range []string{"id", "name"} {
			if id, ok := m[key].(string); ok && id != "" {
				nm, ok := byPtr[n.ptr+"/"+key]
				if !ok {
					return
				}
				out[id] = append(out[id], entity{id: id, kind: n.toks[len(n.toks)-2], node: n, name: nm})
				return
			}
		}
	})
	return out
}

// quotedAt returns the quoted string of the line holding the rune column
// col, and its range in runes (1-based, the quotes excluded).
func quotedAt(line string, col int) (s string, start, end int, ok bool) {
	rs := []rune(line)
	i := col - 1
	if i < 0 || i > len(rs) {
		return "", 0, 0, false
	}
	open := -1
	var q rune
	for j := 0; j < len(rs); j++ {
		c := rs[j]
		if open < 0 {
			if c == '"' || c == '\'' {
				open, q = j, c
			} else if c == '#' {
				break
			}
			continue
		}
		if c == '\\' && q == '"' {
			j++
			continue
		}
		if c == q {
			if open < i && i <= j {
				return string(rs[open+1 : j]), open + 2, j + 1, true
			}
			open = -1
		}
	}
	return "", 0, 0, false
}

// inner narrows a range whose text is a quoted string to its content.
func inner(ls []string, r diag.Range) diag.Range {
	if r.Start.Line != r.End.Line || r.Start.Line < 1 || r.Start.Line > len(ls) {
		return r
	}
	rs := []rune(ls[r.Start.Line-1])
	a, b := r.Start.Column-1, r.End.Column-1
	if a < 0 || b > len(rs) || b-a < 2 {
		return r
	}
	if (rs[a] == '"' || rs[a] == '\'') && rs[b-1] == rs[a] {
		r.Start.Column++
		r.End.Column--
	}
	return r
}

// header returns the table path of the [table] or [[array]] header above
// line (1-based) of ls, "0" standing for an array's element.
func header(ls []string, line int) []string {
	for i := min(line-1, len(ls)) - 1; i >= 0; i-- {
		t := strings.TrimSpace(ls[i])
		if !strings.HasPrefix(t, "[") {
			continue
		}
		array := strings.HasPrefix(t, "[[")
		end := strings.Index(t, "]")
		if end < 0 {
			return nil
		}
		name := strings.Trim(t[:end], "[ \t")
		var toks []string
		for _, p := range strings.Split(name, ".") {
			toks = append(toks, strings.Trim(strings.TrimSpace(p), `"'`))
		}
		if array {
			toks = append(toks, "0")
		}
		return toks
	}
	return nil
}
