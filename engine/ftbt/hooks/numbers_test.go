package hooks_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
)

// TestScoreNumbers: ftbt.effect score's numbers convention (Sig.Numbers)
// agrees with its fill and read: every integer field lands where fill puts
// it, and a result is accepted exactly when read accepts it, as the same
// int.
func TestScoreNumbers(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	n := func() int { return r.IntN(2001) - 1000 }
	results := []float64{0, math.Copysign(0, -1), 1, 7, 2.5, -1, 1 << 40, 1<<40 + 1, 1e300, math.Inf(1), math.NaN()}
	params := []*plugin.Params{nil, plugin.NewParams(map[string]float64{"k": 1})}
	for range 2000 {
		c := hooks.EffectCtx{Caster: n(), Side: n(), Abi: n(), Cell: n(), Target: n(), Value: n(), Long: r.IntN(2) == 0,
			AOERange: n(), AOERatio: n(), AOESelf: r.IntN(2) == 0, Duration: n(), MaxAbi: n(), MaxFlyWeight: n(),
			TechDist: n(), TechScore: n(), BufVMD: n(), FlyVMD: n(), DLVMD: n(), Params: params[r.IntN(len(params))]}
		x := results[r.IntN(len(results))]
		if r.IntN(2) == 0 {
			x = float64(n())
		}
		if err := hooks.EffectScore.CheckNumbers(&c, []float64{x}); err != nil {
			t.Fatal(err)
		}
	}
}
