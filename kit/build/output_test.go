package build

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree returns every file below dir with its content.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			r, _ := filepath.Rel(dir, p)
			out[filepath.ToSlash(r)] = string(b)
		}
		return nil
	})
	return out
}

func set(dir, tag string) map[string][]byte {
	return map[string][]byte{
		filepath.Join(dir, "ftbt", "a.json"): []byte(tag + " a"),
		filepath.Join(dir, "mbg", "b.json"):  []byte(tag + " b"),
		filepath.Join(dir, "mbg", "c.json"):  []byte(tag + " c"),
	}
}

func wantSet(t *testing.T, dir, tag string) {
	t.Helper()
	got := tree(t, dir)
	want := map[string]string{"ftbt/a.json": tag + " a", "mbg/b.json": tag + " b", "mbg/c.json": tag + " c"}
	if len(got) != len(want) {
		t.Fatalf("files = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("files = %v, want the %s set", got, tag)
		}
	}
}

// TestWriteSetInterrupted: a run killed while it moves files into place is
// completed by the next run or reader: the output is the old set or the new
// set, never a mix (issue #11).
func TestWriteSetInterrupted(t *testing.T) {
	for _, after := range []int{0, 1, 2} {
		dir := t.TempDir()
		if err := WriteSet(dir, set(dir, "old")); err != nil {
			t.Fatal(err)
		}
		wantSet(t, dir, "old")
		crashAfter = after
		err := WriteSet(dir, set(dir, "new"))
		crashAfter = -1
		if err != errCrash {
			t.Fatalf("err = %v", err)
		}
		// A reader of one config completes the set first.
		recoverFor(filepath.Join(dir, "mbg", "b.json"))
		wantSet(t, dir, "new")
	}
}

// TestWriteSetCleansStaleTemps: temporary files of runs killed before their
// commit point are removed, and the previous set is left as it was.
func TestWriteSetCleansStaleTemps(t *testing.T) {
	dir := t.TempDir()
	if err := WriteSet(dir, set(dir, "old")); err != nil {
		t.Fatal(err)
	}
	stale := []string{filepath.Join(dir, "mbg", ".b.json.tmp123"), filepath.Join(dir, ".x.json.tmp9")}
	keep := filepath.Join(dir, "mbg", "notes.tmp1") // not ours
	for _, p := range append(stale, keep) {
		os.WriteFile(p, []byte("partial"), 0o644)
	}
	if err := Recover(dir); err != nil {
		t.Fatal(err)
	}
	for _, p := range stale {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s left behind", p)
		}
	}
	if _, err := os.Stat(keep); err != nil {
		t.Errorf("%s removed", keep)
	}
	os.Remove(keep)
	wantSet(t, dir, "old")
	// WriteAtomic removes what an interrupted write of the same file left.
	target := filepath.Join(dir, "one.json")
	os.WriteFile(filepath.Join(dir, ".one.json.tmp42"), []byte("x"), 0o644)
	if err := WriteAtomic(target, []byte("1")); err != nil {
		t.Fatal(err)
	}
	if got := tree(t, dir); got["one.json"] != "1" || got[".one.json.tmp42"] != "" {
		t.Errorf("files = %v", got)
	}
}

// TestWriteSetConfined: a scenario name cannot put a config outside the
// output directory.
func TestWriteSetConfined(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	err := WriteSet(out, map[string][]byte{filepath.Join(out, "mbg", "ok.json"): []byte("x"), filepath.Join(out, "mbg", "..", "..", "evil.json"): []byte("x")})
	if err == nil || !strings.Contains(err.Error(), "outside") {
		t.Fatalf("err = %v", err)
	}
	if got := tree(t, dir); len(got) != 0 {
		t.Errorf("files written: %v", got)
	}
}

// TestWriteSetRenameFailure: a target that cannot be replaced is reported,
// the rest of the set is still moved in, and no journal blocks later runs.
func TestWriteSetRenameFailure(t *testing.T) {
	dir := t.TempDir()
	files := set(dir, "new")
	blocked := filepath.Join(dir, "mbg", "b.json")
	os.MkdirAll(filepath.Join(blocked, "x"), 0o755) // a non-empty directory in the way
	if err := WriteSet(dir, files); err == nil {
		t.Fatal("no error")
	}
	got := tree(t, dir)
	if got["ftbt/a.json"] != "new a" || got["mbg/c.json"] != "new c" {
		t.Errorf("files = %v", got)
	}
	if _, err := os.Stat(filepath.Join(dir, JournalFile)); err == nil {
		t.Error("journal left behind")
	}
	os.RemoveAll(blocked)
	if err := WriteSet(dir, files); err != nil {
		t.Fatal(err)
	}
	wantSet(t, dir, "new")
}
