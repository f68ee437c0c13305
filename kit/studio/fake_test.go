package studio

import (
	"fmt"
	"io/fs"
	"testing/fstest"
	"time"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/render"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

// fake is a game registered only in these tests: a scenario names a size
// (at least 1, else the error fake-size at the value) and a Lua hook
// score(ctx) called once a turn for ctx.turn 1 to size; its map is a row
// of size squares, with the error's marker on it; its games last size
// turns, and it films them (one frame a turn, the map showing the turn).
type fake struct{}

var fakeScore = &plugin.Kind{
	Name: "fake.score", Doc: "Points of a turn.",
	Ctx: []plugin.Field{{Name: "turn", Type: "integer", Doc: "The turn."}},
	Funcs: []plugin.Func{{Name: "score", Required: true, Doc: "Returns the points.",
		Params:  []plugin.Field{{Name: "ctx", Type: "fake.score.ctx", Doc: "The turn."}},
		Returns: []plugin.Field{{Name: "points", Type: "number", Doc: "Points."}}}},
}

var fakeScoreSig = plugin.NewSig[int, any, float64](fakeScore, "score",
	func(t *plugin.Table, turn *int) { t.Int(0, *turn) },
	func(r plugin.Results) (float64, error) { return r.Number(1) }, nil)

type fakeConfig struct {
	Game    string          `json:"game"`
	Name    string          `json:"name"`
	Size    int             `json:"size"`
	Scripts []plugin.Script `json:"scripts"`
}

func (fake) Name() string { return "fake" }
func (fake) Catalogue() diag.Catalogue {
	c, err := diag.NewCatalogue(diag.CodeInfo{Code: "fake-size", Title: "Size below one", Severity: diag.Error,
		Doc: "A fake scenario needs a size of at least 1."})
	if err != nil {
		panic(err)
	}
	return c
}
func (fake) Kinds() []*plugin.Kind { return []*plugin.Kind{fakeScore} }
func (fake) Agents() []string      { return []string{"first", "second"} }

func (fake) SchemaFS() fs.FS {
	obj := func(props, req string) string {
		return `{"type":"object","additionalProperties":false,"required":[` + req + `],"properties":{` + props + `}}`
	}
	return fstest.MapFS{
		"fake.scenario.schema.json": {Data: []byte(obj(`"scenario":`+obj(`"name":{"type":"string"},"size":{"type":"integer"},"script":{"type":"string"}`, `"name","size","script"`), `"scenario"`))},
		"fake.config.schema.json":   {Data: []byte(`{"type":"object"}`)},
	}
}

func (fake) BuiltinFS() fs.FS { return fstest.MapFS{} }

func (fake) Compile(src *source.Source, _ build.Options) (any, diag.Diagnostics) {
	sc, _ := src.Root["scenario"].(map[string]any)
	name, _ := sc["name"].(string)
	size, _ := sc["size"].(int64)
	script, _ := sc["script"].(string)
	cfg := &fakeConfig{Game: "fake", Name: name, Size: int(size)}
	var ds diag.Diagnostics
	if size < 1 {
		ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: "fake-size", Summary: "the size must be at least 1",
			Subject: src.Range("/scenario/size")})
	}
	path := source.Join(src.Entry, script)
	data, err := src.Read(path)
	if err != nil {
		ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: "fake-size", Summary: "no script: " + err.Error(), Subject: src.Range("/scenario/script")})
		return cfg, ds
	}
	ds = append(ds, build.CheckScript([]*plugin.Kind{fakeScore}, fakeScore.Name, "score", path, data)...)
	cfg.Scripts = []plugin.Script{plugin.Bundle(fakeScore.Name, "score", script, data)}
	return cfg, ds
}

func (fake) DecodeConfig(data []byte) (any, error) { return build.DecodeConfig[fakeConfig](data) }

// Render draws size squares in a row, the first turn squares filled.
func (fake) Render(config any, opts build.RenderOptions) ([]byte, error) {
	return fakeMap(config.(*fakeConfig), 0, opts), nil
}

func fakeMap(cfg *fakeConfig, turn int, opts build.RenderOptions) []byte {
	n := max(cfg.Size, 1)
	c := render.New(float64(20+30*n), 60)
	for i := range n {
		fill := "#ffffff"
		if i < turn {
			fill = render.Side(i % 2)
		}
		c.Group("square")
		c.Title(fmt.Sprintf("square %d", i+1))
		c.Rect(float64(10+30*i), 10, 26, 26, render.Style{Fill: fill, Stroke: "#333333", StrokeWidth: 1})
		c.End()
	}
	for _, d := range opts.Diagnostics {
		if opts.Source != nil && render.Inside(opts.Source, d, "/scenario/size") {
			c.Marker(23, 23, 14, render.Message(d))
		}
	}
	return c.Bytes()
}

type fakeGame struct{ cfg *fakeConfig }

func (fake) Sim(config any, _ []string) (sim.Game, []string, error) {
	return fakeGame{config.(*fakeConfig)}, nil, nil
}

func (fakeGame) Roles() []string { return []string{"east", "west"} }

// Play calls the hook once a turn; the game lasts size turns (fewer for
// odd seeds) and the first role wins on even seeds.
func (g fakeGame) Play(seed uint64, _ []string) (sim.Outcome, error) {
	if g.cfg.Name == "slow" {
		time.Sleep(5 * time.Millisecond) // a batch long enough to stop
	}
	turns, err := g.play(seed, nil)
	o := sim.Outcome{Winner: int(seed % 2), Reason: "score", Turns: turns}
	if seed%3 == 0 {
		o.Uses = []sim.Use{{Content: "card 双行", Role: 0, Times: 1}}
	}
	return o, err
}

func (g fakeGame) play(seed uint64, turn func(int, float64)) (int, error) {
	reg, _, err := plugin.NewBundleRegistry([]*plugin.Kind{fakeScore}, g.cfg.Scripts)
	if err != nil {
		return 0, err
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	defer w.Close()
	ref, _ := reg.Lookup(fakeScore, "score")
	turns := g.cfg.Size - int(seed%2)
	for t := 1; t <= max(turns, 1); t++ {
		pts, err := plugin.Call(w, fakeScoreSig, ref, &t, any(nil))
		if err != nil {
			return t, err
		}
		if turn != nil {
			turn(t, pts)
		}
	}
	return max(turns, 1), nil
}

// Film films a game: one frame a turn.
func (fake) Film(config any, in film.Input) (*film.Film, error) {
	cfg := config.(*fakeConfig)
	if in.Record != nil {
		return nil, fmt.Errorf("fake games are not recorded: want no recording")
	}
	f := &film.Film{Roles: []string{"east", "west"}}
	f.Frames = append(f.Frames, film.Frame{Step: 0, Turn: 0, Role: -1, Chosen: -1, SVG: fakeMap(cfg, 0, build.RenderOptions{})})
	_, err := fakeGame{cfg}.play(in.Seed, func(t int, pts float64) {
		f.Frames = append(f.Frames, film.Frame{Step: t, Turn: t, Role: t % 2, Question: "points", Options: []string{"take", "pass"}, Chosen: 0,
			Events: []string{fmt.Sprintf("turn %d: %g points", t, pts)}, State: []string{fmt.Sprintf("turn %d", t)},
			SVG: fakeMap(cfg, t, build.RenderOptions{})})
	})
	f.Result = "east wins"
	return f, err
}
