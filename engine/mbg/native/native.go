package native

import (
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/engine/mbg"
)

// Hook ids of the seed techs, as a config's Tech.Hook names them.
const (
	HookArrows       = "arrows"        // 弓箭
	HookFireArrows   = "fire_arrows"   // 火箭
	HookMedic        = "medic"         // 医疗
	HookShield       = "shield"        // 盾牌
	HookTransfer     = "transfer"      // 转移
	HookStrongStrike = "strong_strike" // 强击
	HookLifesteal    = "lifesteal"     // 离间 (the seed's code makes it a lifesteal)
	HookThunder      = "thunder"       // 雷击
	HookChaos        = "chaos"         // 混乱
	HookInfighting   = "infighting"    // 内讧
	HookSiege        = "siege"         // 攻城
	HookExile        = "exile"         // 流放
)

// Status lengths used when a tech's Params do not set them: the manual's
// 4/3/2 rounds (rules/mbg.md; the original-engine preset sets 3/2/1).
const (
	DefaultBurnRounds    = 4
	DefaultChaosRounds   = 3
	DefaultInfightRounds = 2
)

// Param keys read from TechCall.Params.
const (
	ParamBurnRounds    = "burn_rounds"
	ParamChaosRounds   = "chaos_rounds"
	ParamInfightRounds = "infight_rounds"
)

// effect computes one tech kind's effect (the seed's Tech.do).
type effect func(call *mbg.TechCall, host mbg.TechHost) (self, opp float64, err error)

// effects is the table from hook id to effect. It is built on demand rather
// than kept in a package variable so the package has no mutable state.
func effects() map[string]effect {
	return map[string]effect{
		HookArrows:       arrows,
		HookFireArrows:   fireArrows,
		HookMedic:        medic,
		HookShield:       shield,
		HookTransfer:     transfer,
		HookStrongStrike: strongStrike,
		HookLifesteal:    lifesteal,
		HookThunder:      arrows, // same effect, different numbers
		HookChaos:        chaos,
		HookInfighting:   infighting,
		HookSiege:        siege,
		HookExile:        exile,
	}
}

// Hooks returns the hook ids this package implements, sorted.
func Hooks() []string {
	ids := make([]string, 0, 12)
	for id := range effects() {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// Provider runs the techs of one config natively. It holds no battle state
// and may be shared by concurrent battles.
type Provider struct {
	fx []effect // indexed by tech index
}

// New returns the provider for a config's techs; every tech's Hook must be
// one of Hooks().
func New(techs []mbg.Tech) (*Provider, error) {
	table := effects()
	p := &Provider{fx: make([]effect, len(techs))}
	for i, t := range techs {
		fn, ok := table[t.Hook]
		if !ok {
			return nil, fmt.Errorf("tech %q: no native hook %q", t.ID, t.Hook)
		}
		p.fx[i] = fn
	}
	return p, nil
}

// Effect implements mbg.TechRunner. Errors carry no tech id: the battle adds
// the round, side and tech.
func (p *Provider) Effect(tech int, call *mbg.TechCall, host mbg.TechHost) (self, opp float64, err error) {
	if tech < 0 || tech >= len(p.fx) {
		return 0, 0, fmt.Errorf("native: tech index %d out of range [0, %d)", tech, len(p.fx))
	}
	return p.fx[tech](call, host)
}

// rounds reads a status length parameter: a whole number ≥ 0, def when absent.
func rounds(params map[string]float64, key string, def int) (int, error) {
	v, ok := params[key]
	if !ok {
		return def, nil
	}
	if v < 0 || v > math.MaxInt32 || v != math.Trunc(v) {
		return 0, fmt.Errorf("param %s = %g is not a whole number of rounds", key, v)
	}
	return int(v), nil
}

// The effects below follow the seed's Tech.do functions (manual §技能系统,
// facts §9). D (call.DHP) is the round's hit on the loser, ≤ 0.

// arrows: the opponent takes value (also thunder).
func arrows(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	return 0, -c.Value, nil
}

// fireArrows: the opponent takes value and burns.
func fireArrows(c *mbg.TechCall, h mbg.TechHost) (float64, float64, error) {
	n, err := rounds(c.Params, ParamBurnRounds, DefaultBurnRounds)
	if err != nil {
		return 0, 0, err
	}
	h.Burn(n)
	return 0, -c.Value, nil
}

// medic: the user heals value.
func medic(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	return c.Value, 0, nil
}

// shield: the user heals value × |D|, the whole hit including what the walls took.
func shield(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	if c.DHP < 0 {
		return -c.DHP * c.Value, 0, nil
	}
	return 0, 0, nil
}

// transfer: the user heals value × |D| and the opponent takes as much.
func transfer(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	if c.DHP < 0 {
		return -c.DHP * c.Value, c.DHP * c.Value, nil
	}
	return 0, 0, nil
}

// strongStrike: the opponent takes value × |D| more.
func strongStrike(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	if c.DHP < 0 {
		return 0, c.DHP * c.Value, nil
	}
	return 0, 0, nil
}

// lifesteal: the user heals value × |D|.
func lifesteal(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	if c.DHP < 0 {
		return -c.DHP * c.Value, 0, nil
	}
	return 0, 0, nil
}

// chaos: the opponent has zero win weight for a while.
func chaos(c *mbg.TechCall, h mbg.TechHost) (float64, float64, error) {
	n, err := rounds(c.Params, ParamChaosRounds, DefaultChaosRounds)
	if err != nil {
		return 0, 0, err
	}
	h.Confuse(mbg.StatusChaos, n)
	return 0, 0, nil
}

// infighting: the opponent has zero win weight and hits itself for a while.
func infighting(c *mbg.TechCall, h mbg.TechHost) (float64, float64, error) {
	n, err := rounds(c.Params, ParamInfightRounds, DefaultInfightRounds)
	if err != nil {
		return 0, 0, err
	}
	h.Confuse(mbg.StatusInfighting, n)
	return 0, 0, nil
}

// siege: against walls only, value × |D| more, capped at the remaining def so
// it never reaches the general.
func siege(c *mbg.TechCall, _ mbg.TechHost) (float64, float64, error) {
	if c.OppDef > 0 && c.DHP < 0 {
		return 0, max(c.Value*c.DHP, -c.OppDef), nil
	}
	return 0, 0, nil
}

// exile: the loser's main general leaves his role after the battle.
func exile(_ *mbg.TechCall, h mbg.TechHost) (float64, float64, error) {
	h.Exile()
	return 0, 0, nil
}
