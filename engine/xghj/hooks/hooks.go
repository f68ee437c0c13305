// Package hooks runs the scenario hooks of an xghj config (brawl effects
// and victory conditions, facts §13) through the plugin registry: the Lua
// scripts the config bundles, mod layers on top, or Go hooks registered in
// their place. It adapts a plugin.Worker to xghj.HookRunner, so
// engine/xghj knows nothing of Lua.
package hooks

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/engine/xghj"
)

// Layer is a mod directory laid out as xghj/<class>/<id>.lua.
type Layer = plugin.Layer

// Registry returns a registry holding cfg's bundled scripts (checked
// against their sha256) and then each layer in order.
func Registry(cfg *xghj.Config, layers ...Layer) (*plugin.Registry, []plugin.Warning, error) {
	bundle := make([]plugin.Script, len(cfg.Scripts))
	for i, s := range cfg.Scripts {
		bundle[i] = plugin.Script{ID: s.ID, Kind: s.Kind, Path: s.Path, SHA256: s.SHA256, Source: s.Source}
	}
	reg, warns, err := plugin.NewBundleRegistry(Kinds(), bundle, layers...)
	if err != nil {
		return nil, warns, err
	}
	// Scripts in the compiler's subset run as compiled code.
	return reg, warns, reg.SetCompiler(compiled.Compiler{})
}

// The functions of an effect, as bits of Runner.has.
const (
	fnRoundStart = 1 << iota
	fnIncome
	fnVision
	fnInfo
	fnAfterMilitary
)

var effectFns = []struct {
	name string
	bit  int
}{{"round_start", fnRoundStart}, {"income", fnIncome}, {"vision", fnVision}, {"info", fnInfo}, {"after_military", fnAfterMilitary}}

// Runner is the xghj.HookRunner of one config on one goroutine; it owns a
// plugin.Worker. Reuse it for the goroutine's games: each game hands it
// its RNG (UseRNG), which also starts the scripts afresh.
type Runner struct {
	cfg      *xghj.Config
	w        *plugin.Worker
	effects  []plugin.Ref
	victory  []plugin.Ref
	has      []int // exported functions per effect
	eParams  []*plugin.Params
	vParams  []*plugin.Params
	ctx      Ctx
	err      error
	readOnly reader
	full     host
}

// New returns a runner for cfg's hooks on a new worker of reg. Every
// hook must be registered; the scripts start at once, so an error in a
// script's top level surfaces here.
func New(reg *plugin.Registry, cfg *xghj.Config, opts plugin.WorkerOptions) (*Runner, error) {
	r := &Runner{cfg: cfg}
	var errs []error
	look := func(kind *plugin.Kind, uses []xghj.Hook) ([]plugin.Ref, []*plugin.Params) {
		refs := make([]plugin.Ref, len(uses))
		params := make([]*plugin.Params, len(uses))
		for i, u := range uses {
			ref, ok := reg.Lookup(kind, u.Hook)
			if !ok {
				errs = append(errs, fmt.Errorf("no %s hook %q", kind.Name, u.Hook))
			}
			refs[i] = ref
			params[i] = plugin.NewParams(u.Params)
		}
		return refs, params
	}
	r.effects, r.eParams = look(EffectKind, cfg.Effects)
	r.victory, r.vParams = look(VictoryKind, cfg.Victories)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	r.w = reg.NewWorker(opts)
	if err := r.w.Prepare(append(append([]plugin.Ref(nil), r.effects...), r.victory...)...); err != nil {
		r.w.Close()
		return nil, err
	}
	r.has = make([]int, len(r.effects))
	for i, ref := range r.effects {
		for _, f := range effectFns {
			ok, err := r.w.Exports(ref, f.name)
			if err != nil {
				r.w.Close()
				return nil, err
			}
			if ok {
				r.has[i] |= f.bit
			}
		}
	}
	return r, nil
}

// UseRNG implements xghj.RandomUser: math.random draws from the game's
// stream, and the scripts start afresh.
func (r *Runner) UseRNG(g *rng.RNG) { r.err = r.w.Reset(g.Rand()) }

// Close releases the worker.
func (r *Runner) Close() { r.w.Close() }

