// Package hooks runs the tech classes of an ftbt config through the plugin
// registry: the ftbt.effect Lua scripts the config bundles, with mod
// directories layered on top, or Go hooks registered in their place. It
// adapts a plugin.Worker to the engine's EffectRunner, so engine/ftbt itself
// knows nothing of Lua.
package hooks

import (
	"errors"
	"fmt"
	"maps"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
	"github.com/sandtable/sandtable/engine/rng"
)

// Kinds returns ftbt's hook kinds.
func Kinds() []*plugin.Kind { return []*plugin.Kind{EffectKind} }

// Layer is a mod directory laid out as <game>/<class>/<id>.lua; a layer's
// hook replaces the bundled one with the same kind and id.
type Layer = plugin.Layer

// Registry returns a registry holding cfg's bundled scripts (verified against
// their sha256) and then each layer in order. Replacing a bundled hook is
// reported as a warning, not an error: it is what a mod is for.
func Registry(cfg *ftbt.Config, layers ...Layer) (*plugin.Registry, []plugin.Warning, error) {
	bundle := make([]plugin.Script, len(cfg.Scripts))
	for i, s := range cfg.Scripts {
		bundle[i] = plugin.Script{ID: s.ID, Kind: s.Kind, Path: s.Path, SHA256: s.SHA256, Source: s.Source}
	}
	var budgets plugin.Budgets
	if cfg.LuaLimits != nil {
		budgets = plugin.Budgets(*cfg.LuaLimits)
	}
	reg, warns, err := plugin.NewBundleRegistryBudgets(Kinds(), budgets, bundle, layers...)
	if err != nil {
		return nil, warns, err
	}
	// Scripts in the compiler's subset run as compiled code.
	return reg, warns, reg.SetCompiler(compiled.Compiler{})
}

// Runner is the ftbt.EffectRunner of one config on one goroutine: it owns a
// plugin.Worker (one Lua state). Reuse it for the goroutine's games; each
// game hands it its RNG (UseRNG), which also resets the scripts.
type Runner struct {
	cfg    *ftbt.Config
	w      *plugin.Worker
	refs   []plugin.Ref     // by class
	params []*plugin.Params // by tech: the class's params, then the tech's
	ctx    EffectCtx
	apply  applyHost
	score  scoreHost
	err    error // from UseRNG, returned by the next call
}

