package lsp

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// scenarioOf returns the last check of a scenario path belongs to.
func (s *Server) scenarioOf(path string) *scenario {
	for _, e := range s.entriesOf(path) {
		if sc, ok := s.scens[e]; ok {
			return sc
		}
	}
	return nil
}

func (s *Server) game(sc *scenario) build.Game {
	if sc == nil {
		return nil
	}
	g, _ := s.c.Game(sc.game)
	return g
}

func isLua(path string) bool { return strings.EqualFold(filepath.Ext(path), ".lua") }

// hover answers textDocument/hover.
func (s *Server) hover(path string, pos Position) *Hover {
	sc := s.scenarioOf(path)
	if sc == nil || sc.res.Source == nil && !isLua(path) {
		return nil
	}
	ls := lines(s.text(path))
	line, col, _ := fromLSP(ls, pos)
	if isLua(path) {
		return s.luaHover(sc, path, ls, pos)
	}
	src := sc.res.Source
	n, onKey, ok := nodeAt(src, path, line, col)
	if !ok {
		return nil
	}
	g := s.game(sc)
	var text string
	r := n.span.Value
	switch {
	case onKey:
		r = *n.span.Key
		if g != nil {
			if sch := at(scenarioSchema(g), n.toks); sch != nil {
				text = describe(n.toks[len(n.toks)-1], sch)
			}
		}
	default:
		v, isStr := n.val.(string)
		if !isStr {
			return nil
		}
		if ents := entities(src)[v]; len(ents) > 0 {
			text = s.describeEntity(sc, ents[0])
		} else if k, file := s.hookRef(sc, path, v); k != nil {
			text = fmt.Sprintf("**%s** · hook `%s` in `%s`\n\n%s", v, k.Name, filepath.Base(file), kindDoc(k))
		} else if g != nil {
			if sch := at(scenarioSchema(g), n.toks); sch != nil {
				text = describe(n.toks[len(n.toks)-1], sch)
			}
		}
	}
	if text == "" {
		return nil
	}
	lr := rangeToLSP(ls, r)
	return &Hover{Contents: MarkupContent{Kind: "markdown", Value: text}, Range: &lr}
}

// describeEntity describes an id: where it is defined, its fields, and the
// values mapc inspect derives for it.
func (s *Server) describeEntity(sc *scenario, e entity) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** · %s · defined at %s:%d\n\n", e.id, e.kind, filepath.Base(e.name.span.Value.File), e.name.span.Value.Start.Line)
	if m, ok := e.node.val.(map[string]any); ok {
		data, _ := json.Marshal(m)
		if len(data) < 600 {
			fmt.Fprintf(&b, "```json\n%s\n```\n\n", data)
		}
	}
	d, move := s.derived(sc, e.id)
	if d != "" {
		fmt.Fprintf(&b, "Derived (mapc inspect):\n```json\n%s\n```\n\n", d)
	}
	if move != "" {
		b.WriteString(move + "\n")
	}
	return strings.TrimSpace(b.String())
}

// derived returns the JSON of what mapc inspect says about the entity id,
// and a summary of its movement range where mapc inspect --ranges knows
// it, when the scenario compiles.
func (s *Server) derived(sc *scenario, id string) (values, movement string) {
	if sc.res.Value == nil {
		return "", ""
	}
	if sc.inspected == nil {
		sc.inspected = map[string]any{}
		if in, ok := s.game(sc).(build.Inspector); ok {
			sc.inspected["values"] = decoded(in.Inspect(sc.res.Value))
		}
		if in, ok := s.game(sc).(build.RangeInspector); ok {
			sc.inspected["ranges"] = decoded(in.InspectRanges(sc.res.Value))
		}
	}
	if found := findNamed(sc.inspected["values"], id); found != nil {
		data, _ := json.MarshalIndent(found, "", "  ")
		values = string(data)
	}
	if r, ok := findNamed(sc.inspected["ranges"], id).(map[string]any); ok {
		if reach, ok := r["reach"].([]any); ok {
			stops := 0
			for _, c := range reach {
				if m, ok := c.(map[string]any); ok && m["stop"] == true {
					stops++
				}
			}
			movement = fmt.Sprintf("Movement: %d cells reachable, %d to stop on (mapc inspect --ranges).", len(reach), stops)
		}
	}
	return values, movement
}

