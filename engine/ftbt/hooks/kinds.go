package hooks

import (
	"fmt"
	"math"
	"strings"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/plugin"
)

// ---- ftbt.effect ----

// Effect slots of ftbt: the four timed per-cell, per-side effects.
var ftbtSlots = []string{"attack", "defence", "fly", "disable_long"}

// slotType is the type of a slot parameter: ftbtSlots as an enum, so the
// fast path's enum indices (HostFunc.Fast) index ftbtSlots.
var slotType = `"` + strings.Join(ftbtSlots, `"|"`) + `"`

// slotIDs are the engine's slots of ftbtSlots, by index.
var slotIDs = func() []ftbt.EffectSlot {
	ids := make([]ftbt.EffectSlot, len(ftbtSlots))
	for i, name := range ftbtSlots {
		s, ok := ftbt.ParseSlot(name)
		if !ok {
			panic("ftbt hooks: unknown slot " + name)
		}
		ids[i] = s
	}
	return ids
}()

// EffectKind is the kind of ftbt's tech classes: one hook per class (the
// original's damage, attack buff, defence buff, fly and disable-long, and any
// class a scenario adds). The engine picks the tech, the caster and a legal
// target; the hook's apply makes the effect through the ftbt table, and its
// score tells the scoring AI what the use is worth.
var EffectKind = &plugin.Kind{
	Name: "ftbt.effect",
	Doc: "A tech class of ftbt. The engine has checked the target (an enemy's cell for classes that " +
		"target enemies, any marked cell otherwise); `apply` makes the effect through the `ftbt` table " +
		"(damage, heals, timed cell effects), and the optional `score` rates a use for the AI (facts §9.3; " +
		"0 when absent). Cells are indices y·width + x; people are indices into the level's people.",
	Ctx: []plugin.Field{
		{Name: "caster", Type: "integer", Doc: "The person using the tech."},
		{Name: "side", Type: "integer", Doc: "The caster's side (0 or 1)."},
		{Name: "abi", Type: "integer", Doc: "The caster's abi (attack), without buffs."},
		{Name: "cell", Type: "integer", Doc: "The caster's cell: after its move for apply, before it for score."},
		{Name: "target", Type: "integer", Doc: "The target cell."},
		{Name: "value", Type: "integer", Doc: "The tech's value."},
		{Name: "long", Type: "boolean", Doc: "Whether the tech is long-range (disable-long shields from it)."},
		{Name: "aoe_range", Type: "integer", Doc: "The tech's area radius (Manhattan)."},
		{Name: "aoe_ratio", Type: "integer", Doc: "The tech's area ratio in percent: the share cells other than the target get."},
		{Name: "aoe_self", Type: "boolean", Doc: "Whether the area also hits the caster's side."},
		{Name: "duration", Type: "integer", Doc: "The tech's duration in rounds (0 = permanent)."},
		{Name: "max_abi", Type: "integer", Doc: "The rules' MAX_ABI."},
		{Name: "max_fly_weight", Type: "integer", Doc: "The rules' MAX_FLY_WEIGHT."},
		{Name: "tech_dist", Type: "integer", Doc: "AI constant TECH_DIST: goal distance beyond which a cell is worth nothing."},
		{Name: "tech_score", Type: "integer", Doc: "AI constant TECH_SCORE: the score of a full effect (one kill)."},
		{Name: "buf_vmd", Type: "integer", Doc: "AI constant BUF_VMD: cap of a buff's value·duration·distance sum."},
		{Name: "fly_vmd", Type: "integer", Doc: "AI constant FLY_VMD: the same for fly."},
		{Name: "dl_vmd", Type: "integer", Doc: "AI constant DL_VMD: the same for disable-long."},
		plugin.ParamsField,
	},
	Funcs: []plugin.Func{
		{
			Name:     "apply",
			Required: true,
			Params:   []plugin.Field{{Name: "ctx", Type: "ftbt.effect.ctx", Doc: "The tech use; read-only."}},
			Doc:      "Makes the effect of the tech use through the `ftbt` table.",
		},
		{
			Name:    "score",
			Params:  []plugin.Field{{Name: "ctx", Type: "ftbt.effect.ctx", Doc: "The candidate use; read-only."}},
			Returns: []plugin.Field{{Name: "score", Type: "integer", Doc: "What the use is worth to the AI (≥ 0; one kill ≈ tech_score)."}},
			Doc: "Rates a candidate use for the scoring AI, in the state before the caster moves. It may read the " +
				"game and the AI's distances, and change nothing.",
		},
	},
	HostTable: "ftbt",
	Host: []plugin.HostFunc{
		{
			Name: "aoe",
			Params: []plugin.Field{
				{Name: "center", Type: "integer", Doc: "The area's centre cell."},
				{Name: "radius", Type: "integer", Doc: "Manhattan radius; negative gives no cells."},
			},
			Returns: []plugin.Field{{Name: "cells", Type: "integer[]", Doc: "The cells, rows top to bottom, each left to right."}},
			Doc: "Returns the cells of the diamond of `radius` around `center`, clipped to the map, that the tech's " +
				"terrain mask allows.",
			ReadOnly: true,
			Impl: func(host any, a *plugin.Args) {
				a.ReturnInts(asReader(a, host).AOE(a.Int(1), aoeRadius(a.Int(2))))
			},
			FastInts: func(host any, in []int) ([]int, bool) {
				if rd := engineReader(host); rd != nil {
					return rd.AOE(in[0], aoeRadius(in[1])), true
				}
				if h, ok := host.(Reader); ok {
					return h.AOE(in[0], aoeRadius(in[1])), true
				}
				return nil, false
			},
		},
		{
			Name:     "occupant",
			Params:   []plugin.Field{{Name: "cell", Type: "integer", Doc: "A cell."}},
			Returns:  []plugin.Field{{Name: "person", Type: "integer", Doc: "The person on `cell`, or -1."}},
			Doc:      "Returns who stands on `cell`.",
			ReadOnly: true,
			Impl: func(host any, a *plugin.Args) {
				a.ReturnNumber(float64(asReader(a, host).Occupant(a.Int(1))))
			},
			Fast: func(host any, in, out []int) (int, bool) {
				if rd := engineReader(host); rd != nil {
					out[0] = rd.Occupant(in[0])
					return 1, true
				}
				if h, ok := host.(Reader); ok {
					out[0] = h.Occupant(in[0])
					return 1, true
				}
				return 0, false
			},
			View: func(host any, _ []int) ([]int, int, int, bool) {
				if a := engineArrays(host); a != nil {
					return a.OccupantArray(), 0, 1, true
				}
				return nil, 0, 0, false
			},
		},
		personGetter("side", "The person's side (0 or 1).", func(p Person) int { return p.Side }),
		personGetter("abi", "The person's abi (attack), without buffs.", func(p Person) int { return p.Abi }),
		personGetter("def", "The person's def, without buffs.", func(p Person) int { return p.Def }),
		personGetter("hp", "The person's hp (0 once removed).", func(p Person) int { return p.HP }),
		personGetter("max_hp", "The hp the person started the level with.", func(p Person) int { return p.MaxHP }),
		personGetter("cell", "The person's cell, or -1 once removed.", func(p Person) int { return p.Cell }),
		{
			Name: "effect",
			Params: []plugin.Field{
				{Name: "cell", Type: "integer", Doc: "A cell."},
				{Name: "side", Type: "integer", Doc: "The side whose slot to read (0 or 1)."},
				{Name: "slot", Type: slotType, Doc: "The effect."},
			},
			Returns: []plugin.Field{
				{Name: "value", Type: "integer", Doc: "The buff value, fly weight, or 1 for disable-long; 0 when none."},
				{Name: "remaining", Type: "integer", Doc: "Rounds left; 0 with a non-zero value means permanent."},
			},
			Doc:      "Reads `side`'s timed effect `slot` at `cell`.",
			ReadOnly: true,
			Impl: func(host any, a *plugin.Args) {
				cell, side, slot := a.Int(1), a.Int(2), a.Enum(3, ftbtSlots...)
				v, left := asReader(a, host).Effect(cell, side, slot)
				a.ReturnNumber(float64(v))
				a.ReturnNumber(float64(left))
			},
			Fast: func(host any, in, out []int) (int, bool) {
				if rd := engineReader(host); rd != nil {
					out[0], out[1] = rd.Effect(in[0], in[1], ftbtSlots[in[2]])
					return 2, true
				}
				if h, ok := host.(Reader); ok {
					out[0], out[1] = h.Effect(in[0], in[1], ftbtSlots[in[2]])
					return 2, true
				}
				return 0, false
			},
			View: func(host any, rest []int) ([]int, int, int, bool) {
				a := engineArrays(host)
				if a == nil || rest[0] != 0 && rest[0] != 1 {
					return nil, 0, 0, false
				}
				xs, off, stride := a.EffectArray(rest[0], slotIDs[rest[1]])
				return xs, off, stride, true
			},
		},
		{
			Name: "set_effect",
			Params: []plugin.Field{
				{Name: "cell", Type: "integer", Doc: "A cell."},
				{Name: "slot", Type: slotType, Doc: "The effect."},
				{Name: "value", Type: "integer", Doc: "Buff value, fly weight (0 = none), or 1/0 for disable-long."},
				{Name: "duration", Type: "integer", Doc: "Rounds (≥ 0; 0 = permanent)."},
			},
			Doc: "Writes the caster's side's effect `slot` at `cell`, replacing what was there (effects never stack). " +
				"apply only.",
			Impl: func(host any, a *plugin.Args) {
				cell, slot, v, d := a.Int(1), a.Enum(2, ftbtSlots...), a.Int(3), a.Rounds(4)
				asApplyHost(a, host).SetEffect(cell, slot, v, d)
			},
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(Host)
				if !ok || !plugin.RoundsOK(in[3]) {
					return 0, false
				}
				h.SetEffect(in[0], ftbtSlots[in[1]], in[2], in[3])
				return 0, true
			},
		},
		{
			Name: "damage",
			Params: []plugin.Field{
				{Name: "person", Type: "integer", Doc: "The victim."},
				{Name: "amount", Type: "integer", Doc: "hp to take (≥ 1)."},
			},
			Doc: "Takes `amount` hp from `person`, who leaves the map at 0. apply only.",
			Impl: func(host any, a *plugin.Args) {
				p, n := a.Int(1), a.Int(2)
				if n < 1 {
					a.Errorf("bad argument #2 'amount': must be ≥ 1, got %d", n)
				}
				asApplyHost(a, host).Damage(p, n)
			},
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(Host)
				if !ok || in[1] < 1 {
					return 0, false
				}
				h.Damage(in[0], in[1])
				return 0, true
			},
		},
		{
			Name: "heal",
			Params: []plugin.Field{
				{Name: "person", Type: "integer", Doc: "Who to heal."},
				{Name: "amount", Type: "integer", Doc: "hp to give (≥ 0), capped at the person's max_hp."},
			},
			Doc: "Gives `person` up to `amount` hp. apply only.",
			Impl: func(host any, a *plugin.Args) {
				p, n := a.Int(1), a.Int(2)
				if n < 0 {
					a.Errorf("bad argument #2 'amount': must be ≥ 0, got %d", n)
				}
				asApplyHost(a, host).Heal(p, n)
			},
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(Host)
				if !ok || in[1] < 0 {
					return 0, false
				}
				h.Heal(in[0], in[1])
				return 0, true
			},
		},
		scoreCellFunc("goal_dist", "dist", "Static terrain distance from the deciding person's goal; -1 unreachable.",
			"The AI's goal distance of `cell`. score only.", scoreCells.GoalDist, ftbt.ScoreArrays.GoalArray),
		scoreCellFunc("static_weight", "weight", "The terrain's move weight.",
			"The move weight of `cell`'s terrain, ignoring effects and people. score only.",
			scoreCells.StaticWeight, ftbt.ScoreArrays.StaticArray),
	},
}

