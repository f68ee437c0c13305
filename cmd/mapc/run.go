package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	iofs "io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/luadoc"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

type command struct {
	name, args, summary, examples string
	run                           func(args []string, env cli.Env) int
}

// commands returns mapc's own commands, then those the registered games
// bring (cli.Commander), in the order of the games.
func commands(env cli.Env) []command {
	cmds := []command{
		{"build", "[flags] [SCENARIO...]", "compile scenarios into JSON engine configs",
			"  mapc build                                   # every scenario under ./scenarios into ./build\n" +
				"  mapc build scenarios/mbg/sample -o out.json  # one scenario into one file\n" +
				"  mapc build -o dist scenarios/mbg             # every mbg scenario into dist/mbg/\n",
			runBuild},
		{"check", "[flags] [SCENARIO...]", "report every problem of scenarios without writing anything",
			"  mapc check scenarios/mbg/sample\n" +
				"  mapc check --format=sarif > report.sarif\n",
			runCheck},
		{"new", "GAME NAME [--from SCENARIO] [-o DIR]", "start a scenario: a small, valid, commented one, its scripts, tests and editor stubs",
			"  mapc new mbg siege                                  # ./siege: board, officers, two roles, a Lua tech, a test\n" +
				"  mapc new ftbt ford -o scenarios/ftbt/ford           # a grid level with a Lua tech class\n" +
				"  mapc new mbg mine --from scenarios/mbg/sample       # a copy of a shipped scenario under a new name\n",
			runNew},
		{"import", "GAME FILE... -o DIR", "convert legacy files into a scenario directory",
			"  mapc import mbg sanguo.map -o scenarios/mbg/sanguo\n" +
				"  mapc import ftbt star.tech m1.map m1.intro -o scenarios/ftbt/star-m1\n" +
				"  mapc import --name=三国 mbg sanguo.map -o /tmp/sanguo\n" +
				"  mapc import xghj Tsinghua.map.txt mykernel.txt -o scenarios/xghj/tsinghua\n",
			runImport},
		{"inspect", "[flags] SCENARIO|CONFIG.json", "print the values the rules derive from a scenario, or why the AI decides as it does, as JSON",
			"  mapc inspect scenarios/mbg/sanguo            # officer levels, hpmax and hire prices, city income\n" +
				"  mapc inspect --ranges scenarios/ftbt/star-m1 # where each unit can move (search order) and what it can target\n" +
				"  mapc inspect --ai --person 红·枪兵 scenarios/ftbt/skirmish   # the AI's candidates, score terms and choice\n" +
				"  mapc inspect --ai --at scenarios/ftbt/skirmish/tests/golden/ai-1.txt:12 scenarios/ftbt/skirmish\n",
			runInspectCmd},
		{"render", "[flags] SCENARIO [-o FILE.svg]", "draw a scenario's map as SVG",
			"  mapc render scenarios/mbg/sample -o sample.svg        # the board, cities by owner and scope\n" +
				"  mapc render scenarios/ftbt/skirmish --ranges 蓝·枪兵    # a unit's movement range and tech targets\n" +
				"  mapc render broken --diagnostics -o broken.svg          # problems drawn where they are on the map\n",
			runRender},
		{"sim", "[flags] SCENARIO|CONFIG.json", "play headless games with AI agents and report win rates",
			"  mapc sim scenarios/mbg/sanguo -n 1000                      # random agents, seed 1\n" +
				"  mapc sim scenarios/mbg/sanguo -n 500 --agents heuristic,random,random --format=json\n" +
				"  mapc sim build/mbg/sanguo.json --mods mymod --seed 7       # a compiled config, a mod's scripts on top\n",
			runSim},
		{"play", "[flags] SCENARIO|CONFIG.json", "play a game at the terminal against the game's agents",
			"  mapc play scenarios/mbg/sanguo                       # you are the first role, the others random\n" +
				"  mapc play scenarios/mbg/sanguo --as 蜀 --agents heuristic\n" +
				"  mapc play scenarios/ftbt/star-m1 --agents ai          # answer with a number; u undoes, s FILE saves, q quits\n" +
				"  mapc play scenarios/mbg/sanguo --load game.json      # resume a saved game\n" +
				"  mapc play scenarios/mbg/sanguo --replay game.json    # watch it step by step\n",
			runPlay},
		{"test", "[flags] [SCENARIO...]", "run the scenario tests and golden playthroughs in tests/*.toml",
			"  mapc test scenarios/mbg/sample             # assertions on outcomes and events, golden playthroughs\n" +
				"  mapc test --update scenarios/mbg/sample    # record the golden playthroughs again after an intended change\n" +
				"  mapc test --format=github                  # every shipped scenario, annotations for CI\n",
			runTest},
		{"watch", "[flags] [SCENARIO...]", "re-check scenarios on every save, optionally re-drawing the map and re-running a short sim",
			"  mapc watch scenarios/mbg/sample                          # re-print the diagnostics on every save\n" +
				"  mapc watch scenarios/ftbt/skirmish --render map.svg --sim 50\n",
			runWatch},
		{"studio", "[DIR...] [--addr HOST:PORT] [--open]", "serve a local web workbench: live maps with diagnostics, entities, hooks, a replay viewer and sims",
			"  mapc studio                                   # the scenarios under ./scenarios at http://127.0.0.1:7777/\n" +
				"  mapc studio campaigns --open                  # another directory; open the browser\n" +
				"  mapc studio --editor-url 'idea://open?file={path}&line={line}'\n",
			runStudio},
		{"lsp", "[--stdio]", "serve the Language Server Protocol on stdin/stdout: check as you type, hover, completion, definitions, quick fixes", "  mapc lsp    # started by the editor (docs/editors.md)\n", runLSP},
		{"stubs", "-o DIR", "write LuaLS definitions and .luarc.json for editing hook scripts",
			"  mapc stubs -o .sandtable     # then open the scripts folder in an editor with LuaLS\n",
			runStubs},
		{"schema", "[NAME]", "list the embedded JSON Schemas, or print one",
			"  mapc schema\n  mapc schema mbg.scenario.schema.json > mbg.schema.json\n",
			runSchema},
	}
	for _, g := range env.GameList() {
		if gc, ok := g.(cli.Commander); ok {
			for _, c := range gc.Commands() {
				cmds = append(cmds, command{c.Name, c.Args, c.Summary, c.Examples, c.Run})
			}
		}
	}
	return cmds
}

