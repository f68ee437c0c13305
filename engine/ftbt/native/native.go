package native

import (
	"fmt"
	"maps"
	"slices"

	"github.com/sandtable/sandtable/engine/ftbt"
)

// Hook ids of the classes, as a config's Class.Hook names them.
const (
	HookDamage      = "damage"       // class 0 of the original (TC_PEOPLE)
	HookAttackBuff  = "attack_buff"  // class 1 (TC_ABI_BUF)
	HookDefenceBuff = "defence_buff" // class 2 (TC_DEF_BUF)
	HookFly         = "fly"          // class 3 (TC_FLY)
	HookDisableLong = "disable_long" // class 4 (TC_DISABLE_LONG)
	HookHeal        = "heal"         // not in the original
)

// Param keys read from Tech.Params, then Class.Params (see the package doc).
const (
	ParamFlyGainBias = "fly_gain_bias"
	ParamFlyCap      = "fly_cap"
)

// class is the Go code of one class.
type class struct {
	apply func(u use, h ftbt.EffectHost) error
	score func(u use, h ftbt.ScoreHost) (int, error)
}

// classes is the table from hook id to class. It is built on demand rather
// than kept in a package variable so the package has no mutable state.
func classes() map[string]class {
	return map[string]class{
		HookDamage:      {applyDamage, scoreDamage},
		HookAttackBuff:  {applyBuff(ftbt.SlotAttack), scoreBuff(ftbt.SlotAttack)},
		HookDefenceBuff: {applyBuff(ftbt.SlotDefence), scoreBuff(ftbt.SlotDefence)},
		HookFly:         {applyFly, scoreFly},
		HookDisableLong: {applyDisableLong, scoreDisableLong},
		HookHeal:        {applyHeal, scoreHeal},
	}
}

// Hooks returns the hook ids this package implements, sorted.
func Hooks() []string { return slices.Sorted(maps.Keys(classes())) }

// Runner runs the classes of one config natively. It holds no game state
// and may be shared by concurrent games of that config.
type Runner struct {
	cfg *ftbt.Config
	fx  []class // by class index
}

// New returns the runner of cfg's classes; every class's Hook must be one of
// Hooks().
func New(cfg *ftbt.Config) (*Runner, error) {
	if cfg == nil {
		return nil, fmt.Errorf("native: nil config")
	}
	table := classes()
	r := &Runner{cfg: cfg, fx: make([]class, len(cfg.Classes))}
	for i, c := range cfg.Classes {
		fx, ok := table[c.Hook]
		if !ok {
			return nil, fmt.Errorf("native: class %d (%s): unknown hook %q (native hooks: %v)", i, c.ID, c.Hook, Hooks())
		}
		r.fx[i] = fx
	}
	return r, nil
}

// use is one tech use as the class code sees it.
type use struct {
	r      *Runner
	tech   *ftbt.Tech
	params [2]map[string]float64 // the tech's, then the class's
	call   *ftbt.EffectCall
}

// param returns a parameter of the use, or def.
func (u use) param(key string, def float64) float64 {
	for _, m := range u.params {
		if v, ok := m[key]; ok {
			return v
		}
	}
	return def
}

// ai returns the AI constants, checking the ones the scores divide by.
func (u use) ai() (*ftbt.AIConstants, error) {
	ai := &u.r.cfg.AI
	if ai.TechDist < 1 || ai.BufVMD < 1 || ai.FlyVMD < 1 || ai.DLVMD < 1 {
		return nil, fmt.Errorf("AI constants tech_dist %d, buf_vmd %d, fly_vmd %d, dl_vmd %d: want all ≥ 1",
			ai.TechDist, ai.BufVMD, ai.FlyVMD, ai.DLVMD)
	}
	return ai, nil
}

// prepare checks a call and returns its class code and use.
func (r *Runner) prepare(classIdx int, call *ftbt.EffectCall) (class, use, error) {
	cfg := r.cfg
	if classIdx < 0 || classIdx >= len(r.fx) {
		return class{}, use{}, fmt.Errorf("native: class %d out of range", classIdx)
	}
	if call == nil || call.Tech < 0 || call.Tech >= len(cfg.Techs) {
		return class{}, use{}, fmt.Errorf("native: bad tech in call %+v", call)
	}
	t := &cfg.Techs[call.Tech]
	return r.fx[classIdx], use{r: r, tech: t, params: [2]map[string]float64{t.Params, cfg.Classes[classIdx].Params}, call: call}, nil
}

// Apply implements ftbt.EffectRunner.
func (r *Runner) Apply(classIdx int, call *ftbt.EffectCall, host ftbt.EffectHost) error {
	fx, u, err := r.prepare(classIdx, call)
	if err != nil {
		return err
	}
	return fx.apply(u, host)
}

// Score implements ftbt.EffectRunner.
func (r *Runner) Score(classIdx int, call *ftbt.EffectCall, host ftbt.ScoreHost) (int, error) {
	fx, u, err := r.prepare(classIdx, call)
	if err != nil {
		return 0, err
	}
	return fx.score(u, host)
}

// share is the value of an effect on cell c of an AOE centred on target:
// v on the target, v × ratio / 100 elsewhere (facts §8.2, §8.3).
func (u use) share(c, v int) int {
	if c == u.call.Target {
		return v
	}
	return v * u.tech.AOERatio / 100
}

// goalWeight is the AI's weight of cell x for a tech (facts §9.3 step 5):
// TECH_DIST − goal_dist(x), ≤ 0 meaning "skip".
func goalWeight(ai *ftbt.AIConstants, h ftbt.ScoreHost, x int) int {
	return ai.TechDist - h.GoalDist(x)
}
