package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/scentest"
	"github.com/sandtable/sandtable/kit/source"
)

// runInspectCmd is mapc inspect: with --ai it explains the AI's next
// decision, otherwise it prints the derived values (runInspect).
func runInspectCmd(args []string, env cli.Env) int {
	for _, a := range args {
		if a == "--ai" || a == "-ai" || strings.HasPrefix(a, "--ai=") || strings.HasPrefix(a, "-ai=") {
			return runInspectAI(args, env)
		}
	}
	return runInspect(args, env)
}

func runInspectAI(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("inspect", env)
	out.Register(fs)
	fs.Bool("ai", false, "explain the AI's next decision: every candidate it scores, each score term, and its choice")
	person := fs.String("person", "", "with --ai: the person whose decision is explained (grid games; default: the one the AI activates next)")
	at := fs.String("at", "", "with --ai: LOG:N replays the first N decisions of LOG (a golden playthrough of mapc test, or JSON lines with a \"choice\") before explaining")
	seed := fs.Uint64("seed", 0, "with --ai: the game seed (default: the seed LOG names, else 1)")
	dest := fs.String("o", "", "write the JSON to this file instead of standard output")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 1 {
		fs.Usage()
		return diag.ExitFailure
	}
	c := env.Compiler()
	res := c.Open(positional[0])
	if res.Value == nil {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	g, _ := c.Game(res.Game)
	ex, ok := g.(scentest.AIExplainer)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc inspect --ai: the %s AI cannot explain itself yet\n", res.Game)
		return diag.ExitFailure
	}
	var decisions []int
	s := uint64(1)
	if *at != "" {
		var logSeed uint64
		var err error
		decisions, logSeed, err = readDecisionLog(*at)
		if err != nil {
			fmt.Fprintln(env.Stderr, "mapc inspect --at:", err)
			return diag.ExitFailure
		}
		if logSeed != 0 {
			s = logSeed
		}
	}
	if *seed != 0 {
		s = *seed
	}
	v, err := ex.ExplainAI(res.Value, s, decisions, *person)
	if err != nil {
		// A hook that fails on the way: at its line, as mapc sim reports it.
		scripts := build.ScriptsOf(res)
		if d, ok := scripts.Diagnostic(err); ok {
			return out.Report(env, diag.Diagnostics{d}, scripts.Sources(cli.Sources([]*build.Result{res})))
		}
		fmt.Fprintln(env.Stderr, "mapc inspect --ai:", err)
		return diag.ExitFailure
	}
	data, err := build.Marshal(v)
	if err == nil {
		err = writeData(env, *dest, data)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc inspect --ai:", err)
		return diag.ExitFailure
	}
	return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
}

// readDecisionLog reads LOG:N: the first N decisions of LOG, a golden
// playthrough (scentest.ReadGolden: its decisions' choices, its header's
// seed) or JSON lines whose objects have a "choice" (a save's decision
// log).
func readDecisionLog(spec string) (decisions []int, seed uint64, err error) {
	i := strings.LastIndexByte(spec, ':')
	if i < 0 {
		return nil, 0, fmt.Errorf("%q: want LOG:N (a decision log and how many of its decisions to replay)", spec)
	}
	n, err := strconv.Atoi(spec[i+1:])
	if err != nil || n < 0 {
		return nil, 0, fmt.Errorf("%q: N must be a number ≥ 0", spec)
	}
	data, err := source.ReadRegular(spec[:i], source.DefaultLimits.MaxFileSize)
	if err != nil {
		return nil, 0, err
	}
	if scentest.IsGolden(data) {
		g, err := scentest.ReadGolden(data)
		if err != nil {
			return nil, 0, fmt.Errorf("%s: golden playthrough %v", spec[:i], err)
		}
		decisions, seed = g.Choices(), g.Seed
	} else {
		for line, text := range strings.Split(string(data), "\n") {
			text = strings.TrimSpace(text)
			if len(decisions) == n {
				break
			}
			if !strings.HasPrefix(text, "{") {
				continue
			}
			var obj struct {
				Choice *int `json:"choice"`
			}
			if err := json.Unmarshal([]byte(text), &obj); err != nil {
				return nil, 0, fmt.Errorf("%s:%d: %v", spec[:i], line+1, err)
			}
			if obj.Choice != nil {
				decisions = append(decisions, *obj.Choice)
			}
		}
	}
	if len(decisions) < n {
		return nil, 0, fmt.Errorf("%s holds %d decisions, fewer than %d", spec[:i], len(decisions), n)
	}
	return decisions[:n], seed, nil
}
