package lsp

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
)

// client drives a Server over a pipe, as an editor does.
type client struct {
	t     testing.TB
	conn  *jsonrpc2.Conn
	mu    sync.Mutex
	diags map[string][]Diagnostic // the last publication by URI
	count int                     // publications received
}

func start(t testing.TB) (*client, *Server) {
	t.Helper()
	a, b := net.Pipe()
	srv := NewServer(build.NewCompiler(games.All()...))
	srv.cache = t.TempDir()
	go srv.Serve(context.Background(), a)
	cl := &client{t: t, diags: map[string][]Diagnostic{}}
	cl.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(b, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
			if req.Method == "textDocument/publishDiagnostics" {
				var p PublishDiagnosticsParams
				if err := json.Unmarshal(*req.Params, &p); err != nil {
					t.Errorf("publishDiagnostics: %v", err)
				}
				cl.mu.Lock()
				cl.diags[p.URI] = p.Diagnostics
				cl.count++
				cl.mu.Unlock()
			}
			return nil, nil
		}))
	t.Cleanup(func() { cl.conn.Close() })
	var init struct {
		Capabilities map[string]any `json:"capabilities"`
	}
	cl.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &init)
	if init.Capabilities["hoverProvider"] != true || init.Capabilities["definitionProvider"] != true {
		t.Fatalf("capabilities = %v", init.Capabilities)
	}
	cl.notify("initialized", map[string]any{})
	return cl, srv
}

func (c *client) call(method string, params, result any) {
	c.t.Helper()
	if err := c.conn.Call(context.Background(), method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// notify sends a notification, then a request, so that every
// publication the notification caused has arrived when it returns (the
// server answers in order).
func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
	var out []DocumentSymbol
	c.call("textDocument/documentSymbol", DocumentSymbolParams{TextDocument: TextDocumentIdentifier{URI: "file:///nonexistent"}}, &out)
}

func (c *client) published(path string) []Diagnostic {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.diags[uriOf(path)]
}

func (c *client) open(path, text string) {
	c.notify("textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uriOf(path), LanguageID: "toml", Version: 1, Text: text}})
}

func (c *client) change(path, text string, version int) {
	var p DidChangeTextDocumentParams
	p.TextDocument.URI = uriOf(path)
	p.TextDocument.Version = version
	p.ContentChanges = []TextDocumentContentChangeEvent{{Text: text}}
	c.notify("textDocument/didChange", p)
}

func posAt(path string, pos Position) TextDocumentPositionParams {
	return TextDocumentPositionParams{TextDocument: TextDocumentIdentifier{URI: uriOf(path)}, Position: pos}
}

// posOf returns the LSP position of the first occurrence of needle in
// text, plus skip runes: the line from 0 and the column in UTF-16 units,
// counted here independently of the server.
func posOf(t testing.TB, text, needle string, skip int) Position {
	t.Helper()
	i := strings.Index(text, needle)
	if i < 0 {
		t.Fatalf("%q not in the text", needle)
	}
	before := text[:i]
	line := strings.Count(before, "\n")
	lineText := before[strings.LastIndex(before, "\n")+1:]
	rest := []rune(text[i:])
	lineText += string(rest[:skip])
	return Position{Line: line, Character: len(utf16.Encode([]rune(lineText)))}
}

// copyScenario copies a shipped scenario into a temporary directory.
func copyScenario(t testing.TB, rel string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(rel))
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "scenarios", rel))); err != nil {
		t.Fatal(err)
	}
	return dir
}

func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// applyEdits applies the edits of a workspace edit to one document's text
// (edits not overlapping, applied from the last).
func applyEdits(text string, edits []TextEdit) string {
	for i := len(edits) - 1; i >= 0; i-- {
		text = applyChange(text, TextDocumentContentChangeEvent{Range: &edits[i].Range, Text: edits[i].NewText})
	}
	return text
}

func withCode(ds []Diagnostic, code string) []Diagnostic {
	var out []Diagnostic
	for _, d := range ds {
		if d.Code == code {
			out = append(out, d)
		}
	}
	return out
}

func labels(l CompletionList) []string {
	var out []string
	for _, it := range l.Items {
		out = append(out, it.Label)
	}
	return out
}

func hasLabel(l CompletionList, want string) bool {
	for _, it := range l.Items {
		if it.Label == want {
			return true
		}
	}
	return false
}

