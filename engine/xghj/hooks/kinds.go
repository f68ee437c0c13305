package hooks

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/engine/plugin"
)

// ctxFields are the ctx fields both xghj kinds share.
var ctxFields = []plugin.Field{
	{Name: "round", Type: "integer", Doc: "The engine round (2 in the first played round; facts §3)."},
	{Name: "players", Type: "integer", Doc: "The number of players; players are 0 to players − 1."},
	{Name: "cols", Type: "integer", Doc: "The map's width; cells are indices y·cols + x."},
	{Name: "rows", Type: "integer", Doc: "The map's height."},
	{Name: "player", Type: "integer", Doc: "income: the player earning; vision and info: the viewer; −1 otherwise."},
	{Name: "income", Type: "integer", Doc: "income: the player's income from its land so far (after earlier effects); 0 otherwise."},
	plugin.ParamsField,
}

// host is the `xghj` table both kinds share.
var hostAPI = []plugin.HostFunc{
	{
		Name:    "region",
		Params:  []plugin.Field{{Name: "name", Type: "string", Doc: "A region's name (the scenario's `[[regions]]`)."}},
		Returns: []plugin.Field{{Name: "cells", Type: "integer[]", Doc: "Its cells in index order."}},
		Doc:     "Returns the cells tagged with region `name`; an unknown name is an error.",
		Impl: func(h any, a *plugin.Args) {
			name := a.String(1)
			cells, ok := plugin.HostAs[Reader](a, h).Region(name)
			if !ok {
				a.Errorf("bad argument #1 'name': no region %q", name)
			}
			a.ReturnInts(cells)
		},
	},
	{
		Name:    "owner",
		Params:  []plugin.Field{{Name: "cell", Type: "integer", Doc: "A cell."}},
		Returns: []plugin.Field{{Name: "player", Type: "integer", Doc: "Its owner, or −1 for neutral land."}},
		Doc:     "Returns who owns `cell` now.",
		Impl:    func(h any, a *plugin.Args) { a.ReturnNumber(float64(plugin.HostAs[Reader](a, h).Owner(a.Int(1)))) },
	},
	{
		Name:    "res",
		Params:  []plugin.Field{{Name: "cell", Type: "integer", Doc: "A cell."}},
		Returns: []plugin.Field{{Name: "res", Type: "integer", Doc: "Its resource (the map's value)."}},
		Doc:     "Returns the resource of `cell`.",
		Impl:    func(h any, a *plugin.Args) { a.ReturnNumber(float64(plugin.HostAs[Reader](a, h).Res(a.Int(1)))) },
	},
	{
		Name:    "alive",
		Params:  []plugin.Field{{Name: "player", Type: "integer", Doc: "A player."}},
		Returns: []plugin.Field{{Name: "alive", Type: "boolean", Doc: "Whether the player is still in the game."}},
		Doc:     "Returns whether `player` is alive.",
		Impl:    func(h any, a *plugin.Args) { a.ReturnBool(plugin.HostAs[Reader](a, h).Alive(a.Int(1))) },
	},
	{
		Name:    "get",
		Params:  []plugin.Field{{Name: "key", Type: "string", Doc: "A variable name."}},
		Returns: []plugin.Field{{Name: "value", Type: "integer", Doc: "Its value; 0 when never set."}},
		Doc:     "Reads a hook variable. The variables are the hooks' state, one store shared by every hook of the game (name yours by a prefix); they are saved with the game.",
		Impl:    func(h any, a *plugin.Args) { a.ReturnNumber(float64(plugin.HostAs[Reader](a, h).Get(a.String(1)))) },
	},
	{
		Name: "set",
		Params: []plugin.Field{
			{Name: "key", Type: "string", Doc: "A variable name."},
			{Name: "value", Type: "integer", Doc: "Its new value."},
		},
		Doc: "Writes a hook variable. round_start, after_military and check only.",
		Impl: func(h any, a *plugin.Args) {
			key, v := a.String(1), a.Int(2)
			asHost(a, h).Set(key, v)
		},
	},
	{
		Name: "win",
		Params: []plugin.Field{
			{Name: "player", Type: "integer", Doc: "The winner."},
			{Name: "score", Type: "integer?", Doc: "Ranks several winners of one round (higher first); default 0."},
		},
		Doc: "Names `player` a winner of this round: if it is alive at the round's end, the game ends with it " +
			"ranked first. check only.",
		Impl: func(h any, a *plugin.Args) {
			p, score := a.Int(1), 0
			if a.N() >= 2 {
				score = a.Int(2)
			}
			asHost(a, h).Win(p, score)
		},
	},
}

