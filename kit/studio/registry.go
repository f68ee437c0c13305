package studio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/kit/watch"
)

// registry holds the scenarios under the studio's directories as last
// checked. A check replaces a scenario's snapshot whole, so a page reads
// one consistent snapshot without holding the lock.
type registry struct {
	s     *Server
	mu    sync.Mutex
	items map[string]*snapshot // by key
	order []string             // keys, sorted by game then path
	gen   int                  // bumped on every change of any scenario
}

// snapshot is one scenario as one check left it.
type snapshot struct {
	Key     string // dir index and slash path below it: "0/mbg/sanguo"
	Dir     int    // index in Server.dirs
	Rel     string // slash path below the directory ("." for the directory itself)
	Path    string // the path compiled (the directory as given, joined with Rel)
	Abs     string // absolute scenario directory
	Game    string // "" when unknown
	Name    string
	Version int

	Result    *build.Result
	Diags     diag.Diagnostics // the check's, then a failing hook's in a short game
	SVG       []byte           // the map with markers, nil when nothing could be drawn
	NoMap     string           // why there is no map
	Errors    int
	Warnings  int
	Smoke     string // what the short game found out ("" when none was played)
	game      build.Game
	entities  func() ([]table, string)
	scriptsFn func() []hook
}

func newRegistry(s *Server) *registry {
	return &registry{s: s, items: map[string]*snapshot{}}
}

// list returns the scenarios in index order.
func (r *registry) list() []*snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]*snapshot, 0, len(r.order))
	for _, k := range r.order {
		out = append(out, r.items[k])
	}
	return out
}

// get returns the scenario with key, or nil.
func (r *registry) get(key string) *snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.items[key]
}

// found is one scenario directory found under a studio directory.
type found struct {
	dir       int
	rel, path string
}

// discover lists the scenarios under the studio's directories.
func (r *registry) discover() []found {
	var out []found
	for i, d := range r.s.opts.Dirs {
		paths, err := build.FindScenarios(d)
		if err != nil {
			r.s.logf("%s: %v", d, err)
			continue
		}
		for _, p := range paths {
			rel, err := filepath.Rel(d, p)
			if err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			// Skip scenarios inside another one's tests and hidden trees.
			if slices.ContainsFunc(strings.Split(filepath.ToSlash(rel), "/"), func(e string) bool {
				return strings.HasPrefix(e, ".") && e != "." || e == "golden" || e == "testdata"
			}) {
				continue
			}
			out = append(out, found{i, filepath.ToSlash(rel), p})
		}
	}
	return out
}