// gameCase is one game's walk through the protocol on a shipped scenario.
type gameCase struct {
	game, scenario string
	setup          func(t testing.TB, dir string) // extra files in the copy
	// A typo: the first good in file becomes typo, reported with code at
	// the typo (the quotes included when quoted), fixed by a quick fix.
	file, good, typo, code string
	quoted                 bool
	// Hover on the key at the first keyAt of the entry (after skip runes).
	keyAt, keyWant string
	// Hover on the id at the first idAt of the entry, skip runes in.
	idAt    string
	idSkip  int
	idWants []string
	// Completion at the start of the line after the first header, of a
	// reference after the first refAt, of a ctx field in luaFile.
	header, headerWant string
	refAt, refWant     string
	refNot             string // an id of another kind
	luaFile, luaWant   string
	// Definition from the id at defAt (skip runes in) into defFile at the
	// line holding defLine, and from the hook reference at hookAt to hookFile.
	defAt, defFile, defLine string
	hookAt, hookFile        string
	// References of the id refsOf: every line of the entry holding it.
	refsOf string
}

var gameCases = []gameCase{{
	game: "mbg", scenario: "mbg/modded",
	file: "scenario.toml", good: `mayor = "蒯越"`, typo: `mayor = "蒯樾"`, code: "mbg-unknown-ref", quoted: true,
	keyAt: "scope", keyWant: "Size: sets maximum defence",
	idAt: `"蒯越"]`, idSkip: 1, idWants: []string{"officers", "hpmax", "hire_price"},
	header: "[[cities]]", headerWant: "garrison",
	refAt: `mayor = "`, refWant: "蒯越", refNot: "襄阳",
	luaFile: "tech/repeating_crossbow.lua", luaWant: "celve",
	defAt: `"弓箭"`, defFile: "standard.toml", defLine: `id = "弓箭"`,
	hookAt: `"tech/repeating_crossbow.lua"`, hookFile: "tech/repeating_crossbow.lua",
	refsOf: `"蒯越"`,
}, {
	game: "ftbt", scenario: "ftbt/skirmish",
	setup: func(t testing.TB, dir string) {
		heal, err := os.ReadFile(filepath.Join("..", "..", "scripts", "ftbt", "effect", "heal.lua"))
		if err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, "effect", "mine.lua"), string(heal))
		write(t, filepath.Join(dir, "scenario.toml"), read(t, filepath.Join(dir, "scenario.toml"))+
			"\n[[classes]]\nid = \"mine\"\nscript = \"effect/mine.lua\"\ntarget = \"cell\"\n")
	},
	file: "scenario.toml", good: `"火攻"]`, typo: `"火功"]`, code: "ftbt-unknown-ref", quoted: true,
	keyAt: "aoe =", keyWant: "",
	idAt: `"治疗",`, idSkip: 1, idWants: []string{"techs", "heal"},
	header: "[[people]]", headerWant: "techs",
	refAt: `techs = ["`, refWant: "直攻", refNot: "蓝·枪兵",
	luaFile: "effect/mine.lua", luaWant: "",
	defAt: `"直攻"`, defFile: "star.toml", defLine: `name = "直攻"`,
	hookAt: `"effect/mine.lua"`, hookFile: "effect/mine.lua",
}, {
	game: "glory", scenario: "glory/modded",
	file: "scenario.toml", good: `target = "enemy"`, typo: `target = "enemi"`, code: "schema-enum", quoted: true,
	keyAt: "hp =", keyWant: "Starting HP.",
	idAt: `"班长"`, idSkip: 1, idWants: []string{"heroes", "extreme"},
	header: "[[heroes]]", headerWant: "extreme",
	refAt: `target = "`, refWant: "enemy",
	luaFile: "skills/chalk.lua", luaWant: "",
	hookAt: `"skills/chalk.lua"`, hookFile: "skills/chalk.lua",
}, {
	game: "xghj", scenario: "xghj/hold_the_centre",
	file: "victory/hold_region.lua", good: "ctx.players - 1", typo: "ctx.playrs - 1", code: "lua-unknown-field",
	keyAt: "glyph =", keyWant: "",
	idAt: `"centre"`, idSkip: 1, idWants: []string{"regions", "glyph"},
	header: "[[regions]]", headerWant: "glyph",
	refAt: `set = "`, refWant: "rulebook",
	luaFile: "victory/hold_region.lua", luaWant: "players",
	hookAt: `"victory/hold_region.lua"`, hookFile: "victory/hold_region.lua",
}}

