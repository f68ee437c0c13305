package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
)

// tinyMap is a small mbg legacy rules file (facts §3's layout) to import.
const tinyMap = `4 2 2 20000
1 0 0 0
2 0 0 0
1 1 0 0
5 0 0 0
2
甲 50 50 50 50 50
乙 60 60 60 60 60
2
城一 0 0 -1 -1 0 0 0 0
城二 1 0 -1 -1 0 0 0 0
1
主 0 0 1 0 0 5000 -1
0
0
`

// TestTaploAcceptsScenarios runs Taplo, the TOML engine of the editors the
// docs recommend, over every shipped scenario file with a #:schema line,
// every mapc new template and an import, the last two written outside the
// repository (where the schema is copied into the scenario's .sandtable/
// folder): a file mapc accepts must show no error in the editor.
// .ci/run installs Taplo (npm @taplo/cli).
func TestTaploAcceptsScenarios(t *testing.T) {
	taplo, err := exec.LookPath("taplo")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("taplo is not installed; .ci/run installs it with npm install -g @taplo/cli")
		}
		t.Skip("taplo is not installed (npm install -g @taplo/cli)")
	}
	var files []string
	err = filepath.WalkDir(filepath.Join("..", "..", "scenarios"), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err == nil && bytes.HasPrefix(data, []byte("#:schema ")) {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	shipped := len(files)
	if shipped < 10 {
		t.Fatalf("only %d shipped scenario files", shipped)
	}
	elsewhere := t.TempDir()
	mapc := func(args ...string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" }}
		if code := run(args, env); code != 0 {
			t.Fatalf("mapc %s: exit %d\n%s%s", strings.Join(args, " "), code, stdout.String(), stderr.String())
		}
	}
	for _, g := range withGames(cli.OSEnv()).GameList() {
		if _, ok := g.(build.Templater); !ok {
			continue
		}
		dir := filepath.Join(elsewhere, "new-"+g.Name())
		mapc("new", g.Name(), "fresh", "-o", dir)
		files = append(files, filepath.Join(dir, "scenario.toml"))
	}
	legacy := filepath.Join(elsewhere, "tiny.map")
	if err := os.WriteFile(legacy, []byte(tinyMap), 0o644); err != nil {
		t.Fatal(err)
	}
	imported := filepath.Join(elsewhere, "imported")
	mapc("import", "mbg", legacy, "-o", imported)
	files = append(files, filepath.Join(imported, "scenario.toml"))
	for _, f := range files[shipped:] {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		// The #:schema line must name a file that exists, or the editor
		// silently validates nothing.
		line, _, _ := strings.Cut(string(data), "\n")
		target := filepath.Join(filepath.Dir(f), strings.TrimPrefix(line, "#:schema "))
		if _, err := os.Stat(target); err != nil {
			t.Errorf("%s: #:schema names %s, which does not exist", f, target)
		}
	}

	cmd := exec.Command(taplo, append([]string{"lint", "--colors", "never", "--no-auto-config"}, files...)...)
	out, err := cmd.CombinedOutput()
	if err != nil || bytes.Contains(out, []byte("error:")) {
		t.Errorf("taplo lint over %d files: %v\n%s", len(files), err, out)
	}
	// Taplo really validates: a key no schema allows is an error.
	bad := filepath.Join(elsewhere, "new-mbg", "scenario.toml")
	data, err := os.ReadFile(bad)
	if err != nil {
		t.Fatal(err)
	}
	line, rest, _ := strings.Cut(string(data), "\n")
	if err := os.WriteFile(bad, []byte(line+"\nbogus_key = 1\n"+rest), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = exec.Command(taplo, "lint", "--colors", "never", "--no-auto-config", bad).CombinedOutput()
	if err == nil || !bytes.Contains(out, []byte("bogus_key")) {
		t.Errorf("taplo accepted an unknown key: %v\n%s", err, out)
	}
}
