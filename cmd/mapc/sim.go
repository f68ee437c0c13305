package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
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
	if len(args) > 0 && args[0] == "merge" {
		return runSimMerge(args[1:], env)
	}
	fs := flags("sim", env)
	games := fs.Int("n", 100, "number of games")
	seed := fs.Uint64("seed", 1, "batch seed: game i is played with a seed derived from it")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played in parallel (results do not depend on it)")
	format := fs.String("format", "text", "report format: text or json (html too for --report balance); diagnostics of failed games use the same format")
	report := fs.String("report", "wins", "wins: win rates per role; balance: seat swap, game length, lead and content effect (every seat order, -n games each)")
	keepGoing := fs.Bool("keep-going", false, "play every game even after one fails, and report every failure (default: stop at the first failing game)")
	only := fs.Int("game", -1, "play only game `N` of the batch (with the seed it has in the batch), to replay a failure alone")
	color := diag.ColorAuto
	fs.Var(&color, "color", "colors in diagnostics: auto, always or never")
	var agents, mods listFlag
	fs.Var(&agents, "agents", "agent per role, comma-separated; a shorter list repeats its last agent (default: the game's first agent)")
	fs.Var(&mods, "mods", "script mod directories layered over the scenario's scripts, in order (comma-separated or repeated)")
	shardFlag := fs.String("shard", "", "play only share I of N of the batch (I/N, from 0) and write it as a partial batch for 'mapc sim merge'")
	dest := fs.String("o", "", "write the report (or with --shard the partial batch) to this file instead of standard output")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 1 || *games <= 0 || *only < -1 {
		fs.Usage()
		return diag.ExitFailure
	}
	switch {
	case *report != "wins" && *report != "balance":
		fmt.Fprintf(env.Stderr, "mapc sim: --report %s: the reports are wins and balance\n", *report)
		return diag.ExitFailure
	case *format != "text" && *format != "json" && !(*format == "html" && *report == "balance"):
		fmt.Fprintf(env.Stderr, "mapc sim: --format %s is not supported: the %s report is written as text or json%s\n", *format, *report,
			map[bool]string{true: " or html", false: " (html is for --report balance)"}[*report == "balance"])
		return diag.ExitFailure
	case *report == "balance" && *only >= 0:
		fmt.Fprintln(env.Stderr, "mapc sim: --game replays one game of a wins batch; it does not go with --report balance")
		return diag.ExitFailure
	case *only >= 0 && *shardFlag != "":
		fmt.Fprintln(env.Stderr, "mapc sim: --game replays one game of a batch alone; it does not go with --shard")
		return diag.ExitFailure
	case *report == "balance" && *shardFlag != "":
		fmt.Fprintln(env.Stderr, "mapc sim: --shard plays part of one seat order; run the balance study's orders as separate sharded batches")
		return diag.ExitFailure
	}
	var shard, shards int
	if *shardFlag != "" {
		if n, err := fmt.Sscanf(*shardFlag, "%d/%d", &shard, &shards); n != 2 || err != nil || shards < 1 || shard < 0 || shard >= shards {
			fmt.Fprintf(env.Stderr, "mapc sim: --shard %s: want I/N with 0 ≤ I < N, e.g. --shard 0/4\n", *shardFlag)
			return diag.ExitFailure
		}
	}
	out := cli.Output{Format: diag.FormatText, Color: color}
	if *format == "json" {
		out.Format = diag.FormatJSON
	}
	c := env.Compiler()
	res := c.Open(positional[0])
	if res.Value == nil {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	g, _ := c.Game(res.Game)
	s, ok := g.(sim.Simulator)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc sim: the %s engine cannot play games yet\n", res.Game)
		return diag.ExitFailure
	}
	known := s.Agents()
	if len(agents) == 0 {
		agents = listFlag{known[0]}
	}
	for _, a := range agents {
		if !slices.Contains(known, sim.AgentBase(a)) {
			msg := fmt.Sprintf("mapc sim: unknown agent %q for %s (agents: %s)", a, res.Game, strings.Join(known, ", "))
			if m := diag.DidYouMean(a, known); m != "" {
				msg += "; did you mean " + m + "?"
			}
			fmt.Fprintln(env.Stderr, msg)
			return diag.ExitFailure
		}
	}
	if res.Diags.HasErrors() {
		return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	textOut := cli.Output{Format: diag.FormatText, Color: color}
	if len(res.Diags) > 0 {
		textOut.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	scripts := build.ScriptsOf(res)
	game, warns, err := s.Sim(res.Value, mods)
	for _, w := range warns {
		fmt.Fprintln(env.Stderr, "mapc sim: warning:", w)
	}
	if err != nil {
		// A script that does not load (a mod's syntax error, say) is the
		// user's input: a diagnostic at its line, exit 1.
		if d, ok := scripts.Diagnostic(err); ok {
			return out.Report(env, diag.Diagnostics{d}, scripts.Sources(cli.Sources([]*build.Result{res})))
		}
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	if roles := game.Roles(); len(agents) > len(roles) {
		fmt.Fprintf(env.Stderr, "mapc sim: %d agents for %d roles (%s): give at most one agent per role; a shorter list repeats its last agent\n",
			len(agents), len(roles), strings.Join(roles, ", "))
		return diag.ExitFailure
	}
	// The sha256 of the config as mapc build writes it (a loaded config's
	// own text).
	data := res.Config
	if data == nil {
		if data, err = build.Marshal(res.Value); err != nil {
			fmt.Fprintln(env.Stderr, "mapc sim:", err)
			return diag.ExitFailure
		}
	}
	sum := sha256.Sum256(data)
	opts := sim.Options{Games: *games, Seed: *seed, Agents: agents, Workers: *workers, KeepGoing: *keepGoing,
		Shard: shard, Shards: shards, Scenario: res.Name, ConfigSHA256: hex.EncodeToString(sum[:]), Tool: "mapc " + cli.Version}
	if *only >= 0 {
		opts.First, opts.Games = *only, 1
	}
	if cli.IsTerminal(env.StderrFile) {
		p := startProgress(env.Stderr)
		defer p.stop()
		opts.Progress = p.update
	}
	if *report == "balance" {
		return runBalance(env, out, scripts, game, opts, *format, *dest, func(order []string) func(int) string {
			return replayCommand(positional[0], *seed, order, mods)
		})
	}
	batch, err := sim.Play(game, opts)
	if err != nil {
		return reportFailures(env, out, scripts, err, replayCommand(positional[0], *seed, agents, mods))
	}
	if shards > 0 {
		return writeBatch(env, batch, *dest)
	}
	return writeReport(env, batch, *format, *dest)
}

// writeOut writes a report or batch to dest (a file, written atomically so
// a failed run leaves no half file) or, without one, to standard output.
func writeOut(env cli.Env, dest string, write func(io.Writer) error) int {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	if dest == "" {
		env.Stdout.Write(buf.Bytes())
		return diag.ExitOK
	}
	if err := build.WriteAtomic(dest, buf.Bytes()); err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	return diag.ExitOK
}

// writeBatch writes a partial batch to dest (a file, written atomically,
// or standard output).
func writeBatch(env cli.Env, b *sim.Batch, dest string) int {
	return writeOut(env, dest, b.WriteJSON)
}

// writeReport prints a complete batch's report to dest (standard output
// when empty).
func writeReport(env cli.Env, b *sim.Batch, format, dest string) int {
	rep, err := b.Report()
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	write := rep.WriteText
	if format == "json" {
		write = rep.WriteJSON
	}
	code := writeOut(env, dest, write)
	if rep.FewDistinct() {
		fmt.Fprintf(env.Stderr, "mapc sim: warning: only %s: the agents play alike whatever the seed, so the intervals, which count every game as a new sample, are too narrow\n", rep.DistinctSummary())
	}
	if len(rep.Unused) > 0 {
		// Content no game used is content nobody tested: a broken hook
		// there would pass the batch.
		fmt.Fprintf(env.Stderr, "mapc sim: warning: never used: %s\n", rep.UnusedSummary())
	}
	return code
}

// runSimMerge combines partial batches (mapc sim --shard) into the report a
// single run would have printed.
func runSimMerge(args []string, env cli.Env) int {
	fs := flags("sim", env)
	format := fs.String("format", "text", "report format: text or json")
	dest := fs.String("o", "", "write the report to this file instead of standard output")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) == 0 || (*format != "text" && *format != "json") {
		fmt.Fprintln(env.Stderr, "Usage: mapc sim merge [--format=text|json] PART.json...")
		return diag.ExitFailure
	}
	var parts []*sim.Batch
	for _, p := range positional {
		data, err := source.ReadRegular(p, source.DefaultLimits.MaxFileSize*64)
		if err != nil {
			fmt.Fprintln(env.Stderr, "mapc sim merge:", err)
			return diag.ExitFailure
		}
		b, err := sim.ReadBatch(bytes.NewReader(data))
		if err != nil {
			fmt.Fprintf(env.Stderr, "mapc sim merge: %s: %v\n", p, err)
			return diag.ExitErrors
		}
		parts = append(parts, b)
	}
	merged, err := sim.Merge(parts)
	if err != nil {
		// The parts are the user's input: they do not fit together.
		fmt.Fprintln(env.Stderr, "mapc sim", err)
		return diag.ExitErrors
	}
	return writeReport(env, merged, *format, *dest)
}

// runBalance plays the batch in every seat order (the agents rotated over
// the roles) and prints the balance report.
func runBalance(env cli.Env, out cli.Output, scripts *build.Scripts, game sim.Game, opts sim.Options, format, dest string, replay func(order []string) func(int) string) int {
	roles := game.Roles()
	agents := make([]string, len(roles))
	for i := range agents {
		agents[i] = opts.Agents[min(i, len(opts.Agents)-1)]
	}
	var batches []*sim.Batch
	for _, order := range sim.SeatOrders(agents) {
		o := opts
		o.Agents = order
		b, err := sim.Play(game, o)
		if err != nil {
			return reportFailures(env, out, scripts, err, replay(order))
		}
		batches = append(batches, b)
	}
	bal, err := sim.NewBalance(batches)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	switch format {
	case "json":
		return writeOut(env, dest, bal.WriteJSON)
	case "html":
		return writeOut(env, dest, bal.WriteHTML)
	}
	return writeOut(env, dest, bal.WriteText)
}

// progress shows on a terminal how many games of a batch are done,
// redrawn a few times a second however long each game takes. It only
// displays: the games and their results do not depend on it.
type progress struct {
	w          io.Writer
	done, tot  atomic.Int64
	quit, gone chan struct{}
}

func startProgress(w io.Writer) *progress {
	p := &progress{w: w, quit: make(chan struct{}), gone: make(chan struct{})}
	go func() {
		defer close(p.gone)
		tick := time.NewTicker(200 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.quit:
				fmt.Fprint(p.w, "\r\033[K")
				return
			case <-tick.C:
				p.draw()
			}
		}
	}()
	return p
}

