package main

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
)

func runRender(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("render", env)
	out.Register(fs)
	dest := fs.String("o", "", "write the SVG to this file (default: standard output)")
	ranges := fs.String("ranges", "", "grid games: draw this person's movement range and its techs' targets")
	withDiags := fs.Bool("diagnostics", false, "draw the scenario's diagnostics as markers on the map; a scenario with errors is drawn as far as it resolves")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 1 || (*dest != "" && !strings.HasSuffix(*dest, ".svg")) {
		fs.Usage()
		return diag.ExitFailure
	}
	c := env.Compiler()
	res := c.Open(positional[0])
	g, known := c.Game(res.Game)
	value := res.Value
	if value == nil && *withDiags && known && res.Source != nil {
		// Draw what resolves: the game's best-effort config.
		value, _ = g.Compile(res.Source, build.Options{})
	}
	if value == nil {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	r, ok := g.(render.Renderer)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc render: %s scenarios cannot be drawn yet\n", res.Game)
		return diag.ExitFailure
	}
	opts := build.RenderOptions{Ranges: *ranges, Source: res.Source}
	if *withDiags {
		opts.Diagnostics = diag.Normalize(res.Diags)
	}
	svg, err := safeRender(r, value, opts)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc render:", err)
		return diag.ExitFailure
	}
	if *dest == "" {
		env.Stdout.Write(svg)
	} else if err := build.WriteAtomic(*dest, svg); err != nil {
		fmt.Fprintln(env.Stderr, "mapc render:", err)
		return diag.ExitFailure
	} else if out.Format == diag.FormatText {
		fmt.Fprintf(env.Stderr, "wrote %s\n", *dest)
	}
	return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
}

// safeRender turns a renderer's panic on a broken best-effort config into
// an internal error instead of a crash.
func safeRender(r render.Renderer, value any, opts build.RenderOptions) (svg []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			svg, err = nil, fmt.Errorf("internal error: the renderer failed: %v", p)
		}
	}()
	return r.Render(value, opts)
}