// decoded turns an inspector's result into plain JSON values.
func decoded(v any, err error) any {
	if err != nil {
		return nil
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var out any
	if json.Unmarshal(data, &out) != nil {
		return nil
	}
	return out
}

// findNamed returns the first object of v (depth first, keys in order)
// whose name or id is id.
func findNamed(v any, id string) any {
	switch v := v.(type) {
	case map[string]any:
		if v["name"] == id || v["id"] == id {
			return v
		}
		for _, k := range slices.Sorted(keys(v)) {
			if f := findNamed(v[k], id); f != nil {
				return f
			}
		}
	case []any:
		for _, e := range v {
			if f := findNamed(e, id); f != nil {
				return f
			}
		}
	}
	return nil
}

func keys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// hookRef resolves a string of a scenario file to the hook script it
// names: a .lua path, or the id of a script the config bundles.
func (s *Server) hookRef(sc *scenario, from, v string) (*plugin.Kind, string) {
	g := s.game(sc)
	if g == nil {
		return nil, ""
	}
	for _, scr := range sc.scriptList() {
		if scr.id == v || scr.path == v {
			file := scr.path
			if !strings.HasPrefix(file, source.BuiltinPrefix) && !filepath.IsAbs(file) {
				file = source.Join(sc.entry, file)
			}
			return kindNamed(g, scr.kind), file
		}
	}
	if strings.HasSuffix(v, ".lua") {
		file := source.Join(from, v)
		return s.kindOf(sc, file), file
	}
	return nil, ""
}

func kindNamed(g build.Game, name string) *plugin.Kind {
	for _, k := range g.Kinds() {
		if k.Name == name {
			return k
		}
	}
	return nil
}

// kindOf returns the hook kind of a script: the one the config bundles it
// as, else the kind whose class names its directory (<class>/<id>.lua).
func (s *Server) kindOf(sc *scenario, file string) *plugin.Kind {
	g := s.game(sc)
	if g == nil {
		return nil
	}
	for _, scr := range sc.scriptList() {
		p := scr.path
		if !strings.HasPrefix(p, source.BuiltinPrefix) && !filepath.IsAbs(p) {
			p = source.Join(sc.entry, p)
		}
		if p == file {
			return kindNamed(g, scr.kind)
		}
	}
	class := filepath.Base(filepath.Dir(file))
	if k := kindNamed(g, g.Name()+"."+class); k != nil {
		return k
	}
	if len(g.Kinds()) == 1 {
		return g.Kinds()[0]
	}
	return nil
}

// kindDoc is a hook kind's contract in Markdown.
func kindDoc(k *plugin.Kind) string {
	if k == nil {
		return ""
	}
	var b strings.Builder
	b.WriteString(k.Doc + "\n\n")
	for _, f := range k.Funcs {
		req := ""
		if f.Required {
			req = " (required)"
		}
		fmt.Fprintf(&b, "- `%s`%s: %s\n", funcSig(f.Name, f.Params, f.Returns), req, f.Doc)
	}
	return strings.TrimSpace(b.String())
}

func funcSig(name string, params, returns []plugin.Field) string {
	var ps, rs []string
	for _, p := range params {
		ps = append(ps, p.Name+": "+p.Type)
	}
	for _, r := range returns {
		rs = append(rs, r.Type)
	}
	sig := name + "(" + strings.Join(ps, ", ") + ")"
	if len(rs) > 0 {
		sig += ": " + strings.Join(rs, ", ")
	}
	return sig
}

var luaWord = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)
var luaWordStart = regexp.MustCompile(`^[A-Za-z0-9_]*`)

