package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/kit/cli"
)

// runOut runs mapc in-process and returns the exit code, stdout and stderr.
func runOut(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
	code := run(args, env)
	return code, stdout.String(), stderr.String()
}

// burnCPU keeps n goroutines spinning until the returned stop is called:
// the machine saturated, as on a loaded build server.
func burnCPU(n int) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(1)
			for {
				select {
				case <-done:
					return
				default:
				}
				for range 1 << 16 {
					x = x*6364136223846793005 + 1442695040888963407
				}
			}
		}()
	}
	return func() { close(done); wg.Wait() }
}

// TestSimIndependentOfLoad: a batch gives byte-identical output with the
// machine idle and saturated by CPU burners, both a clean batch (its JSON
// report) and one whose mod exhausts its instruction budget in some game
// (the same game fails at the same line, with the same diagnostic and exit
// status 1). Results depend only on the inputs: no limit is timed.
func TestSimIndependentOfLoad(t *testing.T) {
	skirmish, err := filepath.Abs("../../scenarios/ftbt/skirmish")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../scripts/ftbt/effect/damage.lua")
	if err != nil {
		t.Fatal(err)
	}
	// Damage that, now and then (by the game's seeded stream), loops until
	// its instruction budget runs out.
	loop := strings.Replace(string(src), "function apply(ctx)\n",
		"function apply(ctx)\n\tif math.random() < 0.02 then\n\t\tlocal n = 0\n\t\twhile true do n = n + 1 end\n\tend\n", 1)
	if loop == string(src) {
		t.Fatal("damage.lua has no apply function to patch")
	}
	mod := filepath.Join(t.TempDir(), "loopmod")
	if err := os.MkdirAll(filepath.Join(mod, "ftbt", "effect"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(mod, "ftbt", "effect", "damage.lua"), []byte(loop), 0o644); err != nil {
		t.Fatal(err)
	}
	batches := [][]string{
		{"sim", skirmish, "-n", "6", "--seed", "3", "--workers", "2", "--format", "json"},
		{"sim", skirmish, "-n", "40", "--seed", "1", "--workers", "2", "--mods", mod},
		{"sim", skirmish, "-n", "40", "--seed", "1", "--workers", "2", "--mods", mod, "--format", "json"},
	}
	type result struct {
		code           int
		stdout, stderr string
	}
	play := func() []result {
		var rs []result
		for _, b := range batches {
			code, out, errOut := runOut(b...)
			rs = append(rs, result{code, out, errOut})
		}
		return rs
	}
	idle := play()
	if idle[0].code != 0 || !strings.Contains(idle[0].stdout, `"games": 6`) {
		t.Fatalf("clean batch: exit %d\n%s%s", idle[0].code, idle[0].stdout, idle[0].stderr)
	}
	for _, r := range idle[1:] {
		if r.code != 1 || !strings.Contains(r.stdout+r.stderr, "lua-runtime") ||
			!strings.Contains(r.stdout+r.stderr, "nstruction limit exceeded") || !strings.Contains(r.stdout+r.stderr, "--game ") {
			t.Fatalf("budget-exhausting batch: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
	}
	stop := burnCPU(4 * runtime.GOMAXPROCS(0))
	loaded := play()
	stop()
	for i := range batches {
		if loaded[i] != idle[i] {
			t.Errorf("%v differs under load:\nidle: exit %d\n%s%s\nloaded: exit %d\n%s%s", batches[i],
				idle[i].code, idle[i].stdout, idle[i].stderr, loaded[i].code, loaded[i].stdout, loaded[i].stderr)
		}
	}
}

// TestCommandNamesUnique: a subcommand a game brings (cli.Commander) takes
// no name mapc or an earlier game already uses, and xghj's are listed.
func TestCommandNamesUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range commands(withGames(cli.Env{})) {
		if seen[c.name] {
			t.Errorf("two commands are named %q", c.name)
		}
		seen[c.name] = true
	}
	for _, name := range []string{"build", "replay", "tournament", "series"} {
		if !seen[name] {
			t.Errorf("no command %q", name)
		}
	}
}
