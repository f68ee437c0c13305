package watch

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/fsnotify/fsnotify"
)

func TestRelevant(t *testing.T) {
	for _, c := range []struct {
		name string
		op   fsnotify.Op
		want bool
	}{
		{"a/scenario.toml", fsnotify.Write, true},
		{"a/hooks/tech.lua", fsnotify.Write, true},
		{"a/.scenario.toml.swp", fsnotify.Write, false},
		{"a/" + ".sandtable-root", fsnotify.Create, true},
		{"a/notes.txt", fsnotify.Write, false},
		{"a/sub", fsnotify.Create, true},
		{"a/sub", fsnotify.Chmod, false},
	} {
		if got := Relevant(fsnotify.Event{Name: c.name, Op: c.op}); got != c.want {
			t.Errorf("Relevant(%s %v) = %v, want %v", c.name, c.op, got, c.want)
		}
	}
}

// TestRunReportsChangedFiles: a save after the start check runs the check
// again with the saved file, once, after the quiet time.
func TestRunReportsChangedFiles(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "scenario.toml")
	if err := os.WriteFile(file, []byte("a = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(dir)
	changes := make(chan Change, 10)
	checked := make(chan int, 10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Options{Debounce: 20 * time.Millisecond,
			Check:   func(c Change) []string { changes <- c; return []string{abs} },
			Checked: func(n int) { checked <- n }})
	}()
	if c := <-changes; !c.Start || c.Why != "start" {
		t.Fatalf("first check = %+v, want the start", c)
	}
	<-checked
	if err := os.WriteFile(file, []byte("a = 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-changes:
		want, _ := filepath.Abs(file)
		if c.Start || !slices.Equal(c.Files, []string{want}) {
			t.Errorf("change = %+v, want Files [%s]", c, want)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no check after a save")
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