// TestProtocol walks each game through the protocol: a typo reported at
// its place with its code, its quick fix giving a clean file, hover on a
// key and an id, completion of a key, an id and a ctx field, and go to
// definition of an id and of a hook reference.
func TestProtocol(t *testing.T) {
	for _, gc := range gameCases {
		t.Run(gc.game, func(t *testing.T) {
			dir := copyScenario(t, gc.scenario)
			if gc.setup != nil {
				gc.setup(t, dir)
			}
			cl, srv := start(t)
			entry := filepath.Join(dir, "scenario.toml")
			entryText := read(t, entry)
			cl.open(entry, entryText)
			if ds := cl.published(entry); hasErrors(ds) {
				t.Fatalf("the shipped scenario has errors: %v", ds)
			}

			// A typo, reported where it is.
			file := filepath.Join(dir, gc.file)
			text := read(t, file)
			if file != entry {
				cl.open(file, text)
			}
			bad := strings.Replace(text, gc.good, gc.typo, 1)
			cl.change(file, bad, 2)
			got := withCode(cl.published(file), gc.code)
			if len(got) != 1 {
				t.Fatalf("diagnostics of %s = %v, want one %s", gc.file, cl.published(file), gc.code)
			}
			word := typoWord(gc.typo, gc.quoted)
			start := posOf(t, bad, gc.typo, len([]rune(gc.typo[:strings.Index(gc.typo, word)])))
			end := Position{Line: start.Line, Character: start.Character + len(utf16.Encode([]rune(word)))}
			if got[0].Range != (Range{Start: start, End: end}) {
				t.Errorf("range = %+v, want %+v", got[0].Range, Range{Start: start, End: end})
			}

			// The quick fix restores the name; the file is clean again.
			var actions []CodeAction
			cl.call("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uriOf(file)}, Range: got[0].Range}, &actions)
			var fix, ignore *CodeAction
			for i, a := range actions {
				switch {
				case strings.HasPrefix(a.Title, "Change to") && fix == nil:
					fix = &actions[i]
				case strings.HasPrefix(a.Title, "Ignore "+gc.code):
					ignore = &actions[i]
				}
			}
			if fix == nil || ignore == nil {
				t.Fatalf("code actions = %+v, want a fix and an ignore", actions)
			}
			fixed := applyEdits(bad, fix.Edit.Changes[uriOf(file)])
			if fixed != text {
				t.Errorf("the quick fix gives\n%s\nwant the original text", firstDiff(fixed, text))
			}
			ignored := applyEdits(bad, ignore.Edit.Changes[uriOf(file)])
			cl.change(file, ignored, 3)
			if ds := withCode(cl.published(file), gc.code); len(ds) != 0 {
				t.Errorf("lint:ignore did not silence %s: %v", gc.code, ds)
			}
			cl.change(file, fixed, 4)
			if ds := cl.published(file); hasErrors(ds) {
				t.Errorf("after the fix: %v", ds)
			}

			// Hover on a key: its schema description.
			var h *Hover
			cl.call("textDocument/hover", posAt(entry, posOf(t, entryText, gc.keyAt, 1)), &h)
			if h == nil || !strings.Contains(h.Contents.Value, gc.keyWant) || !strings.Contains(h.Contents.Value, strings.Fields(gc.keyAt)[0]) {
				t.Errorf("hover on %s = %+v", gc.keyAt, h)
			}
			// Hover on an id: its definition and derived values.
			h = nil
			cl.call("textDocument/hover", posAt(entry, posOf(t, entryText, gc.idAt, gc.idSkip)), &h)
			if h == nil {
				t.Errorf("no hover on %s", gc.idAt)
			} else {
				for _, w := range gc.idWants {
					if !strings.Contains(h.Contents.Value, w) {
						t.Errorf("hover on %s lacks %q:\n%s", gc.idAt, w, h.Contents.Value)
					}
				}
			}
			if gc.game == "mbg" {
				want := derivedOf(t, srv, entry, "蒯越", "hpmax")
				if h == nil || !strings.Contains(h.Contents.Value, `"hpmax": `+want) {
					t.Errorf("hover does not give the hpmax mapc inspect derives (%s)", want)
				}
			}

			// Completion: a key, an id (or enum value), a ctx field.
			var l CompletionList
			hp := posOf(t, entryText, gc.header, 0)
			cl.call("textDocument/completion", posAt(entry, Position{Line: hp.Line + 1}), &l)
			if !hasLabel(l, gc.headerWant) {
				t.Errorf("keys after %s = %v, want %s", gc.header, labels(l), gc.headerWant)
			}
			cl.call("textDocument/completion", posAt(entry, posOf(t, entryText, gc.refAt, len([]rune(gc.refAt)))), &l)
			if !hasLabel(l, gc.refWant) || gc.refNot != "" && hasLabel(l, gc.refNot) {
				t.Errorf("values after %s = %v, want %s and not %s", gc.refAt, labels(l), gc.refWant, gc.refNot)
			}
			lua := filepath.Join(dir, gc.luaFile)
			luaText := read(t, lua) + "\nlocal x = ctx."
			cl.open(lua, luaText)
			lines := strings.Split(luaText, "\n")
			cl.call("textDocument/completion", posAt(lua, Position{Line: len(lines) - 1, Character: len(lines[len(lines)-1])}), &l)
			if len(l.Items) == 0 || gc.luaWant != "" && !hasLabel(l, gc.luaWant) {
				t.Errorf("ctx fields = %v, want %q", labels(l), gc.luaWant)
			}
			for _, it := range l.Items {
				if it.Kind != CompletionField || it.Detail == "" {
					t.Errorf("ctx completion %+v is not a typed field", it)
				}
			}

			// Definitions: an id into an include, a hook reference to its script.
			if gc.defAt != "" {
				var locs []Location
				cl.call("textDocument/definition", posAt(entry, posOf(t, entryText, gc.defAt, 1)), &locs)
				if len(locs) != 1 || filepath.Base(pathOf(locs[0].URI)) != gc.defFile {
					t.Fatalf("definition of %s = %+v, want %s", gc.defAt, locs, gc.defFile)
				}
				target := read(t, pathOf(locs[0].URI))
				if want := posOf(t, target, gc.defLine, len([]rune(gc.defLine))-len([]rune(gc.defAt))); locs[0].Range.Start != want {
					t.Errorf("definition at %+v, want %+v", locs[0].Range.Start, want)
				}
			}
			var locs []Location
			if gc.refsOf != "" {
				cl.call("textDocument/references", posAt(entry, posOf(t, entryText, gc.refsOf, 1)), &locs)
				var got []int
				for _, l := range locs {
					if pathOf(l.URI) == entry {
						got = append(got, l.Range.Start.Line)
					}
				}
				var want []int
				for i, l := range strings.Split(entryText, "\n") {
					if strings.Contains(l, gc.refsOf) {
						want = append(want, i)
					}
				}
				if !slices.Equal(got, want) || len(locs) != len(want) {
					t.Errorf("references of %s on lines %v (%d in all), want %v", gc.refsOf, got, len(locs), want)
				}
			}
			cl.call("textDocument/definition", posAt(entry, posOf(t, entryText, gc.hookAt, 2)), &locs)
			if len(locs) != 1 || pathOf(locs[0].URI) != filepath.Join(dir, gc.hookFile) {
				t.Fatalf("definition of %s = %+v, want %s", gc.hookAt, locs, gc.hookFile)
			}
			hookLines := strings.Split(read(t, filepath.Join(dir, gc.hookFile)), "\n")
			if l := hookLines[locs[0].Range.Start.Line]; !strings.HasPrefix(l, "function ") {
				t.Errorf("definition of %s lands on %q, want the hook's function", gc.hookAt, l)
			}
		})
	}
}

func hasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == SeverityError {
			return true
		}
	}
	return false
}

