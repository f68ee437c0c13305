package hooks

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
	"github.com/sandtable/sandtable/engine/rng"
)

// Kinds are the hook kinds of glory.
func Kinds() []*plugin.Kind { return []*plugin.Kind{Skill} }

// NewRegistry returns a registry of glory's kinds holding the skill scripts
// of base (a tree laid out as glory/skill/<id>.lua, e.g. scripts.FS; files
// of other games are skipped), then each layer in order (mods; a layer's
// hook replaces the one before with a warning), then the Go hooks (twins
// replacing scripts of the same id).
func NewRegistry(base fs.FS, origin string, layers []plugin.Layer, goHooks ...*plugin.GoHook) (*plugin.Registry, []plugin.Warning, error) {
	reg, err := newRegistry()
	if err != nil {
		return nil, nil, err
	}
	var warns []plugin.Warning
	keep := func(ws []plugin.Warning) {
		for _, w := range ws {
			if w.Code == plugin.WarnIgnoredFile && !strings.Contains(w.New, "glory/") {
				continue
			}
			warns = append(warns, w)
		}
	}
	if base != nil {
		w, err := reg.LoadFS(base, origin)
		keep(w)
		if err != nil {
			return nil, warns, err
		}
	}
	for _, l := range layers {
		w, err := reg.LoadFS(l.FS, l.Origin)
		keep(w)
		if err != nil {
			return nil, warns, err
		}
	}
	for _, h := range goHooks {
		w, err := reg.Add(h)
		if err != nil {
			return nil, warns, err
		}
		if w != nil {
			warns = append(warns, *w)
		}
	}
	return reg, warns, nil
}

// BundleRegistry returns a registry of glory's kinds holding cfg's bundled
// scripts (each verified against its sha256), then each layer, then the Go
// hooks.
func BundleRegistry(cfg *glory.Config, layers []plugin.Layer, goHooks ...*plugin.GoHook) (*plugin.Registry, []plugin.Warning, error) {
	reg, err := newRegistry()
	if err != nil {
		return nil, nil, err
	}
	bundle := make([]plugin.Script, len(cfg.Scripts))
	for i, s := range cfg.Scripts {
		bundle[i] = plugin.Script{ID: s.ID, Kind: s.Kind, Path: s.Path, SHA256: s.SHA256, Source: s.Source}
	}
	warns, err := reg.LoadBundle(bundle)
	if err != nil {
		return nil, warns, err
	}
	return finishRegistry(reg, warns, layers, goHooks)
}

// newRegistry returns an empty registry of glory's kinds whose scripts in
// the compiler's subset run as compiled code.
func newRegistry() (*plugin.Registry, error) {
	reg, err := plugin.NewRegistry(Kinds(), plugin.DefaultLimits())
	if err != nil {
		return nil, err
	}
	return reg, reg.SetCompiler(compiled.Compiler{})
}

func finishRegistry(reg *plugin.Registry, warns []plugin.Warning, layers []plugin.Layer, goHooks []*plugin.GoHook) (*plugin.Registry, []plugin.Warning, error) {
	for _, l := range layers {
		w, err := reg.LoadFS(l.FS, l.Origin)
		warns = append(warns, w...)
		if err != nil {
			return nil, warns, err
		}
	}
	for _, h := range goHooks {
		w, err := reg.Add(h)
		if err != nil {
			return nil, warns, err
		}
		if w != nil {
			warns = append(warns, *w)
		}
	}
	return reg, warns, nil
}

// Runner is the glory.SkillRunner of one config on one goroutine: it owns
// a plugin.Worker (one Lua state). Each game hands it its RNG (UseRNG),
// which also starts the scripts afresh.
type Runner struct {
	w *plugin.Worker
	// pw runs the passives' modify: a use may deal damage, which runs the
	// passives while the use's call is still in progress on w.
	pw     *plugin.Worker
	refs   map[string]plugin.Ref
	can    map[string]bool
	ready  map[string]bool
	modify map[string]bool
	params map[*glory.Skill]*plugin.Params
	ctx    Ctx
	pctx   Ctx
	err    error
}