// maxRadius bounds area radii from scripts (a map is far smaller).
const maxRadius = 1 << 16

// aoeRadius is the radius ftbt.aoe asks the engine for: negative ones as
// -1 (no cells), huge ones bounded.
func aoeRadius(r int) int { return max(-1, min(r, maxRadius)) }

// scoreCells is what the plugin's and the engine's scoring hosts both
// have: the AI's per-cell values.
type scoreCells interface {
	GoalDist(cell int) int
	StaticWeight(cell int) int
}

// scoreCellFunc is a read-only host function of the scoring host: the
// value get returns for a cell, read by index from the engine's array
// (see plugin.HostFunc.View).
func scoreCellFunc(name, result, resultDoc, doc string, get func(scoreCells, int) int, array func(ftbt.ScoreArrays) []int) plugin.HostFunc {
	return plugin.HostFunc{
		Name:     name,
		Params:   []plugin.Field{{Name: "cell", Type: "integer", Doc: "A cell."}},
		Returns:  []plugin.Field{{Name: result, Type: "integer", Doc: resultDoc}},
		Doc:      doc,
		ReadOnly: true,
		Impl:     func(host any, a *plugin.Args) { a.ReturnNumber(float64(get(asScoreHost(a, host), a.Int(1)))) },
		Fast: func(host any, in, out []int) (int, bool) {
			if h, ok := host.(*scoreHost); ok {
				out[0] = get(h.h, in[0])
				return 1, true
			}
			if h, ok := host.(ScoreHost); ok {
				out[0] = get(h, in[0])
				return 1, true
			}
			return 0, false
		},
		View: func(host any, _ []int) ([]int, int, int, bool) {
			if h, ok := host.(*scoreHost); ok && h.arr != nil {
				return array(h.arr), 0, 1, true
			}
			return nil, 0, 0, false
		},
	}
}

