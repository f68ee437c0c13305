package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOverlay: an editor's unsaved text replaces the entry, an include and a
// script on disk, while the confinement and size rules still apply.
func TestOverlay(t *testing.T) {
	dir := t.TempDir()
	outside := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	entry := write("scenario.toml", "include = [\"inc.toml\"]\na = 1\n")
	inc := write("inc.toml", "b = 1\n")
	script := write("hook.lua", "-- disk\n")
	secret := filepath.Join(outside, "secret.toml")
	if err := os.WriteFile(secret, []byte("s = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	buffers := map[string]string{
		entry:  "include = [\"inc.toml\", \"" + filepath.ToSlash(mustRel(t, dir, secret)) + "\"]\na = 2\n",
		inc:    "b = 2\n",
		script: "-- buffer\n",
		secret: "s = 2\n",
	}
	over := func(abs string) ([]byte, bool) {
		b, ok := buffers[abs]
		return []byte(b), ok
	}
	s, ds := Load(dir, Options{Overlay: over})
	if s == nil {
		t.Fatalf("load failed: %v", ds)
	}
	if s.Root["a"] != int64(2) || s.Root["b"] != int64(2) {
		t.Errorf("the overlay was not read: a=%v b=%v", s.Root["a"], s.Root["b"])
	}
	if _, ok := s.Root["s"]; ok {
		t.Errorf("a buffer outside the root was merged")
	}
	if len(ds) != 1 || ds[0].Code != CodeIncludeOutside {
		t.Errorf("diagnostics = %v, want one %s", ds, CodeIncludeOutside)
	}
	b, err := s.Read(script)
	if err != nil || string(b) != "-- buffer\n" {
		t.Errorf("script = %q, %v; want the buffer", b, err)
	}

	buffers[inc] = strings.Repeat("#", 100)
	s, ds = Load(dir, Options{Overlay: over, Limits: Limits{MaxFileSize: 80}})
	found := false
	for _, d := range ds {
		found = found || d.Code == CodeTooLarge && d.Subject != nil && d.Subject.File == entry
	}
	if s == nil {
		t.Fatalf("the entry was refused: %v", ds)
	}
	if !found {
		t.Errorf("an oversized buffer was accepted: %v", ds)
	}
}

func mustRel(t *testing.T, base, target string) string {
	t.Helper()
	r, err := filepath.Rel(base, target)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
