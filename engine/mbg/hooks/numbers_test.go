package hooks_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
)

// TestTechNumbers: mbg.tech's numbers convention (Sig.Numbers) agrees with
// its fill and read on every field, signed zeros, NaNs and infinities
// included.
func TestTechNumbers(t *testing.T) {
	specials := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -2788, 1e300, math.Inf(1), math.Inf(-1), math.NaN()}
	r := rand.New(rand.NewPCG(7, 7))
	num := func() float64 {
		if r.IntN(2) == 0 {
			return specials[r.IntN(len(specials))]
		}
		return math.Round(r.NormFloat64()*1000) / 8
	}
	params := []*plugin.Params{nil, plugin.NewParams(nil), plugin.NewParams(map[string]float64{"burn_rounds": 2})}
	for range 2000 {
		c := hooks.TechCtx{Value: num(), DHP: num(), SelfHP: num(), SelfDef: num(), OppHP: num(), OppDef: num(),
			Celve: num(), Params: params[r.IntN(len(params))]}
		if err := hooks.TechEffect.CheckNumbers(&c, []float64{num(), num()}); err != nil {
			t.Fatal(err)
		}
	}
}