func usage(w io.Writer, env cli.Env) {
	fmt.Fprint(w, "mapc compiles Sandtable scenarios (TOML + Lua) into validated JSON engine configs.\n\nUsage:\n\n")
	for _, c := range commands(env) {
		fmt.Fprintf(w, "  mapc %-7s %-24s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprint(w, "\nRun 'mapc COMMAND -h' for the flags and examples of a command.\n"+
		"Exit status: 0 clean (warnings allowed), 1 errors found, 2 usage or internal failure.\n")
}

// withGames registers the games of kit/games in env unless a test has
// registered others.
func withGames(env cli.Env) cli.Env {
	if env.Games == nil {
		env.Games = games.All()
	}
	return env
}

func run(args []string, env cli.Env) int {
	env = withGames(env)
	if len(args) == 0 {
		usage(env.Stderr, env)
		return diag.ExitFailure
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		if len(args) > 1 {
			return help(args[1], env)
		}
		usage(env.Stdout, env)
		return diag.ExitOK
	case "-version", "--version", "version":
		fmt.Fprintln(env.Stdout, "mapc", cli.Version)
		return diag.ExitOK
	}
	for _, c := range commands(env) {
		if c.name == args[0] {
			return c.run(args[1:], env)
		}
	}
	var names []string
	for _, c := range commands(env) {
		names = append(names, c.name)
	}
	if m := diag.DidYouMean(args[0], names); m != "" {
		fmt.Fprintf(env.Stderr, "mapc: unknown command %q; did you mean %s?\n\n", args[0], m)
	} else {
		fmt.Fprintf(env.Stderr, "mapc: unknown command %q\n\n", args[0])
	}
	usage(env.Stderr, env)
	return diag.ExitFailure
}

// flags builds the flag set of a command with its help text.
func flags(name string, env cli.Env) *flag.FlagSet {
	fs := flag.NewFlagSet("mapc "+name, flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.Usage = func() {
		for _, c := range commands(env) {
			if c.name == name {
				fmt.Fprintf(fs.Output(), "Usage: mapc %s %s\n\n%s.\n\nFlags:\n", c.name, c.args, strings.ToUpper(c.summary[:1])+c.summary[1:])
				fs.PrintDefaults()
				fmt.Fprintf(fs.Output(), "\nExamples:\n%s", c.examples)
			}
		}
	}
	return fs
}

// parse parses flags and returns the positional arguments; ok is false when
// the command must stop with code.
func parse(fs *flag.FlagSet, args []string) (positional []string, code int, ok bool) {
	// Accept flags after positional arguments too (mapc check DIR --format=json).
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(io.Discard)
				return nil, diag.ExitOK, false
			}
			return nil, diag.ExitFailure, false
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	return pos, 0, true
}

func runCheck(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("check", env)
	out.Register(fs)
	var lim source.Limits
	fs.Var(&lim, "limits", "file limits, e.g. size=64M,depth=100,keys=2000000,line=1M")
	var mods listFlag
	fs.Var(&mods, "mods", "script mod directories to check and load over each scenario, as mapc sim --mods does (comma-separated or repeated)")
	strict := fs.Bool("strict", false, "also report lint:ignore comments that suppress nothing")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	paths, err := cli.ScenarioPaths(positional)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc check:", err)
		return diag.ExitFailure
	}
	results, ds := env.CompileAll(paths, build.Options{Limits: lim, Strict: *strict})
	if len(mods) > 0 {
		ds = append(ds, checkMods(env, results, mods)...)
	}
	return out.Report(env, ds, cli.Sources(results))
}

