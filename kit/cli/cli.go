// Package cli holds what the mapc and lint commands share: the registered
// games (given by the tool, which takes them from kit/games), the
// subcommands a game brings, the output flags (--format, --color) and the
// reporting of diagnostics with the right exit code. It knows no game.
package cli

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/source"

	"github.com/mattn/go-isatty"
)

// Version is the version the tools report (SARIF, --version).
const Version = "0.1.0"

// Env is the process context a command runs in, so tests can run commands
// in-process.
type Env struct {
	Stdin          io.Reader // nil reads nothing (mapc play)
	Stdout, Stderr io.Writer
	Getenv         func(string) string
	// StderrFile is the real stderr when it is a file (for terminal detection).
	StderrFile *os.File
	// Games are the registered games: the tools set kit/games.All() when
	// a test has not registered others.
	Games []build.Game
}

// GameList returns the registered games.
func (e Env) GameList() []build.Game { return e.Games }

// Command is a subcommand of mapc that a game brings (mapc replay for
// xghj): its name, argument synopsis, one-line summary, examples and what
// runs it with the arguments after its name, returning the exit code.
type Command struct {
	Name, Args, Summary, Examples string
	Run                           func(args []string, env Env) int
}

// Commander is implemented by games that bring their own mapc subcommands.
// mapc lists them after its own, in the order of the games; a name mapc
// or an earlier game already uses is an error its tests report.
type Commander interface {
	Commands() []Command
}

// Compiler returns the compiler of the registered games.
func (e Env) Compiler() *build.Compiler { return build.NewCompiler(e.GameList()...) }

// Kinds returns the hook kinds of the registered games, in order.
func (e Env) Kinds() []*plugin.Kind {
	var kinds []*plugin.Kind
	for _, g := range e.GameList() {
		kinds = append(kinds, g.Kinds()...)
	}
	return kinds
}

// OSEnv is the Env of the running process.
func OSEnv() Env {
	return Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv, StderrFile: os.Stderr}
}

// Catalogue documents every code the tools can report.
func (e Env) Catalogue() diag.Catalogue {
	c := e.Compiler().Catalogue()
	internal, _ := diag.NewCatalogue(append([]diag.CodeInfo{lint.InternalCodeInfo()}, scentest.CodeInfo()...)...)
	merged, err := diag.MergeCatalogues(c, internal)
	if err != nil {
		panic(err) // a programming error, caught by tests
	}
	return merged
}

// Output holds the output flags.
type Output struct {
	Format diag.Format
	Color  diag.ColorMode
}

// Register adds --format and --color to fs.
func (o *Output) Register(fs *flag.FlagSet) {
	o.Format = diag.FormatText
	o.Color = diag.ColorAuto
	fs.Var(&o.Format, "format", "diagnostics format: text, json, github or sarif")
	fs.Var(&o.Color, "color", "colors in text output: auto, always or never")
}

// Report renders ds (text to stderr, machine formats to stdout) followed by
// a summary line in text mode, and returns the exit code.
func (o *Output) Report(env Env, ds diag.Diagnostics, sources diag.Sources) int {
	ds = diag.Normalize(ds)
	color := diag.UseColor(o.Color, env.StderrFile, env.Getenv)
	wd, _ := os.Getwd()
	opts := diag.Options{Sources: sources, Color: color, Catalogue: env.Catalogue(), BaseDir: wd,
		ToolName: "mapc", ToolVersion: Version, ToolURI: "https://sandtable.dev"}
	w := env.Stdout
	if o.Format == diag.FormatText {
		w = env.Stderr
	}
	if err := diag.Render(w, o.Format, ds, opts); err != nil {
		fmt.Fprintln(env.Stderr, "error:", err)
		return diag.ExitFailure
	}
	if o.Format == diag.FormatText {
		diag.WriteSummary(env.Stderr, ds, color)
	}
	return diag.ExitCode(ds)
}

// CompileAll compiles every scenario of paths and collects the diagnostics.
func (e Env) CompileAll(paths []string, opts build.Options) ([]*build.Result, diag.Diagnostics) {
	c := e.Compiler()
	var results []*build.Result
	var ds diag.Diagnostics
	for _, p := range paths {
		r := c.Compile(p, opts)
		results = append(results, r)
		ds = append(ds, r.Diags...)
	}
	return results, ds
}

// Sources combines the loaded files of several results for excerpts.
func Sources(results []*build.Result) diag.Sources {
	return func(file string) ([]byte, bool) {
		for _, r := range results {
			if r.Source != nil {
				if b, ok := r.Source.Content(file); ok {
					return b, true
				}
			}
		}
		// Only regular files within the size limit: a diagnostic may name
		// a FIFO or a device the user passed.
		b, err := source.ReadRegular(file, source.DefaultLimits.MaxFileSize)
		return b, err == nil
	}
}

// ScenarioPaths expands the command-line paths: none means every scenario
// under ./scenarios; a directory without scenario.toml means every scenario
// below it.
func ScenarioPaths(args []string) ([]string, error) {
	if len(args) == 0 {
		args = []string{"scenarios"}
	}
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil || !st.IsDir() {
			out = append(out, a) // a file, or a missing path reported by the loader
			continue
		}
		if _, err := os.Stat(filepath.Join(a, "scenario.toml")); err == nil {
			out = append(out, a)
			continue
		}
		found, err := build.FindScenarios(a)
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("no scenario.toml below %s", a)
		}
		out = append(out, found...)
	}
	return out, nil
}

// IsTerminal reports whether f is a terminal (for progress lines).
func IsTerminal(f *os.File) bool {
	return f != nil && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
