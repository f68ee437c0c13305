package games_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/luadoc"
)

// TestLuaAPIReference keeps docs/lua-api.md in step with the registered
// games' hook kinds. Run with SANDTABLE_UPDATE=1 to regenerate it.
func TestLuaAPIReference(t *testing.T) {
	var b bytes.Buffer
	if err := luadoc.WriteAPIReference(&b, games.Kinds()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("..", "..", "docs", "lua-api.md")
	if os.Getenv("SANDTABLE_UPDATE") != "" {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	have, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (regenerate with SANDTABLE_UPDATE=1 go test ./kit/games -run TestLuaAPIReference)", err)
	}
	if !bytes.Equal(have, b.Bytes()) {
		t.Errorf("%s is stale; regenerate with SANDTABLE_UPDATE=1 go test ./kit/games -run TestLuaAPIReference", path)
	}
	for _, g := range games.All() {
		for _, k := range g.Kinds() {
			if !strings.HasPrefix(k.Name, g.Name()+".") {
				t.Errorf("game %s declares kind %s, outside its name space", g.Name(), k.Name)
			}
			if !strings.Contains(b.String(), "\n## "+k.Name+"\n") {
				t.Errorf("the reference lacks %s", k.Name)
			}
		}
	}
}
