package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/sandtable/sandtable/kit/cli"
)

// runIn runs mapc in-process in dir and returns the exit code and stderr.
func runIn(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
	return run(args, env), stderr.String()
}

const tinyScenario = `#:schema mbg.scenario.schema.json
include = ["builtin:mbg/standard.toml"]
board = ["许昌", "hall", "chance", "empty"]
officers = [{ name = "曹操", wu = 72, zhan = 99, mou = 92, zheng = 96, jing = 88 }]

[scenario]
name = "tiny"
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

// TestExitCodesOnStrangersInput: problems of a downloaded scenario are the
// user's input problems (exit 1), and a link to a scenarios directory is a
// scenarios directory (exit 0; it was a usage error, exit 2).
func TestExitCodesOnStrangersInput(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(dir, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("scens/mbg/ok/scenario.toml", tinyScenario)
	write("escape/scenario.toml", strings.Replace(tinyScenario, `"builtin:mbg/standard.toml"]`, `"builtin:mbg/standard.toml", "../../../../../../etc/passwd"]`, 1))
	write("deep/scenario.toml", tinyScenario+"x = "+strings.Repeat("{a=", 16000)+"1"+strings.Repeat("}", 16000)+"\n")
	if err := os.Symlink("scens", filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "fifo"), 0o755)
	fifo := syscall.Mkfifo(filepath.Join(dir, "fifo", "scenario.toml"), 0o644) == nil
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"check", "link"}, 0, ""},
		{[]string{"build", "link", "-o", "out"}, 0, "wrote out/mbg/tiny.json"},
		{[]string{"check", "escape"}, 1, "include-outside"},
		{[]string{"check", "deep"}, 1, "toml-too-deep"},
		{[]string{"check", "fifo"}, 1, "file-not-regular"},
	} {
		if tt.args[1] == "fifo" && !fifo {
			continue
		}
		code, stderr := runIn(t, dir, tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("mapc %v: exit %d, want %d with %q; stderr:\n%s", tt.args, code, tt.code, tt.want, stderr)
		}
	}
}

// TestConfigCrossReference: a hand-edited config whose cross-references the
// engine rejects is the user's input (exit 1) with the line and column of
// the value at fault (it was exit 2 without a position).
func TestConfigCrossReference(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "s"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "s", "scenario.toml"), []byte(tinyScenario), 0o644)
	if code, stderr := runIn(t, dir, "build", "s", "-o", "c.json"); code != 0 {
		t.Fatalf("build: %d\n%s", code, stderr)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "c.json"))
	bad := strings.Replace(string(data), `"mayor": -1`, `"mayor": 7`, 1)
	if bad == string(data) {
		t.Fatalf("no mayor in the config:\n%s", data)
	}
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte(bad), 0o644)
	line := 1 + strings.Count(bad[:strings.Index(bad, `"mayor": 7`)], "\n")
	for _, cmd := range []string{"sim", "inspect"} {
		code, stderr := runIn(t, dir, cmd, "bad.json", "-n", "1")
		if cmd == "inspect" {
			code, stderr = runIn(t, dir, cmd, "bad.json")
		}
		want := "bad.json:" + strconv.Itoa(line) + ":16"
		if code != 1 || !strings.Contains(stderr, "config-invalid-ref") || !strings.Contains(stderr, want) {
			t.Errorf("mapc %s: exit %d, want 1 with %s; stderr:\n%s", cmd, code, want, stderr)
		}
	}
}

// TestImportInputsRegularOnly: legacy inputs that are not regular files are
// refused at once instead of being read (a FIFO blocked, /dev/zero grew
// without bound).
func TestImportInputsRegularOnly(t *testing.T) {
	dir := t.TempDir()
	inputs := []string{"/dev/zero"}
	if syscall.Mkfifo(filepath.Join(dir, "pipe.map"), 0o644) == nil {
		inputs = append(inputs, "pipe.map")
	}
	for _, in := range inputs {
		code, stderr := runIn(t, dir, "import", "mbg", in, "-o", "out")
		if code == 0 || !strings.Contains(stderr, "not a regular file") {
			t.Errorf("import %s: exit %d; stderr:\n%s", in, code, stderr)
		}
	}
	code, stderr := runIn(t, dir, "import", "ftbt", "/dev/zero", "/dev/zero", "-o", "out")
	if code == 0 || !strings.Contains(stderr, "not a regular file") {
		t.Errorf("import ftbt: exit %d; stderr:\n%s", code, stderr)
	}
}

// TestConfigNotRegular: a config path naming a FIFO or a device is refused,
// and rendering its diagnostic does not read it either (it would block or
// never end).
func TestConfigNotRegular(t *testing.T) {
	dir := t.TempDir()
	paths := []string{"/dev/zero.json"} // missing: a plain error
	if syscall.Mkfifo(filepath.Join(dir, "pipe.json"), 0o644) == nil {
		paths = append(paths, "pipe.json")
	}
	for _, p := range paths {
		code, stderr := runIn(t, dir, "inspect", p)
		if code != 1 || !strings.Contains(stderr, "Cannot read config") {
			t.Errorf("inspect %s: exit %d; stderr:\n%s", p, code, stderr)
		}
	}
}
