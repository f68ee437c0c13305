package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

// A toy third game, registered only in this test, proves that adding a game
// is adding its pieces and one registration: mapc compiles, checks,
// simulates and writes stubs for it, and its engine replays on engine/play.
//
// The game: two players take turns picking 1, 2 or 3 (one request kind);
// a toy.score hook (one hook kind, in Lua) turns a pick into points; the
// first to reach the target wins.

// ---- engine side ----

type toyKind uint8

func (toyKind) String() string { return "pick" }

type toyOption struct{ N int }

type toyRequest struct{ play.Ask[toyKind, toyOption] }

type toyDecider = play.Decider[*toyGame, *toyRequest]

type toyConfig struct {
	Game    string          `json:"game"` // every compiled config names its game
	Target  float64         `json:"target"`
	Scripts []plugin.Script `json:"scripts"`
}

var toyScore = &plugin.Kind{
	Name: "toy.score", Doc: "Points for a pick.",
	Ctx: []plugin.Field{{Name: "pick", Type: "integer", Doc: "The pick."}},
	Funcs: []plugin.Func{{Name: "score", Required: true, Doc: "Returns the points.",
		Params: []plugin.Field{{Name: "ctx", Type: "toy.score.ctx", Doc: "The pick."}}, Returns: []plugin.Field{{Name: "points", Type: "number", Doc: "Points."}}}},
}

var toyScoreSig = plugin.NewSig[int, any, float64](toyScore, "score",
	func(t *plugin.Table, pick *int) { t.Int(0, *pick) },
	func(r plugin.Results) (float64, error) { return r.Number(1) }, nil)

type toyGame struct {
	cfg    *toyConfig
	w      *plugin.Worker
	score  plugin.Ref
	points [2]float64
	seats  play.Seats[*toyGame, *toyRequest, toyKind, toyOption]
	events play.Events[string]
}

func (g *toyGame) run(ds []toyDecider) (winner, rounds int, err error) {
	g.seats.Deciders = ds
	for round := 1; round <= 50; round++ {
		for p := range 2 {
			req := &toyRequest{}
			req.Reset(0, p)
			req.Options = []toyOption{{1}, {2}, {3}}
			c, err := g.seats.Decide(g, round, req)
			if err != nil {
				return -1, round, err
			}
			pick := req.Options[c].N
			pts, err := plugin.Call(g.w, toyScoreSig, g.score, &pick, any(nil))
			if err != nil {
				return -1, round, err
			}
			g.points[p] += pts
			g.events.Emit(fmt.Sprintf("%d: player %d picks %d for %g", round, p, pick, pts))
			if g.points[p] >= g.cfg.Target {
				return p, round, nil
			}
		}
	}
	return -1, 50, nil
}

// ---- kit side ----

type toyGameKit struct{}

func (toyGameKit) Name() string              { return "toy" }
func (toyGameKit) Catalogue() diag.Catalogue { return diag.Catalogue{} }
func (toyGameKit) Kinds() []*plugin.Kind     { return []*plugin.Kind{toyScore} }
func (toyGameKit) Agents() []string          { return sim.AgentNames(toyAgents) }

func (toyGameKit) SchemaFS() fs.FS {
	obj := func(props string, req string) string {
		return `{"type":"object","additionalProperties":false,"required":[` + req + `],"properties":{` + props + `}}`
	}
	return fstest.MapFS{
		"toy.scenario.schema.json": {Data: []byte(obj(`"scenario":`+obj(`"name":{"type":"string"},"target":{"type":"number","minimum":1},"script":{"type":"string"}`, `"name","target","script"`), `"scenario"`))},
		"toy.config.schema.json":   {Data: []byte(obj(`"game":{"const":"toy"},"target":{"type":"number"},"scripts":{"type":"array"}`, `"game","target","scripts"`))},
	}
}

func (toyGameKit) BuiltinFS() fs.FS { return fstest.MapFS{} }

func (toyGameKit) Compile(src *source.Source, _ build.Options) (any, diag.Diagnostics) {
	sc, _ := src.Root["scenario"].(map[string]any)
	target, _ := sc["target"].(int64)
	script, _ := sc["script"].(string)
	path := source.Join(src.Entry, script)
	data, ok := src.Content(path)
	if !ok {
		data, _ = os.ReadFile(path)
	}
	ds := build.CheckScript([]*plugin.Kind{toyScore}, toyScore.Name, "score", path, data)
	return &toyConfig{Game: "toy", Target: float64(target), Scripts: []plugin.Script{plugin.Bundle(toyScore.Name, "score", script, data)}}, ds
}

func (toyGameKit) DecodeConfig(data []byte) (any, error) { return build.DecodeConfig[toyConfig](data) }

var toyAgents = []sim.Agent[toyDecider]{
	{Name: "random", New: func(seed uint64) toyDecider { return &toyRandom{rng.New(seed)} }},
}

type toyRandom struct{ r *rng.RNG }

func (a *toyRandom) Decide(_ *toyGame, req *toyRequest) (int, error) {
	return a.r.IntN(len(req.Options)), nil
}

func newToyGame(cfg *toyConfig, w *plugin.Worker, reg *plugin.Registry) *toyGame {
	ref, _ := reg.Lookup(toyScore, "score")
	return &toyGame{cfg: cfg, w: w, score: ref}
}

