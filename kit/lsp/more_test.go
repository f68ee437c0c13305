package lsp

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
)

// TestPositions converts rune columns to UTF-16 characters and back on
// lines with CJK text, an astral-plane character (two UTF-16 units) and a
// byte order mark.
func TestPositions(t *testing.T) {
	ls := lines("a = \"关羽\"\nb = \"𠀀x\" # 注\n\uFEFF")
	cases := []struct {
		pos  diag.Pos
		want Position
	}{
		{diag.Pos{Line: 1, Column: 5}, Position{0, 4}},   // the opening quote
		{diag.Pos{Line: 1, Column: 8}, Position{0, 7}},   // the closing quote, after two CJK characters
		{diag.Pos{Line: 2, Column: 6}, Position{1, 5}},   // after the quote
		{diag.Pos{Line: 2, Column: 7}, Position{1, 7}},   // 𠀀 is two units
		{diag.Pos{Line: 2, Column: 99}, Position{1, 13}}, // past the end: the end of the line
		{diag.Pos{Line: 9, Column: 1}, Position{2, 1}},   // past the last line: its end
	}
	for _, c := range cases {
		if got := toLSP(ls, c.pos); got != c.want {
			t.Errorf("toLSP(%+v) = %+v, want %+v", c.pos, got, c.want)
		}
		if c.pos.Line > 2 || c.pos.Column > 20 {
			continue
		}
		if line, col, _ := fromLSP(ls, c.want); line != c.pos.Line || col != c.pos.Column {
			t.Errorf("fromLSP(%+v) = %d:%d, want %d:%d", c.want, line, col, c.pos.Line, c.pos.Column)
		}
	}
	bomLine := lines("\uFEFFa = 1")
	if got := toLSP(bomLine, diag.Pos{Line: 1, Column: 1}); got != (Position{0, 1}) {
		t.Errorf("a BOM: toLSP = %+v, want character 1 (the BOM is a UTF-16 unit diag columns skip)", got)
	}
}

// TestIncrementalChange applies ranged edits counted in UTF-16 units.
func TestIncrementalChange(t *testing.T) {
	text := "name = \"𠀀关羽\"\nx = 1\n"
	r := Range{Start: Position{0, 11}, End: Position{0, 12}} // 羽 (after 8 units, 𠀀's two and 关)
	got := applyChange(text, TextDocumentContentChangeEvent{Range: &r, Text: "张飞"})
	if want := "name = \"𠀀关张飞\"\nx = 1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	r = Range{Start: Position{1, 4}, End: Position{2, 0}}
	if got := applyChange(text, TextDocumentContentChangeEvent{Range: &r, Text: "2\n"}); got != "name = \"𠀀关羽\"\nx = 2\n" {
		t.Errorf("got %q", got)
	}
}

// TestCrossFile: an edit of a script publishes the scenario file's
// diagnostic it causes, and an edit of the scenario file the script's;
// each is cleared when fixed. Related information points at the first
// definition of a duplicate.
func TestCrossFile(t *testing.T) {
	dir := copyScenario(t, "mbg/modded")
	entry := filepath.Join(dir, "scenario.toml")
	lua := filepath.Join(dir, "tech", "repeating_crossbow.lua")
	toml, script := read(t, entry), read(t, lua)
	cl, _ := start(t)
	cl.open(entry, toml)
	cl.open(lua, script)
	if hasErrors(cl.published(entry)) || len(cl.published(lua)) != 0 {
		t.Fatalf("clean scenario: %v %v", cl.published(entry), cl.published(lua))
	}

	// The script misspells a param the scenario gives (its read falls back
	// to a default): the script's read is reported, with the given name
	// as the fix, and the scenario's param is not also reported unread.
	cl.change(lua, strings.Replace(script, "ctx.params.second_share", "ctx.params.second_shar", 1), 2)
	if ds := withCode(cl.published(lua), "lua-param-unused"); len(ds) != 1 || !strings.Contains(ds[0].Message, `Did you mean "second_share"?`) {
		t.Errorf("after the script's edit, %s has %v", lua, cl.published(lua))
	}
	if ds := withCode(cl.published(entry), "lua-param-unused"); len(ds) != 0 {
		t.Errorf("the scenario's param is reported too: %v", ds)
	}
	cl.change(lua, script, 3)
	if ds := withCode(cl.published(lua), "lua-param-unused"); len(ds) != 0 {
		t.Errorf("not cleared: %v", ds)
	}

	// A syntax error in the script is published on the script.
	cl.change(lua, script+"\nfunction (\n", 4)
	if ds := withCode(cl.published(lua), "lua-syntax"); len(ds) != 1 {
		t.Errorf("script diagnostics = %v, want one lua-syntax", cl.published(lua))
	}
	cl.change(lua, script, 5)
	if ds := cl.published(lua); len(ds) != 0 {
		t.Errorf("not cleared: %v", ds)
	}

	// A duplicate officer: related information at the first one.
	dup := strings.Replace(toml, `{ name = "蔡瑁"`, `{ name = "刘表"`, 1)
	cl.change(entry, dup, 2)
	ds := withCode(cl.published(entry), "mbg-duplicate-id")
	if len(ds) != 1 || len(ds[0].RelatedInformation) != 1 {
		t.Fatalf("duplicate = %+v", ds)
	}
	first := posOf(t, dup, `"刘表"`, 0)
	if rel := ds[0].RelatedInformation[0]; rel.Location.URI != uriOf(entry) || rel.Location.Range.Start != first {
		t.Errorf("related = %+v, want %s at %+v", rel, uriOf(entry), first)
	}
}

