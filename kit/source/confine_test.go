package source

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/kit/diag"
)

// loadCodes loads the scenario in dir and returns its diagnostics by code.
func loadCodes(t *testing.T, dir string, opts Options) (*Source, map[string]diag.Diagnostic) {
	t.Helper()
	s, ds := Load(dir, opts)
	m := map[string]diag.Diagnostic{}
	for _, d := range ds {
		m[d.Code] = d
	}
	return s, m
}

// noContent fails when any loaded file other than the allowed ones is
// available for excerpts, or any diagnostic quotes secret.
func noContent(t *testing.T, s *Source, ds map[string]diag.Diagnostic, secret string) {
	t.Helper()
	for _, d := range ds {
		if strings.Contains(d.Detail, secret) || strings.Contains(d.Summary, secret) {
			t.Errorf("diagnostic quotes the outside file: %v", d)
		}
	}
	if s == nil {
		return
	}
	for _, f := range s.Files() {
		if b, _ := s.Content(f); strings.Contains(string(b), secret) {
			t.Errorf("content of %s (outside the root) is available for excerpts", f)
		}
	}
}

// TestIncludeEscapes: includes that leave the scenario's tree through "..",
// absolute paths or symbolic links are errors at the include, and nothing of
// the outside file is read (issue #11, failure 1).
func TestIncludeEscapes(t *testing.T) {
	outside := t.TempDir()
	secret := "root:x:0:0:secret-line"
	if err := os.WriteFile(filepath.Join(outside, "passwd"), []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dots := strings.Repeat("../", 12)
	cases := map[string]string{
		"dotdot":   `include = ["` + dots + filepath.ToSlash(outside)[1:] + `/passwd"]`,
		"absolute": `include = ["` + filepath.ToSlash(filepath.Join(outside, "passwd")) + `"]`,
		"environ":  `include = ["/proc/self/environ"]`,
		"symlink":  `include = ["link.toml"]`,
		"dirlink":  `include = ["sub/passwd"]`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"scenario.toml": body + "\nname = \"x\"\n"})
			if err := os.Symlink(filepath.Join(outside, "passwd"), filepath.Join(dir, "link.toml")); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(outside, filepath.Join(dir, "sub")); err != nil {
				t.Fatal(err)
			}
			s, ds := loadCodes(t, dir, Options{})
			d, ok := ds[CodeIncludeOutside]
			if !ok || len(ds) != 1 {
				t.Fatalf("diagnostics = %v, want one %s", ds, CodeIncludeOutside)
			}
			if got := at(d.Subject); !strings.HasPrefix(got, "scenario.toml:1:12-") {
				t.Errorf("subject at %s, want the include string", got)
			}
			noContent(t, s, ds, "secret-line")
		})
	}
}

// TestIncludeSpecialFiles: devices, FIFOs and directories are refused before
// they are opened, and files over the size limit are refused, so nothing
// blocks or grows without bound.
func TestIncludeSpecialFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"scenario.toml": "include = [\"zero.toml\", \"fifo.toml\", \"big.toml\", \"d\"]\n",
		"big.toml":      strings.Repeat("# padding\n", 200),
		"d/x.toml":      "",
	})
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.toml")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.toml"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	_, ds := Load(dir, Options{Limits: Limits{MaxFileSize: 1000}})
	want := []string{
		CodeIncludeOutside + "@1:12", // /dev/zero through a link: outside
		CodeNotRegular + "@1:25",
		CodeTooLarge + "@1:38",
		CodeNotRegular + "@1:50",
	}
	var got []string
	for _, d := range diag.Normalize(ds) {
		got = append(got, d.Code+"@"+itoa(d.Subject.Start.Line)+":"+itoa(d.Subject.Start.Column))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("diagnostics = %v, want %v", got, want)
	}
}

// TestEntryFIFO: a FIFO named scenario.toml is reported, not opened (it
// would block forever).
func TestEntryFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, EntryFile), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	s, ds := Load(dir, Options{})
	if s != nil || len(ds) != 1 || ds[0].Code != CodeNotRegular {
		t.Fatalf("got %v", ds)
	}
}

// TestRootMarker: a marker file widens the tree to a shared directory of
// includes, and only up to the marker.
func TestRootMarker(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"secret.toml":                 "password = \"hunter2\"\n",
		"proj/" + RootMarker:          "",
		"proj/common/a.toml":          "shared = 1\n",
		"proj/ch1/scenario.toml":      "include = [\"../common/a.toml\"]\n",
		"proj/ch2/scenario.toml":      "include = [\"../../secret.toml\"]\n",
		"proj/ch3/scenario.toml":      "include = [\"../common/../ch3/own.toml\"]\n",
		"proj/ch3/own.toml":           "own = 1\n",
		"proj/ch4/deep/scenario.toml": "include = [\"../../common/a.toml\"]\n",
	})
	for _, ch := range []string{"ch1", "ch3", "ch4/deep"} {
		if s, ds := Load(filepath.Join(dir, "proj", ch), Options{}); len(ds) != 0 || s == nil {
			t.Errorf("%s: %v", ch, ds)
		}
	}
	s, ds := loadCodes(t, filepath.Join(dir, "proj", "ch2"), Options{})
	if _, ok := ds[CodeIncludeOutside]; !ok || len(ds) != 1 {
		t.Errorf("ch2: %v", ds)
	}
	noContent(t, s, ds, "hunter2")
}

