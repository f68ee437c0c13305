package build_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/schema"
)

// TestOpen: a .json path is loaded as a compiled config, anything else
// compiled as a scenario; both reach the same config value.
func TestOpen(t *testing.T) {
	c := build.NewCompiler(mbg.Game{})
	scen := c.Open(filepath.Join("..", "..", "scenarios", "mbg", "sample"))
	if ds := scen.Encode(); scen.Config == nil {
		t.Fatalf("sample does not compile: %v %v", scen.Diags, ds)
	}
	file := filepath.Join(t.TempDir(), "sample.json")
	if err := os.WriteFile(file, scen.Config, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := c.Open(file)
	if cfg.Value == nil || !bytes.Equal(cfg.Config, scen.Config) || cfg.Game != "mbg" {
		t.Errorf("config %s: game %q, %v", file, cfg.Game, cfg.Diags)
	}
	// A config is validated when it is loaded: one its schema refuses
	// gives the schema's diagnostic at the file and no value.
	edited := bytes.Replace(scen.Config, []byte(`"version": 1,`), []byte(`"version": "1",`), 1)
	if err := os.WriteFile(file, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	cfg = c.Open(file)
	if cfg.Value != nil || len(cfg.Diags) != 1 || cfg.Diags[0].Code != schema.CodeConfigInvalid ||
		cfg.Diags[0].Subject == nil || cfg.Diags[0].Subject.File != file || !strings.Contains(cfg.Diags[0].Detail, "At /version: ") {
		t.Errorf("a config its schema refuses: %v", cfg.Diags)
	}
}