// personGetter is a host function reading one property of a person.
func personGetter(name, doc string, get func(Person) int) plugin.HostFunc {
	return plugin.HostFunc{
		Name:     name,
		Params:   []plugin.Field{{Name: "person", Type: "integer", Doc: "A person."}},
		Returns:  []plugin.Field{{Name: name, Type: "integer", Doc: doc}},
		Doc:      "Returns " + lowerFirst(doc),
		ReadOnly: true,
		Impl: func(host any, a *plugin.Args) {
			a.ReturnNumber(float64(get(asReader(a, host).Person(a.Int(1)))))
		},
		Fast: func(host any, in, out []int) (int, bool) {
			if rd := engineReader(host); rd != nil {
				out[0] = get(reader{rd: rd}.Person(in[0]))
				return 1, true
			}
			if h, ok := host.(Reader); ok {
				out[0] = get(h.Person(in[0]))
				return 1, true
			}
			return 0, false
		},
	}
}

func lowerFirst(s string) string {
	if s != "" && s[0] >= 'A' && s[0] <= 'Z' {
		return string(s[0]+'a'-'A') + s[1:]
	}
	return s
}

// engineReader returns the engine's reader behind host when host is one
// of this package's adapters (the common case, and a cheaper check than
// asking for the Reader interface), or nil.
func engineReader(host any) ftbt.EffectReader {
	switch h := host.(type) {
	case *scoreHost:
		return h.rd
	case *applyHost:
		return h.rd
	}
	return nil
}