// luaHover documents ctx fields, host functions and hook functions.
func (s *Server) luaHover(sc *scenario, path string, ls []string, pos Position) *Hover {
	k := s.kindOf(sc, path)
	if k == nil || pos.Line < 0 || pos.Line >= len(ls) {
		return nil
	}
	_, _, b := fromLSP(ls, pos)
	l := ls[pos.Line]
	word := luaWord.FindString(l[:b]) + luaWordStart.FindString(l[b:])
	var text string
	if f, ok := strings.CutPrefix(word, "ctx."); ok {
		for _, c := range k.Ctx {
			if c.Name == f {
				text = fmt.Sprintf("**ctx.%s** · `%s`\n\n%s", c.Name, c.Type, c.Doc)
			}
		}
	} else if f, ok := strings.CutPrefix(word, k.HostTable+"."); ok {
		for _, h := range k.Host {
			if h.Name == f {
				text = fmt.Sprintf("```lua\n%s.%s\n```\n%s", k.HostTable, funcSig(h.Name, h.Params, h.Returns), h.Doc)
			}
		}
	} else {
		for _, fn := range k.Funcs {
			if fn.Name == word {
				text = fmt.Sprintf("```lua\nfunction %s\n```\n%s (hook %s)", funcSig(fn.Name, fn.Params, fn.Returns), fn.Doc, k.Name)
			}
		}
	}
	if text == "" {
		return nil
	}
	return &Hover{Contents: MarkupContent{Kind: "markdown", Value: text}}
}

// complete answers textDocument/completion.
func (s *Server) complete(path string, pos Position) CompletionList {
	out := CompletionList{Items: []CompletionItem{}}
	sc := s.scenarioOf(path)
	g := s.game(sc)
	ls := lines(s.text(path))
	if g == nil || pos.Line < 0 || pos.Line >= len(ls) {
		return out
	}
	line, _, b := fromLSP(ls, pos)
	prefix := ls[pos.Line][:b]
	if isLua(path) {
		out.Items = luaCompletions(s.kindOf(sc, path), prefix)
		return out
	}
	if strings.HasPrefix(strings.TrimSpace(prefix), "#") {
		return out
	}
	if path != sc.entry && (sc.known == nil || !has(sc.known, path)) {
		return out // a TOML file the scenario does not include (a test file, say)
	}
	root := scenarioSchema(g)
	table := header(ls, line)
	if strings.HasPrefix(strings.TrimSpace(prefix), "[") { // a table header
		for _, k := range properties(root) {
			out.Items = append(out.Items, CompletionItem{Label: k, Kind: CompletionProperty, Documentation: describe(k, at(root, []string{k}))})
		}
		return out
	}
	eq := strings.Index(prefix, "=")
	inline, inTable := inlineTable(ls, pos.Line, prefix)
	listKey, inList := "", false
	if eq < 0 && !inTable {
		listKey, inList = openList(ls, pos.Line, prefix)
	}
	if eq < 0 && !inList || inTable {
		n := at(root, table)
		if inTable {
			n = at(root, append(slices.Clip(table), inline...))
		}
		for _, k := range properties(n) {
			out.Items = append(out.Items, CompletionItem{Label: k, Kind: CompletionProperty, InsertText: k + " = ",
				Documentation: describe(k, child(n, k))})
		}
		return out
	}
	key := listKey
	if !inList {
		eq = strings.LastIndex(prefix, "=")
		key = strings.Trim(strings.TrimSpace(prefix[:eq]), `"'`)
		if i := strings.LastIndexAny(key, "{,[ \t"); i >= 0 {
			key = key[i+1:] // a key of an inline table
		}
	}
	n := at(root, append(slices.Clip(table), key))
	if n == nil {
		n = below(at(root, table), key)
	}
	quoted := strings.Count(prefix[max(eq, 0):], `"`)%2 == 1
	if e := enum(n); e != nil {
		for _, v := range e {
			label := fmt.Sprint(v)
			ins := label
			if _, str := v.(string); str && !quoted {
				ins = `"` + label + `"`
			}
			out.Items = append(out.Items, CompletionItem{Label: label, Kind: CompletionEnum, InsertText: ins})
		}
		return out
	}
	ents := entities(sc.known)
	kinds := refKinds(sc.known, ents, key)
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range ents {
			if !yield(id) {
				return
			}
		}
	}) {
		if len(kinds) > 0 && !kinds[ents[id][0].kind] {
			continue
		}
		ins := id
		if !quoted {
			ins = `"` + id + `"`
		}
		out.Items = append(out.Items, CompletionItem{Label: id, Kind: CompletionRef, Detail: ents[id][0].kind, InsertText: ins})
	}
	return out
}

