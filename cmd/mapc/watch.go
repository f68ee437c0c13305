package main

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

// watchOptions are mapc watch's settings.
type watchOptions struct {
	out      cli.Output
	paths    []string
	render   string // SVG file re-drawn after each check ("" none)
	sim      int    // games of a short sim after each clean check (0 none)
	debounce time.Duration
	clear    bool // clear the terminal before each report
}

func runWatch(args []string, env cli.Env) int {
	var o watchOptions
	fs := flags("watch", env)
	o.out.Register(fs)
	fs.StringVar(&o.render, "render", "", "re-draw the map into this SVG file after each check (one scenario)")
	fs.IntVar(&o.sim, "sim", 0, "play this many games (seed 1) after each clean check and print the win rates")
	fs.DurationVar(&o.debounce, "debounce", 150*time.Millisecond, "wait this long after the last change before re-checking")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	paths, err := cli.ScenarioPaths(positional)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc watch:", err)
		return diag.ExitFailure
	}
	if o.render != "" && (len(paths) != 1 || !strings.HasSuffix(o.render, ".svg")) {
		fmt.Fprintln(env.Stderr, "mapc watch: --render takes an .svg file and one scenario")
		return diag.ExitFailure
	}
	o.paths = paths
	o.clear = cli.IsTerminal(env.StderrFile)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := watch(ctx, o, env, nil); err != nil {
		fmt.Fprintln(env.Stderr, "mapc watch:", err)
		return diag.ExitFailure
	}
	return diag.ExitOK
}

// watch checks the scenarios, then again after every change to their
// files until ctx ends. checked, when not nil, is told the number of each
// finished check (tests wait on it).
func watch(ctx context.Context, o watchOptions, env cli.Env, checked func(n int)) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return err
	}
	defer w.Close()
	watched := map[string]bool{}
	n := 0
	check := func(why string) {
		n++
		dirs := recheck(o, env, n, why)
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
		if checked != nil {
			checked(n)
		}
	}
	check("start")
	var timer *time.Timer
	var fire <-chan time.Time
	why := ""
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if !relevant(ev) {
				continue
			}
			why = fmt.Sprintf("%s %s", displayPath(ev.Name), opName(ev.Op))
			if timer == nil {
				timer = time.NewTimer(o.debounce)
			} else {
				timer.Reset(o.debounce)
			}
			fire = timer.C
		case err, ok := <-w.Errors:
			if !ok {
				return nil
			}
			fmt.Fprintln(env.Stderr, "mapc watch: warning:", err)
		case <-fire:
			fire = nil
			check(why)
		}
	}
}

// relevant reports whether an event can change a check: scenario sources
// and scripts, and directories appearing or going (a scenario recreated).
func relevant(ev fsnotify.Event) bool {
	base := filepath.Base(ev.Name)
	if strings.HasPrefix(base, ".") && base != ".sandtable-root" {
		return false
	}
	switch filepath.Ext(base) {
	case ".toml", ".lua", ".json", ".map", ".tech":
		return true
	case "":
		return ev.Op&(fsnotify.Create|fsnotify.Remove|fsnotify.Rename) != 0 // maybe a directory
	}
	return base == ".sandtable-root"
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

// recheck compiles the scenarios and prints the report (and the picture
// and sim when asked); it returns the directories to watch.
func recheck(o watchOptions, env cli.Env, n int, why string) []string {
	if o.clear {
		fmt.Fprint(env.Stderr, "\033[H\033[2J")
	}
	fmt.Fprintf(env.Stderr, "mapc watch: check %d (%s)\n", n, why)
	results, ds := env.CompileAll(o.paths, build.Options{})
	code := o.out.Report(env, ds, cli.Sources(results))
	if code == diag.ExitOK && o.out.Format == diag.FormatText && len(ds) == 0 {
		fmt.Fprintln(env.Stderr, "no problems")
	}
	c := env.Compiler()
	for i, r := range results {
		g, known := c.Game(r.Game)
		if !known {
			continue // the report says why
		}
		if o.render != "" { // one scenario: flags are checked at the start
			watchRender(env, g, r, o.render)
		}
		if o.sim > 0 && r.Value != nil {
			if len(results) > 1 {
				// Several scenarios: say whose table follows.
				fmt.Fprintf(env.Stdout, "== %s (%s)\n", filepath.ToSlash(o.paths[i]), r.Game)
			}
			watchSim(env, o.out, g, r, o.sim)
		}
	}
	fmt.Fprintf(env.Stderr, "mapc watch: waiting for changes (check %d done)\n", n)
	return watchDirs(o.paths, results)
}

func watchRender(env cli.Env, g build.Game, r *build.Result, dest string) {
	rd, ok := g.(render.Renderer)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc watch: render: %s scenarios cannot be drawn yet; nothing written\n", g.Name())
		return
	}
	value := r.Value
	if value == nil && r.Source != nil {
		value, _ = g.Compile(r.Source, build.Options{})
	}
	if value == nil {
		fmt.Fprintf(env.Stderr, "mapc watch: render: %s has errors that leave nothing to draw; %s is left as it was\n", r.Name, filepath.ToSlash(dest))
		return
	}
	svg, err := safeRender(rd, value, build.RenderOptions{Diagnostics: diag.Normalize(r.Diags), Source: r.Source})
	if err == nil {
		err = build.WriteAtomic(dest, svg)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc watch: render:", err)
		return
	}
	fmt.Fprintf(env.Stderr, "wrote %s\n", filepath.ToSlash(dest))
}

func watchSim(env cli.Env, out cli.Output, g build.Game, r *build.Result, games int) {
	s, ok := g.(sim.Simulator)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc watch: sim: %s scenarios cannot be simulated\n", g.Name())
		return
	}
	game, _, err := s.Sim(r.Value, nil)
	if err == nil {
		var rep *sim.Report
		if rep, err = sim.Run(game, sim.Options{Games: games, Seed: 1, Agents: s.Agents()[:1], Workers: 1}); err == nil {
			err = rep.WriteText(env.Stdout)
		}
	}
	if err == nil {
		return
	}
	// A hook that fails: at its line and column, as mapc sim reports it.
	scripts := build.ScriptsOf(r)
	if d, ok := scripts.Diagnostic(err); ok {
		out.Report(env, diag.Diagnostics{d}, scripts.Sources(cli.Sources([]*build.Result{r})))
		return
	}
	fmt.Fprintln(env.Stderr, "mapc watch: sim:", err)
}

// watchDirs lists the directories whose changes matter: each scenario's
// directory tree (scripts live there), the directories of its includes,
// and each scenario directory's parent (to see it deleted and recreated).
func watchDirs(paths []string, results []*build.Result) []string {
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
		if r.Source == nil {
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

// displayPath shows name relative to the working directory when it is
// below it.
func displayPath(name string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, name); err == nil && !strings.HasPrefix(rel, "..") {
			return filepath.ToSlash(rel)
		}
	}
	return filepath.ToSlash(name)
}