// engineArrays returns the engine's arrays behind host when host is one of
// this package's adapters and the engine's reader has them, or nil.
func engineArrays(host any) ftbt.EffectArrays {
	switch h := host.(type) {
	case *scoreHost:
		return h.reader.arr
	case *applyHost:
		return h.reader.arr
	}
	return nil
}

// asReader is plugin.HostAs[Reader], written out: a type assertion in
// non-generic code is cached where it is made, which makes it markedly
// cheaper in host functions called for every cell of an area.
func asReader(a *plugin.Args, host any) Reader {
	h, ok := host.(Reader)
	if !ok {
		return plugin.HostAs[Reader](a, host) // fails as HostAs fails
	}
	return h
}

func asApplyHost(a *plugin.Args, host any) Host {
	h, ok := host.(Host)
	if !ok {
		a.Errorf("only apply may change the game; score may only read it")
	}
	return h
}

func asScoreHost(a *plugin.Args, host any) ScoreHost {
	h, ok := host.(ScoreHost)
	if !ok {
		a.Errorf("the AI's distances exist only while scoring")
	}
	return h
}

// Person is one person as an ftbt.effect hook reads it.
type Person struct {
	Side, Abi, Def, HP, MaxHP, Cell int
}

// Reader is what every ftbt.effect function may read; the ftbt engine
// implements it (through an adapter) for the tech use in progress. Bad
// indices are the host's to report (see HostErr).
type Reader interface {
	AOE(center, radius int) []int
	Occupant(cell int) int
	Person(p int) Person
	Effect(cell, side int, slot string) (value, remaining int)
}

