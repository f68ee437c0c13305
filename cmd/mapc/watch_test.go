package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
)

// syncBuffer is a bytes.Buffer safe for the watcher and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

const watchScenario = `#:schema ../../../schemas/mbg.scenario.schema.json
board = ["许昌", "hall", "chance", "empty"]
officers = [{ name = "曹操", wu = 72, zhan = 99, mou = 92, zheng = 96, jing = 88 }]

[scenario]
name = "w"
win_money = 9000

[[cities]]
name = "许昌"
scope = "small"

[[roles]]
name = "魏"
start = 0
retinue = ["曹操"]
money = 1000
`

// TestWatch drives file changes as editors make them (write, a half-written
// file, rename over, delete, recreate, the directory removed and made
// again) and reads the diagnostics mapc watch re-prints after each. It
// waits for the expected report with a generous deadline and never
// asserts on timing.
func TestWatch(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "w")
	file := filepath.Join(dir, "scenario.toml")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(file, watchScenario)
	var stdout, stderr syncBuffer
	env := withGames(cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }})
	svg := filepath.Join(root, "w.svg")
	o := watchOptions{paths: []string{dir}, debounce: 20 * time.Millisecond, render: svg, sim: 3}
	o.out.Format, o.out.Color = diag.FormatText, diag.ColorNever
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- watch(ctx, o, env, nil) }()
	defer func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("watch returned %v", err)
			}
		case <-time.After(30 * time.Second):
			t.Error("watch did not stop when cancelled")
		}
	}()

	// waitFor waits until the output after mark shows a finished check
	// containing want, and returns the new mark.
	mark := 0
	waitFor := func(step, want string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			out := stderr.String()[mark:]
			if i := strings.Index(out, want); i >= 0 {
				if j := strings.Index(out[i:], "done)\n"); j >= 0 {
					mark += i + j
					return
				}
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no report with %q; output since the last step:\n%s", step, want, out)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("start", "no problems")
	if !strings.Contains(stdout.String(), "3 games, seed 1") {
		t.Errorf("no sim after a clean check:\n%s", stdout.String())
	}
	if data, err := os.ReadFile(svg); err != nil || !bytes.Contains(data, []byte("许昌")) {
		t.Errorf("the map was not drawn: %v", err)
	}

	// An editor writes a half-finished file: the error is printed, the
	// watcher keeps going.
	write(file, watchScenario+"\n[[cities]]\nname = \"洛")
	waitFor("half-written", "error[toml-syntax]")

	// A save through a temporary file renamed over the scenario.
	tmp := filepath.Join(dir, ".scenario.toml.swp")
	write(tmp, watchScenario+"\n[[cities]]\nname = \"洛阳\"\nscope = \"huge\"\n")
	if err := os.Rename(tmp, file); err != nil {
		t.Fatal(err)
	}
	waitFor("rename over", "error[schema-enum]")

	// The file deleted, then recreated clean.
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	waitFor("delete", "error[scenario-missing]")
	write(file, watchScenario)
	waitFor("recreate", "no problems")

	// The whole directory removed and made again.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	waitFor("directory removed", "error[scenario-missing]")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write(file, strings.Replace(watchScenario, `"魏"`, `"蜀"`, 1)+"\n[[roles]]\nname = \"吴\"\nstart = 9\nmoney = 1\n")
	waitFor("directory recreated", "error[mbg-role-off-board]")
	// The new directory is watched: fixing the file clears the error.
	write(file, watchScenario)
	waitFor("edit in the recreated directory", "no problems")
}

// TestWatchSeveralNamesTables: with several scenarios, each sim table
// follows a line naming its scenario.
func TestWatchSeveralNamesTables(t *testing.T) {
	root := t.TempDir()
	var paths []string
	for _, name := range []string{"one", "two"} {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(watchScenario), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, dir)
	}
	var stdout, stderr syncBuffer
	env := withGames(cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }})
	o := watchOptions{paths: paths, sim: 2}
	o.out.Format, o.out.Color = diag.FormatText, diag.ColorNever
	recheck(o, env, 1, "start")
	out := stdout.String()
	one := strings.Index(out, "== "+filepath.ToSlash(paths[0])+" (mbg)\n")
	two := strings.Index(out, "== "+filepath.ToSlash(paths[1])+" (mbg)\n")
	if one < 0 || two < 0 || strings.Count(out, "2 games, seed 1") != 2 {
		t.Fatalf("tables are not named:\n%s", out)
	}
	if first := strings.Index(out, "2 games, seed 1"); !(one < first && first < two) {
		t.Errorf("the first table is not under the first name:\n%s", out)
	}
}

// TestWatchRenderEveryGame: watch --render draws a shipped scenario of
// every game.
func TestWatchRenderEveryGame(t *testing.T) {
	env0 := cli.OSEnv()
	c := env0.Compiler()
	for _, g := range env0.GameList() {
		t.Run(g.Name(), func(t *testing.T) {
			dirs, _ := filepath.Glob(filepath.Join("..", "..", "scenarios", g.Name(), "*"))
			if len(dirs) == 0 {
				t.Fatalf("no shipped %s scenario", g.Name())
			}
			r := c.Compile(dirs[0], build.Options{})
			var stderr syncBuffer
			env := cli.Env{Stdout: &syncBuffer{}, Stderr: &stderr, Getenv: func(string) string { return "" }}
			dest := filepath.Join(t.TempDir(), "map.svg")
			watchRender(env, g, r, dest)
			data, err := os.ReadFile(dest)
			if err != nil || !bytes.Contains(data, []byte("<svg")) {
				t.Errorf("%s: nothing drawn (%v): %s", dirs[0], err, stderr.String())
			}
		})
	}
}