var luaMember = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z0-9_]*)$`)

// luaCompletions proposes ctx fields after "ctx.", host functions after
// the host table's name, and otherwise the hook's functions and globals.
func luaCompletions(k *plugin.Kind, prefix string) []CompletionItem {
	items := []CompletionItem{}
	if k == nil {
		return items
	}
	if m := luaMember.FindStringSubmatch(prefix); m != nil {
		switch m[1] {
		case "ctx":
			for _, f := range k.Ctx {
				items = append(items, CompletionItem{Label: f.Name, Kind: CompletionField, Detail: f.Type, Documentation: f.Doc})
			}
		case k.HostTable:
			for _, h := range k.Host {
				items = append(items, CompletionItem{Label: h.Name, Kind: CompletionFunction,
					Detail: funcSig(h.Name, h.Params, h.Returns), Documentation: h.Doc})
			}
		}
		return items
	}
	for _, f := range k.Funcs {
		items = append(items, CompletionItem{Label: f.Name, Kind: CompletionFunction, Detail: funcSig(f.Name, f.Params, f.Returns), Documentation: f.Doc})
	}
	items = append(items, CompletionItem{Label: "ctx", Kind: CompletionValue, Detail: k.Name + " ctx"})
	if k.HostTable != "" {
		items = append(items, CompletionItem{Label: k.HostTable, Kind: CompletionValue, Detail: k.Name + " host API"})
	}
	return items
}

// definition answers textDocument/definition: an id to where it is
// defined (in the scenario or an include), an include or a hook reference
// to its file.
func (s *Server) definition(path string, pos Position) []Location {
	out := []Location{}
	sc := s.scenarioOf(path)
	if sc == nil || isLua(path) {
		return out
	}
	ls := lines(s.text(path))
	if pos.Line < 0 || pos.Line >= len(ls) {
		return out
	}
	line, col, _ := fromLSP(ls, pos)
	v, _, _, ok := quotedAt(ls[pos.Line], col)
	if !ok {
		return out
	}
	if ents := entities(sc.res.Source)[v]; len(ents) > 0 {
		for _, e := range ents {
			r := e.name.span.Value
			if r.File == path && contains(r, line, col) && len(ents) > 1 {
				continue
			}
			if loc, ok := s.location(r); ok {
				out = append(out, loc)
			}
		}
		return out
	}
	file, line1 := "", 1
	if k, f := s.hookRef(sc, path, v); f != "" {
		file, line1 = f, hookLine(s.scriptText(f), k)
	} else if strings.HasSuffix(v, ".toml") {
		file = source.Join(path, v)
	}
	if file != "" {
		if loc, ok := s.location(diag.Range{File: file, Start: diag.Pos{Line: line1, Column: 1}, End: diag.Pos{Line: line1, Column: 1}}); ok {
			out = append(out, loc)
		}
	}
	return out
}

// scriptText is the text of a script, builtin or not.
func (s *Server) scriptText(file string) string {
	if rest, ok := strings.CutPrefix(file, source.BuiltinPrefix); ok {
		b, _ := fs.ReadFile(scripts.FS, rest)
		return string(b)
	}
	return s.text(file)
}

// hookLine is the line (from 1) where a script defines the first of its
// kind's functions, or 1.
func hookLine(text string, k *plugin.Kind) int {
	if k == nil {
		return 1
	}
	for i, l := range lines(text) {
		for _, f := range k.Funcs {
			if rest, ok := strings.CutPrefix(strings.TrimSpace(l), "function "+f.Name); ok && strings.HasPrefix(strings.TrimSpace(rest), "(") {
				return i + 1
			}
		}
	}
	return 1
}

// location converts a range to a Location, writing a builtin: file to the
// cache (read-only) so that the editor can open it.
func (s *Server) location(r diag.Range) (Location, bool) {
	file := r.File
	if rest, ok := strings.CutPrefix(file, source.BuiltinPrefix); ok {
		p, ok := s.materialize(file, rest)
		if !ok {
			return Location{}, false
		}
		file = p
	} else if _, err := os.Stat(file); err != nil {
		if _, open := s.docs[file]; !open {
			return Location{}, false
		}
	}
	ls := lines(s.text(r.File))
	return Location{URI: uriOf(file), Range: rangeToLSP(ls, r)}, true
}

// materialize writes builtin file name (rest below builtin:) into the
// cache directory, read-only, and returns its path.
func (s *Server) materialize(name, rest string) (string, bool) {
	if s.cache == "" || !fs.ValidPath(rest) {
		return "", false
	}
	var data []byte
	for _, sc := range s.scens {
		if sc.res.Source != nil {
			if b, ok := sc.res.Source.Content(name); ok {
				data = b
			}
		}
	}
	if data == nil {
		b, err := fs.ReadFile(scripts.FS, rest)
		if err != nil {
			return "", false
		}
		data = b
	}
	p := filepath.Join(s.cache, filepath.FromSlash(rest))
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, data) {
		return p, true
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", false
	}
	os.Chmod(p, 0o644)
	if err := build.WriteAtomic(p, data); err != nil {
		return "", false
	}
	os.Chmod(p, 0o444)
	return p, true
}

// codeActions answers textDocument/codeAction: each suggestion of a
// diagnostic in the range replaces its subject, and each diagnostic can be
// ignored with a lint:ignore comment on the line above.
func (s *Server) codeActions(path string, rng Range) []CodeAction {
	out := []CodeAction{}
	ls := lines(s.text(path))
	uri := uriOf(path)
	for _, e := range slices.Sorted(func(yield func(string) bool) {
		for e := range s.scens {
			if !yield(e) {
				return
			}
		}
	}) {
		for _, d := range s.scens[e].byFile[path] {
			if d.Subject == nil || d.Subject.File != path {
				continue
			}
			ld := s.toLSPDiag(ls, d)
			if ld.Range.End.Line < rng.Start.Line || ld.Range.Start.Line > rng.End.Line {
				continue
			}
			target := *d.Subject
			for _, sug := range d.Suggestions {
				r := target
				if !strings.HasPrefix(sug, `"`) {
					r = inner(ls, target)
				}
				out = append(out, CodeAction{Title: fmt.Sprintf("Change to %q", sug), Kind: "quickfix", IsPreferred: len(d.Suggestions) == 1,
					Diagnostics: []Diagnostic{ld},
					Edit:        &WorkspaceEdit{Changes: map[string][]TextEdit{uri: {{Range: rangeToLSP(ls, r), NewText: sug}}}}})
			}
			if target.Start.Line >= 1 && target.Start.Line <= len(ls) {
				l := ls[target.Start.Line-1]
				indent := l[:len(l)-len(strings.TrimLeft(l, " \t"))]
				marker := "#"
				if isLua(path) {
					marker = "--"
				}
				at := Position{Line: target.Start.Line - 1}
				out = append(out, CodeAction{Title: "Ignore " + d.Code + " here (lint:ignore)", Kind: "quickfix",
					Diagnostics: []Diagnostic{ld},
					Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{uri: {{Range: Range{Start: at, End: at},
						NewText: indent + marker + " lint:ignore " + d.Code + "\n"}}}}})
			}
		}
	}
	return out
}