// checkMods is mapc check --mods: the mods' scripts checked for each game
// checked, and loaded over each scenario that compiled, with the warnings
// mapc sim --mods gives (a replaced hook, a file that replaces nothing).
func checkMods(env cli.Env, results []*build.Result, mods []string) diag.Diagnostics {
	var ds diag.Diagnostics
	checked := map[string]bool{}
	c := env.Compiler()
	for _, res := range results {
		g, ok := c.Game(res.Game)
		if !ok || res.Value == nil {
			continue
		}
		if !checked[res.Game] {
			checked[res.Game] = true
			mds, err := build.CheckModScripts(g.Kinds(), mods)
			if err != nil {
				fmt.Fprintln(env.Stderr, "mapc check:", err)
			}
			ds = append(ds, mds...)
		}
		s, ok := g.(sim.Simulator)
		if !ok || res.Diags.HasErrors() {
			continue
		}
		_, warns, err := s.Sim(res.Value, mods)
		for _, w := range warns {
			if strings.Contains(w, " is not a hook script: ") {
				continue // a lua-mod-ignored diagnostic already says so
			}
			fmt.Fprintf(env.Stderr, "mapc check: %s: warning: %s\n", res.Name, w)
		}
		if err != nil {
			if d, ok := build.ScriptsOf(res).Diagnostic(err); ok {
				if !slices.ContainsFunc(ds, func(o diag.Diagnostic) bool {
					return o.Code == d.Code && o.Subject != nil && d.Subject != nil && *o.Subject == *d.Subject
				}) {
					ds = append(ds, d)
				}
				continue
			}
			fmt.Fprintf(env.Stderr, "mapc check: %s: %v\n", res.Name, err)
		}
	}
	return ds
}