// update re-checks what a change concerns (everything at the start) and
// returns the directories to watch.
func (r *registry) update(c watch.Change) []string {
	all := r.discover()
	var todo []found
	r.mu.Lock()
	keys := map[string]bool{}
	for _, f := range all {
		key := strconv.Itoa(f.dir) + "/" + f.rel
		keys[key] = true
		old := r.items[key]
		if c.Start || old == nil || old.concerns(c.Files) {
			todo = append(todo, f)
		}
	}
	removed := false
	for k := range r.items {
		if !keys[k] {
			delete(r.items, k)
			removed = true
		}
	}
	r.mu.Unlock()
	if len(todo) > 0 && !c.Start {
		r.s.logf("re-checking %d scenario(s) (%s)", len(todo), c.Why)
	}
	var changed []string
	for _, f := range todo {
		snap := r.check(f)
		r.mu.Lock()
		if old := r.items[snap.Key]; old != nil {
			snap.Version = old.Version + 1
		}
		r.items[snap.Key] = snap
		r.mu.Unlock()
		changed = append(changed, snap.Key)
	}
	r.mu.Lock()
	r.order = r.order[:0]
	for k := range r.items {
		r.order = append(r.order, k)
	}
	items := r.items
	slices.SortFunc(r.order, func(a, b string) int {
		if c := strings.Compare(items[a].Game, items[b].Game); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	if len(changed) > 0 || removed {
		r.gen++
	}
	var results []*build.Result
	var paths []string
	for _, k := range r.order {
		results = append(results, r.items[k].Result)
		paths = append(paths, r.items[k].Path)
	}
	r.mu.Unlock()
	for _, k := range changed {
		r.s.hub.publish("scenario", k)
	}
	if len(changed) > 0 || removed {
		r.s.hub.publish("index", "")
	}
	// Every directory below the studio's too: a scenario can appear in a
	// directory made after the start.
	return watch.Dirs(append(paths, r.s.opts.Dirs...), results)
}

// concerns reports whether a change to files can change the scenario:
// a file below its directory, or one it loaded (an include, a script).
func (sn *snapshot) concerns(files []string) bool {
	for _, f := range files {
		if source.Within(sn.Abs, f) {
			return true
		}
		if sn.Result != nil && sn.Result.Source != nil {
			for _, name := range sn.Result.Source.Files() {
				if abs, err := filepath.Abs(name); err == nil && abs == f {
					return true
				}
			}
			if _, ok := sn.Result.Source.Content(f); ok {
				return true
			}
		}
	}
	return false
}

// check compiles one scenario, plays a short game when it is clean (a
// hook that fails at run time is a diagnostic too, as mapc watch --sim
// reports it) and draws its map with the diagnostics on it.
func (r *registry) check(f found) *snapshot {
	abs, _ := filepath.Abs(f.path)
	sn := &snapshot{Key: strconv.Itoa(f.dir) + "/" + f.rel, Dir: f.dir, Rel: f.rel, Path: f.path, Abs: abs}
	c := build.NewCompiler(r.s.games...)
	res := safeCompile(c, f.path)
	sn.Result = res
	sn.Name = res.Name
	if sn.Name == "" {
		sn.Name = filepath.Base(f.path)
	}
	sn.Game = res.Game
	sn.Diags = res.Diags
	g, known := c.Game(res.Game)
	if known {
		sn.game = g
	}
	if known && res.Value != nil && !res.Diags.HasErrors() {
		if d, msg, ok := smokeGame(g, res); ok {
			sn.Diags = append(sn.Diags, d)
			sn.Smoke = msg
		} else {
			sn.Smoke = msg
		}
	}
	sn.Diags = diag.Normalize(sn.Diags)
	sn.Errors, sn.Warnings = sn.Diags.Count(diag.Error), sn.Diags.Count(diag.Warning)
	sn.SVG, sn.NoMap = drawMap(g, known, res, sn.Diags)
	value := res.Value
	sn.entities = sync.OnceValues(func() ([]table, string) { return inspect(g, known, value) })
	sn.scriptsFn = sync.OnceValue(func() []hook { return hooksOf(res) })
	return sn
}

// safeCompile compiles the scenario at path; a panic of the pipeline is
// an internal diagnostic, never a crash of the studio.
func safeCompile(c *build.Compiler, path string) (res *build.Result) {
	defer func() {
		if p := recover(); p != nil {
			res = &build.Result{Diags: diag.Diagnostics{{Severity: diag.Error, Code: schema.CodeInternal,
				Summary: "Internal error", Detail: fmt.Sprintf("The check failed: %v.", p)}}}
		}
	}()
	return c.Compile(path, build.Options{})
}

// smokeGame plays one game (seed 1, the default agent) of a clean
// scenario; a hook that fails is returned as its diagnostic.
func smokeGame(g build.Game, res *build.Result) (d diag.Diagnostic, msg string, failed bool) {
	s, ok := g.(sim.Simulator)
	if !ok {
		return d, "", false
	}
	defer func() {
		if p := recover(); p != nil {
			d, msg, failed = diag.Diagnostic{}, fmt.Sprintf("the short game failed: internal error: %v", p), false
		}
	}()
	scripts := build.ScriptsOf(res)
	game, _, err := s.Sim(res.Value, nil)
	if err == nil {
		_, err = sim.Play(game, sim.Options{Games: 1, Seed: 1, Agents: s.Agents()[:1], Workers: 1})
	}
	if err == nil {
		return d, "One game (seed 1, agent " + s.Agents()[0] + ") played without a failing hook", false
	}
	if dd, ok := scripts.Diagnostic(err); ok {
		return dd, "One game (seed 1) failed in a hook", true
	}
	return d, "the short game failed: " + err.Error(), false
}

// drawMap draws the scenario's map as mapc render --diagnostics does: a
// scenario with errors is drawn as far as it resolves.
func drawMap(g build.Game, known bool, res *build.Result, ds diag.Diagnostics) ([]byte, string) {
	if !known {
		return nil, "the game of this scenario is not known"
	}
	rd, ok := g.(render.Renderer)
	if !ok {
		return nil, g.Name() + " scenarios cannot be drawn yet"
	}
	value := res.Value
	if value == nil && res.Source != nil {
		value = bestEffort(g, res.Source)
	}
	if value == nil {
		return nil, "the errors leave nothing to draw"
	}
	svg, err := safeRender(rd, value, build.RenderOptions{Diagnostics: ds, Source: res.Source})
	if err != nil {
		return nil, err.Error()
	}
	return svg, ""
}

func bestEffort(g build.Game, src *source.Source) (v any) {
	defer func() {
		if recover() != nil {
			v = nil
		}
	}()
	v, _ = g.Compile(src, build.Options{})
	return v
}

// safeRender turns a renderer's panic on a broken best-effort config into
// an error.
func safeRender(r render.Renderer, value any, opts build.RenderOptions) (svg []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			svg, err = nil, fmt.Errorf("internal error: the renderer failed: %v", p)
		}
	}()
	return r.Render(value, opts)
}

