// Package watch re-runs a check when the files of scenarios change: it
// watches the directories the check names, waits for a quiet moment after
// the last change (debounce) and calls the check again with the files that
// changed. mapc watch and mapc studio use it.
package watch

import (
	"context"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/source"
)

// Change is what happened since the last check: Why in words for a
// report ("start", or the last file and what happened to it) and the
// files (absolute paths, sorted) that changed.
type Change struct {
	Why   string
	Files []string
	Start bool // the first check, before any change
}

// Check runs after every change (and once at the start) and returns the
// directories to watch from then on.
type Check func(c Change) (dirs []string)

// Options configure Run.
type Options struct {
	// Debounce is the quiet time after the last change before a check.
	Debounce time.Duration
	// Check runs at the start and after changes.
	Check Check
	// Warn, when not nil, is told the watcher's errors.
	Warn func(error)
	// Checked, when not nil, is told the number of each finished check
	// once its directories are watched (tests wait on it).
	Checked func(n int)
}

// Run calls o.Check at the start and then after every relevant change to
// the files of the directories it returns, once o.Debounce has passed
// without a further change, until ctx ends.
func Run(ctx context.Context, o Options) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	watched := map[string]bool{}
	n := 0
	run := func(c Change) {
		n++
		dirs := o.Check(c)
		// Watch every directory that matters now: ones deleted are dropped
		// by the watcher, ones (re)created are added here.
		for _, d := range dirs {
			if !watched[d] {
				if err := w.Add(d); err == nil {
					watched[d] = true
				}
			}
		}
		for _, d := range slices.Sorted(maps.Keys(watched)) {
			if _, err := os.Stat(d); err != nil {
				w.Remove(d)
				delete(watched, d)
			}
		}
		if o.Checked != nil {
			o.Checked(n)
		}
	}
	run(Change{Why: "start", Start: true})
	var timer *time.Timer
	var fire <-chan time.Time
	why := ""
	changed := map[string]bool{}
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if !Relevant(ev) {
				continue
			}
			why = DisplayPath(ev.Name) + " " + opName(ev.Op)
			if abs, err := filepath.Abs(ev.Name); err == nil {
				changed[abs] = true
			}
			if timer == nil {
				timer = time.NewTimer(o.Debounce)
			} else {
				timer.Reset(o.Debounce)
			}
			fire = timer.C
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			if o.Warn != nil {
				o.Warn(err)
			}
		case <-fire:
			fire = nil
			files := slices.Sorted(maps.Keys(changed))
			clear(changed)
			run(Change{Why: why, Files: files})
		}
	}
}

// Relevant reports whether an event can change a check: scenario sources
// and scripts, and directories appearing or going (a scenario recreated).
func Relevant(ev fsnotify.Event) bool {
	base := filepath.Base(ev.Name)
	if strings.HasPrefix(base, ".") && base != source.RootMarker {
		return false
	}
	switch filepath.Ext(base) {
	case ".toml", ".lua", ".json", ".map", ".tech":
		return true
	case "":
		return ev.Op&(fsnotify.Create|fsnotify.Remove|fsnotify.Rename) != 0 // maybe a directory
	}
	return base == source.RootMarker
}

func opName(op fsnotify.Op) string {
	switch {
	case op&fsnotify.Remove != 0:
		return "removed"
	case op&fsnotify.Rename != 0:
		return "renamed"
	case op&fsnotify.Create != 0:
		return "created"
	}
	return "changed"
}

// Dirs lists the directories whose changes matter: each scenario's
// directory tree (scripts live there), the directories of its includes,
// and each scenario directory's parent (to see it deleted and recreated).
// Directories are absolute and sorted.
func Dirs(paths []string, results []*build.Result) []string {
	set := map[string]bool{}
	add := func(d string) {
		if abs, err := filepath.Abs(d); err == nil {
			set[abs] = true
		}
	}
	for _, p := range paths {
		dir := p
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			dir = filepath.Dir(p)
		}
		add(filepath.Dir(filepath.Clean(dir)))
		filepath.WalkDir(dir, func(q string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() {
				if q != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "golden") {
					return filepath.SkipDir
				}
				add(q)
			}
			return nil
		})
	}
	for _, r := range results {
		if r == nil || r.Source == nil {
			continue
		}
		for _, f := range r.Source.Files() {
			if !strings.HasPrefix(f, source.BuiltinPrefix) {
				add(filepath.Dir(f))
			}
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// DisplayPath shows name relative to the working directory when it is
// below it.
func DisplayPath(name string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(name)
}
