package xghj

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/sim"
)

// Commands implements cli.Commander: the xghj subcommands of mapc (replay,
// tournament, series), flag parsing, loading and reporting around the
// logic of this package.
func (Game) Commands() []cli.Command {
	return []cli.Command{
		{Name: "replay", Args: replayArgs, Summary: replaySummary, Examples: replayExamples, Run: runReplay},
		{Name: "tournament", Args: tournamentArgs, Summary: tournamentSummary, Examples: tournamentExamples, Run: runTournament},
		{Name: "series", Args: seriesArgs, Summary: seriesSummary, Examples: seriesExamples, Run: runSeries},
	}
}

func cmdFlags(name, args, summary, examples string, env cli.Env) *flag.FlagSet {
	fs := flag.NewFlagSet("mapc "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: mapc %s %s\n\n%s.\n\nFlags:\n", name, args, summary)
		fs.PrintDefaults()
		fmt.Fprintf(fs.Output(), "\nExamples:\n%s", examples)
	}
	return fs
}

// cmdParse parses flags placed anywhere among the arguments.
func cmdParse(fs *flag.FlagSet, args []string) ([]string, int, bool) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, diag.ExitOK, false
			}
			return nil, diag.ExitFailure, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// cmdLoad compiles a scenario or reads a compiled config; ok is false when it
// reported problems (code is the exit code then).
func cmdLoad(path string, env cli.Env, color diag.ColorMode) (*engine.Config, int, bool) {
	c := env.Compiler()
	res := c.Open(path)
	out := cli.Output{Format: diag.FormatText, Color: color}
	if res.Value == nil || res.Diags.HasErrors() {
		return nil, out.Report(env, res.Diags, cli.Sources([]*build.Result{res})), false
	}
	cfg, ok := res.Value.(*engine.Config)
	if !ok {
		fmt.Fprintf(env.Stderr, "mapc: %s is a %s scenario; this command is for xghj\n", path, res.Game)
		return nil, diag.ExitFailure, false
	}
	if len(res.Diags) > 0 {
		out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
	}
	return cfg, 0, true
}

// replayArgs, replaySummary and replayExamples describe mapc replay.
const (
	replayArgs     = "[flags] SCENARIO|CONFIG.json LOG"
	replaySummary  = "play an xghj command log and print the whole engine state after every round as JSON Lines"
	replayExamples = "  mapc replay scenarios/xghj/tsinghua game.jsonl > states.jsonl\n" +
		"  mapc replay build/xghj/tsinghua.json game.jsonl --seed 7\n" +
		"  mapc replay scenarios/xghj/tsinghua log_20170428_203011.txt --choose-order 3,0,1,2,4,5,6,7  # an original contest log\n" +
		"  mapc replay scenarios/xghj/tsinghua game.jsonl --format contest > log_game.txt  # the game as the original controller logs it\n"
)

// runReplay is mapc replay.
func runReplay(args []string, env cli.Env) int {
	fs := cmdFlags("replay", replayArgs, replaySummary, replayExamples, env)
	seed := fs.Uint64("seed", 1, "game seed (used only for the bid tie-break when the log has no choose_order)")
	order := fs.String("choose-order", "", "spawn choice order for an original contest log, comma-separated player ids (its logs do not record it)")
	format := fs.String("format", "jsonl", "output: jsonl (the whole state after every round) or contest (the game as the original controller's log: names, bids, spawns and every player's orders)")
	color := diag.ColorAuto
	fs.Var(&color, "color", "colors in diagnostics: auto, always or never")
	pos, code, ok := cmdParse(fs, args)
	if !ok {
		return code
	}
	if len(pos) != 2 || (*format != "jsonl" && *format != "contest") {
		fs.Usage()
		return diag.ExitFailure
	}
	cfg, code, ok := cmdLoad(pos[0], env, color)
	if !ok {
		return code
	}
	out := cli.Output{Format: diag.FormatText, Color: color}
	data, err := os.ReadFile(pos[1])
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc replay:", err)
		return diag.ExitFailure
	}
	var log *Log
	var ds diag.Diagnostics
	if IsContestLog(data) {
		var ids []int
		if *order != "" {
			for _, f := range strings.Split(*order, ",") {
				id, err := strconv.Atoi(strings.TrimSpace(f))
				if err != nil {
					fmt.Fprintf(env.Stderr, "mapc replay: --choose-order: %q is not a player id\n", f)
					return diag.ExitFailure
				}
				ids = append(ids, id)
			}
		}
		log, ds = ParseContestLog(pos[1], data, len(cfg.Players), ids)
	} else {
		log, ds = ParseLog(pos[1], data, len(cfg.Players))
	}
	if ds.HasErrors() {
		return out.Report(env, ds, diag.FileSources())
	}
	if len(ds) > 0 {
		out.Report(env, ds, diag.FileSources())
	}
	replay := Replay
	if *format == "contest" {
		replay = ReplayContest
	}
	warns, err := replay(cfg, log, *seed, env.Stdout)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc replay:", err)
		return diag.ExitFailure
	}
	if len(warns) > 0 {
		return out.Report(env, warns, diag.FileSources())
	}
	return diag.ExitOK
}

