// Package hooks declares the glory.skill hook kind and runs the skills of a
// glory config through the plugin registry: Lua scripts (scripts/glory/skill
// and mod layers) or Go twins registered in their place. Runner adapts a
// plugin.Worker to glory.SkillRunner, so engine/glory knows nothing of Lua.
package hooks

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/plugin"
)

// Reader is what every glory.skill function may read: *glory.Host
// implements it.
type Reader interface {
	Heroes() int
	Hero(i int) *glory.HeroState
	Def(i int) *glory.Hero
	Board() *glory.Board
	G(side int) int
	Var(v int, name string) int
	Shift(steps int) float64
	Contest(class, tier int) int
	Weapons() int
	Single(w int) bool
	Round() int
}

// Actor is what use may do besides reading.
type Actor interface {
	Reader
	Damage(src, v, amount int) int
	Lose(v, amount int) int
	Heal(src, v, amount int) int
	Move(v, p int)
	SetExtreme(v, x int)
	SetMath(v, tier int)
	SetSpeed(v, speed int)
	Pay(side, amount int) bool
	SetVar(v int, name string, value int)
	SetWeapon(v, w int)
	Boost(v int)
	Extra(v int)
	Stun(v int)
	Fire(v, p, steps int) bool
}

// Ctx is the input of every glory.skill function (ctx in Lua).
type Ctx struct {
	Caster, Side, Point, Target, Aim int
	Source, Victim, Amount           int
	Damage                           string // "hit" or "skill" (modify)
	Params                           *plugin.Params
}

func fill(t *plugin.Table, c *Ctx) {
	for i, v := range [...]int{c.Caster, c.Side, c.Point, c.Target, c.Aim, c.Source, c.Victim, c.Amount} {
		t.Int(i, v)
	}
	t.String(8, c.Damage)
	t.Params(9, c.Params)
}

// Skill is the glory.skill kind.
var Skill = &plugin.Kind{
	Name: "glory.skill",
	Doc: "A hero skill of 58Glory. The engine has checked the declared limits (phase, cooldown, uses, G cost, " +
		"range in steps, 视域) and the target kind; `use` makes the effect through the `glory` table, the optional " +
		"`can` narrows the targets (e.g. males only), and a passive's `modify` adjusts damage its owner deals or " +
		"takes. Heroes are indices of the drafted heroes (0–9), points indices of the map's points; lasting " +
		"state goes through var/set_var so save, load and replay keep it.",
	Ctx: []plugin.Field{
		{Name: "caster", Type: "integer", Doc: "The hero owning the skill."},
		{Name: "side", Type: "integer", Doc: "The caster's side (0 red, 1 blue)."},
		{Name: "point", Type: "integer", Doc: "The caster's point."},
		{Name: "target", Type: "integer", Doc: "The chosen hero or point (as the skill's target kind says), -1 when none."},
		{Name: "aim", Type: "integer", Doc: "The point of an aimed skill (the caster's point or one drawn edge from it: a direction or a destination), -1 when none."},
		{Name: "source", Type: "integer", Doc: "modify: the hero dealing the damage (-1 none)."},
		{Name: "victim", Type: "integer", Doc: "modify: the hero taking it."},
		{Name: "amount", Type: "integer", Doc: "modify: the damage so far."},
		{Name: "damage", Type: `"hit"|"skill"|""`, Doc: "modify: a weapon hit or skill damage (splash is never modified)."},
		plugin.ParamsField,
	},
	Funcs: []plugin.Func{
		{Name: "use", Params: []plugin.Field{{Name: "ctx", Type: "glory.skill.ctx", Doc: "The use; read-only."}},
			Doc: "Makes the effect of one use of the skill."},
		{Name: "ready", Params: []plugin.Field{{Name: "ctx", Type: "glory.skill.ctx", Doc: "The caster's candidate use, target -1; read-only."}},
			Returns: []plugin.Field{{Name: "ok", Type: "boolean", Doc: "Whether the skill may be used now at all."}},
			Doc:     "Checks what does not depend on the target (the caster's state), once per decision before the targets are listed; it may only read the game. Absent: ready."},
		{Name: "can", Params: []plugin.Field{{Name: "ctx", Type: "glory.skill.ctx", Doc: "The candidate use; read-only."}},
			Returns: []plugin.Field{{Name: "ok", Type: "boolean", Doc: "Whether the skill may be used on ctx.target."}},
			Doc:     "Narrows the legal targets; it may only read the game. Absent: every declared target is legal."},
		{Name: "modify", Params: []plugin.Field{{Name: "ctx", Type: "glory.skill.ctx", Doc: "The damage; read-only."}},
			Returns: []plugin.Field{{Name: "amount", Type: "integer", Doc: "The damage after this passive (≥ 0)."}},
			Doc:     "A passive's change to damage its owner deals (ctx.source == ctx.caster) or takes; it may only read the game."},
	},
	HostTable: "glory",
	Host:      hostFuncs(),
}

// Calling conventions.
var (
	SigUse = plugin.NewSig[Ctx, Actor, struct{}](Skill, "use", fill,
		func(plugin.Results) (struct{}, error) { return struct{}{}, nil }, nil)
	SigReady = plugin.NewSig[Ctx, Reader, bool](Skill, "ready", fill,
		func(r plugin.Results) (bool, error) {
			if r.IsNil(1) {
				return false, nil
			}
			return r.Bool(1)
		}, nil)
	SigCan = plugin.NewSig[Ctx, Reader, bool](Skill, "can", fill,
		func(r plugin.Results) (bool, error) {
			if r.IsNil(1) {
				return false, nil
			}
			return r.Bool(1)
		}, nil)
	SigModify = plugin.NewSig[Ctx, Reader, int](Skill, "modify", fill,
		func(r plugin.Results) (int, error) {
			v, err := r.Number(1)
			if err != nil {
				return 0, err
			}
			if v != float64(int(v)) || v < 0 || v > 1<<30 {
				return 0, fmt.Errorf("modify returned %g; damage must be a whole number ≥ 0", v)
			}
			return int(v), nil
		}, nil)
)

// Go twins: a skill written in Go (use, can and modify may be nil).
type (
	UseFunc    func(ctx *Ctx, h Actor) error
	CanFunc    func(ctx *Ctx, h Reader) (bool, error)
	ModifyFunc func(ctx *Ctx, h Reader) (int, error)
)

// GoSkill returns a glory.skill hook implemented in Go (without ready).
func GoSkill(id string, use UseFunc, can CanFunc, modify ModifyFunc) *plugin.GoHook {
	var fns []plugin.GoFunc
	if use != nil {
		fns = append(fns, plugin.GoFn(SigUse, func(c *Ctx, h Actor) (struct{}, error) { return struct{}{}, use(c, h) }))
	}
	if can != nil {
		fns = append(fns, plugin.GoFn(SigCan, (func(*Ctx, Reader) (bool, error))(can)))
	}
	if modify != nil {
		fns = append(fns, plugin.GoFn(SigModify, (func(*Ctx, Reader) (int, error))(modify)))
	}
	return plugin.MustGoHook(Skill, id, "go:glory/skill/"+id, fns...)
}
