package build

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/internal/jsongen"
)

func TestDetectGame(t *testing.T) {
	for in, want := range map[string]string{
		"#:schema ../../../schemas/mbg.scenario.schema.json\n":    "mbg",
		"# intro\n#:schema https://x/ftbt.scenario.schema.json\n": "ftbt",
		"#:schema mbg.config.schema.json\n":                       "",
		"name = 1\n":                                              "",
	} {
		if got := DetectGame([]byte(in)); got != want {
			t.Errorf("DetectGame(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWriteAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub", "out.json")
	if err := WriteAtomic(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "two" {
		t.Errorf("content = %q", b)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestWriteAtomicFailureLeavesNoTemp(t *testing.T) {
	dir := t.TempDir()
	// The target is a non-empty directory: the final rename must fail.
	path := filepath.Join(dir, "out.json")
	if err := os.MkdirAll(filepath.Join(path, "keep"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteAtomic(path, []byte("new")); err == nil {
		t.Fatal("rename over a non-empty directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "out.json" {
		t.Errorf("directory after a failed write: %v", entries)
	}
	if _, err := os.Stat(filepath.Join(path, "keep")); err != nil {
		t.Errorf("existing target damaged: %v", err)
	}
}

func TestMarshalDeterministic(t *testing.T) {
	v := map[string]any{"b": 1, "a": []any{"<&>", 2.5}, "c": map[string]float64{"z": 1, "y": 2}}
	first, err := Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		again, _ := Marshal(v)
		if string(again) != string(first) {
			t.Fatal("Marshal is not deterministic")
		}
	}
	want := "{\n  \"a\": [\n    \"<&>\",\n    2.5\n  ],\n  \"b\": 1,\n  \"c\": {\n    \"y\": 2,\n    \"z\": 1\n  }\n}\n"
	if string(first) != want {
		t.Errorf("Marshal = %s", first)
	}
}

func TestCatalogue(t *testing.T) {
	if err := CoreCatalogue().Validate(); err != nil {
		t.Fatal(err)
	}
}

// Marshal reuses its encoders: results stay independent and equal to a
// fresh encoder's, HTML characters unescaped, two-space indentation.
func TestMarshalReuse(t *testing.T) {
	type cfg struct {
		Name  string         `json:"name"`
		Props map[string]int `json:"props"`
	}
	a, err := Marshal(cfg{Name: "<甲&乙>", Props: map[string]int{"b": 2, "a": 1}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Marshal(cfg{Name: "x"})
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"name\": \"<甲&乙>\",\n  \"props\": {\n    \"a\": 1,\n    \"b\": 2\n  }\n}\n"
	if string(a) != want {
		t.Errorf("first = %q, want %q", a, want)
	}
	if string(b) != "{\n  \"name\": \"x\",\n  \"props\": null\n}\n" {
		t.Errorf("second = %q", b)
	}
	if _, err := Marshal(func() {}); err == nil {
		t.Error("a function marshalled")
	}
	if c, _ := Marshal(cfg{Name: "<甲&乙>", Props: map[string]int{"a": 1, "b": 2}}); string(c) != want {
		t.Errorf("after an error: %q", c)
	}
}

// Marshal's own indentation gives encoding/json's bytes (SetIndent("",
// "  "), HTML unescaped) on random documents with every kind of value and
// strings that need escaping.
func TestMarshalIsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		v := jsongen.Value(rng, 4)
		data, err := Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(data, want.Bytes()) {
			t.Fatalf("Marshal = %q, encoding/json %q", data, want.Bytes())
		}
	}
}