// symbols answers textDocument/documentSymbol: the top-level keys of a
// scenario file, with the named elements of its lists below them.
func (s *Server) symbols(path string) []DocumentSymbol {
	out := []DocumentSymbol{}
	sc := s.scenarioOf(path)
	if sc == nil || sc.res.Source == nil || isLua(path) {
		return out
	}
	ls := lines(s.text(path))
	src := sc.res.Source
	tops := map[string]*DocumentSymbol{}
	var order []string
	walk(src, func(n node) {
		if len(n.toks) == 1 {
			kind := SymbolField
			switch n.val.(type) {
			case map[string]any:
				kind = SymbolNamespace
			case []any:
				kind = SymbolArray
			}
			sel := n.span.Value
			if n.span.Key != nil {
				sel = *n.span.Key
			}
			if sel.File != path {
				return
			}
			r := rangeToLSP(ls, sel)
			full := r
			if n.span.Value.File == path {
				full.End = rangeToLSP(ls, n.span.Value).End
			}
			tops[n.toks[0]] = &DocumentSymbol{Name: n.toks[0], Kind: kind, Range: full, SelectionRange: r}
			order = append(order, n.toks[0])
		}
	})
	ents := entities(src)
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range ents {
			if !yield(id) {
				return
			}
		}
	}) {
		for _, e := range ents[id] {
			r := e.node.span.Value
			if r.File != path || len(e.node.toks) != 2 {
				continue
			}
			lr := rangeToLSP(ls, r)
			t, ok := tops[e.node.toks[0]]
			if !ok {
				// A list an include started: its elements of this file
				// make its entry.
				t = &DocumentSymbol{Name: e.node.toks[0], Kind: SymbolArray, Range: lr, SelectionRange: lr}
				tops[e.node.toks[0]] = t
				order = append(order, e.node.toks[0])
			}
			sel := rangeToLSP(ls, e.name.span.Value)
			if !before(r.Start, e.name.span.Value.Start) {
				lr = sel
			}
			t.Children = append(t.Children, DocumentSymbol{Name: id, Detail: e.kind, Kind: SymbolObject, Range: lr, SelectionRange: sel})
		}
	}
	for _, k := range order {
		t := tops[k]
		slices.SortFunc(t.Children, func(a, b DocumentSymbol) int {
			return a.SelectionRange.Start.Line - b.SelectionRange.Start.Line
		})
		for _, c := range t.Children { // the entry holds its children
			if lessPos(c.Range.Start, t.Range.Start) {
				t.Range.Start = c.Range.Start
			}
			if lessPos(t.Range.End, c.Range.End) {
				t.Range.End = c.Range.End
			}
		}
		out = append(out, *t)
	}
	slices.SortFunc(out, func(a, b DocumentSymbol) int { return a.SelectionRange.Start.Line - b.SelectionRange.Start.Line })
	return out
}