// Host is what apply may do besides reading.
type Host interface {
	Reader
	SetEffect(cell int, slot string, value, duration int)
	Damage(p, amount int)
	Heal(p, amount int)
}

// ScoreHost is what score may read besides the game: the AI's
// distances of the decision in progress.
type ScoreHost interface {
	Reader
	GoalDist(cell int) int
	StaticWeight(cell int) int
}

// EffectCtx is the input of both ftbt.effect functions (ctx in Lua).
type EffectCtx struct {
	Caster, Side, Abi, Cell, Target int
	Value                           int
	Long                            bool
	AOERange, AOERatio              int
	AOESelf                         bool
	Duration                        int
	MaxAbi, MaxFlyWeight            int
	TechDist, TechScore             int
	BufVMD, FlyVMD, DLVMD           int
	Params                          *plugin.Params
}

// fillEffect writes an EffectCtx in EffectKind.Ctx order.
func fillEffect(t *plugin.Table, c *EffectCtx) {
	t.Ints(0, c.Caster, c.Side, c.Abi, c.Cell, c.Target, c.Value)
	t.Bool(6, c.Long)
	t.Ints(7, c.AOERange, c.AOERatio)
	t.Bool(9, c.AOESelf)
	t.Ints(10, c.Duration, c.MaxAbi, c.MaxFlyWeight, c.TechDist, c.TechScore, c.BufVMD, c.FlyVMD, c.DLVMD)
	t.Params(18, c.Params)
}

// EffectApply is the calling convention of ftbt.effect's apply.
var EffectApply = plugin.NewSig[EffectCtx, Host, struct{}](EffectKind, "apply", fillEffect,
	func(plugin.Results) (struct{}, error) { return struct{}{}, nil }, nil)

// EffectScore is the calling convention of ftbt.effect's score.
var EffectScore = plugin.NewSig[EffectCtx, ScoreHost, int](EffectKind, "score", fillEffect,
	func(r plugin.Results) (int, error) {
		if r.IsNil(1) {
			return 0, nil
		}
		v, err := r.Number(1)
		if err != nil {
			return 0, err
		}
		if v < 0 || v != math.Trunc(v) || v > 1<<40 {
			return 0, fmt.Errorf("score returned %g; a score must be a whole number ≥ 0", v)
		}
		return int(v), nil
	}, nil)

// EffectApplyFunc and EffectScoreFunc are an ftbt.effect class written in Go.
type (
	EffectApplyFunc func(ctx *EffectCtx, host Host) error
	EffectScoreFunc func(ctx *EffectCtx, host ScoreHost) (int, error)
)

// RunApply runs apply of the ftbt.effect hook ref.
func RunApply(w *plugin.Worker, ref plugin.Ref, ctx *EffectCtx, host Host) error {
	_, err := plugin.Call(w, EffectApply, ref, ctx, host)
	return err
}

// RunScore runs score of the ftbt.effect hook ref; a hook without score
// scores 0.
func RunScore(w *plugin.Worker, ref plugin.Ref, ctx *EffectCtx, host ScoreHost) (int, error) {
	ok, err := plugin.Defines(w, EffectScore, ref)
	if err != nil || !ok {
		return 0, err
	}
	return plugin.Call(w, EffectScore, ref, ctx, host)
}

// GoEffect returns an ftbt.effect hook implemented in Go; score may be nil.
func GoEffect(id, origin string, apply EffectApplyFunc, score EffectScoreFunc) *plugin.GoHook {
	fns := []plugin.GoFunc{plugin.GoFn(EffectApply, func(c *EffectCtx, h Host) (struct{}, error) { return struct{}{}, apply(c, h) })}
	if score != nil {
		fns = append(fns, plugin.GoFn(EffectScore, (func(*EffectCtx, ScoreHost) (int, error))(score)))
	}
	return plugin.MustGoHook(EffectKind, id, origin, fns...)
}
