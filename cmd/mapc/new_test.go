package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
)

// TestNewEveryGame runs mapc new for every registered game with a
// template: the scenario checks with zero diagnostics, plays through
// mapc sim and passes its first tests. A game that adds a Templater is
// covered here without further work.
func TestNewEveryGame(t *testing.T) {
	env0 := withGames(cli.OSEnv())
	n := 0
	for _, g := range env0.GameList() {
		if _, ok := g.(build.Templater); !ok {
			continue
		}
		n++
		t.Run(g.Name(), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "fresh")
			for _, args := range [][]string{
				{"new", g.Name(), "fresh", "-o", dir},
				{"check", dir},
				{"sim", dir, "-n", "4", "--workers", "1"},
				{"test", dir},
			} {
				var stdout, stderr bytes.Buffer
				env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
				if code := run(args, env); code != 0 {
					t.Fatalf("mapc %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
				}
				if args[0] == "check" && stderr.Len() > 0 {
					t.Errorf("mapc check of a new scenario is not silent:\n%s", stderr.String())
				}
			}
		})
	}
	if n < 2 {
		t.Errorf("%d games have a template, want mbg and ftbt at least", n)
	}
}
