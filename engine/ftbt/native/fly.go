package native

import "github.com/sandtable/sandtable/engine/ftbt"

// flyRadius is the fly AOE radius: aoe_range × abi × value / (100 ×
// MAX_ABI) (facts §8.3).
func flyRadius(u use, abi int) int {
	return u.tech.AOERange * abi * u.tech.Value / (100 * u.r.cfg.Constants.MaxAbi)
}

// flyWeight is the fly weight of a cell with fly strength a:
// (MAX_FLY_WEIGHT − 1) × (MAX_ABI − a) / MAX_ABI + 1 (facts §8.3).
func flyWeight(u use, a int) int {
	c := &u.r.cfg.Constants
	return (c.MaxFlyWeight-1)*(c.MaxAbi-a)/c.MaxAbi + 1
}

// applyFly is class 3 (facts §8.3): a0 = abi × value / 100 on the target,
// a0 × ratio / 100 elsewhere, each turned into a fly weight for the caster's
// side for the tech's duration. (The engine rebuilds the side's weight map
// at once, so teammates profit in the same turn.)
func applyFly(u use, h ftbt.EffectHost) error {
	a := h.Person(u.call.Caster)
	a0 := a.Abi * u.tech.Value / 100
	for _, c := range h.AOE(u.call.Target, flyRadius(u, a.Abi)) {
		h.SetEffect(c, ftbt.SlotFly, flyWeight(u, u.share(c, a0)), u.tech.Duration)
	}
	return nil
}

// scoreFly is the AI's fly score (facts §9.3 step 5, class 3): per AOE cell
// x with rem and g > 0, gain = terrain weight − fly weight + fly_gain_bias
// (the original: + 2), skipped if ≤ 0, adds gain × rem × g / TECH_DIST; the
// vmd is capped at FLY_VMD (fly_cap 0) or BUF_VMD (fly_cap 1, the original;
// any non-zero value);
// score = vmd × TECH_SCORE / FLY_VMD.
func scoreFly(u use, h ftbt.ScoreHost) (int, error) {
	ai, err := u.ai()
	if err != nil {
		return 0, err
	}
	bias := int(u.param(ParamFlyGainBias, 0))
	limit := ai.FlyVMD
	if u.param(ParamFlyCap, 0) != 0 {
		limit = ai.BufVMD
	}
	a := h.Person(u.call.Caster)
	a0 := a.Abi * u.tech.Value / 100
	vmd := 0
	for _, x := range h.AOE(u.call.Target, flyRadius(u, a.Abi)) {
		_, left := h.Effect(x, a.Side, ftbt.SlotFly)
		rem := u.tech.Duration - left
		g := goalWeight(ai, h, x)
		if rem <= 0 || g <= 0 {
			continue
		}
		gain := h.StaticWeight(x) - flyWeight(u, u.share(x, a0)) + bias
		if gain <= 0 {
			continue
		}
		vmd += gain * rem * g / ai.TechDist
	}
	return min(vmd, limit) * ai.TechScore / ai.FlyVMD, nil
}
