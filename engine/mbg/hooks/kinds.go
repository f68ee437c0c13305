package hooks

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/mbg"

	"github.com/sandtable/sandtable/engine/plugin"
)

// ---- mbg.tech ----

// TechKind is the kind of mbg's battle techs. The engine decides whether a
// tech fires (trigger, cooldown, probability) and interpolates its value;
// the hook computes what it does.
var TechKind = &plugin.Kind{
	Name: "mbg.tech",
	Doc: "A battle tech of mbg. The engine decides whether the tech fires (trigger, cooldown, " +
		"probability) and interpolates its value from the user's celve; the hook's `effect` computes " +
		"what it does: hp changes returned as numbers, status changes through the `mbg` table.",
	Ctx: []plugin.Field{
		{Name: "value", Type: "number", Doc: "The tech's value, already interpolated by the engine from the scenario's value range by the user's celve."},
		{Name: "dhp", Type: "number", Doc: "D: this round's normal-attack change of the round's loser, walls included (≤ 0). Every tech of a round sees the same D."},
		{Name: "self_hp", Type: "number", Doc: "The user's hp."},
		{Name: "self_def", Type: "number", Doc: "The user's def (city walls; 0 outside a city)."},
		{Name: "opp_hp", Type: "number", Doc: "The opponent's hp."},
		{Name: "opp_def", Type: "number", Doc: "The opponent's def (city walls; 0 outside a city)."},
		{Name: "celve", Type: "number", Doc: "The user's celve (0..100): the higher strategy of its main and vice general."},
		plugin.ParamsField,
	},
	Funcs: []plugin.Func{{
		Name:     "effect",
		Required: true,
		Params:   []plugin.Field{{Name: "ctx", Type: "mbg.tech.ctx", Doc: "The battle situation; read-only."}},
		Returns: []plugin.Field{
			{Name: "self", Type: "number?", Doc: "Change to the user's hp: ≥ 0 (a heal, capped at the starting hp). nil means 0."},
			{Name: "opp", Type: "number?", Doc: "Change to the opponent: ≤ 0 (damage; walls take it first). nil means 0."},
		},
		Doc: "Computes the effect of the tech when it fires. Both changes are applied, user first, even when 0.",
	}},
	HostTable: "mbg",
	Host: []plugin.HostFunc{
		{
			Name:   "burn",
			Params: []plugin.Field{{Name: "rounds", Type: "integer", Doc: "Number of rounds (≥ 0)."}},
			Doc: "Sets the opponent burning for the next `rounds` rounds, replacing any running burn; each burning " +
				"round deals the scenario's burn damage. 0 puts the fire out.",
			Impl: func(host any, a *plugin.Args) { plugin.HostAs[TechHost](a, host).Burn(a.Rounds(1)) },
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(TechHost)
				if !ok || !plugin.RoundsOK(in[0]) {
					return 0, false
				}
				h.Burn(in[0])
				return 0, true
			},
		},
		{
			Name: "confuse",
			Params: []plugin.Field{
				{Name: "state", Type: `"chaos"|"infighting"`, Doc: "The state to set."},
				{Name: "rounds", Type: "integer", Doc: "Number of rounds (≥ 0)."},
			},
			Doc: "Puts the opponent in `state` for the next `rounds` rounds, replacing either state: chaos zeroes its " +
				"round win weight; infighting also makes it hit itself with its own power. 0 returns it to normal.",
			Impl: func(host any, a *plugin.Args) {
				state := a.Enum(1, confuseStates...)
				plugin.HostAs[TechHost](a, host).Confuse(state, a.Rounds(2))
			},
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(TechHost)
				if !ok || !plugin.RoundsOK(in[1]) {
					return 0, false
				}
				h.Confuse(confuseStates[in[0]], in[1])
				return 0, true
			},
		},
		{
			Name: "exile",
			Doc:  "Marks the opponent's main general to leave his role after the battle.",
			Impl: func(host any, a *plugin.Args) { plugin.HostAs[TechHost](a, host).Exile() },
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(TechHost)
				if !ok {
					return 0, false
				}
				h.Exile()
				return 0, true
			},
		},
	},
}

// confuseStates are mbg.confuse's states, in the order of its enum type (the
// fast path's enum indices index it).
var confuseStates = []string{"chaos", "infighting"}

