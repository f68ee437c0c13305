package hooks

import (
	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/plugin"
)

func rd(a *plugin.Args, host any) Reader { return plugin.HostAs[Reader](a, host) }

// actor returns the host as an Actor, failing the call from can or modify.
func actor(a *plugin.Args, host any) Actor {
	h, ok := host.(Actor)
	if !ok {
		a.Errorf("only use may change the game; can and modify may only read it")
	}
	return h
}

func heroArg(a *plugin.Args, r Reader, i int) int { return a.IntIn(i, 0, r.Heroes()-1) }

func pointArg(a *plugin.Args, r Reader, i int) int { return a.IntIn(i, 0, r.Board().Len()-1) }

var (
	heroParam  = plugin.Field{Name: "hero", Type: "integer", Doc: "A drafted hero (0–9)."}
	pointParam = plugin.Field{Name: "point", Type: "integer", Doc: "A point index."}
	fromParam  = plugin.Field{Name: "from", Type: "integer", Doc: "A point index."}
	toParam    = plugin.Field{Name: "to", Type: "integer", Doc: "A point index."}
)

func heroInt(name, doc string, get func(r Reader, h int) int) plugin.HostFunc {
	return plugin.HostFunc{Name: name, Params: []plugin.Field{heroParam},
		Returns: []plugin.Field{{Name: name, Type: "integer", Doc: doc}}, Doc: "Returns " + doc,
		Impl: func(host any, a *plugin.Args) {
			r := rd(a, host)
			a.ReturnNumber(float64(get(r, heroArg(a, r, 1))))
		}}
}

func heroBool(name, doc string, get func(r Reader, h int) bool) plugin.HostFunc {
	return plugin.HostFunc{Name: name, Params: []plugin.Field{heroParam},
		Returns: []plugin.Field{{Name: name, Type: "boolean", Doc: doc}}, Doc: "Returns " + doc,
		Impl: func(host any, a *plugin.Args) {
			r := rd(a, host)
			a.ReturnBool(get(r, heroArg(a, r, 1)))
		}}
}

func pointsInt(name, doc string, get func(b *glory.Board, p, q int) int) plugin.HostFunc {
	return plugin.HostFunc{Name: name, Params: []plugin.Field{fromParam, toParam},
		Returns: []plugin.Field{{Name: name, Type: "integer", Doc: doc}}, Doc: "Returns " + doc,
		Impl: func(host any, a *plugin.Args) {
			r := rd(a, host)
			p, q := pointArg(a, r, 1), pointArg(a, r, 2)
			a.ReturnNumber(float64(get(r.Board(), p, q)))
		}}
}

func heroAction(name, doc string, do func(h Actor, v int)) plugin.HostFunc {
	return plugin.HostFunc{Name: name, Params: []plugin.Field{heroParam}, Doc: doc,
		Impl: func(host any, a *plugin.Args) {
			h := actor(a, host)
			do(h, heroArg(a, h, 1))
		}}
}

