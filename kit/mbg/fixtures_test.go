package mbg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/mbg"
)

// TestHooksFixtureFresh keeps engine/mbg/hooks/testdata/sanguo.json, the
// compiled sanguo scenario the engine's Lua tests run (engine/ never imports
// kit/, so it cannot compile it itself), equal to what mapc builds now.
// SANDTABLE_UPDATE=1 rewrites it.
func TestHooksFixtureFresh(t *testing.T) {
	t.Parallel()
	res := build.NewCompiler(mbg.Game{}).Compile(filepath.Join("..", "..", "scenarios", "mbg", "sanguo"), build.Options{})
	if res.Value == nil {
		t.Fatalf("sanguo does not build: %v", res.Diags)
	}
	if ds := res.Encode(); len(ds) > 0 {
		t.Fatal(ds)
	}
	fixture := filepath.Join("..", "..", "engine", "mbg", "hooks", "testdata", "sanguo.json")
	if os.Getenv("SANDTABLE_UPDATE") == "1" {
		if err := os.WriteFile(fixture, res.Config, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, res.Config) {
		t.Fatalf("%s is stale: run SANDTABLE_UPDATE=1 go test ./kit/mbg -run TestHooksFixtureFresh", fixture)
	}
}
