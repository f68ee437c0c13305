package main

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/glory"
)

// runBalance plays glory games and reports each hero's pick and win rates
// (kit/glory.Sim.Balance).
func runBalance(args []string, env cli.Env) int {
	fs := flags("balance", env)
	games := fs.Int("n", 100, "number of games")
	seed := fs.Uint64("seed", 1, "batch seed")
	var agents listFlag
	fs.Var(&agents, "agents", "the two sides' agents, comma-separated (default heuristic,heuristic)")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 1 || *games <= 0 {
		fs.Usage()
		return diag.ExitFailure
	}
	if len(agents) == 0 {
		agents = listFlag{glory.AgentHeuristic}
	}
	if len(agents) == 1 {
		agents = append(agents, agents[0])
	}
	out := cli.Output{Format: diag.FormatText}
	c := cli.NewCompiler()
	var res *build.Result
	if strings.HasSuffix(positional[0], ".json") {
		res = c.LoadConfig(positional[0])
	} else {
		res = c.Compile(positional[0], build.Options{})
	}
	if res.Value == nil || res.Diags.HasErrors() {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	if res.Game != "glory" {
		fmt.Fprintf(env.Stderr, "mapc balance: %s is a %s scenario; balance reports are for glory\n", positional[0], res.Game)
		return diag.ExitFailure
	}
	g, _, err := glory.Game{}.Sim(res.Value, nil)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc balance:", err)
		return diag.ExitFailure
	}
	rep, err := g.(*glory.Sim).Balance(*games, *seed, agents)
	if err == nil {
		err = rep.WriteText(env.Stdout)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc balance:", err)
		return diag.ExitFailure
	}
	return diag.ExitOK
}
