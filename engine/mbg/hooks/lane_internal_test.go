package hooks

import (
	"math"
	"testing"
)

// TestTechLane: the runner's acceptance of Pure.CallLane's results
// (techLane) is TechEffect's result and check on pairs of finite numbers,
// signed zeros and extremes included: the TechResult read makes (the two
// numbers, bit for bit), accepted exactly when checkTech accepts it.
func TestTechLane(t *testing.T) {
	xs := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 2788, -2788, math.SmallestNonzeroFloat64,
		-math.SmallestNonzeroFloat64, math.MaxFloat64, -math.MaxFloat64}
	for _, self := range xs {
		for _, opp := range xs {
			got, ok := techLane([]float64{self, opp})
			err := checkTech(TechResult{Self: self, Opp: opp})
			if ok != (err == nil) {
				t.Errorf("techLane(%g, %g) accepts: %v; checkTech: %v", self, opp, ok, err)
			}
			if math.Float64bits(got.Self) != math.Float64bits(self) || math.Float64bits(got.Opp) != math.Float64bits(opp) {
				t.Errorf("techLane(%g, %g) = %+v", self, opp, got)
			}
		}
	}
}