// EffectKind is a brawl effect: a scenario's special rule of facts §13.
var EffectKind = &plugin.Kind{
	Name: "xghj.effect",
	Doc: "A scenario effect of xghj (a brawl's special cells). Every function is optional: `round_start` runs " +
		"at the start of each round with the game's RNG behind `math.random` (random breakdowns); `income` may " +
		"change a player's income from its land in production; `vision` and `info` may give a viewer full map " +
		"vision or every player's full information; `after_military` runs after the military phase " +
		"(ever-controlled sets, counters). State that must last goes in the hook's variables (`xghj.get`, " +
		"`xghj.set`), which the game saves.",
	Ctx: ctxFields,
	Funcs: []plugin.Func{
		{Name: "round_start", Params: []plugin.Field{{Name: "ctx", Type: "xghj.effect.ctx", Doc: "The round."}},
			Doc: "Runs at the start of every round, before diplomacy."},
		{Name: "income", Params: []plugin.Field{{Name: "ctx", Type: "xghj.effect.ctx", Doc: "ctx.player earns ctx.income."}},
			Returns: []plugin.Field{{Name: "income", Type: "integer", Doc: "The new income (≥ 0; nil keeps it)."}},
			Doc:     "Changes a player's income from its land (fc14 adds its +1 afterwards)."},
		{Name: "vision", Params: []plugin.Field{{Name: "ctx", Type: "xghj.effect.ctx", Doc: "ctx.player is the viewer."}},
			Returns: []plugin.Field{{Name: "full", Type: "boolean", Doc: "Whether the viewer sees every cell and its owner."}},
			Doc:     "Gives a viewer full map vision. It may only read."},
		{Name: "info", Params: []plugin.Field{{Name: "ctx", Type: "xghj.effect.ctx", Doc: "ctx.player is the viewer."}},
			Returns: []plugin.Field{{Name: "full", Type: "boolean", Doc: "Whether the viewer learns everything about every player."}},
			Doc:     "Gives a viewer every player's information at the union level (saving, capital, wars). It may only read."},
		{Name: "after_military", Params: []plugin.Field{{Name: "ctx", Type: "xghj.effect.ctx", Doc: "The round."}},
			Doc: "Runs after the military phase, before production."},
	},
	HostTable: "xghj",
	Host:      hostAPI,
}

// VictoryKind is a scenario's special victory condition.
var VictoryKind = &plugin.Kind{
	Name: "xghj.victory",
	Doc: "A special victory condition of xghj. `check` runs at the end of every round, after the eliminations, " +
		"and names the round's winners with `xghj.win`; alive winners end the game ranked first (by score, " +
		"then by the rule set's ranking). Counters that must last go in the hook's variables.",
	Ctx: ctxFields,
	Funcs: []plugin.Func{
		{Name: "check", Required: true, Params: []plugin.Field{{Name: "ctx", Type: "xghj.victory.ctx", Doc: "The round."}},
			Doc: "Checks the condition at the end of a round."},
	},
	HostTable: "xghj",
	Host:      hostAPI,
}

// Kinds returns xghj's hook kinds.
func Kinds() []*plugin.Kind { return []*plugin.Kind{EffectKind, VictoryKind} }

func asHost(a *plugin.Args, h any) Host {
	x, ok := h.(Host)
	if !ok {
		a.Errorf("income, vision and info may only read the game")
	}
	return x
}

// Reader is what every function may read (engine/xghj.HookReader).
type Reader interface {
	Region(name string) ([]int, bool)
	Owner(cell int) int
	Res(cell int) int
	Alive(p int) bool
	Get(key string) int
}