// New returns a runner for cfg's classes on a new worker of reg. Every
// class's hook must be registered; the scripts are instantiated at once, so
// an error in a script's top level surfaces here.
func New(reg *plugin.Registry, cfg *ftbt.Config, opts plugin.WorkerOptions) (*Runner, error) {
	r := &Runner{cfg: cfg, refs: make([]plugin.Ref, len(cfg.Classes)), params: make([]*plugin.Params, len(cfg.Techs))}
	var errs []error
	for i, c := range cfg.Classes {
		ref, ok := reg.Lookup(EffectKind, c.Hook)
		if !ok {
			errs = append(errs, fmt.Errorf("class %q: no %s hook %q", c.ID, EffectKind.Name, c.Hook))
		}
		r.refs[i] = ref
	}
	for i, t := range cfg.Techs {
		p := map[string]float64{}
		if t.Class >= 0 && t.Class < len(cfg.Classes) {
			maps.Copy(p, cfg.Classes[t.Class].Params)
		}
		maps.Copy(p, t.Params)
		r.params[i] = plugin.NewParams(p)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	r.w = reg.NewWorker(opts)
	if err := r.w.Prepare(r.refs...); err != nil {
		r.w.Close()
		return nil, err
	}
	return r, nil
}

// UseRNG makes math.random draw from the game's stream and starts the
// scripts afresh.
func (r *Runner) UseRNG(g *rng.RNG) { r.err = r.w.Reset(g.Rand()) }

// Close releases the worker's Lua state.
func (r *Runner) Close() { r.w.Close() }

// fill builds the ctx of a call.
func (r *Runner) fill(class int, call *ftbt.EffectCall, rd ftbt.EffectReader) error {
	if r.err != nil {
		return r.err
	}
	if class < 0 || class >= len(r.refs) {
		return fmt.Errorf("hooks: class index %d out of range [0, %d)", class, len(r.refs))
	}
	if call.Tech < 0 || call.Tech >= len(r.cfg.Techs) {
		return fmt.Errorf("hooks: tech index %d out of range [0, %d)", call.Tech, len(r.cfg.Techs))
	}
	t := &r.cfg.Techs[call.Tech]
	p := rd.Person(call.Caster)
	ai := &r.cfg.AI
	// Field by field: a composite literal is built aside and copied in
	// with a write barrier.
	c := &r.ctx
	c.Caster, c.Side, c.Abi, c.Cell, c.Target = call.Caster, p.Side, p.Abi, p.Cell, call.Target
	c.Value, c.Long, c.AOERange, c.AOERatio, c.AOESelf = t.Value, t.Long, t.AOERange, t.AOERatio, t.AOESelf
	c.Duration, c.MaxAbi, c.MaxFlyWeight = t.Duration, r.cfg.Constants.MaxAbi, r.cfg.Constants.MaxFlyWeight
	c.TechDist, c.TechScore, c.BufVMD, c.FlyVMD, c.DLVMD = ai.TechDist, ai.TechScore, ai.BufVMD, ai.FlyVMD, ai.DLVMD
	c.Params = r.params[call.Tech]
	return nil
}

// Apply implements ftbt.EffectRunner.
func (r *Runner) Apply(class int, call *ftbt.EffectCall, host ftbt.EffectHost) error {
	if err := r.fill(class, call, host); err != nil {
		return err
	}
	r.apply = applyHost{newReader(host), host}
	err := RunApply(r.w, r.refs[class], &r.ctx, &r.apply)
	r.apply = applyHost{}
	return err
}

// Score implements ftbt.EffectRunner.
func (r *Runner) Score(class int, call *ftbt.EffectCall, host ftbt.ScoreHost) (int, error) {
	if err := r.fill(class, call, host); err != nil {
		return 0, err
	}
	sa, _ := host.(ftbt.ScoreArrays)
	r.score = scoreHost{newReader(host), host, sa}
	s, err := RunScore(r.w, r.refs[class], &r.ctx, &r.score)
	r.score = scoreHost{}
	return s, err
}

// reader adapts the engine's EffectReader to the plugin's FTBTReader.
type reader struct {
	rd  ftbt.EffectReader
	he  plugin.HostErr    // rd's, if it records errors
	arr ftbt.EffectArrays // rd's, if it has them (see HostFunc.View)
}

// newReader adapts rd, asking once whether it records errors (Err runs
// after every host call) and has arrays.
func newReader(rd ftbt.EffectReader) reader {
	he, _ := rd.(plugin.HostErr)
	arr, _ := rd.(ftbt.EffectArrays)
	return reader{rd, he, arr}
}

func (h reader) AOE(center, radius int) []int { return h.rd.AOE(center, radius) }
func (h reader) Occupant(cell int) int        { return h.rd.Occupant(cell) }
func (h reader) Person(p int) Person {
	v := h.rd.Person(p)
	return Person{Side: v.Side, Abi: v.Abi, Def: v.Def, HP: v.HP, MaxHP: v.MaxHP, Cell: v.Cell}
}
func (h reader) Effect(cell, side int, slot string) (int, int) { return h.rd.Effect(cell, side, slot) }

// Err passes on the engine host's first failure (plugin.HostErr), so a Lua
// error points at the line of the bad call.
func (h reader) Err() error {
	if h.he != nil {
		return h.he.Err()
	}
	return nil
}

type applyHost struct {
	reader
	h ftbt.EffectHost
}

func (h *applyHost) SetEffect(cell int, slot string, value, duration int) {
	h.h.SetEffect(cell, slot, value, duration)
}
func (h *applyHost) Damage(p, amount int) { h.h.Damage(p, amount) }
func (h *applyHost) Heal(p, amount int)   { h.h.Heal(p, amount) }

type scoreHost struct {
	reader
	h   ftbt.ScoreHost
	arr ftbt.ScoreArrays // h's, if it has them
}

func (h *scoreHost) GoalDist(cell int) int     { return h.h.GoalDist(cell) }
func (h *scoreHost) StaticWeight(cell int) int { return h.h.StaticWeight(cell) }
