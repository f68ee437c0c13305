package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/sim"
)

// listFlag is a flag taking comma-separated values, repeatable.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }

func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

func runSim(args []string, env cli.Env) int {
	fs := flags("sim", env)
	games := fs.Int("n", 100, "number of games")
	seed := fs.Uint64("seed", 1, "batch seed: game i is played with a seed derived from it")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played in parallel (results do not depend on it)")
	format := fs.String("format", "text", "report format: text or json")
	color := diag.ColorAuto
	fs.Var(&color, "color", "colors in diagnostics: auto, always or never")
	var agents, mods listFlag
	fs.Var(&agents, "agents", "agent per role, comma-separated; a shorter list repeats its last agent (default: the game's first agent)")
	fs.Var(&mods, "mods", "script mod directories layered over the scenario's scripts, in order (comma-separated or repeated)")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 1 || *games <= 0 || (*format != "text" && *format != "json") {
		fs.Usage()
		return diag.ExitFailure
	}
	out := cli.Output{Format: diag.FormatText, Color: color}
	c := env.Compiler()
	var res *build.Result
	if strings.HasSuffix(positional[0], ".json") {
		res = c.LoadConfig(positional[0])
	} else {
		res = c.Compile(positional[0], build.Options{})
	}
	if res.Value == nil {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	g, _ := c.Game(res.Game)
	s, ok := g.(build.Simulator)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc sim: the %s engine cannot play games yet\n", res.Game)
		return diag.ExitFailure
	}
	known := s.Agents()
	if len(agents) == 0 {
		agents = listFlag{known[0]}
	}
	for _, a := range agents {
		if !slices.Contains(known, a) {
			msg := fmt.Sprintf("mapc sim: unknown agent %q for %s (agents: %s)", a, res.Game, strings.Join(known, ", "))
			if m := diag.DidYouMean(a, known); m != "" {
				msg += "; did you mean " + m + "?"
			}
			fmt.Fprintln(env.Stderr, msg)
			return diag.ExitFailure
		}
	}
	if code := out.Report(env, res.Diags, cli.Sources([]*build.Result{res})); code != diag.ExitOK {
		return code
	}
	game, warns, err := s.Sim(res.Value, mods)
	for _, w := range warns {
		fmt.Fprintln(env.Stderr, "mapc sim: warning:", w)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	opts := sim.Options{Games: *games, Seed: *seed, Agents: agents, Workers: *workers}
	if cli.IsTerminal(env.StderrFile) {
		step := max(1, *games/100)
		opts.Progress = func(done, total int) {
			if done%step == 0 || done == total {
				fmt.Fprintf(env.Stderr, "\r%d/%d games", done, total)
				if done == total {
					fmt.Fprint(env.Stderr, "\r\033[K")
				}
			}
		}
	}
	rep, err := sim.Run(game, opts)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	if *format == "json" {
		err = rep.WriteJSON(env.Stdout)
	} else {
		err = rep.WriteText(env.Stdout)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	return diag.ExitOK
}
