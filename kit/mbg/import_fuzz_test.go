package mbg_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/mbg/legacy"
	"github.com/sandtable/sandtable/kit/source"
)

// checkImport is the round-trip property of the importer: whatever file
// (and file name) the legacy reader accepts, the TOML written has no syntax
// error, and every officer's name reads back as the file had it (or, when
// taken, with the importer's "#2" suffix).
func checkImport(t *testing.T, name string, data []byte, opts mbg.ImportOptions) {
	t.Helper()
	out, _ := mbg.Import(name, data, opts)
	if out == nil {
		return
	}
	src, ds := source.LoadBytes("scenario.toml", out, source.Options{})
	for _, d := range ds {
		if d.Code == source.CodeSyntax || src == nil {
			t.Fatalf("the importer wrote invalid TOML: %v\n%s", d, out)
		}
	}
	m, _ := legacy.Parse(name, data)
	offs, _ := src.Root["officers"].([]any)
	if len(offs) != len(m.Officers) {
		t.Fatalf("%d officers written, %d read", len(offs), len(m.Officers))
	}
	for i, o := range m.Officers {
		got, _ := offs[i].(map[string]any)["name"].(string)
		want := o.Name.V
		if !utf8.ValidString(want) {
			want = strings.ToValidUTF8(want, "\uFFFD")
		}
		if got != want && !strings.HasPrefix(got, want+"#") {
			t.Errorf("officer %d: name %q reads back as %q", i, want, got)
		}
	}
}

// TestImportHostileNames: names and file names with newlines, quotes,
// control characters and invalid UTF-8 reach the TOML only escaped (issue
// #11, failure 4: the file name went raw into a comment).
func TestImportHostileNames(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("legacy", "testdata", "oneline.map"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"a\nb = 1\n.map", "x\r\n[t]\ny.map", "q\"\\\x00\x7f.map", "\xff\xfe.map", "tab\tand space.map"} {
		checkImport(t, name, data, mbg.ImportOptions{})
		checkImport(t, name, data, mbg.ImportOptions{SchemaPath: "evil\nname = 1"})
	}
}

// FuzzImport: the round-trip property over arbitrary legacy files and file
// names.
func FuzzImport(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("legacy", "testdata", "*.map"))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(filepath.Base(p), data)
		}
	}
	f.Add("a\nb.map", []byte("x"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		checkImport(t, name, data, mbg.ImportOptions{})
	})
}
