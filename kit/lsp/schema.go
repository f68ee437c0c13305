package lsp

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/schema"
)

// obj is a decoded JSON Schema node.
type obj = map[string]any

// scenarioSchema returns the decoded scenario schema of game g.
func scenarioSchema(g build.Game) obj {
	name := g.Name() + ".scenario.schema.json"
	var data []byte
	var err error
	if ct, ok := g.(build.Content); ok {
		data, err = fs.ReadFile(ct.SchemaFS(), name)
	} else {
		data, err = schema.Source(name)
	}
	if err != nil {
		return nil
	}
	var o obj
	if json.Unmarshal(data, &o) != nil {
		return nil
	}
	return o
}

// branches returns the node and the schemas it combines (allOf, anyOf, oneOf).
func branches(n obj) []obj {
	out := []obj{n}
	for _, k := range []string{"allOf", "anyOf", "oneOf"} {
		if bs, ok := n[k].([]any); ok {
			for _, b := range bs {
				if bo, ok := b.(obj); ok {
					out = append(out, branches(bo)...)
				}
			}
		}
	}
	return out
}

// child returns the schema of the value at token tok of a value of schema n.
func child(n obj, tok string) obj {
	for _, b := range branches(n) {
		if _, err := strconv.Atoi(tok); err == nil {
			if it, ok := b["items"].(obj); ok {
				return it
			}
			continue
		}
		if props, ok := b["properties"].(obj); ok {
			if p, ok := props[tok].(obj); ok {
				return p
			}
		}
		if pp, ok := b["patternProperties"].(obj); ok {
			for pat, p := range pp {
				if re, err := regexp.Compile(pat); err == nil && re.MatchString(tok) {
					if po, ok := p.(obj); ok {
						return po
					}
				}
			}
		}
		if ap, ok := b["additionalProperties"].(obj); ok {
			return ap
		}
		if it, ok := b["items"].(obj); ok { // an array of tables named by its key
			if c := child(it, tok); c != nil {
				return c
			}
		}
	}
	return nil
}

// at returns the schema of the value at the pointer tokens toks.
func at(root obj, toks []string) obj {
	n := root
	for _, t := range toks {
		if n == nil {
			return nil
		}
		n = child(n, t)
	}
	return n
}

// properties returns the keys a table of schema n may hold, sorted.
func properties(n obj) []string {
	var out []string
	for _, b := range branches(n) {
		if props, ok := b["properties"].(obj); ok {
			for k := range props {
				out = append(out, k)
			}
		}
		if it, ok := b["items"].(obj); ok {
			out = append(out, properties(it)...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// enum returns the values a schema allows, if it lists them.
func enum(n obj) []any {
	for _, b := range branches(n) {
		if e, ok := b["enum"].([]any); ok {
			return e
		}
		if it, ok := b["items"].(obj); ok {
			if e := enum(it); e != nil {
				return e
			}
		}
	}
	return nil
}

// describe returns a Markdown description of schema n for the key name.
func describe(name string, n obj) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s**", name)
	for _, br := range branches(n) {
		if t, ok := br["type"]; ok {
			fmt.Fprintf(&b, " · `%v`", t)
			break
		}
	}
	b.WriteString("\n\n")
	for _, br := range branches(n) {
		if d, ok := br["description"].(string); ok {
			b.WriteString(d + "\n\n")
			break
		}
	}
	if e := enum(n); e != nil {
		var vs []string
		for _, v := range e {
			vs = append(vs, fmt.Sprintf("`%v`", v))
		}
		b.WriteString("Allowed values: " + strings.Join(vs, ", ") + "\n\n")
	}
	for _, br := range branches(n) {
		if d, ok := br["default"]; ok {
			fmt.Fprintf(&b, "Default: `%v`\n\n", d)
			break
		}
		for _, k := range []string{"minimum", "maximum"} {
			if v, ok := br[k]; ok {
				fmt.Fprintf(&b, "%s: `%v`  \n", strings.ToUpper(k[:1])+k[1:], v)
			}
		}
	}
	return strings.TrimSpace(b.String())
}

// below finds the schema of a property named key anywhere below n (the
// key of an inline table whose path the line alone does not tell).
func below(n obj, key string) obj {
	if n == nil {
		return nil
	}
	for _, b := range branches(n) {
		if props, ok := b["properties"].(obj); ok {
			if p, ok := props[key].(obj); ok {
				return p
			}
			for _, k := range slices.Sorted(func(yield func(string) bool) {
				for k := range props {
					if !yield(k) {
						return
					}
				}
			}) {
				if po, ok := props[k].(obj); ok {
					if f := below(po, key); f != nil {
						return f
					}
				}
			}
		}
		if it, ok := b["items"].(obj); ok {
			if f := below(it, key); f != nil {
				return f
			}
		}
	}
	return nil
}