// sources serves the files the scenario loaded and its bundled scripts,
// for excerpts; nothing else is read.
func (sn *snapshot) sources() diag.Sources {
	var loaded diag.Sources = func(file string) ([]byte, bool) {
		if sn.Result != nil && sn.Result.Source != nil {
			return sn.Result.Source.Content(file)
		}
		return nil, false
	}
	return build.ScriptsOf(sn.Result).Sources(loaded)
}

// excerpt is a diagnostic as mapc check prints it, without colours.
func (sn *snapshot) excerpt(d diag.Diagnostic) string {
	var b bytes.Buffer
	diag.Render(&b, diag.FormatText, diag.Diagnostics{d}, diag.Options{Sources: sn.sources()})
	return strings.TrimRight(b.String(), "\n")
}

// table is one list of entities from the game's Inspector: a title, the
// columns in the inspector's order and the rows as text.
type table struct {
	Title   string
	Columns []string
	Rows    [][]string
}

// inspect returns the derived values mapc inspect prints, as tables.
func inspect(g build.Game, known bool, value any) ([]table, string) {
	if !known || value == nil {
		return nil, "the values are derived once the scenario has no errors"
	}
	in, ok := g.(build.Inspector)
	if !ok {
		return nil, "nothing to inspect for " + g.Name() + " scenarios"
	}
	v, err := func() (v any, err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("internal error: %v", p)
			}
		}()
		return in.Inspect(value)
	}()
	if err != nil {
		return nil, err.Error()
	}
	data, err := build.Marshal(v)
	if err != nil {
		return nil, err.Error()
	}
	root, err := decodeOrdered(data)
	if err != nil {
		return nil, err.Error()
	}
	return tables(root), ""
}

// hook is a script the scenario bundles.
type hook struct {
	ID, Kind, Path, File string
	Lines                []string
}

func hooksOf(res *build.Result) []hook {
	if res == nil || res.Value == nil {
		return nil
	}
	data, err := build.Marshal(res.Value)
	if err != nil {
		return nil
	}
	var cfg struct {
		Scripts []struct {
			ID     string `json:"id"`
			Kind   string `json:"kind"`
			Path   string `json:"path"`
			Source string `json:"source"`
		} `json:"scripts"`
	}
	if json.Unmarshal(data, &cfg) != nil {
		return nil
	}
	sc := build.ScriptsOf(res)
	var out []hook
	for _, s := range cfg.Scripts {
		out = append(out, hook{ID: s.ID, Kind: s.Kind, Path: s.Path, File: sc.File(s.Path),
			Lines: strings.Split(strings.TrimRight(s.Source, "\n"), "\n")})
	}
	return out
}
