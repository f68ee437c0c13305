package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/games"
)

// TestLoopOptional registers the toy game, which implements none of the
// author's loop interfaces (Templater, Renderer, Player, AIExplainer): it
// still checks and simulates, and each command of the loop says it does
// not support the game yet instead of failing obscurely. This is the state
// of a game (xghj, glory) before it joins the loop.
func TestLoopOptional(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("scenario.toml", "#:schema toy.scenario.schema.json\n[scenario]\nname = \"duel\"\ntarget = 12\nscript = \"score.lua\"\n")
	write("score.lua", "function score(ctx)\n  return ctx.pick * 2\nend\n")
	write("tests/t.toml", "[[test]]\nname = \"any\"\nseed = 1\n")
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" },
		Games: append(games.All(), toyGameKit{})}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", dir}, 0, ""},
		{[]string{"sim", dir, "-n", "4"}, 0, ""},
		{[]string{"new", "toy", "x", "-o", filepath.Join(dir, "new")}, 2, `no template for game "toy" (games: mbg, ftbt, xghj, glory)`},
		{[]string{"render", dir}, 2, "toy scenarios cannot be drawn yet"},
		{[]string{"test", dir, "--color=never"}, 1, "The toy engine cannot play recorded games yet."},
		{[]string{"inspect", "--ai", dir}, 2, "the toy AI cannot explain itself yet"},
	} {
		stdout.Reset()
		stderr.Reset()
		code := run(c.args, env)
		if code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("mapc %s: exit %d (want %d), stderr:\n%s\nwant %q", strings.Join(c.args, " "), code, c.code, stderr.String(), c.want)
		}
	}
}
