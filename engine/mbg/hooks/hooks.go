// Package hooks runs the techs and cards of an mbg config through the plugin
// registry: the Lua scripts the config bundles, with mod directories layered
// on top, or Go hooks registered in their place. It adapts a plugin.Worker to
// the engine's TechRunner and CardRunner, so engine/mbg itself knows nothing
// of Lua.
package hooks

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
)

// Kinds returns mbg's hook kinds, in documentation order.
func Kinds() []*plugin.Kind { return []*plugin.Kind{TechKind, CardKind} }

// Layer is a mod directory laid out as <game>/<class>/<id>.lua; a layer's
// hook replaces the bundled one with the same kind and id.
type Layer = plugin.Layer

// Registry returns a registry holding cfg's bundled scripts (verified against
// their sha256) and then each layer in order. Replacing a bundled hook is
// reported as a warning, not an error: it is what a mod is for.
func Registry(cfg *mbg.Config, layers ...Layer) (*plugin.Registry, []plugin.Warning, error) {
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

// Runner is the mbg.TechRunner and mbg.CardRunner of one config on one
// goroutine: it owns a plugin.Worker (one Lua state). Use one Runner per
// goroutine and reuse it for that goroutine's games; every game hands it its
// RNG (mbg.RandomUser), which also resets the scripts' environments.
type Runner struct {
	w       *plugin.Worker
	techs   []plugin.Ref
	tparams []*plugin.Params
	cards   []plugin.Ref
	cparams []*plugin.Params
	tctx    TechCtx
	cctx    CardCtx
	err     error // from UseRNG, returned by the next call
}

// New returns a runner for cfg's techs and cards on a new worker of reg.
// Every tech and card hook must be registered; the scripts are instantiated
// at once, so an error in a script's top level surfaces here. opts.Rand is
// replaced by each game's RNG.
func New(reg *plugin.Registry, cfg *mbg.Config, opts plugin.WorkerOptions) (*Runner, error) {
	r := &Runner{
		techs: make([]plugin.Ref, len(cfg.Techs)), tparams: make([]*plugin.Params, len(cfg.Techs)),
		cards: make([]plugin.Ref, len(cfg.Cards)), cparams: make([]*plugin.Params, len(cfg.Cards)),
	}
	var errs []error
	for i, t := range cfg.Techs {
		ref, ok := reg.Lookup(TechKind, t.Hook)
		if !ok {
			errs = append(errs, fmt.Errorf("tech %q: no %s hook %q", t.ID, TechKind.Name, t.Hook))
		}
		r.techs[i], r.tparams[i] = ref, plugin.NewParams(t.Params)
	}
	for i, c := range cfg.Cards {
		ref, ok := reg.Lookup(CardKind, c.Hook)
		if !ok {
			errs = append(errs, fmt.Errorf("card %q: no %s hook %q", c.ID, CardKind.Name, c.Hook))
		}
		r.cards[i], r.cparams[i] = ref, plugin.NewParams(c.Params)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	r.w = reg.NewWorker(opts)
	if err := r.w.Prepare(append(append([]plugin.Ref(nil), r.techs...), r.cards...)...); err != nil {
		r.w.Close()
		return nil, err
	}
	return r, nil
}

// UseRNG implements mbg.RandomUser: the scripts start the game afresh and
// math.random draws from the game's stream.
func (r *Runner) UseRNG(g *mbg.RNG) {
	r.err = r.w.Reset(g.Rand())
}

// Effect implements mbg.TechRunner.
func (r *Runner) Effect(tech int, call *mbg.TechCall, host mbg.TechHost) (self, opp float64, err error) {
	if r.err != nil {
		return 0, 0, r.err
	}
	if tech < 0 || tech >= len(r.techs) {
		return 0, 0, fmt.Errorf("hooks: tech index %d out of range [0, %d)", tech, len(r.techs))
	}
	// Field by field: a composite literal is built aside and copied in
	// with a write barrier, which costs as much as a small hook.
	c := &r.tctx
	c.Value, c.DHP, c.SelfHP, c.SelfDef = call.Value, call.DHP, call.SelfHP, call.SelfDef
	c.OppHP, c.OppDef, c.Celve, c.Params = call.OppHP, call.OppDef, call.Celve, r.tparams[tech]
	res, err := RunTech(r.w, r.techs[tech], c, host)
	return res.Self, res.Opp, err
}

// Play implements mbg.CardRunner.
func (r *Runner) Play(card int, call *mbg.CardCall, host mbg.CardHost) (bool, error) {
	if r.err != nil {
		return false, r.err
	}
	if card < 0 || card >= len(r.cards) {
		return false, fmt.Errorf("hooks: card index %d out of range [0, %d)", card, len(r.cards))
	}
	r.cctx = CardCtx{User: call.User, Target: call.Target, Params: r.cparams[card]}
	return RunCard(r.w, r.cards[card], &r.cctx, host)
}

// Close releases the worker's Lua state.
func (r *Runner) Close() { r.w.Close() }
