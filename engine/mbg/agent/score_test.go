package agent

import (
	"math"
	"testing"
)

// TestDuel: a cut imagined game scores each role by its mean chance against
// each other role, the logistic of their difference in worth over the
// scale. Worked by hand on sanguo's scale (target 30000 / 10 = 3000):
// 1/(1+e^-1) = 0.7310586 for a role 3000 ahead, 1/(1+e^1) = 0.2689414 for
// one 3000 behind, 1/2 for equals; a role out of the game (bankrupt) loses
// every duel and scores 0.
func TestDuel(t *testing.T) {
	scale := 30000.0 / spread
	for _, tc := range []struct {
		name  string
		worth []float64
		alive []bool
		want  []float64
	}{
		{"equal", []float64{10000, 10000, 10000}, []bool{true, true, true}, []float64{0.5, 0.5, 0.5}},
		{"one ahead", []float64{13000, 10000, 10000}, []bool{true, true, true},
			[]float64{0.7310586, (0.2689414 + 0.5) / 2, (0.2689414 + 0.5) / 2}},
		// Behind both: only the two gaps count, not the others' total.
		{"one behind", []float64{10000, 13000, 13000}, []bool{true, true, true},
			[]float64{0.2689414, (0.7310586 + 0.5) / 2, (0.7310586 + 0.5) / 2}},
		{"one out", []float64{13000, 10000, 0}, []bool{true, true, false},
			[]float64{(0.7310586 + 1) / 2, (0.2689414 + 1) / 2, 0}},
		{"last in the game", []float64{0, 500, 0}, []bool{false, true, false}, []float64{0, 1, 0}},
	} {
		got := duel(tc.worth, tc.alive, scale)
		for r := range tc.want {
			if math.Abs(got[r]-tc.want[r]) > 1e-6 {
				t.Errorf("%s: role %d scores %.7f, want %.7f (all %v)", tc.name, r, got[r], tc.want[r], got)
			}
		}
	}
}
