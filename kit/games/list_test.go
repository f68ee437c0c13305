package games_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/schemas"
	"github.com/sandtable/sandtable/scripts"
)

// TestOneListOfGames: the built-in scripts, the schemas and the shipped
// scenarios follow kit/games: scripts/ and scenarios/ have a folder for
// each game and no other, schemas/ the two schemas of each game and no
// other, so adding a game is its folders, its two schemas and one line in
// games.go.
func TestOneListOfGames(t *testing.T) {
	want := games.Names()
	slices.Sort(want)
	dirs := func(fsys fs.FS) []string {
		entries, err := fs.ReadDir(fsys, ".")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range entries {
			if e.IsDir() {
				out = append(out, e.Name())
			}
		}
		return out
	}
	if got := dirs(scripts.FS); !slices.Equal(got, want) {
		t.Errorf("scripts/ embeds the folders %v; the games are %v", got, want)
	}
	if got := dirs(os.DirFS(filepath.Join("..", "..", "scenarios"))); !slices.Equal(got, want) {
		t.Errorf("scenarios/ has the folders %v; the games are %v", got, want)
	}
	var names []string
	for _, g := range want {
		names = append(names, g+".config.schema.json", g+".scenario.schema.json")
	}
	slices.Sort(names)
	entries, err := fs.ReadDir(schemas.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".schema.json") {
			got = append(got, e.Name())
		}
	}
	if !slices.Equal(got, names) {
		t.Errorf("schemas/ embeds %v; the games' schemas are %v", got, names)
	}
}