// references answers textDocument/references: every string of the
// scenario and its includes equal to the id under the cursor, its
// definitions included.
func (s *Server) references(path string, pos Position) []Location {
	out := []Location{}
	sc := s.scenarioOf(path)
	if sc == nil || sc.res.Source == nil || isLua(path) {
		return out
	}
	ls := lines(s.text(path))
	if pos.Line < 0 || pos.Line >= len(ls) {
		return out
	}
	_, col, _ := fromLSP(ls, pos)
	id, _, _, ok := quotedAt(ls[pos.Line], col)
	if !ok || len(entities(sc.res.Source)[id]) == 0 {
		return out
	}
	walk(sc.res.Source, func(n node) {
		if v, ok := n.val.(string); ok && v == id {
			if loc, ok := s.location(n.span.Value); ok {
				out = append(out, loc)
			}
		}
	})
	slices.SortFunc(out, func(a, b Location) int {
		return cmp.Or(cmp.Compare(a.URI, b.URI), cmp.Compare(a.Range.Start.Line, b.Range.Start.Line),
			cmp.Compare(a.Range.Start.Character, b.Range.Start.Character))
	})
	return out
}

func lessPos(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// refKinds returns the kinds of entity the values of key name elsewhere in
// the scenario (mayor = "荀彧" names an officer), so that completion of
// such a key offers ids of those kinds only.
func refKinds(src *source.Source, ents map[string][]entity, key string) map[string]bool {
	kinds := map[string]bool{}
	if src == nil || key == "id" || key == "name" {
		return kinds
	}
	walk(src, func(n node) {
		v, ok := n.val.(string)
		if !ok || len(ents[v]) == 0 {
			return
		}
		toks := n.toks
		for len(toks) > 0 {
			if _, err := strconv.Atoi(toks[len(toks)-1]); err != nil {
				break
			}
			toks = toks[:len(toks)-1]
		}
		if len(toks) > 0 && toks[len(toks)-1] == key {
			kinds[ents[v][0].kind] = true
		}
	})
	return kinds
}

// inlineTable reports whether the cursor, at the end of prefix on line i,
// is where a key of an inline table goes (after "{" or ","), and returns
// that table's path below the current table: officers = [{ name = "甲", |
// gives ["officers", "0"]. A line starting with "{" inside a list opened
// on an earlier line takes the list's key from that line.
func inlineTable(ls []string, i int, prefix string) ([]string, bool) {
	t := strings.TrimRight(prefix, " \t")
	if !strings.HasSuffix(t, "{") && !strings.HasSuffix(t, ",") {
		return nil, false
	}
	open := -1
	depth := 0
	quoted := false
	for j, c := range prefix {
		switch {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '{':
			if depth == 0 {
				open = j
			}
			depth++
		case c == '}':
			depth--
		}
	}
	if open < 0 || depth != 1 || quoted {
		return nil, false
	}
	before := strings.TrimRight(prefix[:open], " \t")
	list := strings.HasSuffix(before, "[")
	before = strings.TrimRight(strings.TrimSuffix(before, "["), " \t")
	if before == "" {
		// { … } alone on its line: an element of a list opened above.
		for j := i - 1; j >= 0; j-- {
			l := strings.TrimSpace(ls[j])
			if k, ok := strings.CutSuffix(l, "["); ok {
				k = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(k), "="))
				return []string{strings.Trim(k, `"'`), "0"}, true
			}
			if strings.HasPrefix(l, "[") {
				break
			}
		}
		return nil, false
	}
	key, ok := strings.CutSuffix(before, "=")
	if !ok {
		return nil, false
	}
	key = strings.TrimSpace(key)
	if k := strings.LastIndexAny(key, "{,[ \t"); k >= 0 {
		key = key[k+1:]
	}
	path := []string{strings.Trim(key, `"'`)}
	if list {
		path = append(path, "0")
	}
	return path, true
}

// openList returns the key of a list opened on an earlier line (key = [)
// and not closed before the cursor, at the end of prefix on line i: the
// cursor is at one of its values.
func openList(ls []string, i int, prefix string) (string, bool) {
	depth := brackets(prefix)
	for j := i - 1; j >= 0; j-- {
		l := ls[j]
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "[") && depth <= 0 {
			return "", false // a table header
		}
		depth += brackets(l)
		if depth > 0 {
			if k, _, ok := strings.Cut(l, "="); ok {
				return strings.Trim(strings.TrimSpace(k), `"'`), true
			}
			return "", false
		}
	}
	return "", false
}

// brackets is the number of [ less the number of ] outside strings and
// comments of a line.
func brackets(l string) int {
	n := 0
	quoted := false
	for _, c := range l {
		switch {
		case c == '"':
			quoted = !quoted
		case quoted:
		case c == '#':
			return n
		case c == '[':
			n++
		case c == ']':
			n--
		}
	}
	return n
}
