package lsp

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
)

// FuzzEdit types arbitrary text into a scenario and asks for everything at
// an arbitrary position: nothing may panic.
func FuzzEdit(f *testing.F) {
	dir := copyScenario(f, "mbg/modded")
	entry := filepath.Join(dir, "scenario.toml")
	f.Add(read(f, entry), 60, 10, 60, 12)
	f.Add("[[cities]]\nname = \"关\nmayor = \"𠀀\"\n", 1, 9, 2, 0)
	f.Add("include = [\"../../x.toml\", 3]\n[a.b\n", 0, 13, 9, 99)
	srv := NewServer(build.NewCompiler(games.All()...))
	srv.cache = f.TempDir()
	f.Fuzz(func(t *testing.T, text string, line, char, eline, echar int) {
		text = validUTF8(text)
		srv.docs[entry] = &document{text: text}
		srv.changed(context.Background(), entry)
		pos := Position{Line: line, Character: char}
		srv.hover(entry, pos)
		srv.complete(entry, pos)
		srv.definition(entry, pos)
		srv.references(entry, pos)
		srv.codeActions(entry, Range{Start: pos, End: Position{Line: eline, Character: echar}})
		srv.symbols(entry)
		applyChange(text, TextDocumentContentChangeEvent{Range: &Range{Start: pos, End: Position{Line: eline, Character: echar}}, Text: "x"})
	})
}