// TestOnlyOwnScenario: an edit re-checks the scenario of the edited file
// and no other; closing the last file of a scenario clears its
// diagnostics.
func TestOnlyOwnScenario(t *testing.T) {
	a := filepath.Join(copyScenario(t, "mbg/sample"), "scenario.toml")
	b := filepath.Join(copyScenario(t, "ftbt/skirmish"), "scenario.toml")
	cl, srv := start(t)
	bText := read(t, b)
	cl.open(a, strings.Replace(read(t, a), `mayor = "荀彧"`, `mayor = "荀或"`, 1))
	cl.open(b, bText)
	before := cl.count
	checks := 0
	for range 3 {
		cl.change(b, bText+"\n", 2)
		checks++
	}
	if got := cl.count - before; got != checks {
		t.Errorf("%d publications for %d edits of one clean file", got, checks)
	}
	if len(withCode(cl.published(a), "mbg-unknown-ref")) != 1 {
		t.Errorf("the other scenario's diagnostic is gone: %v", cl.published(a))
	}
	if len(srv.scens) != 2 {
		t.Errorf("%d scenarios checked, want 2", len(srv.scens))
	}
	cl.notify("textDocument/didClose", DidCloseTextDocumentParams{TextDocument: TextDocumentIdentifier{URI: uriOf(a)}})
	if ds := cl.published(a); len(ds) != 0 {
		t.Errorf("closing did not clear: %v", ds)
	}
	if len(srv.scens) != 1 {
		t.Errorf("%d scenarios kept after closing one, want 1", len(srv.scens))
	}
}

