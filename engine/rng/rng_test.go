package rng

import (
	"encoding/json"
	"math"
	"testing"
)

func TestRNGDeterministic(t *testing.T) {
	t.Parallel()
	a, b, c := New(42), New(42), New(43)
	same := 0
	for range 100 {
		x, y, z := a.Float(), b.Float(), c.Float()
		if x != y {
			t.Fatalf("same seed diverged: %g vs %g", x, y)
		}
		if x == z {
			same++
		}
	}
	if same > 1 {
		t.Errorf("seeds 42 and 43 agreed on %d of 100 draws", same)
	}
	// Seeds 0 and 1 must not start (near-)identical streams.
	if New(0).Float() == New(1).Float() {
		t.Errorf("seeds 0 and 1 give the same first draw")
	}
}

func TestRNGDistribution(t *testing.T) {
	t.Parallel()
	const n = 60000
	g := New(1)
	var sum float64
	for range n {
		u := g.Float()
		if u < 0 || u >= 1 {
			t.Fatalf("Float() = %g outside [0, 1)", u)
		}
		sum += u
	}
	// Mean of U[0,1): 0.5, standard deviation √(1/12).
	if mean, se := sum/n, math.Sqrt(1.0/12/n); math.Abs(mean-0.5) > 4*se {
		t.Errorf("mean %g, want 0.5 ± %g", mean, 4*se)
	}
	var counts [6]int
	for range n {
		k := g.IntN(6)
		if k < 0 || k >= 6 {
			t.Fatalf("IntN(6) = %d", k)
		}
		counts[k]++
	}
	p := 1.0 / 6
	se := math.Sqrt(p * (1 - p) / n)
	for k, c := range counts {
		if f := float64(c) / n; math.Abs(f-p) > 4*se {
			t.Errorf("IntN(6) gave %d %.4f of the time, want %.4f ± %.4f", k, f, p, 4*se)
		}
	}
}

func TestRNGSaveRestore(t *testing.T) {
	t.Parallel()
	g := New(99)
	for range 17 {
		g.Float()
	}
	state, err := g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(struct{ RNG *RNG }{g})
	if err != nil {
		t.Fatal(err)
	}
	var want [10]float64
	for i := range want {
		want[i] = g.Float()
	}
	want[9] = float64(g.IntN(1000))

	fromBinary := New(0)
	if err := fromBinary.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	var fromJSON struct{ RNG *RNG }
	if err := json.Unmarshal(text, &fromJSON); err != nil {
		t.Fatalf("unmarshal %s: %v", text, err)
	}
	for name, r := range map[string]*RNG{"binary": fromBinary, "json": fromJSON.RNG} {
		var got [10]float64
		for i := range got {
			got[i] = r.Float()
		}
		got[9] = float64(r.IntN(1000))
		if got != want {
			t.Errorf("%s restore: continued with %v, want %v", name, got, want)
		}
	}

	if err := New(0).UnmarshalBinary([]byte("nonsense")); err == nil {
		t.Errorf("UnmarshalBinary accepted a bad state")
	}
	if err := New(0).UnmarshalText([]byte("zz")); err == nil {
		t.Errorf("UnmarshalText accepted bad hex")
	}
}

func TestRNGDoesNotAllocate(t *testing.T) {
	g := New(5)
	if n := testing.AllocsPerRun(1000, func() { g.Float(); g.IntN(7) }); n != 0 {
		t.Errorf("%g allocations per draw, want 0", n)
	}
}
