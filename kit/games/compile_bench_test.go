package games_test

import (
	"path/filepath"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
)

// BenchmarkCompileShipped compiles every shipped scenario of every game
// (mapc check's work for one scenario): the fixed cost a check on save
// pays, per game.
func BenchmarkCompileShipped(b *testing.B) {
	c := build.NewCompiler(games.All()...)
	dirs, err := filepath.Glob("../../scenarios/*/*")
	if err != nil || len(dirs) == 0 {
		b.Fatalf("no scenarios: %v", err)
	}
	for _, dir := range dirs {
		b.Run(filepath.Base(filepath.Dir(dir))+"/"+filepath.Base(dir), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if res := c.Compile(dir, build.Options{}); res.Value == nil {
					b.Fatal(res.Diags)
				}
			}
		})
	}
}