// TestScriptConfinement: scripts read through Source.Read follow the same
// rules as includes.
func TestScriptConfinement(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "evil.lua"), []byte("-- secret"), 0o644)
	dir := writeFiles(t, map[string]string{"scenario.toml": "", "ok.lua": "return 1"})
	s, ds := Load(dir, Options{})
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	entry := filepath.Join(dir, EntryFile)
	if _, err := s.Read(Join(entry, "ok.lua")); err != nil {
		t.Errorf("ok.lua: %v", err)
	}
	for _, rel := range []string{filepath.Join(outside, "evil.lua"), "../" + filepath.Base(outside) + "/evil.lua"} {
		_, err := s.Read(Join(entry, rel))
		if ErrorCode(err) != CodeIncludeOutside {
			t.Errorf("%s: err = %v, want %s", rel, err, CodeIncludeOutside)
		}
	}
}

// TestBuiltinEscape: a builtin path cannot climb out of the builtin tree.
func TestBuiltinEscape(t *testing.T) {
	fsys := fstest.MapFS{"mbg/a.toml": {Data: []byte("include = [\"../../x.toml\"]\n")}}
	_, ds := LoadBytes("scenario.toml", []byte("include = [\"builtin:mbg/a.toml\", \"builtin:../y.toml\"]\n"), Options{Builtin: fsys})
	n := 0
	for _, d := range ds {
		if d.Code == CodeIncludeOutside {
			n++
		}
	}
	if n != 2 {
		t.Errorf("diagnostics = %v, want two %s", ds, CodeIncludeOutside)
	}
}

// TestReadRegular covers the helper other packages use for legacy inputs.
func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	os.WriteFile(p, []byte("12345"), 0o644)
	if b, err := ReadRegular(p, 5); err != nil || string(b) != "12345" {
		t.Errorf("ReadRegular = %q, %v", b, err)
	}
	if _, err := ReadRegular(p, 4); ErrorCode(err) != CodeTooLarge {
		t.Errorf("over the limit: %v", err)
	}
	if _, err := ReadRegular(dir, 4); ErrorCode(err) != CodeNotRegular {
		t.Errorf("directory: %v", err)
	}
	if _, err := ReadRegular("/dev/zero", 1<<20); ErrorCode(err) != CodeNotRegular {
		t.Errorf("/dev/zero: %v", err)
	}
}

// TestDirFS: mod directories are read with the include rules.
func TestDirFS(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "evil.lua"), []byte("-- secret"), 0o644)
	dir := writeFiles(t, map[string]string{"tech/ok.lua": "return 1", "big.lua": strings.Repeat("-", 100)})
	os.Symlink(filepath.Join(outside, "evil.lua"), filepath.Join(dir, "tech", "link.lua"))
	fifo := syscall.Mkfifo(filepath.Join(dir, "tech", "fifo.lua"), 0o644) == nil
	fsys, err := DirFS(dir, 50)
	if err != nil {
		t.Fatal(err)
	}
	if b, err := fs.ReadFile(fsys, "tech/ok.lua"); err != nil || string(b) != "return 1" {
		t.Errorf("ok.lua: %q %v", b, err)
	}
	for name, code := range map[string]string{"tech/link.lua": CodeIncludeOutside, "big.lua": CodeTooLarge, "tech/fifo.lua": CodeNotRegular} {
		if name == "tech/fifo.lua" && !fifo {
			continue
		}
		_, err := fs.ReadFile(fsys, name)
		if ErrorCode(err) != code {
			t.Errorf("%s: %v, want %s", name, err, code)
		}
	}
	if _, err := fs.ReadFile(fsys, "../x"); err == nil {
		t.Error("../x opened")
	}
	var seen []string
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		seen = append(seen, p)
		return nil
	})
	if len(seen) < 4 {
		t.Errorf("walk = %v", seen)
	}
}

// TestEntryLinkOutside: a scenario.toml that is a symbolic link out of its
// directory is refused; one that stays inside is read.
func TestEntryLinkOutside(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "passwd"), []byte("root:x:0:0 secret-line\n"), 0o644)
	dir := writeFiles(t, map[string]string{"real.toml": "name = \"x\"\n"})
	os.Symlink(filepath.Join(outside, "passwd"), filepath.Join(dir, EntryFile))
	s, ds := Load(dir, Options{})
	if s != nil || len(ds) != 1 || ds[0].Code != CodeIncludeOutside {
		t.Fatalf("got %v", ds)
	}
	noContent(t, s, map[string]diag.Diagnostic{"": ds[0]}, "secret-line")
	os.Remove(filepath.Join(dir, EntryFile))
	os.Symlink("real.toml", filepath.Join(dir, EntryFile))
	if s, ds := Load(dir, Options{}); s == nil || len(ds) != 0 {
		t.Fatalf("inside link: %v", ds)
	}
}

// TestOptionsRoot: an explicit root is exactly the tree read from.
func TestOptionsRoot(t *testing.T) {
	dir := writeFiles(t, map[string]string{RootMarker: "", "common.toml": "a = 1\n", "s/b.toml": "b = 1\n"})
	entry := filepath.Join(dir, "s", "x.toml")
	if _, ds := LoadBytes(entry, []byte("include = [\"../common.toml\"]\n"), Options{}); len(ds) != 0 {
		t.Errorf("marker root: %v", ds)
	}
	_, ds := LoadBytes(entry, []byte("include = [\"../common.toml\", \"b.toml\"]\n"), Options{Root: filepath.Join(dir, "s")})
	if len(ds) != 1 || ds[0].Code != CodeIncludeOutside {
		t.Errorf("explicit root: %v", ds)
	}
}
