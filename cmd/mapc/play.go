package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"

	"github.com/mattn/go-isatty"
	"github.com/sandtable/sandtable/kit/sim"
)

func runPlay(args []string, env cli.Env) int {
	fs := flags("play", env)
	seed := fs.Uint64("seed", 1, "the game's seed")
	color := diag.ColorAuto
	fs.Var(&color, "color", "colors in diagnostics: auto, always or never")
	var as, agents, mods listFlag
	fs.Var(&as, "as", "the roles you play, by name or number from 0, comma-separated (default: the first role)")
	fs.Var(&agents, "agents", "agents for the other roles, in role order, with options after a colon (mcts:iters=200); a shorter list repeats its last agent (default: the game's first agent)")
	fs.Var(&mods, "mods", "script mod directories layered over the scenario's scripts")
	load := fs.String("load", "", "resume a game saved with the save command")
	replay := fs.String("replay", "", "watch a saved game step by step instead of playing")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 1 || (*load != "" && *replay != "") {
		fs.Usage()
		return diag.ExitFailure
	}
	out := cli.Output{Format: diag.FormatText, Color: color}
	c := env.Compiler()
	res := c.Open(positional[0])
	if res.Value == nil {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	g, _ := c.Game(res.Game)
	pl, ok := g.(console.Playable)
	sm, _ := g.(sim.Simulator)
	if !ok || sm == nil {
		fmt.Fprintf(env.Stderr, "mapc play: %s games cannot be played at a terminal yet\n", res.Game)
		return diag.ExitFailure
	}
	if code := out.Report(env, res.Diags, cli.Sources([]*build.Result{res})); code != diag.ExitOK {
		return code
	}

	// A save file fixes the seed, the seats and the log.
	var saved *console.SaveFile
	if path := *load + *replay; path != "" {
		data, err := source.ReadRegular(path, source.DefaultLimits.MaxFileSize*64)
		if err == nil {
			saved = &console.SaveFile{}
			err = json.Unmarshal(data, saved)
		}
		switch {
		case err != nil:
			fmt.Fprintf(env.Stderr, "mapc play: %s: %v\n", path, err)
			return diag.ExitErrors
		case saved.Format != console.SaveFormat || saved.Game != res.Game || saved.Scenario != res.Name:
			fmt.Fprintf(env.Stderr, "mapc play: %s is a save of the %s scenario %q (format %d), not of %s %q\n",
				path, saved.Game, saved.Scenario, saved.Format, res.Game, res.Name)
			return diag.ExitErrors
		}
		*seed = saved.Seed
	}
	scripts := build.ScriptsOf(res)
	// A hook that fails is the user's script: a diagnostic at its line and
	// column, named as mapc check names it, exit 1.
	hookFailed := func(err error) (int, bool) {
		d, ok := scripts.Diagnostic(err)
		if !ok {
			return 0, false
		}
		return out.Report(env, diag.Diagnostics{d}, scripts.Sources(cli.Sources([]*build.Result{res}))), true
	}
	probe, warns, err := pl.Table(res.Value, *seed, nil, mods)
	for _, w := range warns {
		fmt.Fprintln(env.Stderr, "mapc play: warning:", w)
	}
	if err != nil {
		if code, ok := hookFailed(err); ok {
			return code
		}
		fmt.Fprintln(env.Stderr, "mapc play:", err)
		return diag.ExitFailure
	}
	roles := probe.Roles()
	seats := make([]string, len(roles)) // agent per role; "" for the person
	if saved != nil {
		if len(saved.Agents) != len(roles) {
			fmt.Fprintf(env.Stderr, "mapc play: the save has %d seats, the scenario %d roles\n", len(saved.Agents), len(roles))
			return diag.ExitErrors
		}
		copy(seats, saved.Agents)
	} else {
		human := make([]bool, len(roles))
		if len(as) == 0 {
			as = listFlag{roles[0]}
		}
		for _, a := range as {
			i := slices.Index(roles, a)
			if n, err := strconv.Atoi(a); err == nil && n >= 0 && n < len(roles) {
				i = n
			}
			if i < 0 {
				fmt.Fprintf(env.Stderr, "mapc play: --as %s: no such role (roles: %s)\n", a, strings.Join(roles, ", "))
				return diag.ExitFailure
			}
			human[i] = true
		}
		known := sm.Agents()
		if len(agents) == 0 {
			agents = listFlag{known[0]}
		}
		k := 0
		for i := range roles {
			if human[i] {
				continue
			}
			a := agents[min(k, len(agents)-1)]
			k++
			if !slices.Contains(known, sim.AgentBase(a)) {
				fmt.Fprintf(env.Stderr, "mapc play: unknown agent %q for %s (agents: %s)\n", a, res.Game, strings.Join(known, ", "))
				return diag.ExitFailure
			}
			seats[i] = a
		}
	}
	humans := make([]bool, len(roles))
	for i, a := range seats {
		humans[i] = a == ""
	}
	table, _, err := pl.Table(res.Value, *seed, seats, mods)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc play:", err)
		return diag.ExitFailure
	}
	in := env.Stdin
	if in == nil {
		in = bytes.NewReader(nil)
	}
	interactive := false
	if f, ok := in.(*os.File); ok {
		interactive = isatty.IsTerminal(f.Fd())
	}
	s := &console.Session{In: bufio.NewReader(in), Out: env.Stdout, Interactive: interactive,
		Save: func(path string, decisions []json.RawMessage) error {
			data, err := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: res.Game, Scenario: res.Name,
				Seed: *seed, Agents: seats, Decisions: decisions})
			if err != nil {
				return err
			}
			return build.WriteAtomic(path, append(data, '\n'))
		}}
	if *replay != "" {
		if err := s.Watch(table, saved.Decisions); err != nil {
			if code, ok := hookFailed(err); ok {
				return code
			}
			fmt.Fprintln(env.Stderr, "mapc play --replay:", err)
			return diag.ExitErrors
		}
		return diag.ExitOK
	}
	var log []json.RawMessage
	if saved != nil {
		log = saved.Decisions
	}
	if _, err := s.Run(table, humans, log); err != nil {
		if errors.Is(err, console.ErrQuit) {
			fmt.Fprintln(env.Stdout, "quit: the game was not finished")
			return diag.ExitOK
		}
		if code, ok := hookFailed(err); ok {
			return code
		}
		fmt.Fprintln(env.Stderr, "mapc play:", err)
		return diag.ExitFailure
	}
	return diag.ExitOK
}
