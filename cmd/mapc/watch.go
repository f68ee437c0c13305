package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
	"github.com/sandtable/sandtable/kit/sim"
	kitwatch "github.com/sandtable/sandtable/kit/watch"
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
	n := 0
	return kitwatch.Run(ctx, kitwatch.Options{
		Debounce: o.debounce,
		Check: func(c kitwatch.Change) []string {
			n++
			return recheck(o, env, n, c.Why)
		},
		Warn:    func(err error) { fmt.Fprintln(env.Stderr, "mapc watch: warning:", err) },
		Checked: checked,
	})
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
	return kitwatch.Dirs(o.paths, results)
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