// typoWord is the part of the typo a diagnostic points at: the quoted
// string with its quotes, or the identifier after "ctx.".
func typoWord(typo string, quoted bool) string {
	if quoted {
		i := strings.Index(typo, `"`)
		j := strings.Index(typo[i+1:], `"`)
		return typo[i : i+j+2]
	}
	w := strings.TrimPrefix(typo, "ctx.")
	return strings.Fields(w)[0]
}

func commonPrefix(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}

func firstDiff(a, b string) string {
	i := commonPrefix(a, b)
	lo := max(i-40, 0)
	return a[lo:min(len(a), i+40)]
}

// derivedOf returns what the game's inspector derives for an entity's key.
func derivedOf(t testing.TB, srv *Server, entry, id, key string) string {
	t.Helper()
	res := srv.c.Compile(entry, build.Options{})
	g, _ := srv.c.Game(res.Game)
	v, err := g.(build.Inspector).Inspect(res.Value)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(v)
	var doc struct {
		Officers []map[string]any `json:"officers"`
	}
	json.Unmarshal(data, &doc)
	for _, o := range doc.Officers {
		if o["name"] == id {
			b, _ := json.Marshal(o[key])
			return string(b)
		}
	}
	t.Fatalf("inspect has no officer %s", id)
	return ""
}