func hostFuncs() []plugin.HostFunc {
	return []plugin.HostFunc{
		{Name: "heroes", Returns: []plugin.Field{{Name: "n", Type: "integer", Doc: "The number of drafted heroes."}},
			Doc:  "Returns the number of drafted heroes (indices 0..n-1).",
			Impl: func(host any, a *plugin.Args) { a.ReturnNumber(float64(rd(a, host).Heroes())) }},
		heroInt("pool", "the hero's position in the scenario's draft pool (0-based; bonds name heroes by it).", func(r Reader, h int) int { return r.Hero(h).Hero }),
		heroInt("side", "the hero's side (0 red, 1 blue).", func(r Reader, h int) int { return r.Hero(h).Side }),
		heroInt("hp", "the hero's HP (≤ 0 once dead).", func(r Reader, h int) int { return r.Hero(h).HP }),
		heroInt("max_hp", "the hero's starting HP.", func(r Reader, h int) int { return r.Hero(h).MaxHP }),
		heroInt("point", "the hero's point.", func(r Reader, h int) int { return r.Hero(h).Point }),
		heroInt("extreme", "the hero's 极值 now.", func(r Reader, h int) int { return r.Hero(h).Extreme }),
		heroInt("math", "the hero's math tier now (0 弱 … 4 神).", func(r Reader, h int) int { return r.Hero(h).Math }),
		heroInt("speed", "the hero's move units per move (1 or 2).", func(r Reader, h int) int { return r.Hero(h).Speed }),
		heroInt("weapon", "the hero's main weapon index, or -1.", func(r Reader, h int) int { return r.Hero(h).Weapon }),
		heroBool("alive", "whether the hero is alive.", func(r Reader, h int) bool { return r.Hero(h).Alive }),
		heroBool("female", "whether the hero is female.", func(r Reader, h int) bool { return r.Def(h).Gender == glory.Female }),
		heroBool("imaginary", "whether the hero's 极值 is imaginary (immune to 偏移).", func(r Reader, h int) bool { return r.Def(h).Imaginary }),
		heroBool("class5", "whether the hero belongs to class 5 (students and teachers).", func(r Reader, h int) bool { return r.Def(h).Class5 }),
		heroBool("biology", "whether the hero chose biology.", func(r Reader, h int) bool { return r.Def(h).Biology }),
		heroBool("fixed", "whether the hero's weapons are fixed (HJK): it never holds, gives, takes or swaps a main weapon.", func(r Reader, h int) bool { return len(r.Def(h).Weapons) > 0 }),
		{Name: "id", Params: []plugin.Field{heroParam}, Returns: []plugin.Field{{Name: "id", Type: "string", Doc: "The hero's content id."}},
			Doc: "Returns the hero's id in the scenario (for bonds naming another hero).",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnString(r.Def(heroArg(a, r, 1)).ID)
			}},
		{Name: "at", Params: []plugin.Field{pointParam}, Returns: []plugin.Field{{Name: "heroes", Type: "integer[]", Doc: "The living heroes on the point, in hero order."}},
			Doc: "Returns the living heroes standing on a point.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				p := pointArg(a, r, 1)
				var out []int
				for i := range r.Heroes() {
					if h := r.Hero(i); h.Alive && h.Point == p {
						out = append(out, i)
					}
				}
				a.ReturnInts(out)
			}},
		{Name: "points", Returns: []plugin.Field{{Name: "n", Type: "integer", Doc: "The number of map points."}},
			Doc:  "Returns the number of map points (indices 0..n-1).",
			Impl: func(host any, a *plugin.Args) { a.ReturnNumber(float64(rd(a, host).Board().Len())) }},
		pointsInt("steps", "the steps between two points over drawn edges (-1 unreachable).", func(b *glory.Board, p, q int) int { return b.Steps(p, q) }),
		pointsInt("line", "the steps along the straight chain when `to` is in the 视域 of `from`, else -1.", func(b *glory.Board, p, q int) int { return b.LineSteps(p, q) }),
		pointsInt("r2", "the squared Euclidean distance.", func(b *glory.Board, p, q int) int { return b.R2(p, q) }),
		pointsInt("grid", "the grid (Manhattan) distance.", func(b *glory.Board, p, q int) int { return b.Grid(p, q) }),
		{Name: "xy", Params: []plugin.Field{pointParam}, Returns: []plugin.Field{{Name: "x", Type: "integer", Doc: "Lattice column."}, {Name: "y", Type: "integer", Doc: "Lattice row (bottom to top)."}},
			Doc: "Returns a point's lattice coordinates.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				x, y := r.Board().XY(pointArg(a, r, 1))
				a.ReturnNumber(float64(x))
				a.ReturnNumber(float64(y))
			}},
		{Name: "bent", Params: []plugin.Field{fromParam, toParam, {Name: "max", Type: "integer", Doc: "Longest path in steps."}},
			Returns: []plugin.Field{{Name: "steps", Type: "integer", Doc: "The path's length, or -1."}},
			Doc:     "Returns the shortest path of two straight legs turning once by at most a right angle, within max steps (guided shots), or -1.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				p, q := pointArg(a, r, 1), pointArg(a, r, 2)
				a.ReturnNumber(float64(r.Board().Bent(p, q, a.IntIn(3, 0, 1<<10))))
			}},
		{Name: "single", Params: []plugin.Field{{Name: "weapon", Type: "integer", Doc: "A weapon index."}}, Returns: []plugin.Field{{Name: "single", Type: "boolean", Doc: "Whether it is a single-target weapon."}},
			Doc: "Reports whether a weapon hits one target (no blast).",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnBool(r.Single(a.IntIn(1, 0, r.Weapons()-1)))
			}},
		{Name: "near", Params: []plugin.Field{fromParam, toParam}, Returns: []plugin.Field{{Name: "near", Type: "boolean", Doc: "r<2 and road-connected."}},
			Doc: "Reports whether two points are the same or one drawn edge apart within one rail class.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnBool(r.Board().Near(pointArg(a, r, 1), pointArg(a, r, 2)))
			}},
		{Name: "rail", Params: []plugin.Field{pointParam}, Returns: []plugin.Field{{Name: "rail", Type: "boolean", Doc: "Whether the point is on the railway."}},
			Doc: "Reports whether a point is on the railway.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnBool(r.Board().Rail(pointArg(a, r, 1)))
			}},
		{Name: "beyond", Params: []plugin.Field{fromParam, toParam}, Returns: []plugin.Field{{Name: "points", Type: "integer[]", Doc: "The points after `to`, nearest first."}},
			Doc: "Returns the straight chain of drawn edges through `from` and `to` continued beyond `to`, within `to`'s rail class.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnInts(r.Board().Beyond(pointArg(a, r, 1), pointArg(a, r, 2)))
			}},
		{Name: "shift", Params: []plugin.Field{{Name: "steps", Type: "integer", Doc: "Steps to the target."}},
			Returns: []plugin.Field{{Name: "m", Type: "number", Doc: "The 偏移 multiplier."}},
			Doc:     "Returns the scenario's 偏移 multiplier at a distance in steps.",
			Impl:    func(host any, a *plugin.Args) { a.ReturnNumber(rd(a, host).Shift(a.Int(1))) }},
		{Name: "contest", Params: []plugin.Field{{Name: "class", Type: "integer", Doc: "A 数竞 class (index in the scenario's contests)."}, {Name: "tier", Type: "integer", Doc: "The target's math tier."}},
			Returns: []plugin.Field{{Name: "damage", Type: "integer", Doc: "The damage (0 for a class that does not exist)."}},
			Doc:     "Returns the scenario's 数竞 damage of a class against a math tier.",
			Impl:    func(host any, a *plugin.Args) { a.ReturnNumber(float64(rd(a, host).Contest(a.Int(1), a.Int(2)))) }},
		heroInt("taken", "the damage the hero took during the opponent's last turn (damage in its own side's turn never counts).", func(r Reader, h int) int { return r.Hero(h).Taken }),
		{Name: "hit_by", Params: []plugin.Field{heroParam}, Returns: []plugin.Field{{Name: "heroes", Type: "integer[]", Doc: "The heroes, in the order they first hit."}},
			Doc: "Returns the heroes that damaged the hero (splash included) during the opponent's last turn.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnInts(r.Hero(heroArg(a, r, 1)).HitBy)
			}},
		{Name: "g", Params: []plugin.Field{{Name: "side", Type: "integer", Doc: "0 or 1."}}, Returns: []plugin.Field{{Name: "g", Type: "integer", Doc: "The purse."}},
			Doc: "Returns a side's purse in G.", Impl: func(host any, a *plugin.Args) { a.ReturnNumber(float64(rd(a, host).G(a.IntIn(1, 0, 1)))) }},
		{Name: "round", Returns: []plugin.Field{{Name: "round", Type: "integer", Doc: "The round, from 1."}},
			Doc: "Returns the round.", Impl: func(host any, a *plugin.Args) { a.ReturnNumber(float64(rd(a, host).Round())) }},
		{Name: "var", Params: []plugin.Field{heroParam, {Name: "name", Type: "string", Doc: "The variable."}},
			Returns: []plugin.Field{{Name: "value", Type: "integer", Doc: "Its value, 0 when unset."}},
			Doc:     "Reads a hero's lasting skill variable.",
			Impl: func(host any, a *plugin.Args) {
				r := rd(a, host)
				a.ReturnNumber(float64(r.Var(heroArg(a, r, 1), varName(a, 2))))
			}},
		// Changes (use only).
		{Name: "damage", Params: []plugin.Field{{Name: "source", Type: "integer", Doc: "The hero dealing it (-1 none)."}, heroParam, {Name: "amount", Type: "integer", Doc: "Damage ≥ 0."}},
			Returns: []plugin.Field{{Name: "dealt", Type: "integer", Doc: "The damage dealt after passives."}},
			Doc:     "Deals skill damage to a hero through the passives of source and victim.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				src := a.IntIn(1, -1, h.Heroes()-1)
				v, n := heroArg(a, h, 2), a.IntIn(3, 0, 1<<20)
				a.ReturnNumber(float64(h.Damage(src, v, n)))
			}},
		{Name: "lose", Params: []plugin.Field{heroParam, {Name: "amount", Type: "integer", Doc: "HP ≥ 0."}},
			Returns: []plugin.Field{{Name: "lost", Type: "integer", Doc: "The HP lost."}},
			Doc:     "Takes HP from a hero as a cost: no passive applies.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				a.ReturnNumber(float64(h.Lose(heroArg(a, h, 1), a.IntIn(2, 0, 1<<20))))
			}},
		{Name: "heal", Params: []plugin.Field{{Name: "source", Type: "integer", Doc: "The healer."}, heroParam, {Name: "amount", Type: "integer", Doc: "HP ≥ 0."}},
			Returns: []plugin.Field{{Name: "healed", Type: "integer", Doc: "HP restored (never above the maximum)."}},
			Doc:     "Heals a living hero.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				src := a.IntIn(1, -1, h.Heroes()-1)
				a.ReturnNumber(float64(h.Heal(src, heroArg(a, h, 2), a.IntIn(3, 0, 1<<20))))
			}},
		{Name: "move", Params: []plugin.Field{heroParam, pointParam}, Doc: "Puts a living hero on a point.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				v, p := heroArg(a, h, 1), pointArg(a, h, 2)
				if !h.Hero(v).Alive {
					a.Errorf("hero %d is dead", v)
				}
				h.Move(v, p)
			}},
		{Name: "set_extreme", Params: []plugin.Field{heroParam, {Name: "value", Type: "integer", Doc: "The new 极值."}}, Doc: "Sets a hero's 极值.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				h.SetExtreme(heroArg(a, h, 1), a.IntIn(2, -1000, 1000))
			}},
		{Name: "set_math", Params: []plugin.Field{heroParam, {Name: "tier", Type: "integer", Doc: "The new tier; clamped to 0..4."}}, Doc: "Sets a hero's math tier, clamped to 弱..神.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				h.SetMath(heroArg(a, h, 1), a.IntIn(2, -100, 100))
			}},
		{Name: "set_speed", Params: []plugin.Field{heroParam, {Name: "speed", Type: "integer", Doc: "1 or 2."}}, Doc: "Sets a hero's move units per move.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				h.SetSpeed(heroArg(a, h, 1), a.IntIn(2, 1, 2))
			}},
		{Name: "pay", Params: []plugin.Field{{Name: "side", Type: "integer", Doc: "0 or 1."}, {Name: "amount", Type: "integer", Doc: "G ≥ 0."}},
			Returns: []plugin.Field{{Name: "paid", Type: "boolean", Doc: "false when the purse is short (nothing taken)."}},
			Doc:     "Takes G from a side's purse.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				a.ReturnBool(h.Pay(a.IntIn(1, 0, 1), a.IntIn(2, 0, 1<<20)))
			}},
		{Name: "fire", Params: []plugin.Field{heroParam, pointParam, {Name: "steps", Type: "integer", Doc: "The distance that selects the damage."}},
			Returns: []plugin.Field{{Name: "fired", Type: "boolean", Doc: "false when the hero holds no blast weapon or the purse is short."}},
			Doc:     "Fires the hero's main blast weapon at a point as if it were `steps` along the line of fire (blast and splash as a normal shot; the side pays the fire cost).",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				v, p := heroArg(a, h, 1), pointArg(a, h, 2)
				a.ReturnBool(h.Fire(v, p, a.IntIn(3, 0, 1<<10)))
			}},
		{Name: "set_weapon", Params: []plugin.Field{heroParam, {Name: "weapon", Type: "integer", Doc: "A weapon index, or -1 for none."}},
			Doc: "Sets a hero's main weapon. A hero with fixed weapons (glory.fixed) never holds one: arming it is an error.",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				v, w := heroArg(a, h, 1), a.IntIn(2, -1, h.Weapons()-1)
				if w >= 0 && len(h.Def(v).Weapons) > 0 {
					a.Errorf("hero %d's weapons are fixed; it cannot hold a main weapon", v)
				}
				h.SetWeapon(v, w)
			}},
		heroAction("boost", "Doubles the hero's move units for the rest of its side's turn.", func(h Actor, v int) { h.Boost(v) }),
		heroAction("extra", "Grants the hero one more operation this turn after its next one (not a weapon change); when that next one is a move of two units stopped after the first, the extra operation comes in the middle of the move and the rest of the move may follow it.", func(h Actor, v int) { h.Extra(v) }),
		heroAction("stun", "Makes the hero pass its next operation.", func(h Actor, v int) { h.Stun(v) }),
		{Name: "set_var", Params: []plugin.Field{heroParam, {Name: "name", Type: "string", Doc: "The variable."}, {Name: "value", Type: "integer", Doc: "Its value."}},
			Doc: "Sets a hero's lasting skill variable (kept in the game state).",
			Impl: func(host any, a *plugin.Args) {
				h := actor(a, host)
				h.SetVar(heroArg(a, h, 1), varName(a, 2), a.IntIn(3, -1<<40, 1<<40))
			}},
	}
}

// varName reads a variable name: 1–32 bytes of letters, digits and _.
func varName(a *plugin.Args, i int) string {
	s := a.String(i)
	ok := len(s) > 0 && len(s) <= 32
	for _, c := range []byte(s) {
		ok = ok && (c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9')
	}
	if !ok {
		a.Errorf("bad variable name %q (1–32 letters, digits, _)", s)
	}
	return s
}
