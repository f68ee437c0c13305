package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestNeovim attaches Neovim's built-in LSP client (headless) to mapc lsp,
// opens a shipped scenario, types a typo and receives its diagnostic at
// the right place, then jumps from an id to its definition in a builtin
// include. .ci/run installs Neovim (apt-get install neovim).
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is not installed; .ci/run installs it with apt-get install neovim")
		}
		t.Skip("nvim is not installed (apt-get install neovim)")
	}
	mapc, err := exec.LookPath("mapc") // this test binary, installed by testscript.Main
	if err != nil {
		t.Fatal(err)
	}
	scenario, err := filepath.Abs(filepath.Join("..", "..", "scenarios", "mbg", "sample", "scenario.toml"))
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs(filepath.Join("testdata", "lsp", "e2e.lua"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	out := filepath.Join(tmp, "out.txt")
	// A hang guard, not a measurement.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-n", "-u", "NONE", "-i", "NONE", "-c", "luafile "+script)
	cmd.Dir = tmp
	cmd.Env = append(os.Environ(), "MAPC="+mapc, "SCENARIO="+scenario, "OUT="+out,
		`TYPO_FROM=mayor = "荀彧"`, `TYPO_TO=mayor = "荀或"`, `DEF="弓箭"`,
		"XDG_CACHE_HOME="+filepath.Join(tmp, "cache"), "XDG_STATE_HOME="+filepath.Join(tmp, "state"), "XDG_DATA_HOME="+filepath.Join(tmp, "data"))
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := os.ReadFile(scenario)
	lines := strings.Split(string(text), "\n")
	mayor := -1 // 0-based line of the typo
	for i, l := range lines {
		if strings.Contains(l, `mayor = "荀彧"`) {
			mayor = i
		}
	}
	// Neovim counts columns in bytes: `mayor = ` is 8 bytes, the quoted
	// name 2 + 2×3 bytes.
	want := "diag " + strconv.Itoa(mayor) + " 8 16 mbg-unknown-ref"
	got := string(data)
	if !strings.Contains(got, want+"\n") {
		t.Errorf("neovim saw:\n%s\nwant the line %q", got, want)
	}
	std, err := os.ReadFile(filepath.Join("..", "..", "scripts", "mbg", "standard.toml"))
	if err != nil {
		t.Fatal(err)
	}
	defLine := 0
	for i, l := range strings.Split(string(std), "\n") {
		if l == `id = "弓箭"` {
			defLine = i + 1
		}
	}
	wantJump := "jump " + filepath.Join(tmp, "cache", "sandtable", "builtin", "mbg", "standard.toml") + " " + strconv.Itoa(defLine) + " 5"
	if !strings.Contains(got, wantJump+"\n") {
		t.Errorf("neovim saw:\n%s\nwant the line %q", got, wantJump)
	}
}