func (r *Runner) set(h xghj.HookReader, params *plugin.Params, player, income int) {
	r.ctx = Ctx{Round: h.Round(), Players: h.Players(), Cols: h.Cols(), Rows: h.Rows(), Player: player, Income: income, Params: params}
}

func (r *Runner) check(i int, n int) error {
	if r.err != nil {
		return r.err
	}
	if i < 0 || i >= n {
		return fmt.Errorf("hooks: index %d out of range [0, %d)", i, n)
	}
	return nil
}

// RoundStart implements xghj.HookRunner.
func (r *Runner) RoundStart(i int, h xghj.HookHost) error {
	if err := r.check(i, len(r.effects)); err != nil || r.has[i]&fnRoundStart == 0 {
		return err
	}
	r.set(h, r.eParams[i], -1, 0)
	r.full = host{reader{h}, h}
	_, err := plugin.Call(r.w, RoundStartSig, r.effects[i], &r.ctx, Host(&r.full))
	return err
}

// AfterMilitary implements xghj.HookRunner.
func (r *Runner) AfterMilitary(i int, h xghj.HookHost) error {
	if err := r.check(i, len(r.effects)); err != nil || r.has[i]&fnAfterMilitary == 0 {
		return err
	}
	r.set(h, r.eParams[i], -1, 0)
	r.full = host{reader{h}, h}
	_, err := plugin.Call(r.w, AfterMilitarySig, r.effects[i], &r.ctx, Host(&r.full))
	return err
}

// Income implements xghj.HookRunner.
func (r *Runner) Income(i, player, income int, h xghj.HookReader) (int, error) {
	if err := r.check(i, len(r.effects)); err != nil || r.has[i]&fnIncome == 0 {
		return income, err
	}
	r.set(h, r.eParams[i], player, income)
	r.readOnly = reader{h}
	v, err := plugin.Call(r.w, IncomeSig, r.effects[i], &r.ctx, Reader(&r.readOnly))
	if err != nil {
		return 0, err
	}
	if v < 0 {
		return income, nil
	}
	return v, nil
}

func (r *Runner) flag(i, viewer, bit int, sig *plugin.Sig[Ctx, Reader, bool], h xghj.HookReader) (bool, error) {
	if err := r.check(i, len(r.effects)); err != nil || r.has[i]&bit == 0 {
		return false, err
	}
	r.set(h, r.eParams[i], viewer, 0)
	r.readOnly = reader{h}
	return plugin.Call(r.w, sig, r.effects[i], &r.ctx, Reader(&r.readOnly))
}

// FullVision implements xghj.HookRunner.
func (r *Runner) FullVision(i, viewer int, h xghj.HookReader) (bool, error) {
	return r.flag(i, viewer, fnVision, VisionSig, h)
}

// FullInfo implements xghj.HookRunner.
func (r *Runner) FullInfo(i, viewer int, h xghj.HookReader) (bool, error) {
	return r.flag(i, viewer, fnInfo, InfoSig, h)
}

// Victory implements xghj.HookRunner.
func (r *Runner) Victory(i int, h xghj.HookHost) error {
	if err := r.check(i, len(r.victory)); err != nil {
		return err
	}
	r.set(h, r.vParams[i], -1, 0)
	r.full = host{reader{h}, h}
	_, err := plugin.Call(r.w, CheckSig, r.victory[i], &r.ctx, Host(&r.full))
	return err
}

// reader adapts the engine's HookReader; Err passes on its first bad
// call so a Lua error points at the line.
type reader struct{ h xghj.HookReader }

func (x *reader) Region(name string) ([]int, bool) { return x.h.Region(name) }
func (x *reader) Owner(c int) int                  { return x.h.Owner(c) }
func (x *reader) Res(c int) int                    { return x.h.Res(c) }
func (x *reader) Alive(p int) bool                 { return x.h.Alive(p) }
func (x *reader) Get(key string) int               { return x.h.Get(key) }
func (x *reader) Err() error                       { return x.h.Err() }

type host struct {
	reader
	h xghj.HookHost
}

func (x *host) Set(key string, v int) { x.h.Set(key, v) }
func (x *host) Win(p, score int)      { x.h.Win(p, score) }
