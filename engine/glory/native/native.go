// Package native holds Go twins of some glory skill scripts: the same
// rules as scripts/glory/skill/<id>.lua, registered in their place for
// speed and as a check on the Lua versions (whole games must come out
// byte-identical).
package native

import (
	"math"

	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
)

// Twins returns the Go twins: shift, contest, heal_class, infrasound, an.
func Twins() []*plugin.GoHook {
	return []*plugin.GoHook{
		hooks.GoSkill("shift", shiftUse, shiftCan, nil),
		hooks.GoSkill("contest", contestUse, contestCan, nil),
		hooks.GoSkill("heal_class", healClassUse, nil, nil),
		hooks.GoSkill("infrasound", infrasoundUse, nil, nil),
		hooks.GoSkill("an", nil, nil, anModify),
	}
}

func param(c *hooks.Ctx, name string) (float64, bool) { return c.Params.Get(name) }

func paramOr(c *hooks.Ctx, name string, def float64) float64 {
	if v, ok := param(c, name); ok {
		return v
	}
	return def
}

func shiftCan(c *hooks.Ctx, h hooks.Reader) (bool, error) {
	if float64(h.Hero(c.Caster).Extreme) < paramOr(c, "min_extreme", 0) {
		return false, nil
	}
	if paramOr(c, "hidden", 0) == 1 && h.Board().LineSteps(c.Point, h.Hero(c.Target).Point) >= 0 {
		return false, nil
	}
	if mask := paramOr(c, "mask", 0); mask != 0 && (h.Var(c.Caster, "worn") == 1) != (mask == 1) {
		return false, nil
	}
	wantFemale := paramOr(c, "female", 0) == 1
	d := h.Def(c.Target)
	return (d.Gender == "F") == wantFemale && !d.Imaginary, nil
}

func shiftUse(c *hooks.Ctx, h hooks.Actor) error {
	t := c.Target
	m, fixed := param(c, "fixed")
	if !fixed {
		b := h.Board()
		steps := b.LineSteps(c.Point, h.Hero(t).Point)
		if steps < 0 {
			steps = b.Steps(c.Point, h.Hero(t).Point)
		}
		m = h.Shift(steps)
	}
	d := max(int(math.Floor(m*float64(h.Hero(c.Caster).Extreme-h.Hero(t).Extreme))), 0)
	if bonus, ok := param(c, "bonus"); ok {
		if vs, ok := param(c, "bonus_vs"); ok && float64(h.Hero(t).Hero) == vs {
			d += int(bonus)
		}
	}
	if d > 0 {
		h.Damage(c.Caster, t, d)
	}
	return nil
}

// contestCan is contest.lua's ready: a 数竞 that came with Fake数学
// (params.fake_math = 1) is lost with it.
func contestCan(c *hooks.Ctx, h hooks.Reader) (bool, error) {
	return paramOr(c, "fake_math", 0) == 0 || h.Var(c.Caster, "fake_math") == 1, nil
}

func contestUse(c *hooks.Ctx, h hooks.Actor) error {
	class, _ := param(c, "class")
	if d := h.Contest(int(class), h.Hero(c.Target).Math); d > 0 {
		h.Damage(c.Caster, c.Target, d)
	}
	return nil
}

func healClassUse(c *hooks.Ctx, h hooks.Actor) error {
	t := c.Target
	x := h.Hero(t).Extreme
	amount, _ := param(c, "other")
	if h.Def(t).Class5 {
		amount, _ = param(c, "class5")
	} else if h.Def(t).Gender == "F" && x >= 9 && x <= 10 {
		amount, _ = param(c, "strong")
	}
	h.Heal(c.Caster, t, int(amount))
	return nil
}

func infrasoundUse(c *hooks.Ctx, h hooks.Actor) error {
	b := h.Board()
	for v := range h.Heroes() {
		hs := h.Hero(v)
		if !hs.Alive || hs.Side == c.Side || !b.Near(c.Point, hs.Point) {
			continue
		}
		d, _ := param(c, "r0")
		switch b.R2(c.Point, hs.Point) {
		case 1:
			d, _ = param(c, "r1")
		case 2:
			d, _ = param(c, "r2")
		}
		h.Damage(c.Caster, v, int(d))
	}
	return nil
}

func anModify(c *hooks.Ctx, h hooks.Reader) (int, error) {
	if c.Source != c.Caster || h.Hero(c.Victim).Side == c.Side {
		return c.Amount, nil
	}
	own, vs := h.Hero(c.Caster).Math, h.Hero(c.Victim).Math
	var pct float64
	switch {
	case own >= 3 && vs == 1:
		pct, _ = param(c, "vs_mid")
	case own >= 3 && vs == 0:
		pct, _ = param(c, "vs_weak")
	case own == 2 && vs == 0:
		pct, _ = param(c, "strong_vs_weak")
	}
	p := c.Amount * int(pct)
	return c.Amount + (p-p%100)/100, nil
}