func runBuild(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("build", env)
	out.Register(fs)
	dest := fs.String("o", "", "output: a .json file (one scenario) or a directory (default ./build)")
	var lim source.Limits
	fs.Var(&lim, "limits", "file limits, e.g. size=64M,depth=100,keys=2000000,line=1M")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	paths, err := cli.ScenarioPaths(positional)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc build:", err)
		return diag.ExitFailure
	}
	toFile := strings.HasSuffix(*dest, ".json")
	if toFile && len(paths) != 1 {
		fmt.Fprintf(env.Stderr, "mapc build: -o %s names one file but %d scenarios were given\n", *dest, len(paths))
		return diag.ExitFailure
	}
	dir := *dest
	if dir == "" {
		dir = "build"
	}
	// Compile and encode everything first so that nothing is written when
	// any scenario has errors. Encode validates each config against its
	// schema before it is written.
	results, ds := env.CompileAll(paths, build.Options{Limits: lim})
	if !toFile && !ds.HasErrors() {
		ds = append(ds, outputClashes(results, dir)...)
	}
	if !ds.HasErrors() {
		for _, r := range results {
			ds = append(ds, r.Encode()...)
		}
	}
	if !ds.HasErrors() {
		// All configs of the run are written as one set (build.WriteSet).
		files := map[string][]byte{}
		for _, r := range results {
			target := *dest
			if !toFile {
				target = filepath.Join(dir, r.Game, r.Name+".json")
			}
			files[target] = r.Config
		}
		var err error
		if toFile {
			err = build.WriteAtomic(*dest, files[*dest])
		} else {
			err = build.WriteSet(dir, files)
		}
		if err != nil {
			where := dir
			if toFile {
				where = *dest
			}
			ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: build.CodeWrite,
				Summary: "Cannot write output", Detail: fmt.Sprintf("Writing %s failed: %v.", filepath.ToSlash(where), err)})
		} else if out.Format == diag.FormatText {
			for _, target := range slices.Sorted(maps.Keys(files)) {
				fmt.Fprintf(env.Stderr, "wrote %s\n", filepath.ToSlash(target))
			}
		}
	}
	return out.Report(env, ds, cli.Sources(results))
}

// outputClashes reports scenarios that would be written to the same
// <dir>/<game>/<name>.json: one error per later scenario, at its name (or
// its entry file), with the first one as related information.
func outputClashes(results []*build.Result, dir string) diag.Diagnostics {
	var ds diag.Diagnostics
	first := map[string]*build.Result{}
	for _, r := range results {
		target := filepath.ToSlash(filepath.Join(dir, r.Game, r.Name+".json"))
		prev, ok := first[target]
		if !ok {
			first[target] = r
			continue
		}
		d := diag.Diagnostic{Severity: diag.Error, Code: build.CodeOutputClash,
			Summary: "Two scenarios compile to one output file",
			Detail: fmt.Sprintf("Both %s and %s are %s scenarios named %q, so both would be written to %s. Nothing is written; give one of them another [scenario] name.",
				entryOf(prev), entryOf(r), r.Game, r.Name, target),
			Subject: nameRange(r)}
		if rg := nameRange(prev); rg != nil {
			d.Related = []diag.Related{{Message: "the other scenario named " + strconv.Quote(r.Name), Range: *rg}}
		}
		ds = append(ds, d)
	}
	return ds
}

// entryOf names a compiled scenario's entry file.
func entryOf(r *build.Result) string {
	if r.Source != nil {
		if files := r.Source.Files(); len(files) > 0 {
			return files[0]
		}
	}
	return r.Name
}

// nameRange is where a scenario's name comes from: its [scenario] name, or
// the start of its entry file when the name is the directory's.
func nameRange(r *build.Result) *diag.Range {
	if r.Source == nil {
		return nil
	}
	if _, ok := r.Source.Lookup("/scenario/name"); ok {
		return r.Source.Range("/scenario/name")
	}
	return &diag.Range{File: entryOf(r), Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}
}