// New returns a runner for cfg's skills on a new worker of reg. Every
// skill's hook must be registered; the hooks are instantiated at once, so
// an error in a script's top level surfaces here.
func New(reg *plugin.Registry, cfg *glory.Config, opts plugin.WorkerOptions) (*Runner, error) {
	r := &Runner{refs: map[string]plugin.Ref{}, can: map[string]bool{}, ready: map[string]bool{}, modify: map[string]bool{}, params: map[*glory.Skill]*plugin.Params{}}
	var errs []error
	var refs []plugin.Ref
	for i := range cfg.Heroes {
		for j := range cfg.Heroes[i].Skills {
			s := &cfg.Heroes[i].Skills[j]
			p := make(map[string]float64, len(s.Params))
			for _, kv := range s.Params {
				p[kv.Name] = kv.Value
			}
			r.params[s] = plugin.NewParams(p)
			if _, ok := r.refs[s.Hook]; ok {
				continue
			}
			ref, ok := reg.Lookup(Skill, s.Hook)
			if !ok {
				errs = append(errs, fmt.Errorf("hero %s skill %s: no %s hook %q", cfg.Heroes[i].ID, s.ID, Skill.Name, s.Hook))
				continue
			}
			r.refs[s.Hook] = ref
			refs = append(refs, ref)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	r.w = reg.NewWorker(opts)
	if err := r.w.Prepare(refs...); err != nil {
		r.w.Close()
		return nil, err
	}
	for _, s := range slices.Sorted(maps.Keys(r.refs)) {
		ref := r.refs[s]
		c, err := r.w.Exports(ref, "can")
		if err != nil {
			return nil, err
		}
		m, err := r.w.Exports(ref, "modify")
		if err != nil {
			return nil, err
		}
		rd, err := r.w.Exports(ref, "ready")
		if err != nil {
			return nil, err
		}
		r.ready[s] = rd
		r.can[s], r.modify[s] = c, m
	}
	r.pw = reg.NewWorker(opts)
	if err := r.pw.Prepare(refs...); err != nil {
		r.Close()
		return nil, err
	}
	return r, nil
}

// UseRNG makes math.random draw from the game's stream and starts the
// scripts afresh (glory.RandomUser).
func (r *Runner) UseRNG(g *rng.RNG) {
	r.err = errors.Join(r.w.Reset(g.Rand()), r.pw.Reset(g.Rand()))
}

// Close releases the workers' Lua states.
func (r *Runner) Close() {
	r.w.Close()
	if r.pw != nil {
		r.pw.Close()
	}
}

// Has implements glory.SkillRunner.
func (r *Runner) Has(hook string) bool {
	_, ok := r.refs[hook]
	return ok
}

func (r *Runner) fill(ctx *Ctx, h *glory.Host, s *glory.Skill, c *glory.SkillCall) error {
	if r.err != nil {
		return r.err
	}
	hs := h.Hero(c.Hero)
	kind := ""
	switch c.Kind {
	case glory.DamageHit:
		kind = "hit"
	case glory.DamageSkill:
		kind = "skill"
	}
	if c.Event != glory.CallModify {
		kind = ""
	}
	*ctx = Ctx{Caster: c.Hero, Side: hs.Side, Point: hs.Point, Target: c.Target, Aim: c.Aim,
		Source: c.Source, Victim: c.Victim, Amount: c.Amount, Damage: kind, Params: r.params[s]}
	return nil
}

// readOnly hides a host's changing methods from can and modify.
type readOnly struct{ Reader }

// Use implements glory.SkillRunner.
func (r *Runner) Use(h *glory.Host, s *glory.Skill, hook string, c *glory.SkillCall) error {
	if err := r.fill(&r.ctx, h, s, c); err != nil {
		return err
	}
	_, err := plugin.Call(r.w, SigUse, r.refs[hook], &r.ctx, Actor(h))
	return err
}

// Ready implements glory.SkillRunner.
func (r *Runner) Ready(h *glory.Host, s *glory.Skill, hook string, c *glory.SkillCall) (bool, error) {
	if !r.ready[hook] {
		return true, nil
	}
	if err := r.fill(&r.ctx, h, s, c); err != nil {
		return false, err
	}
	return plugin.Call(r.w, SigReady, r.refs[hook], &r.ctx, Reader(readOnly{h}))
}

// Can implements glory.SkillRunner.
func (r *Runner) Can(h *glory.Host, s *glory.Skill, hook string, c *glory.SkillCall) (bool, error) {
	if !r.can[hook] {
		return true, nil
	}
	if err := r.fill(&r.ctx, h, s, c); err != nil {
		return false, err
	}
	return plugin.Call(r.w, SigCan, r.refs[hook], &r.ctx, Reader(readOnly{h}))
}

// Modify implements glory.SkillRunner.
func (r *Runner) Modify(h *glory.Host, s *glory.Skill, hook string, c *glory.SkillCall) (int, error) {
	if !r.modify[hook] {
		return c.Amount, nil
	}
	if err := r.fill(&r.pctx, h, s, c); err != nil {
		return 0, err
	}
	return plugin.Call(r.pw, SigModify, r.refs[hook], &r.pctx, Reader(readOnly{h}))
}
