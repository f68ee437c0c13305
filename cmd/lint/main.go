// Command lint checks Sandtable scenarios and their scripts and reports
// problems in formats for people (text) and CI systems (json, github, sarif).
//
// Usage:
//
//	lint [flags] [SCENARIO...]   default: every scenario under ./scenarios
//	lint --rules                 list every rule with its severity and title
//
// Exit status: 0 clean (warnings allowed), 1 errors found, 2 usage or internal failure.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/lint"
)

func main() {
	os.Exit(run(os.Args[1:], cli.OSEnv()))
}

const examples = `
Examples:
  lint                                  # every scenario under ./scenarios
  lint scenarios/mbg/sample             # one scenario
  lint --format=github scenarios        # annotations in GitHub Actions
  lint --format=sarif . > lint.sarif    # code scanning upload
  lint --disable=mbg-unused-officer,mbg-money-unreachable scenarios/mbg
  lint --rules                          # what each rule checks

A '# lint:ignore CODE' comment on its own line silences CODE on the next line.
`

func run(args []string, env cli.Env) int {
	if env.Games == nil {
		env.Games = games.All()
	}
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	var out cli.Output
	out.Register(fs)
	rules := fs.Bool("rules", false, "list every rule with its severity, category and title, then exit")
	disable := fs.String("disable", "", "comma-separated rule names to skip")
	only := fs.String("enable", "", "comma-separated rule names to run (default: all)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "Usage: lint [flags] [SCENARIO...]\n\nLint checks Sandtable scenarios and their scripts.\n\nFlags:\n")
		fs.PrintDefaults()
		fmt.Fprint(fs.Output(), examples)
	}
	var paths []string
	for rest := args; ; {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return diag.ExitOK
			}
			return diag.ExitFailure
		}
		rest = fs.Args()
		if len(rest) == 0 {
			break
		}
		paths, rest = append(paths, rest[0]), rest[1:]
	}
	cat := env.Catalogue()
	if *rules {
		if err := lint.RulesHelp(env.Stdout, cat); err != nil {
			return diag.ExitFailure
		}
		return diag.ExitOK
	}
	enabled, err := selector(*only, *disable, cat)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lint:", err)
		return diag.ExitFailure
	}
	targets, err := cli.ScenarioPaths(paths)
	if err != nil {
		fmt.Fprintln(env.Stderr, "lint:", err)
		return diag.ExitFailure
	}
	results, ds := env.CompileAll(targets, build.Options{Enabled: enabled})
	return out.Report(env, ds, cli.Sources(results))
}

// selector turns --enable and --disable into a rule filter, rejecting
// names that are not rules.
func selector(only, disable string, cat diag.Catalogue) (func(string) bool, error) {
	split := func(s string) ([]string, error) {
		var out []string
		for _, n := range strings.Split(s, ",") {
			if n = strings.TrimSpace(n); n == "" {
				continue
			}
			if _, ok := cat.Lookup(n); !ok {
				var names []string
				for _, info := range cat.Infos() {
					names = append(names, info.Code)
				}
				msg := fmt.Sprintf("unknown rule %q", n)
				if s := diag.DidYouMean(n, names); s != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", s)
				}
				return nil, errors.New(msg + "; see lint --rules")
			}
			out = append(out, n)
		}
		return out, nil
	}
	on, err := split(only)
	if err != nil {
		return nil, err
	}
	off, err := split(disable)
	if err != nil {
		return nil, err
	}
	return func(name string) bool {
		return (len(on) == 0 || slices.Contains(on, name)) && !slices.Contains(off, name)
	}, nil
}