// update records that done of total games are played (sim.Options.Progress).
func (p *progress) update(done, total int) {
	p.done.Store(int64(done))
	p.tot.Store(int64(total))
}

func (p *progress) draw() {
	done, total := p.done.Load(), p.tot.Load()
	if total == 0 {
		return
	}
	fmt.Fprintf(p.w, "\r%d/%d games (%d%%)", done, total, done*100/total)
}

// stop clears the line and ends the display.
func (p *progress) stop() {
	close(p.quit)
	<-p.gone
}

// replayCommand returns a function giving the command that replays game i
// of this batch alone: the same target, seed, agents and mods.
func replayCommand(target string, seed uint64, agents, mods []string) func(i int) string {
	return func(i int) string {
		cmd := fmt.Sprintf("mapc sim %s --seed %d --game %d", shellQuote(target), seed, i)
		if len(agents) > 0 {
			cmd += " --agents " + shellQuote(strings.Join(agents, ","))
		}
		for _, m := range mods {
			cmd += " --mods " + shellQuote(m)
		}
		return cmd
	}
}

// shellQuote quotes s for a POSIX shell when it needs quoting.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '-' || r == '_' || r == ',' || r == ':' ||
			r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f)
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// reportFailures reports the failed games of a batch. A script's failure is
// a diagnostic at its line (lua-runtime, exit 1) with its traceback and the
// command that replays the game alone, named and shown as scripts has it
// (the scenario's own scripts as mapc check names them, their excerpts
// from the bundled source); anything else (an engine error, the
// wall-clock backstop of an overloaded machine) is an internal failure,
// exit 2, with the same replay command.
func reportFailures(env cli.Env, out cli.Output, scripts *build.Scripts, err error, replay func(int) string) int {
	var fails sim.Failures
	if !errors.As(err, &fails) {
		fmt.Fprintln(env.Stderr, "mapc sim:", err)
		return diag.ExitFailure
	}
	var ds diag.Diagnostics
	internal := false
	for _, f := range fails {
		d, ok := scripts.Diagnostic(f.Err)
		if !ok {
			internal = true
			fmt.Fprintf(env.Stderr, "mapc sim: game %d (seed %d): %v\n  replay it alone: %s\n", f.Game, f.Seed, f.Err, replay(f.Game))
			continue
		}
		d.Detail = fmt.Sprintf("Game %d (seed %d): %s Replay this game alone: %s", f.Game, f.Seed, d.Detail, replay(f.Game))
		ds = append(ds, d)
	}
	code := diag.ExitOK
	if len(ds) > 0 {
		code = out.Report(env, ds, scripts.Sources(func(file string) ([]byte, bool) {
			// A mod's script, by the path the mod was given by.
			b, err := source.ReadRegular(file, source.DefaultLimits.MaxFileSize)
			return b, err == nil
		}))
	}
	if internal {
		return diag.ExitFailure
	}
	return code
}
