package build

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// stageGame is a Stager: its config is {"n": n} from the scenario's n, and
// its checks report an error for bad = true. The config schema bounds n.
type stageGame struct{ checked *bool }

func (stageGame) Name() string              { return "stage" }
func (stageGame) Catalogue() diag.Catalogue { return diag.Catalogue{} }
func (stageGame) Kinds() []*plugin.Kind     { return nil }
func (stageGame) BuiltinFS() fs.FS          { return fstest.MapFS{} }
func (stageGame) SchemaFS() fs.FS {
	return fstest.MapFS{
		"stage.scenario.schema.json": {Data: []byte(`{"type": "object"}`)},
		"stage.config.schema.json": {Data: []byte(`{"type": "object", "required": ["n"],
			"properties": {"n": {"type": "integer", "maximum": 10}}}`)},
	}
}

func (g stageGame) Compile(src *source.Source, opts Options) (any, diag.Diagnostics) {
	return Staged(g, src, opts)
}

// panicky marshals with a panic.
type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("marshal") }

func (g stageGame) Stage(src *source.Source, opts Options) (any, func() diag.Diagnostics) {
	var cfg any
	switch n := src.Root["n"].(type) {
	case int64:
		cfg = map[string]any{"n": n}
	case string:
		cfg = panicky{}
	}
	return cfg, func() diag.Diagnostics {
		*g.checked = true
		if src.Root["boom"] == true {
			panic("checks")
		}
		if src.Root["bad"] == true {
			return diag.Diagnostics{{Severity: diag.Error, Code: "T001", Summary: "Bad"}}
		}
		return nil
	}
}

// A Stager's config is encoded and validated beside its checks; the result
// is what the same steps one after the other give, errors of the checks
// throw the config away, and panics on either side reach the caller.
func TestStagedCompile(t *testing.T) {
	for _, c := range []struct {
		text      string
		config    string
		codes     []string
		panicWith any
	}{
		{text: "n = 3", config: `{"n":3}`},
		{text: "n = 30", codes: []string{"config-invalid"}},   // the config schema refuses it
		{text: "n = 30\nbad = true", codes: []string{"T001"}}, // the checks' error alone
		{text: "n = 3\nbad = true", codes: []string{"T001"}},  // no config despite a good one
		{text: "m = 3"}, // no config at all
		{text: "n = 3\nboom = true", panicWith: "checks"}, // a panic of the checks
		{text: "n = \"x\"", panicWith: "marshal"},         // a panic while encoding
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, source.EntryFile),
			[]byte("#:schema stage.scenario.schema.json\n"+c.text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		checked := false
		var res *Result
		got := func() (p any) {
			defer func() { p = recover() }()
			res = NewCompiler(stageGame{&checked}).Compile(dir, Options{})
			return nil
		}()
		if got != c.panicWith {
			t.Errorf("%q: panic %v, want %v", c.text, got, c.panicWith)
		}
		if c.panicWith != nil {
			continue
		}
		if !checked {
			t.Errorf("%q: the checks did not run", c.text)
		}
		var codes []string
		for _, d := range res.Diags {
			codes = append(codes, d.Code)
		}
		if len(codes) != len(c.codes) || (len(codes) > 0 && codes[0] != c.codes[0]) {
			t.Errorf("%q: diagnostics %v, want codes %v", c.text, res.Diags, c.codes)
		}
		var compact string
		if res.Config != nil {
			var v any
			if err := json.Unmarshal(res.Config, &v); err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(v)
			compact = string(b)
		}
		if compact != c.config {
			t.Errorf("%q: config %s, want %s", c.text, compact, c.config)
		}
	}
}
