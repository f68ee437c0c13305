package sim

import "testing"

// Runner takes the runner put back first, then builds new ones.
func TestEngineRunner(t *testing.T) {
	built := 0
	e := &Engine[int, int]{NewRunner: func() (int, error) { built++; return 100 + built, nil }}
	e.Put(7)
	if r, err := e.Runner(); r != 7 || err != nil {
		t.Errorf("first runner %d, %v; want the one put back, 7", r, err)
	}
	if r, err := e.Runner(); r != 101 || err != nil || built != 1 {
		t.Errorf("second runner %d, %v (%d built); want a new one, 101", r, err, built)
	}
}