func (toyGameKit) Sim(config any, mods []string) (sim.Game, []string, error) {
	cfg := config.(*toyConfig)
	reg, _, err := plugin.NewBundleRegistry([]*plugin.Kind{toyScore}, cfg.Scripts)
	if err != nil {
		return nil, nil, err
	}
	return &sim.Engine[*plugin.Worker, toyDecider]{
		RoleNames: []string{"east", "west"}, Agents: toyAgents,
		NewRunner: func() (*plugin.Worker, error) { return reg.NewWorker(plugin.WorkerOptions{}), nil },
		PlayGame: func(w *plugin.Worker, seed uint64, ds []toyDecider) (sim.Outcome, error) {
			winner, rounds, err := newToyGame(cfg, w, reg).run(ds)
			return sim.Outcome{Winner: winner, Reason: "target", Turns: rounds}, err
		},
	}, nil, nil
}

// ---- the test ----

func TestToyThirdGame(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("scenario.toml", "#:schema toy.scenario.schema.json\n[scenario]\nname = \"duel\"\ntarget = 12\nscript = \"score.lua\"\n")
	write("score.lua", "function score(ctx)\n  return ctx.pick * 2\nend\n")
	var stdout, stderr bytes.Buffer
	env := cli.Env{Stdout: &stdout, Stderr: &stderr, Getenv: func(string) string { return "" },
		Games: append(games.All(), toyGameKit{})}
	mapc := func(args ...string) int {
		stdout.Reset()
		stderr.Reset()
		return run(args, env)
	}

	// Compile, through the game's own schemas.
	out := filepath.Join(dir, "duel.json")
	if code := mapc("build", dir, "-o", out, "--color=never"); code != 0 {
		t.Fatalf("build exit %d: %s", code, stderr.String())
	}
	var cfg toyConfig
	data, _ := os.ReadFile(out)
	if err := json.Unmarshal(data, &cfg); err != nil || cfg.Target != 12 || len(cfg.Scripts) != 1 {
		t.Fatalf("compiled config %s (%v)", data, err)
	}
	// A schema error in a toy scenario is a diagnostic at its position.
	write("scenario.toml", "#:schema toy.scenario.schema.json\n[scenario]\nname = \"duel\"\ntarget = \"twelve\"\nscript = \"score.lua\"\n")
	if code := mapc("check", dir, "--color=never"); code != 1 || !strings.Contains(stderr.String(), "scenario.toml:4:10") {
		t.Errorf("check exit %d:\n%s", code, stderr.String())
	}
	write("scenario.toml", "#:schema toy.scenario.schema.json\n[scenario]\nname = \"duel\"\ntarget = 12\nscript = \"score.lua\"\n")

	// Simulate, from the scenario and from the compiled config.
	for _, arg := range []string{dir, out} {
		if code := mapc("sim", arg, "-n", "40", "--agents", "random", "--workers", "2"); code != 0 {
			t.Fatalf("sim %s exit %d: %s", arg, code, stderr.String())
		}
		if !strings.Contains(stdout.String(), "40 games, seed 1") || !strings.Contains(stdout.String(), "west") {
			t.Errorf("sim report:\n%s", stdout.String())
		}
	}

	// Stubs cover the toy kind beside the real games'.
	stubs := filepath.Join(dir, "stubs")
	if code := mapc("stubs", "-o", stubs); code != 0 {
		t.Fatalf("stubs exit %d: %s", code, stderr.String())
	}
	var all strings.Builder
	filepath.WalkDir(stubs, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(p)
			all.Write(b)
		}
		return err
	})
	for _, want := range []string{"toy.score.ctx", "function score(ctx)", "mbg.tech.ctx"} {
		if !strings.Contains(all.String(), want) {
			t.Errorf("stubs lack %q", want)
		}
	}

	// Replay: a recorded game replays to the same events; a changed log
	// fails at the decision that differs.
	reg, _, err := plugin.NewBundleRegistry([]*plugin.Kind{toyScore}, cfg.Scripts)
	if err != nil {
		t.Fatal(err)
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	defer w.Close()
	g1 := newToyGame(&cfg, w, reg)
	winner, _, err := g1.run([]toyDecider{&toyRandom{rng.New(1)}, &toyRandom{rng.New(2)}})
	if err != nil || winner < 0 {
		t.Fatalf("game: winner %d, %v", winner, err)
	}
	label := func(o toyOption) string { return fmt.Sprint("pick/", o.N) }
	rp := play.NewReplay[*toyGame, *toyRequest](g1.seats.Log, label)
	g2 := newToyGame(&cfg, w, reg)
	if w2, _, err := g2.run(rp.Deciders(2)); err != nil || w2 != winner || rp.Remaining() != 0 {
		t.Fatalf("replay: winner %d (want %d), %v, %d left", w2, winner, err, rp.Remaining())
	}
	if !slicesEqual(g1.events.All(), g2.events.All()) {
		t.Errorf("replayed events differ:\n%v\n%v", g1.events.All(), g2.events.All())
	}
	bad := append([]play.Decision[toyKind, toyOption](nil), g1.seats.Log...)
	bad[1].Option = toyOption{9}
	_, _, err = newToyGame(&cfg, w, reg).run(play.NewReplay[*toyGame, *toyRequest](bad, label).Deciders(2))
	if err == nil || !strings.Contains(err.Error(), "decision 1 chose pick/9") {
		t.Errorf("diverging replay: %v", err)
	}
}

func slicesEqual(a, b []string) bool {
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}