// TechCtx is the input of an mbg.tech effect (the ctx table in Lua).
type TechCtx struct {
	Value   float64
	DHP     float64 // ≤ 0
	SelfHP  float64
	SelfDef float64
	OppHP   float64
	OppDef  float64
	Celve   float64
	Params  *plugin.Params
}

// TechResult is what an mbg.tech effect returns: the change to the user
// (≥ 0) and to the opponent (≤ 0).
type TechResult struct {
	Self, Opp float64
}

// TechHost is what a tech's effect may do besides changing hp; the mbg
// engine implements it for the side using the tech. It is the engine's own
// interface, so the engine's host reaches a hook without a conversion.
type TechHost = mbg.TechHost

// TechFunc is a tech effect written in Go.
type TechFunc func(ctx *TechCtx, host TechHost) (TechResult, error)

// The fields of mbg.tech's ctx, by index in TechKind.Ctx.
const (
	techValue = iota
	techDHP
	techSelfHP
	techSelfDef
	techOppHP
	techOppDef
	techCelve
	techParams
)

// TechEffect is the calling convention of mbg.tech's effect.
var TechEffect = plugin.NewSig[TechCtx, TechHost, TechResult](TechKind, "effect",
	func(t *plugin.Table, c *TechCtx) {
		t.Number(techValue, c.Value)
		t.Number(techDHP, c.DHP)
		t.Number(techSelfHP, c.SelfHP)
		t.Number(techSelfDef, c.SelfDef)
		t.Number(techOppHP, c.OppHP)
		t.Number(techOppDef, c.OppDef)
		t.Number(techCelve, c.Celve)
		t.Params(techParams, c.Params)
	},
	func(r plugin.Results) (TechResult, error) {
		self, err := r.Number(1)
		if err != nil {
			return TechResult{}, err
		}
		opp, err := r.Number(2)
		return TechResult{Self: self, Opp: opp}, err
	},
	checkTech)

// checkTech is TechEffect's check.
func checkTech(r TechResult) error {
	switch {
	case r.Self-r.Self != 0 || r.Opp-r.Opp != 0: // NaN or infinite
		return fmt.Errorf("effect returned %g, %g; changes must be finite", r.Self, r.Opp)
	case r.Self < 0:
		return fmt.Errorf("effect returned %g for the user; a tech may only heal its user (≥ 0)", r.Self)
	case r.Opp > 0:
		return fmt.Errorf("effect returned %g for the opponent; a tech may only damage the opponent (≤ 0)", r.Opp)
	}
	return nil
}

// RunTech runs the mbg.tech hook ref with ctx and host.
func RunTech(w *plugin.Worker, ref plugin.Ref, ctx *TechCtx, host TechHost) (TechResult, error) {
	return plugin.Call(w, TechEffect, ref, ctx, host)
}

// GoTech returns an mbg.tech hook implemented by fn; origin names it in
// messages (e.g. "go:engine/mbg/native").
func GoTech(id, origin string, fn TechFunc) *plugin.GoHook {
	return plugin.MustGoHook(TechKind, id, origin, plugin.GoFn(TechEffect, (func(*TechCtx, TechHost) (TechResult, error))(fn)))
}

// ---- mbg.card ----

