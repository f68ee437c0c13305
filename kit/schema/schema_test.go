package schema_test

import (
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/schema"
)

// Every embedded schema compiles (on first use, from several goroutines at
// once); a schema that does not compile is reported by Validate as an
// internal error, every time it is asked for.
func TestSchemasCompileOnUse(t *testing.T) {
	set, err := schema.Load()
	if err != nil {
		t.Fatal(err)
	}
	names := set.Names()
	if len(names) < 8 {
		t.Fatalf("schemas: %v", names)
	}
	done := make(chan struct{})
	for range 3 {
		go func() {
			defer func() { done <- struct{}{} }()
			for _, n := range names {
				for _, d := range set.Validate(n, map[string]any{}, nil) {
					if d.Code == schema.CodeInternal {
						t.Errorf("%s: %v", n, d)
					}
				}
			}
		}()
	}
	for range 3 {
		<-done
	}
	broken, err := schema.LoadFS(fstest.MapFS{
		"ok.schema.json":  {Data: []byte(`{"type": "object"}`)},
		"bad.schema.json": {Data: []byte(`{"type": "objekt"}`)},
		"syn.schema.json": {Data: []byte(`{"type": `)},
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, n := range []string{"bad.schema.json", "syn.schema.json"} {
			if ds := broken.Validate(n, map[string]any{}, nil); len(ds) != 1 || ds[0].Code != schema.CodeInternal {
				t.Errorf("broken schema %s: %v", n, ds)
			}
		}
	}
	if ds := broken.Validate("ok.schema.json", "text", nil); len(ds) != 1 || ds[0].Code == schema.CodeInternal {
		t.Errorf("ok schema beside a broken one: %v", ds)
	}
	if ds := broken.Validate("none.schema.json", nil, nil); len(ds) != 1 || ds[0].Code != schema.CodeInternal {
		t.Errorf("unknown schema: %v", ds)
	}
}

// ValidateJSON reads the text as encoding/json does (escapes decoded, the
// last of a repeated member kept) and validates the document; text that is
// not JSON is one internal diagnostic.
func TestValidateJSON(t *testing.T) {
	const doc = `{
	  "$schema": "http://json-schema.org/draft-07/schema#",
	  "type": "object",
	  "required": ["a/b"],
	  "properties": {
	    "a/b": {"enum": ["x\"y", "中"]},
	    "n": {"type": "array", "items": {"type": "integer", "maximum": 3}, "uniqueItems": true}
	  },
	  "additionalProperties": false
	}`
	set, err := schema.LoadFS(fstest.MapFS{"t.schema.json": {Data: []byte(doc)}})
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]int{
		`{"a/b": "x\"y"}`:                    0,
		`{"a\/b": "\u4e2d", "n": [1, 2, 3]}`: 0,
		`{"a/b": "\u4e2d\u4e2d"}`:            1,
		`{"n": [1]}`:                         1, // a/b missing
		`{"a/b": "中", "n": [1, 1]}`:          1, // not unique
		`{"a/b": "中", "n": [1.5]}`:           1,
		`{"a/b": "中", "n": [4]}`:             1,
		`{"a/b": "中", "m": 1}`:               1,
		`{"a/b": "中", "a/b": "no"}`:          1, // the last value is wrong
		`{"a/b": "no", "a/b": "中"}`:          0,
	} {
		if ds := set.ValidateJSON("t.schema.json", []byte(text)); len(ds) != want {
			t.Errorf("%s: %v, want %d diagnostics", text, ds, want)
		} else if want > 0 && ds[0].Code == schema.CodeInternal {
			t.Errorf("%s: %v, want a validation error", text, ds)
		}
	}
	for _, text := range []string{`{"a/b": `, `{"a/b": "中"} x`, `{"a/b": "中",}`} {
		if ds := set.ValidateJSON("t.schema.json", []byte(text)); len(ds) != 1 || ds[0].Code != schema.CodeInternal {
			t.Errorf("%s is not JSON: %v, want one %s", text, ds, schema.CodeInternal)
		}
	}
}

// BenchmarkValidateConfig: checking sanguo's compiled config from its text,
// as mapc build does before writing it.
func BenchmarkValidateConfig(b *testing.B) {
	set, err := schema.Load()
	if err != nil {
		b.Fatal(err)
	}
	res := build.NewCompiler(games.All()...).Compile("../../scenarios/mbg/sanguo", build.Options{})
	if ds := res.Encode(); res.Config == nil {
		b.Fatal(res.Diags, ds)
	}
	b.ReportAllocs()
	for b.Loop() {
		if ds := set.ValidateJSON("mbg.config.schema.json", res.Config); len(ds) > 0 {
			b.Fatal(ds)
		}
	}
}