func runImport(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("import", env)
	out.Register(fs)
	dest := fs.String("o", "", "directory to write scenario.toml into (required)")
	name := fs.String("name", "", "scenario name (default: the legacy file's name)")
	force := fs.Bool("force", false, "overwrite the files of a scenario already in the -o directory")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) < 2 || *dest == "" {
		fs.Usage()
		return diag.ExitFailure
	}
	game, files := positional[0], positional[1:]
	g, _ := env.Compiler().Game(game)
	imp, ok := g.(build.Importer)
	if !ok {
		var known []string
		for _, g := range env.GameList() {
			if _, ok := g.(build.Importer); ok {
				known = append(known, g.Name())
			}
		}
		fmt.Fprintf(env.Stderr, "mapc import: no importer for game %q (known: %s)\n", game, strings.Join(known, ", "))
		return diag.ExitFailure
	}
	usage, lo, hi := imp.ImportArgs()
	if len(files) < lo || len(files) > hi {
		fmt.Fprintf(env.Stderr, "mapc import %s: takes %s\n", game, usage)
		return diag.ExitFailure
	}
	// Legacy inputs are read like includes: regular files within the size
	// limit (a FIFO or /dev/zero is refused, not read).
	in := make([]build.ImportFile, len(files))
	for i, f := range files {
		data, err := source.ReadRegular(f, source.DefaultLimits.MaxFileSize)
		if err != nil && i < lo {
			fmt.Fprintf(env.Stderr, "mapc import: %s: %v\n", f, err)
			return diag.ExitFailure
		}
		in[i] = build.ImportFile{Name: f, Data: data, Err: err}
	}
	schemaPath, schemaCopy := schemaPathFor(g, *dest)
	out2, ds := imp.Import(in, build.ImportOptions{Name: *name, SchemaPath: schemaPath})
	if out2 == nil {
		return out.Report(env, ds, diag.FileSources())
	}
	if schemaCopy != nil {
		out2[schemaCopy.Name] = schemaCopy.Data
	}
	if !*force {
		// A second import over a scenario would silently replace the
		// author's edits; say which files are in the way instead.
		var there []string
		for _, rel := range slices.Sorted(maps.Keys(out2)) {
			target := filepath.Join(*dest, filepath.FromSlash(rel))
			if strings.HasPrefix(rel, luadoc.StubDir+"/") {
				continue // mapc's own editor files are rewritten freely
			}
			if _, err := os.Lstat(target); err == nil {
				there = append(there, filepath.ToSlash(target))
			}
		}
		if len(there) > 0 {
			verb := "exists"
			if len(there) > 1 {
				verb = "exist"
			}
			fmt.Fprintf(env.Stderr, "mapc import: %s already %s; nothing was written (use --force to overwrite, or another -o directory)\n", strings.Join(there, ", "), verb)
			return diag.ExitFailure
		}
	}
	var written []string
	for _, rel := range slices.Sorted(maps.Keys(out2)) {
		target := filepath.Join(*dest, filepath.FromSlash(rel))
		if err := build.WriteAtomic(target, out2[rel]); err != nil {
			fmt.Fprintln(env.Stderr, "mapc import:", err)
			return diag.ExitFailure
		}
		written = append(written, filepath.ToSlash(target))
	}
	// Check what was written, so the author sees at once whether it builds.
	res := env.Compiler().Compile(*dest, build.Options{})
	ds = append(ds, res.Diags...)
	if out.Format == diag.FormatText {
		for _, w := range written {
			fmt.Fprintf(env.Stderr, "wrote %s\n", w)
		}
	}
	return out.Report(env, ds, cli.Sources([]*build.Result{res}))
}

func runInspect(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("inspect", env)
	out.Register(fs)
	ranges := fs.Bool("ranges", false, "grid games: each unit's destinations in search order, with cost and predecessor, and its techs' targets")
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
	inspect := func(config any) (any, error) { return nil, fmt.Errorf("nothing to inspect for %s scenarios", res.Game) }
	if in, ok := g.(build.Inspector); ok {
		inspect = in.Inspect
	}
	if *ranges {
		inspect = func(config any) (any, error) {
			return nil, fmt.Errorf("--ranges: %s has no grid movement", res.Game)
		}
		if in, ok := g.(build.RangeInspector); ok {
			inspect = in.InspectRanges
		}
	}
	v, err := inspect(res.Value)
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc inspect:", err)
		return diag.ExitFailure
	}
	data, err := build.Marshal(v)
	if err == nil {
		err = writeData(env, *dest, data)
	}
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc inspect:", err)
		return diag.ExitFailure
	}
	return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
}

