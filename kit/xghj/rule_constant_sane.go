package xghj

import (
	"math"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ConstantSane warns about constants outside their sane range.
var ConstantSane = &lint.Rule[*Unit]{
	Name: "xghj-constant-sane",
	Doc: `constant out of its sane range

Each constant of [constants] has a range outside which the game misbehaves
or becomes trivial (docs/xghj.md lists them): a corruption_coef large enough
that the decay factor 1 − coef·income turns negative on this map makes
savings negative; a suppress_limit of 0 lets unattacked land fall neutral;
max_round at or below strict_round_start never eliminates by income. In
exact mode coefficients are fixed point with six decimals, so a finer value
is rounded.`,
	Categories: []string{"balance"},
	Severity:   diag.Warning,
	Example:    "[constants]\ncorruption_coef = 0.5\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, s := range Settings {
			if _, set := u.Constants[s.Key]; !set {
				continue
			}
			v := s.Value(u.Model)
			ptr := "/constants/" + s.Key
			if v < s.Min || v > s.Max {
				p.Reportf(u.Src.Range(ptr), "Constant out of range", "%s = %v is outside %v to %v (%s).", s.Key, v, s.Min, s.Max, s.Doc)
			}
			if s.Float && !u.Rules.BitExact && math.Abs(v*1e6-math.Round(v*1e6)) > 1e-6 {
				p.Reportf(u.Src.Range(ptr), "Constant finer than six decimals", "%s = %v is rounded to %v in exact mode.", s.Key, v, math.Round(v*1e6)/1e6)
			}
		}
		total := 1
		for _, c := range u.Config.Cells {
			total += c.Res
		}
		if coef := u.Config.Constants.CorruptionCoef; coef*float64(total) >= 1 {
			p.Reportf(u.Src.Range("/constants/corruption_coef"), "Decay turns negative",
				"With corruption_coef %v a player holding the whole map (income %d) has a decay factor %.3f ≤ 0: its saving turns negative.", coef, total, 1-coef*float64(total))
		}
		k := u.Config.Constants
		if k.MaxRound <= k.StrictRoundStart+1 {
			p.Reportf(u.Src.Range("/constants/max_round"), "Income elimination never starts",
				"max_round %d ends the game before strict_round_start %d has an effect.", k.MaxRound, k.StrictRoundStart)
		}
	},
}
