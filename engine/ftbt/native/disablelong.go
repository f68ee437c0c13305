package native

import "github.com/sandtable/sandtable/engine/ftbt"

// dlArea returns the disable-long radius aoe_range × abi / MAX_ABI and
// duration max(1, duration × abi / MAX_ABI) (facts §8.4).
func dlArea(u use, abi int) (radius, dur int) {
	m := u.r.cfg.Constants.MaxAbi
	return u.tech.AOERange * abi / m, max(1, u.tech.Duration*abi/m)
}

// applyDisableLong is class 4 (facts §8.4): every AOE cell gets the
// caster's side's disable-long flag; value is unused.
func applyDisableLong(u use, h ftbt.EffectHost) error {
	r, dur := dlArea(u, h.Person(u.call.Caster).Abi)
	for _, c := range h.AOE(u.call.Target, r) {
		h.SetEffect(c, ftbt.SlotDisableLong, 1, dur)
	}
	return nil
}

// scoreDisableLong is the AI's disable-long score (facts §9.3 step 5, class
// 4): per AOE cell with rem = dur − own remaining duration > 0 and g > 0,
// add rem × g / TECH_DIST; cap at DL_VMD; score = vmd × TECH_SCORE / DL_VMD.
func scoreDisableLong(u use, h ftbt.ScoreHost) (int, error) {
	ai, err := u.ai()
	if err != nil {
		return 0, err
	}
	a := h.Person(u.call.Caster)
	r, dur := dlArea(u, a.Abi)
	vmd := 0
	for _, x := range h.AOE(u.call.Target, r) {
		_, left := h.Effect(x, a.Side, ftbt.SlotDisableLong)
		rem := dur - left
		g := goalWeight(ai, h, x)
		if rem <= 0 || g <= 0 {
			continue
		}
		vmd += rem * g / ai.TechDist
	}
	return min(vmd, ai.DLVMD) * ai.TechScore / ai.DLVMD, nil
}