// Host is what round_start, after_military and check may do besides
// reading.
type Host interface {
	Reader
	Set(key string, value int)
	Win(p, score int)
}

// Ctx is the input of every function (ctx in Lua).
type Ctx struct {
	Round, Players, Cols, Rows, Player, Income int
	Params                                     *plugin.Params
}

func fill(t *plugin.Table, c *Ctx) {
	for i, v := range [...]int{c.Round, c.Players, c.Cols, c.Rows, c.Player, c.Income} {
		t.Int(i, v)
	}
	t.Params(6, c.Params)
}

func none(plugin.Results) (struct{}, error) { return struct{}{}, nil }

// readInt reads an optional whole-number result (nil gives def).
func readInt(r plugin.Results, def int) (int, error) {
	if r.IsNil(1) {
		return def, nil
	}
	v, err := r.Number(1)
	if err != nil {
		return 0, err
	}
	if v != math.Trunc(v) || v < 0 || v > 1<<40 {
		return 0, fmt.Errorf("income returned %g; it must be a whole number ≥ 0", v)
	}
	return int(v), nil
}

func readBool(r plugin.Results) (bool, error) {
	if r.IsNil(1) {
		return false, nil
	}
	return r.Bool(1)
}

// The calling conventions.
var (
	RoundStartSig    = plugin.NewSig[Ctx, Host, struct{}](EffectKind, "round_start", fill, none, nil)
	AfterMilitarySig = plugin.NewSig[Ctx, Host, struct{}](EffectKind, "after_military", fill, none, nil)
	VisionSig        = plugin.NewSig[Ctx, Reader, bool](EffectKind, "vision", fill, readBool, nil)
	InfoSig          = plugin.NewSig[Ctx, Reader, bool](EffectKind, "info", fill, readBool, nil)
	// IncomeSig reads the new income; nil keeps ctx.income (the runner
	// substitutes it).
	IncomeSig = plugin.NewSig[Ctx, Reader, int](EffectKind, "income", fill, func(r plugin.Results) (int, error) { return readInt(r, -1) }, nil)
	CheckSig  = plugin.NewSig[Ctx, Host, struct{}](VictoryKind, "check", fill, none, nil)
)

// Effect is an xghj.effect written in Go; nil functions are absent.
type Effect struct {
	RoundStart    func(c *Ctx, h Host) error
	Income        func(c *Ctx, h Reader) (int, error)
	Vision        func(c *Ctx, h Reader) (bool, error)
	Info          func(c *Ctx, h Reader) (bool, error)
	AfterMilitary func(c *Ctx, h Host) error
}

// GoEffect returns a Go xghj.effect hook.
func GoEffect(id, origin string, e Effect) *plugin.GoHook {
	var fns []plugin.GoFunc
	unit := func(f func(*Ctx, Host) error) func(*Ctx, Host) (struct{}, error) {
		return func(c *Ctx, h Host) (struct{}, error) { return struct{}{}, f(c, h) }
	}
	if e.RoundStart != nil {
		fns = append(fns, plugin.GoFn(RoundStartSig, unit(e.RoundStart)))
	}
	if e.Income != nil {
		fns = append(fns, plugin.GoFn(IncomeSig, e.Income))
	}
	if e.Vision != nil {
		fns = append(fns, plugin.GoFn(VisionSig, e.Vision))
	}
	if e.Info != nil {
		fns = append(fns, plugin.GoFn(InfoSig, e.Info))
	}
	if e.AfterMilitary != nil {
		fns = append(fns, plugin.GoFn(AfterMilitarySig, unit(e.AfterMilitary)))
	}
	return plugin.MustGoHook(EffectKind, id, origin, fns...)
}

// GoVictory returns a Go xghj.victory hook.
func GoVictory(id, origin string, check func(c *Ctx, h Host) error) *plugin.GoHook {
	return plugin.MustGoHook(VictoryKind, id, origin, plugin.GoFn(CheckSig, func(c *Ctx, h Host) (struct{}, error) { return struct{}{}, check(c, h) }))
}