// TestMemorySteady: a thousand edits of a scenario leave the heap where a
// hundred left it (nothing is kept per edit).
func TestMemorySteady(t *testing.T) {
	entry := filepath.Join(copyScenario(t, "mbg/sample"), "scenario.toml")
	text := read(t, entry)
	cl, _ := start(t)
	cl.open(entry, text)
	heap := func() uint64 {
		runtime.GC()
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	edit := func(i int) {
		t := text
		if i%2 == 1 {
			t = strings.Replace(text, `mayor = "荀彧"`, `mayor = "荀或"`, 1)
		}
		cl.change(entry, t, i+2)
	}
	for i := range 100 {
		edit(i)
	}
	base := heap()
	for i := range 1000 {
		edit(i)
	}
	if after := heap(); after > base+base/2+4<<20 {
		t.Errorf("heap grew from %d to %d bytes over 1000 edits", base, after)
	}
}

// TestLuaAndOutline: in a hook script, hover documents ctx fields, host
// functions and the hook's functions from the kind's declaration, and
// completion offers the host API after the host table's name; a hook
// reference's hover gives its kind's contract; the outline lists a
// scenario's top-level keys with the named elements of its lists.
func TestLuaAndOutline(t *testing.T) {
	dir := copyScenario(t, "mbg/modded")
	entry := filepath.Join(dir, "scenario.toml")
	card := filepath.Join(dir, "card", "reinforcements.lua")
	tech := filepath.Join(dir, "tech", "repeating_crossbow.lua")
	cl, _ := start(t)
	toml := read(t, entry)
	cl.open(entry, toml)
	kinds := map[string]*plugin.Kind{}
	for _, k := range mbghooks.Kinds() {
		kinds[k.Name] = k
	}
	doc := func(k *plugin.Kind, name string) string {
		for _, f := range k.Ctx {
			if f.Name == name {
				return f.Doc
			}
		}
		for _, h := range k.Host {
			if h.Name == name {
				return h.Doc
			}
		}
		for _, f := range k.Funcs {
			if f.Name == name {
				return f.Doc
			}
		}
		t.Fatalf("%s has no %s", k.Name, name)
		return ""
	}
	hover := func(path, text, needle string, skip int) string {
		t.Helper()
		var h *Hover
		cl.call("textDocument/hover", posAt(path, posOf(t, text, needle, skip)), &h)
		if h == nil {
			t.Fatalf("no hover on %s", needle)
		}
		return h.Contents.Value
	}

	cardText := read(t, card)
	cl.open(card, cardText)
	if h := hover(card, cardText, "mbg.heal_retinue", 5); !strings.Contains(h, doc(kinds["mbg.card"], "heal_retinue")) || !strings.Contains(h, "heal_retinue(") {
		t.Errorf("hover on a host function:\n%s", h)
	}
	if h := hover(card, cardText, "ctx.user", 5); !strings.Contains(h, doc(kinds["mbg.card"], "user")) {
		t.Errorf("hover on a ctx field:\n%s", h)
	}
	if h := hover(card, cardText, "function play", 10); !strings.Contains(h, doc(kinds["mbg.card"], "play")) {
		t.Errorf("hover on the hook function:\n%s", h)
	}
	techText := read(t, tech) + "\nmbg."
	cl.open(tech, techText)
	var l CompletionList
	last := strings.Split(techText, "\n")
	cl.call("textDocument/completion", posAt(tech, Position{Line: len(last) - 1, Character: 4}), &l)
	var want []string
	for _, h := range kinds["mbg.tech"].Host {
		want = append(want, h.Name)
	}
	if got := labels(l); !slices.Equal(got, want) {
		t.Errorf("completion after mbg. = %v, want the mbg.tech host API %v", got, want)
	}

	if h := hover(entry, toml, `"tech/repeating_crossbow.lua"`, 3); !strings.Contains(h, "mbg.tech") || !strings.Contains(h, kinds["mbg.tech"].Doc) {
		t.Errorf("hover on a hook reference:\n%s", h)
	}

	var syms []DocumentSymbol
	cl.call("textDocument/documentSymbol", DocumentSymbolParams{TextDocument: TextDocumentIdentifier{URI: uriOf(entry)}}, &syms)
	byName := map[string]DocumentSymbol{}
	var names []string
	for _, s := range syms {
		byName[s.Name] = s
		names = append(names, s.Name)
	}
	if want := []string{"board", "officers", "scenario", "techs", "cards", "cities", "institutes", "training_rooms"}; !slices.Equal(names[:len(want)], want) {
		t.Errorf("outline = %v, want %v first", names, want)
	}
	var cities []string
	for _, c := range byName["cities"].Children {
		cities = append(cities, c.Name)
	}
	if want := []string{"襄阳", "江陵", "长沙", "武陵"}; !slices.Equal(cities, want) {
		t.Errorf("cities in the outline = %v, want %v", cities, want)
	}
	if o := byName["officers"]; len(o.Children) != 8 || o.Children[0].Name != "刘表" || o.Children[0].SelectionRange.Start != posOf(t, toml, `"刘表"`, 0) {
		t.Errorf("officers in the outline = %+v", o.Children)
	}
}

// TestIncludeDefinition jumps from an include path to the included file,
// and completes table names in a header.
func TestIncludeDefinition(t *testing.T) {
	dir := copyScenario(t, "ftbt/star-m1")
	entry := filepath.Join(dir, "scenario.toml")
	text := read(t, entry)
	cl, _ := start(t)
	cl.open(entry, text)
	var locs []Location
	cl.call("textDocument/definition", posAt(entry, posOf(t, text, `"star.toml"`, 2)), &locs)
	if len(locs) != 1 || pathOf(locs[0].URI) != filepath.Join(dir, "star.toml") || locs[0].Range.Start != (Position{}) {
		t.Errorf("definition of the include = %+v", locs)
	}
	var l CompletionList
	header := text + "\n[peo"
	cl.change(entry, header, 2)
	ls := strings.Split(header, "\n")
	cl.call("textDocument/completion", posAt(entry, Position{Line: len(ls) - 1, Character: 4}), &l)
	if !hasLabel(l, "people") || !hasLabel(l, "map") {
		t.Errorf("table names = %v", labels(l))
	}
	// A TOML file of the scenario's directory that it does not include
	// (a scenario test) gets no scenario keys.
	other := filepath.Join(dir, "tests", "new.toml")
	write(t, other, "\n")
	cl.open(other, "\n")
	cl.call("textDocument/completion", posAt(other, Position{}), &l)
	if len(l.Items) != 0 {
		t.Errorf("completion in a file the scenario does not include = %v", labels(l))
	}
}

// TestSameAsCheck: the diagnostics published for an unsaved typo are
// those mapc check gives for the same text saved (codes, files, lines and
// columns), for each game.
func TestSameAsCheck(t *testing.T) {
	for _, gc := range gameCases {
		t.Run(gc.game, func(t *testing.T) {
			open, saved := copyScenario(t, gc.scenario), copyScenario(t, gc.scenario)
			if gc.setup != nil {
				gc.setup(t, open)
				gc.setup(t, saved)
			}
			text := read(t, filepath.Join(open, gc.file))
			bad := strings.Replace(text, gc.good, gc.typo, 1)
			write(t, filepath.Join(saved, gc.file), bad)

			cl, srv := start(t)
			cl.open(filepath.Join(open, gc.file), bad)
			var got []string
			for _, f := range []string{"scenario.toml", gc.file} {
				p := filepath.Join(open, f)
				ls := lines(srv.text(p))
				for _, d := range cl.published(p) {
					l, c, _ := fromLSP(ls, d.Range.Start)
					el, ec, _ := fromLSP(ls, d.Range.End)
					got = append(got, fmt.Sprintf("%s %s:%d:%d-%d:%d", d.Code, f, l, c, el, ec))
				}
				if f == gc.file {
					break
				}
			}
			var want []string
			res := srv.c.Compile(filepath.Join(saved, "scenario.toml"), build.Options{})
			for _, d := range diag.Normalize(res.Diags) {
				rel, _ := filepath.Rel(saved, d.Subject.File)
				want = append(want, fmt.Sprintf("%s %s:%d:%d-%d:%d", d.Code, rel, d.Subject.Start.Line, d.Subject.Start.Column, d.Subject.End.Line, d.Subject.End.Column))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) || len(want) == 0 {
				t.Errorf("published %v\nmapc check gives %v", got, want)
			}
		})
	}
}

// TestHoverMovement: hover on an ftbt person summarises the movement range
// mapc inspect --ranges computes.
func TestHoverMovement(t *testing.T) {
	dir := copyScenario(t, "ftbt/skirmish")
	entry := filepath.Join(dir, "scenario.toml")
	text := read(t, entry)
	cl, srv := start(t)
	cl.open(entry, text)
	res := srv.c.Compile(entry, build.Options{})
	g, _ := srv.c.Game(res.Game)
	ranges := decoded(g.(build.RangeInspector).InspectRanges(res.Value))
	person := findNamed(ranges, "蓝·枪兵").(map[string]any)
	reach := person["reach"].([]any)
	var h *Hover
	cl.call("textDocument/hover", posAt(entry, posOf(t, text, `"蓝·枪兵"`, 1)), &h)
	want := fmt.Sprintf("Movement: %d cells reachable", len(reach))
	if h == nil || !strings.Contains(h.Contents.Value, want) || !strings.Contains(h.Contents.Value, `"side": 0`) { // blue is side 0 in the scenario
		t.Errorf("hover = %+v, want %q and the inspected values", h, want)
	}
}

// TestInlineTableKeys completes the keys of an inline table, on its line
// and in a list of inline tables opened on an earlier line.
func TestInlineTableKeys(t *testing.T) {
	dir := copyScenario(t, "mbg/sample")
	entry := filepath.Join(dir, "scenario.toml")
	text := read(t, entry)
	cl, _ := start(t)
	cl.open(entry, text)
	var l CompletionList
	// officers = [ on its own line, then { name = "曹操", wu = 72, … }.
	cl.call("textDocument/completion", posAt(entry, posOf(t, text, `{ name = "曹操", wu = 72,`, len([]rune(`{ name = "曹操", wu = 72,`)))), &l)
	if !hasLabel(l, "zhan") || !hasLabel(l, "jing") || hasLabel(l, "scope") {
		t.Errorf("officer keys = %v", labels(l))
	}
	// On one line, before any table header.
	one := strings.Replace(text, "officers = [\n", "officers = [{ name = \"甲\", \n", 1)
	cl.change(entry, one, 2)
	cl.call("textDocument/completion", posAt(entry, posOf(t, one, `{ name = "甲", `, len([]rune(`{ name = "甲", `)))), &l)
	if !hasLabel(l, "zhan") || hasLabel(l, "scope") {
		t.Errorf("officer keys on the list's line = %v", labels(l))
	}
	// This text does not load at all: ids come from the last check
	// without a syntax error.
	cl.call("textDocument/completion", posAt(entry, posOf(t, one, `mayor = "`, len([]rune(`mayor = "`)))), &l)
	if !hasLabel(l, "荀彧") {
		t.Errorf("ids in a text that does not load = %v", labels(l))
	}
	// While a multi-line string is being typed, it swallows the rest of
	// the file: the ids of the last check that parsed are offered.
	typing := strings.Replace(text, "[scenario]\n", "[scenario]\nx = \"\"\"\n", 1)
	cl.change(entry, typing, 3)
	cl.call("textDocument/completion", posAt(entry, posOf(t, typing, `"许昌", "`, len([]rune(`"许昌", "`)))), &l)
	if !hasLabel(l, "洛阳") || hasLabel(l, "荀彧") {
		t.Errorf("board ids while typing = %v, want the cities (defined after the open string)", labels(l))
	}
	// A scenario opened with a syntax error: keys are completed all the same.
	cl2, _ := start(t)
	broken := strings.Replace(text, "win_money = 12000", "win_money = ", 1)
	cl2.open(entry, broken)
	var l2 CompletionList
	cl2.call("textDocument/completion", posAt(entry, posOf(t, broken, "max_turn", 0)), &l2)
	if !hasLabel(l2, "win_money") || hasLabel(l2, "officers") {
		t.Errorf("keys of a scenario that never parsed = %v", labels(l2))
	}
	// After "=" inside the inline table: values, not keys.
	cl.call("textDocument/completion", posAt(entry, posOf(t, one, `{ name = `, len([]rune(`{ name = `)))), &l)
	if hasLabel(l, "zhan") {
		t.Errorf("keys offered as a value: %v", labels(l))
	}
}

// TestGloryScriptBuffer: an unsaved edit of a glory skill script is what
// the check reads (the script is read through the scenario's source, which
// serves the editor's buffers).
func TestGloryScriptBuffer(t *testing.T) {
	dir := copyScenario(t, "glory/modded")
	entry := filepath.Join(dir, "scenario.toml")
	matches, _ := filepath.Glob(filepath.Join(dir, "skills", "*.lua"))
	if len(matches) == 0 {
		t.Fatal("glory/modded has no skill script")
	}
	lua := matches[0]
	toml, script := read(t, entry), read(t, lua)
	cl, _ := start(t)
	cl.open(entry, toml)
	cl.open(lua, script)
	if len(withCode(cl.published(lua), "lua-syntax")) != 0 {
		t.Fatalf("clean script: %v", cl.published(lua))
	}
	cl.change(lua, script+"\nfunction (\n", 2)
	if ds := withCode(cl.published(lua), "lua-syntax"); len(ds) != 1 {
		t.Errorf("after an unsaved syntax error, %s has %v, want one lua-syntax", lua, cl.published(lua))
	}
	cl.change(lua, script, 3)
	if ds := withCode(cl.published(lua), "lua-syntax"); len(ds) != 0 {
		t.Errorf("not cleared: %v", ds)
	}
}