// CardKind is the kind of mbg's chance cards. The engine resolves the card's
// target (checking side rules) and spends the card when play succeeds.
var CardKind = &plugin.Kind{
	Name: "mbg.card",
	Doc: "A chance card of mbg. The engine asks for and checks the card's target according to the " +
		"card's target kind and side rule, then calls `play`; the card is spent when `play` returns true.",
	Ctx: []plugin.Field{
		{Name: "user", Type: "integer", Doc: "Index of the role playing the card."},
		{Name: "target", Type: "integer", Doc: "The chosen target: a role, board square or officer index depending on the card's target kind; -1 for cards without a target."},
		plugin.ParamsField,
	},
	Funcs: []plugin.Func{{
		Name:     "play",
		Required: true,
		Params:   []plugin.Field{{Name: "ctx", Type: "mbg.card.ctx", Doc: "The card's user and target; read-only."}},
		Returns: []plugin.Field{
			{Name: "ok", Type: "boolean", Doc: "true when the card took effect (it is spent); false when it failed (it stays in hand and the engine asks again)."},
		},
		Doc: "Plays the card. Must return true or false.",
	}},
	HostTable: "mbg",
	Host: []plugin.HostFunc{
		{
			Name: "set_move",
			Params: []plugin.Field{
				{Name: "role", Type: "integer", Doc: "Role index."},
				{Name: "state", Type: `"slow"|"fast"|"stop"`, Doc: "Movement state."},
				{Name: "turns", Type: "integer", Doc: "Number of turns (≥ 0)."},
			},
			Doc: "Sets the movement state of `role` for `turns` turns, replacing any other movement state.",
			Impl: func(host any, a *plugin.Args) {
				role, state := a.Int(1), a.Enum(2, "slow", "fast", "stop")
				plugin.HostAs[CardHost](a, host).SetMove(role, state, a.Rounds(3))
			},
		},
		{
			Name:   "extra_action",
			Params: []plugin.Field{{Name: "role", Type: "integer", Doc: "Role index."}},
			Doc:    "Gives `role` one extra action this turn.",
			Impl:   func(host any, a *plugin.Args) { plugin.HostAs[CardHost](a, host).ExtraAction(a.Int(1)) },
		},
		{
			Name: "steal",
			Params: []plugin.Field{
				{Name: "from", Type: "integer", Doc: "Role losing the money."},
				{Name: "to", Type: "integer", Doc: "Role receiving it."},
				{Name: "amount", Type: "number", Doc: "Most money to move (≥ 0)."},
			},
			Returns: []plugin.Field{{Name: "moved", Type: "number", Doc: "The money actually moved: no more than `from` had."}},
			Doc:     "Moves up to `amount` money from role `from` to role `to`.",
			Impl: func(host any, a *plugin.Args) {
				from, to, amount := a.Int(1), a.Int(2), a.Number(3)
				if amount < 0 {
					a.Errorf("bad argument #3 'amount': must be ≥ 0, got %g", amount)
				}
				a.ReturnNumber(plugin.HostAs[CardHost](a, host).Steal(from, to, amount))
			},
		},
		{
			Name: "heal_retinue",
			Params: []plugin.Field{
				{Name: "role", Type: "integer", Doc: "Role index."},
				{Name: "fraction", Type: "number", Doc: "Fraction of each officer's maximum hp to restore (0..1)."},
			},
			Doc:  "Heals every retinue officer of `role` by `fraction` of his maximum hp, capped at the maximum.",
			Impl: func(host any, a *plugin.Args) { heal(a, host, false) },
		},
		{
			Name: "heal_all",
			Params: []plugin.Field{
				{Name: "role", Type: "integer", Doc: "Role index."},
				{Name: "fraction", Type: "number", Doc: "Fraction of each officer's maximum hp to restore (0..1)."},
			},
			Doc: "Heals every officer of `role` (retinue, garrisons, researchers and trainees) by `fraction` of his " +
				"maximum hp, capped at the maximum.",
			Impl: func(host any, a *plugin.Args) { heal(a, host, true) },
		},
		{
			Name: "rumour",
			Params: []plugin.Field{
				{Name: "officer", Type: "integer", Doc: "Officer index."},
				{Name: "turns", Type: "integer", Doc: "Number of turns (≥ 0)."},
			},
			Doc: "Puts `officer` under a rumour for `turns` turns.",
			Impl: func(host any, a *plugin.Args) {
				off := a.Int(1)
				plugin.HostAs[CardHost](a, host).Rumour(off, a.Rounds(2))
			},
		},
		{
			Name: "poison",
			Params: []plugin.Field{
				{Name: "officer", Type: "integer", Doc: "Officer index."},
				{Name: "turns", Type: "integer", Doc: "Number of turns (≥ 0)."},
			},
			Doc: "Poisons `officer` for `turns` turns.",
			Impl: func(host any, a *plugin.Args) {
				off := a.Int(1)
				plugin.HostAs[CardHost](a, host).Poison(off, a.Rounds(2))
			},
		},
		{
			Name:   "defect",
			Params: []plugin.Field{{Name: "officer", Type: "integer", Doc: "Officer index."}},
			Doc:    "Makes `officer` leave his role at the end of the turn.",
			Impl:   func(host any, a *plugin.Args) { plugin.HostAs[CardHost](a, host).Defect(a.Int(1)) },
		},
		{
			Name: "place",
			Params: []plugin.Field{
				{Name: "square", Type: "integer", Doc: "Board square index."},
				{Name: "what", Type: `"barrier"|"robber"`, Doc: "What to place."},
			},
			Doc: "Places a barrier or a robber on `square`.",
			Impl: func(host any, a *plugin.Args) {
				sq, what := a.Int(1), a.Enum(2, "barrier", "robber")
				plugin.HostAs[CardHost](a, host).Place(sq, what)
			},
		},
		{
			Name: "alliance",
			Params: []plugin.Field{
				{Name: "a", Type: "integer", Doc: "Role index."},
				{Name: "b", Type: "integer", Doc: "Role index."},
				{Name: "turns", Type: "integer", Doc: "Number of turns (≥ 0)."},
			},
			Returns: []plugin.Field{{Name: "ok", Type: "boolean", Doc: "false (and nothing changes) unless neither role is allied or a public enemy."}},
			Doc:     "Allies roles `a` and `b` for `turns` turns.",
			Impl: func(host any, a *plugin.Args) {
				x, y := a.Int(1), a.Int(2)
				a.ReturnBool(plugin.HostAs[CardHost](a, host).Alliance(x, y, a.Rounds(3)))
			},
		},
		{
			Name: "public_enemy",
			Params: []plugin.Field{
				{Name: "role", Type: "integer", Doc: "Role index."},
				{Name: "turns", Type: "integer", Doc: "Number of turns (≥ 0)."},
			},
			Returns: []plugin.Field{{Name: "ok", Type: "boolean", Doc: "false (and nothing changes) when the role is already allied or a public enemy."}},
			Doc:     "Makes `role` a public enemy for `turns` turns.",
			Impl: func(host any, a *plugin.Args) {
				role := a.Int(1)
				a.ReturnBool(plugin.HostAs[CardHost](a, host).PublicEnemy(role, a.Rounds(2)))
			},
		},
		{
			Name:   "reverse",
			Params: []plugin.Field{{Name: "role", Type: "integer", Doc: "Role index."}},
			Doc:    "Reverses the direction in which `role` moves (permanent).",
			Impl:   func(host any, a *plugin.Args) { plugin.HostAs[CardHost](a, host).Reverse(a.Int(1)) },
		},
		{
			Name:    "money",
			Params:  []plugin.Field{{Name: "role", Type: "integer", Doc: "Role index."}},
			Returns: []plugin.Field{{Name: "money", Type: "number", Doc: "The role's money."}},
			Doc:     "Returns the money of `role`.",
			Impl:    func(host any, a *plugin.Args) { a.ReturnNumber(plugin.HostAs[CardHost](a, host).Money(a.Int(1))) },
		},
	},
}

