package main

import (
	"fmt"
	"path/filepath"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/source"
)

func runTest(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("test", env)
	out.Register(fs)
	update := fs.Bool("update", false, "record the golden playthroughs instead of comparing with them")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	paths, err := cli.ScenarioPaths(positional)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc test:", err)
		return diag.ExitFailure
	}
	results, ds := env.CompileAll(paths, build.Options{})
	var srcs []*source.Source
	var scripts []*build.Scripts
	passed, failed, files := 0, 0, 0
	c := env.Compiler()
	for _, r := range results {
		if r.Value == nil {
			continue
		}
		g, _ := c.Game(r.Game)
		sc := build.ScriptsOf(r)
		scripts = append(scripts, sc)
		for _, f := range scentest.Files(r.Source.Entry) {
			files++
			o := scentest.Run(f, g, r.Value, scentest.Options{Update: *update, Scripts: sc})
			srcs = append(srcs, o.Source)
			ds = append(ds, o.Diags...)
			passed += len(o.Passed)
			failed += len(o.Failed)
			if out.Format == diag.FormatText {
				for _, name := range o.Passed {
					fmt.Fprintf(env.Stdout, "ok    %s: %s\n", filepath.ToSlash(f), name)
				}
				for _, u := range o.Updated {
					fmt.Fprintf(env.Stderr, "wrote %s\n", filepath.ToSlash(u))
				}
			}
		}
	}
	if out.Format == diag.FormatText {
		if files == 0 && !ds.HasErrors() {
			fmt.Fprintln(env.Stderr, "mapc test: no tests (write them in tests/*.toml beside scenario.toml)")
		}
		fmt.Fprintf(env.Stdout, "%d passed, %d failed\n", passed, failed)
	}
	sources := cli.Sources(results)
	return out.Report(env, ds, func(file string) ([]byte, bool) {
		for _, s := range srcs {
			if s != nil {
				if b, ok := s.Content(file); ok {
					return b, true
				}
			}
		}
		for _, s := range scripts {
			if b, ok := s.Sources(nil)(file); ok {
				return b, true
			}
		}
		return sources(file)
	})
}
