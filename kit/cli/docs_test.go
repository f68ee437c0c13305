package cli_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/games"
)

// TestDiagnosticsReference fails when docs/diagnostics.md is not the
// reference generated from the catalogue. SANDTABLE_UPDATE=1 rewrites it.
func TestDiagnosticsReference(t *testing.T) {
	var buf bytes.Buffer
	if err := diag.WriteReference(&buf, cli.Env{Games: games.All()}.Catalogue()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "docs", "diagnostics.md")
	if os.Getenv("SANDTABLE_UPDATE") != "" {
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, buf.Bytes()) {
		t.Errorf("docs/diagnostics.md is stale; run SANDTABLE_UPDATE=1 go test ./kit/cli")
	}
}

func TestCatalogueComplete(t *testing.T) {
	cat := cli.Env{Games: games.All()}.Catalogue()
	if err := cat.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, info := range cat.Infos() {
		if info.Example == "" {
			t.Errorf("code %s has no example for the reference", info.Code)
		}
	}
}