// tournamentArgs, tournamentSummary and tournamentExamples describe mapc
// tournament.
const (
	tournamentArgs     = "[flags] SCENARIO|CONFIG.json"
	tournamentSummary  = "run the Swiss tournament of xghj bots and print the standings"
	tournamentExamples = "  mapc tournament scenarios/xghj/tsinghua --rounds 30 --bots heuristic,heuristic,random\n" +
		"  mapc tournament scenarios/xghj/tsinghua --rounds 5 --bots heuristic,random --format json\n"
)

// runTournament is mapc tournament.
func runTournament(args []string, env cli.Env) int {
	fs := cmdFlags("tournament", tournamentArgs, tournamentSummary, tournamentExamples, env)
	rounds := fs.Int("rounds", 30, "Swiss rounds")
	seed := fs.Uint64("seed", 1, "tournament seed")
	bots := fs.String("bots", "heuristic", "entrants, one agent name each, comma-separated (heuristic, random, mcts or mcts:iters=N:…, dummy)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played in parallel (results do not depend on it)")
	format := fs.String("format", "text", "standings format: text or json")
	color := diag.ColorAuto
	fs.Var(&color, "color", "colors in diagnostics: auto, always or never")
	pos, code, ok := cmdParse(fs, args)
	if !ok {
		return code
	}
	names := commaList(*bots)
	if len(pos) != 1 || *rounds <= 0 || len(names) == 0 || (*format != "text" && *format != "json") {
		fs.Usage()
		return diag.ExitFailure
	}
	known := append((Game{}).Agents(), AgentDummy)
	for _, n := range names {
		found := false
		for _, k := range known {
			found = found || k == sim.AgentBase(n)
		}
		if !found {
			fmt.Fprintf(env.Stderr, "mapc tournament: unknown bot %q (bots: %s)\n", n, strings.Join(known, ", "))
			return diag.ExitFailure
		}
	}
	cfg, code, ok := cmdLoad(pos[0], env, color)
	if !ok {
		return code
	}
	st, err := Tournament(cfg, TournamentOptions{Rounds: *rounds, Seed: *seed, Bots: names, Workers: *workers})
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc tournament:", err)
		return diag.ExitFailure
	}
	if *format == "json" {
		return cmdWriteJSON(env.Stdout, st)
	}
	if err := st.WriteText(env.Stdout); err != nil {
		return diag.ExitFailure
	}
	return diag.ExitOK
}

func cmdWriteJSON(w io.Writer, v any) int {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return diag.ExitFailure
	}
	return diag.ExitOK
}

// seriesArgs, seriesSummary and seriesExamples describe mapc series.
const (
	seriesArgs     = "[flags] SCENARIO|CONFIG.json"
	seriesSummary  = "play the rulebook's 一轮比赛 series of xghj games (1.5× start for each winner, graduation at 1.5⁵)"
	seriesExamples = "  mapc series scenarios/xghj/east_playground\n" +
		"  mapc series scenarios/xghj/sunshine_run --graduates 3 --agents heuristic,random --seed 7\n" +
		"  mapc series scenarios/xghj/study_hall --format json\n"
)

// runSeries is mapc series.
func runSeries(args []string, env cli.Env) int {
	fs := cmdFlags("series", seriesArgs, seriesSummary, seriesExamples, env)
	seed := fs.Uint64("seed", 1, "series seed: game i is played with a seed derived from it")
	agents := fs.String("agents", "heuristic", "agent per seat, comma-separated; a shorter list repeats its last agent")
	graduates := fs.Int("graduates", 1, "graduations that end the series")
	games := fs.Int("games", 100, "the most games the series plays")
	growth := fs.Float64("growth", 1.5, "a winner's factor on its starting resources")
	stages := fs.Int("stages", 5, "wins to graduate (growth^stages times the base)")
	format := fs.String("format", "text", "report format: text or json")
	color := diag.ColorAuto
	fs.Var(&color, "color", "colors in diagnostics: auto, always or never")
	pos, code, ok := cmdParse(fs, args)
	if !ok {
		return code
	}
	names := commaList(*agents)
	if len(pos) != 1 || *graduates < 1 || *games < 1 || *stages < 1 || *growth < 1 || (*format != "text" && *format != "json") {
		fs.Usage()
		return diag.ExitFailure
	}
	cfg, code, ok := cmdLoad(pos[0], env, color)
	if !ok {
		return code
	}
	res, err := Series(cfg, SeriesOptions{Agents: names, Seed: *seed, Graduates: *graduates, MaxGames: *games, Growth: *growth, Stages: *stages})
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc series:", err)
		return diag.ExitFailure
	}
	if *format == "json" {
		return cmdWriteJSON(env.Stdout, res)
	}
	if err := res.WriteText(env.Stdout); err != nil {
		return diag.ExitFailure
	}
	return diag.ExitOK
}

// commaList is the non-empty entries of a comma-separated flag, trimmed.
func commaList(s string) []string {
	var out []string
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}
