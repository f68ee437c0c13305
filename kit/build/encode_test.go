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

// encodeGame's config is {"n": n} from the scenario's n, and its compile
// reports an error for bad = true. The config schema bounds n, which the
// scenario schema does not.
type encodeGame struct{}

func (encodeGame) Name() string              { return "enc" }
func (encodeGame) Catalogue() diag.Catalogue { return diag.Catalogue{} }
func (encodeGame) Kinds() []*plugin.Kind     { return nil }
func (encodeGame) BuiltinFS() fs.FS          { return fstest.MapFS{} }
func (encodeGame) SchemaFS() fs.FS {
	return fstest.MapFS{
		"enc.scenario.schema.json": {Data: []byte(`{"type": "object"}`)},
		"enc.config.schema.json": {Data: []byte(`{"type": "object", "required": ["n"],
			"properties": {"n": {"type": "integer", "maximum": 10}}}`)},
	}
}

// panicky marshals with a panic.
type panicky struct{}

func (panicky) MarshalJSON() ([]byte, error) { panic("marshal") }

func (encodeGame) Compile(src *source.Source, opts Options) (any, diag.Diagnostics) {
	if src.Root["boom"] == true {
		panic("compile")
	}
	var cfg any
	switch n := src.Root["n"].(type) {
	case int64:
		cfg = map[string]any{"n": n}
	case string:
		cfg = panicky{}
	}
	if src.Root["bad"] == true {
		return cfg, diag.Diagnostics{{Severity: diag.Error, Code: "T001", Summary: "Bad"}}
	}
	return cfg, nil
}

// A compile keeps the config in memory; Encode gives the JSON mapc build
// writes once the config schema accepts it, and the schema's findings
// (config-invalid) otherwise. Errors of the compile throw the config away,
// and panics of the compile and of the encoding reach the caller.
func TestCompileThenEncode(t *testing.T) {
	for _, c := range []struct {
		text      string
		value     bool     // the compile keeps a config
		codes     []string // of the compile, then of Encode
		config    string   // what Encode gives
		panicWith any
	}{
		{text: "n = 3", value: true, config: `{"n":3}`},
		{text: "n = 30", value: true, codes: []string{"config-invalid"}}, // the config schema refuses it
		{text: "n = 30\nbad = true", codes: []string{"T001"}},            // the compile's error alone
		{text: "n = 3\nbad = true", codes: []string{"T001"}},             // no config despite a good one
		{text: "m = 3"}, // no config at all
		{text: "n = 3\nboom = true", panicWith: "compile"},     // a panic of the compile
		{text: "n = \"x\"", value: true, panicWith: "marshal"}, // a panic while encoding
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, source.EntryFile),
			[]byte("#:schema enc.scenario.schema.json\n"+c.text+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var res *Result
		var ds diag.Diagnostics
		got := func() (p any) {
			defer func() { p = recover() }()
			res = NewCompiler(encodeGame{}).Compile(dir, Options{})
			if (res.Value != nil) != c.value || res.Config != nil {
				t.Errorf("%q: compiled value %v, JSON %q; want a value: %v, no JSON", c.text, res.Value, res.Config, c.value)
			}
			ds = append(res.Diags, res.Encode()...)
			return nil
		}()
		if got != c.panicWith {
			t.Errorf("%q: panic %v, want %v", c.text, got, c.panicWith)
		}
		if c.panicWith != nil {
			continue
		}
		var codes []string
		for _, d := range ds {
			codes = append(codes, d.Code)
		}
		if len(codes) != len(c.codes) || (len(codes) > 0 && codes[0] != c.codes[0]) {
			t.Errorf("%q: diagnostics %v, want codes %v", c.text, ds, c.codes)
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
		if again := res.Encode(); len(again) != len(c.codes)-len(res.Diags) {
			t.Errorf("%q: Encode again: %v", c.text, again)
		}
	}
}
