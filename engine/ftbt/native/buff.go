package native

import "github.com/sandtable/sandtable/engine/ftbt"

// applyBuff is classes 1 and 2 (facts §8.2): c0 = abi × value / 100 (raw
// abi) on the target cell, c0 × ratio / 100 on the other AOE cells,
// whatever stands there, in the caster's side slot, for the tech's
// duration.
func applyBuff(slot string) func(u use, h ftbt.EffectHost) error {
	return func(u use, h ftbt.EffectHost) error {
		c0 := h.Person(u.call.Caster).Abi * u.tech.Value / 100
		for _, c := range h.AOE(u.call.Target, u.tech.AOERange) {
			h.SetEffect(c, slot, u.share(c, c0), u.tech.Duration)
		}
		return nil
	}
}

// scoreBuff is the AI's buff score (facts §9.3 step 5, classes 1/2): per
// AOE cell x, rem = duration − own remaining duration and g = TECH_DIST −
// goal_dist(x), both > 0, add b × rem × g / TECH_DIST; cap at BUF_VMD; score
// = vmd × TECH_SCORE / BUF_VMD.
func scoreBuff(slot string) func(u use, h ftbt.ScoreHost) (int, error) {
	return func(u use, h ftbt.ScoreHost) (int, error) {
		ai, err := u.ai()
		if err != nil {
			return 0, err
		}
		a := h.Person(u.call.Caster)
		c0 := a.Abi * u.tech.Value / 100
		vmd := 0
		for _, x := range h.AOE(u.call.Target, u.tech.AOERange) {
			_, left := h.Effect(x, a.Side, slot)
			rem := u.tech.Duration - left
			g := goalWeight(ai, h, x)
			if rem <= 0 || g <= 0 {
				continue
			}
			vmd += u.share(x, c0) * rem * g / ai.TechDist
		}
		return min(vmd, ai.BufVMD) * ai.TechScore / ai.BufVMD, nil
	}
}