// CardCtx is the input of an mbg.card play (the ctx table in Lua).
type CardCtx struct {
	User   int
	Target int // role, square or officer index, or -1
	Params *plugin.Params
}

// CardHost is what a card may do: the mbg engine's own interface, which it
// implements. Indices come from scripts, so the host checks them; a host
// that records the first bad call should also implement HostErr, so the
// script fails at the line of that call.
type CardHost = mbg.CardHost

// heal is the Impl of heal_retinue and heal_all.
func heal(a *plugin.Args, host any, wholeRole bool) {
	role, f := a.Int(1), a.Number(2)
	if f < 0 || f > 1 {
		a.Errorf("bad argument #2 'fraction': must be between 0 and 1, got %g", f)
	}
	plugin.HostAs[CardHost](a, host).Heal(role, f, wholeRole)
}

// CardFunc is a card written in Go.
type CardFunc func(ctx *CardCtx, host CardHost) (bool, error)

// The fields of mbg.card's ctx, by index in CardKind.Ctx.
const (
	cardUser = iota
	cardTarget
	cardParams
)

// CardPlay is the calling convention of mbg.card's play.
var CardPlay = plugin.NewSig[CardCtx, CardHost, bool](CardKind, "play",
	func(t *plugin.Table, c *CardCtx) {
		t.Int(cardUser, c.User)
		t.Int(cardTarget, c.Target)
		t.Params(cardParams, c.Params)
	},
	func(r plugin.Results) (bool, error) { return r.Bool(1) },
	nil)

// RunCard runs the mbg.card hook ref with ctx and host.
func RunCard(w *plugin.Worker, ref plugin.Ref, ctx *CardCtx, host CardHost) (bool, error) {
	return plugin.Call(w, CardPlay, ref, ctx, host)
}

// GoCard returns an mbg.card hook implemented by fn.
func GoCard(id, origin string, fn CardFunc) *plugin.GoHook {
	return plugin.MustGoHook(CardKind, id, origin, plugin.GoFn(CardPlay, (func(*CardCtx, CardHost) (bool, error))(fn)))
}
