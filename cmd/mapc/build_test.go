package main

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// buggyGame compiles a config its own config schema refuses (n above 10),
// as a bug of a game's compile would.
type buggyGame struct{}

func (buggyGame) Name() string              { return "buggy" }
func (buggyGame) Catalogue() diag.Catalogue { return diag.Catalogue{} }
func (buggyGame) Kinds() []*plugin.Kind     { return nil }
func (buggyGame) BuiltinFS() fs.FS          { return fstest.MapFS{} }
func (buggyGame) SchemaFS() fs.FS {
	return fstest.MapFS{
		"buggy.scenario.schema.json": {Data: []byte(`{"type": "object"}`)},
		"buggy.config.schema.json":   {Data: []byte(`{"type": "object", "properties": {"n": {"type": "integer", "maximum": 10}}}`)},
	}
}
func (buggyGame) Compile(*source.Source, build.Options) (any, diag.Diagnostics) {
	return map[string]int{"n": 30}, nil
}

// mapc build validates each config before writing it and writes nothing
// when one fails; mapc check uses the compiled config as it is, without
// encoding it.
func TestBuildValidatesConfig(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, source.EntryFile), []byte("#:schema buggy.scenario.schema.json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }, Games: []build.Game{buggyGame{}}}
	if code := run([]string{"check", dir}, env); code != 0 {
		t.Errorf("check exit %d:\n%s", code, stderr.String())
	}
	out := filepath.Join(dir, "out.json")
	stderr.Reset()
	if code := run([]string{"build", dir, "-o", out, "--color=never"}, env); code != 1 ||
		!strings.Contains(stderr.String(), "config-invalid") || !strings.Contains(stderr.String(), "At /n: n must be at most 10; it is 30.") {
		t.Errorf("build exit %d:\n%s", code, stderr.String())
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a config its schema refuses was written (%v)", err)
	}
}
