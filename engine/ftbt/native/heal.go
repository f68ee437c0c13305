package native

import "github.com/sandtable/sandtable/engine/ftbt"

// applyHeal is the heal class (not in the original): every person of the
// caster's side in the AOE (radius aoe_range, the caster included) regains
// c0 = abi × value / 100 hp on the target cell and c0 × ratio / 100
// elsewhere, capped at its starting hp.
func applyHeal(u use, h ftbt.EffectHost) error {
	a := h.Person(u.call.Caster)
	c0 := a.Abi * u.tech.Value / 100
	for _, c := range h.AOE(u.call.Target, u.tech.AOERange) {
		p := h.Occupant(c)
		if p < 0 || h.Person(p).Side != a.Side {
			continue
		}
		if amt := u.share(c, c0); amt > 0 {
			h.Heal(p, amt)
		}
	}
	return nil
}

// scoreHeal is the AI's heal score, built like the damage score: each ally
// in the AOE adds heal × TECH_SCORE / max hp, the heal capped at the hp it
// is missing (so healing a full-health ally is worth nothing).
func scoreHeal(u use, h ftbt.ScoreHost) (int, error) {
	ai, err := u.ai()
	if err != nil {
		return 0, err
	}
	a := h.Person(u.call.Caster)
	c0 := a.Abi * u.tech.Value / 100
	sum := 0
	for _, c := range h.AOE(u.call.Target, u.tech.AOERange) {
		p := h.Occupant(c)
		if p < 0 {
			continue
		}
		v := h.Person(p)
		if v.Side != a.Side || v.MaxHP <= 0 {
			continue
		}
		if amt := min(u.share(c, c0), v.MaxHP-v.HP); amt > 0 {
			sum += amt * ai.TechScore / v.MaxHP
		}
	}
	return sum, nil
}
