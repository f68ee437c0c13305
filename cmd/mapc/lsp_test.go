package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sandtable/sandtable/kit/cli"
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

// TestLSPCommand runs mapc lsp on a stream holding a whole session
// (initialize, a scenario with a typo, shutdown, exit): it answers in LSP's
// framing, publishes the typo's diagnostic and exits with 0 when the
// client says exit. Extra arguments are a usage error.
func TestLSPCommand(t *testing.T) {
	scenario, err := filepath.Abs(filepath.Join("..", "..", "scenarios", "mbg", "sample", "scenario.toml"))
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(scenario)
	if err != nil {
		t.Fatal(err)
	}
	typo := strings.Replace(string(text), `mayor = "荀彧"`, `mayor = "荀或"`, 1)
	msgs := []map[string]any{
		{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{"capabilities": map[string]any{}}},
		{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}},
		{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{
			"uri": (&url.URL{Scheme: "file", Path: filepath.ToSlash(scenario)}).String(), "languageId": "toml", "version": 1, "text": typo}}},
		{"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
		{"jsonrpc": "2.0", "method": "exit"},
	}
	var in bytes.Buffer
	for _, m := range msgs {
		b, _ := json.Marshal(m)
		fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(b), b)
	}
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdin: &in, Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
	if code := run([]string{"lsp", "--stdio"}, env); code != 0 {
		t.Fatalf("mapc lsp exited with %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{`"hoverProvider":true`, `"method":"textDocument/publishDiagnostics"`, `"code":"mbg-unknown-ref"`, `"id":2,"result":null`} {
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %s:\n%s", want, out)
		}
	}
	if !strings.HasPrefix(out, "Content-Length: ") {
		t.Errorf("the output is not framed: %.80s", out)
	}
	if code := run([]string{"lsp", "extra"}, cli.Env{Stdin: &in, Stdout: &stdout, Stderr: &stderr}); code != 2 {
		t.Errorf("mapc lsp extra exited with %d, want 2", code)
	}
}