// writeData writes a command's output to dest, atomically, or to standard
// output when dest is empty.
func writeData(env cli.Env, dest string, data []byte) error {
	if dest == "" {
		_, err := env.Stdout.Write(data)
		return err
	}
	return build.WriteAtomic(dest, data)
}

func runStubs(args []string, env cli.Env) int {
	fs := flags("stubs", env)
	dest := fs.String("o", "", "directory to write the definitions into (required)")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if *dest == "" || len(positional) > 0 {
		fs.Usage()
		return diag.ExitFailure
	}
	if err := luadoc.WriteStubs(*dest, env.Kinds()); err != nil {
		fmt.Fprintln(env.Stderr, "mapc stubs:", err)
		return diag.ExitFailure
	}
	fmt.Fprintf(env.Stderr, "wrote LuaLS definitions to %s\n", filepath.ToSlash(*dest))
	return diag.ExitOK
}

// schemaPathFor returns the #:schema path of a new scenario in dir: the
// game's scenario schema in the nearest schemas/ folder at or above dir (a
// checkout of this repository, or a project that keeps the schemas), else
// a copy in the scenario's own .sandtable/ folder, which copy is then the
// file to write with the scenario (nil when the path is an existing file).
func schemaPathFor(g build.Game, dir string) (path string, file *StubFile) {
	name := g.Name() + ".scenario.schema.json"
	if abs, err := filepath.Abs(dir); err == nil {
		for d := abs; ; d = filepath.Dir(d) {
			candidate := filepath.Join(d, "schemas", name)
			if _, err := os.Stat(candidate); err == nil {
				if rel, err := filepath.Rel(abs, candidate); err == nil {
					return filepath.ToSlash(rel), nil
				}
			}
			if filepath.Dir(d) == d {
				break
			}
		}
	}
	var data []byte
	var err error
	if c, ok := g.(build.Content); ok {
		data, err = iofs.ReadFile(c.SchemaFS(), name)
	} else {
		data, err = schema.Source(name)
	}
	if err != nil {
		return name, nil // a game without a scenario schema: nothing to point at
	}
	rel := luadoc.StubDir + "/" + name
	return rel, &StubFile{Name: rel, Data: data}
}

// StubFile is a file written beside a scenario for editors.
type StubFile = luadoc.StubFile

func runSchema(args []string, env cli.Env) int {
	fs := flags("schema", env)
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	set, err := schema.Load()
	if err != nil {
		fmt.Fprintln(env.Stderr, "mapc schema:", err)
		return diag.ExitFailure
	}
	if len(positional) == 0 {
		for _, n := range set.Names() {
			fmt.Fprintln(env.Stdout, n)
		}
		return diag.ExitOK
	}
	name := positional[0]
	if !strings.HasSuffix(name, ".json") {
		name += ".schema.json"
	}
	data, err := schema.Source(name)
	if err != nil {
		fmt.Fprintf(env.Stderr, "mapc schema: no schema named %s (try 'mapc schema' for the list)\n", positional[0])
		return diag.ExitFailure
	}
	env.Stdout.Write(data)
	return diag.ExitOK
}

// help is mapc help CMD: the command's usage, flags and examples on stdout.
func help(name string, env cli.Env) int {
	var names []string
	for _, c := range commands(env) {
		if c.name == name {
			out := env
			out.Stderr = env.Stdout
			return c.run([]string{"-h"}, out)
		}
		names = append(names, c.name)
	}
	msg := fmt.Sprintf("mapc help: unknown command %q (commands: %s)", name, strings.Join(names, ", "))
	if m := diag.DidYouMean(name, names); m != "" {
		msg += "; did you mean " + m + "?"
	}
	fmt.Fprintln(env.Stderr, msg)
	return diag.ExitFailure
}
