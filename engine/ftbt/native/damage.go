package native

import (
	"fmt"
	"math"

	"github.com/sandtable/sandtable/engine/ftbt"
)

// RandomBonus is the damage jitter factor (facts §8.1, §10).
const RandomBonus = 0.15

// damageBase returns the damage on the main target and on the other AOE
// cells: base = max(abi − def + value + attBuf, 1), ring = max(base × ratio
// / 100, 1) (facts §8.1; AOE damage derives from the main target's def).
func damageBase(abi, def, value, attBuf, ratio int) (base, ring int) {
	base = max(abi-def+value+attBuf, 1)
	return base, max(base*ratio/100, 1)
}

// victim reports whether person v on cell c is hit by a damage tech of a
// caster of side (facts §8.1 steps 1–2): allies only with aoe_self, and no
// one standing on a disable-long cell of their own side if the tech is long.
func victim(u use, h ftbt.EffectReader, side int, v ftbt.PersonView, c int) bool {
	if v.Side == side && !u.tech.AOESelf {
		return false
	}
	if u.tech.Long {
		if dl, _ := h.Effect(c, v.Side, ftbt.SlotDisableLong); dl != 0 {
			return false
		}
	}
	return true
}

// applyDamage is class 0 (facts §8.1).
func applyDamage(u use, h ftbt.EffectHost) error {
	a := h.Person(u.call.Caster)
	t := h.Occupant(u.call.Target)
	if t < 0 {
		return fmt.Errorf("damage: no one on target cell %d", u.call.Target)
	}
	att, _ := h.Effect(a.Cell, a.Side, ftbt.SlotAttack)
	base, ring := damageBase(a.Abi, h.Person(t).Def, u.tech.Value, att, u.tech.AOERatio)
	for _, c := range h.AOE(u.call.Target, u.tech.AOERange) {
		p := h.Occupant(c)
		if p < 0 {
			continue
		}
		v := h.Person(p)
		if !victim(u, h, a.Side, v, c) {
			continue
		}
		d := ring
		if c == u.call.Target {
			d = base
		}
		d += int(math.Floor(RandomBonus * h.Random() * float64(d)))
		def, _ := h.Effect(c, 1-a.Side, ftbt.SlotDefence)
		h.Damage(p, max(d-def, 1))
	}
	return nil
}

// scoreDamage is the AI's damage score (facts §9.3 step 5, class 0): the
// AOE around the target person's cell in the current state, without
// attack buff, jitter or defence buff; each victim's damage capped at its hp,
// enemies adding dmg × TECH_SCORE / hp and own people subtracting it; the
// total at least 0.
func scoreDamage(u use, h ftbt.ScoreHost) (int, error) {
	ai, err := u.ai()
	if err != nil {
		return 0, err
	}
	a := h.Person(u.call.Caster)
	t := h.Occupant(u.call.Target)
	if t < 0 {
		return 0, nil
	}
	base, ring := damageBase(a.Abi, h.Person(t).Def, u.tech.Value, 0, u.tech.AOERatio)
	sum := 0
	for _, c := range h.AOE(u.call.Target, u.tech.AOERange) {
		p := h.Occupant(c)
		if p < 0 {
			continue
		}
		v := h.Person(p)
		if !victim(u, h, a.Side, v, c) || v.HP <= 0 {
			continue
		}
		d := ring
		if c == u.call.Target {
			d = base
		}
		d = min(d, v.HP)
		if v.Side != a.Side {
			sum += d * ai.TechScore / v.HP
		} else {
			sum -= d * ai.TechScore / v.HP
		}
	}
	return max(sum, 0), nil
}
