package mcts

import (
	"testing"

	"github.com/sandtable/sandtable/engine/rng"
)

// nim is the subtraction game: players 0 and 1 alternately take 1 to 3
// stones; who takes the last stone wins. A position of n stones is lost for
// the player to move exactly when n is a multiple of 4.
type nim struct {
	stones int
	calls  int
}

func (g *nim) Simulate(it *Iter[int]) ([]float64, error) {
	n, p := g.stones, 0
	keys := []int{1, 2, 3}
	for {
		k := keys[:min(3, n)]
		c := it.Choose(p, k, nil)
		g.calls++
		n -= k[c]
		if n == 0 {
			res := []float64{0, 0}
			res[p] = 1
			return res, nil
		}
		p = 1 - p
	}
}

func TestNimFindsTheWinningMove(t *testing.T) {
	// From n stones the only winning move leaves a multiple of 4.
	for _, n := range []int{5, 6, 7, 9, 10, 11} {
		s := New[int](Options{Iters: 3000, C: 1, Rollout: RolloutRandom, Widen: 0}, rng.New(7))
		k, ok, err := s.Run(&nim{stones: n})
		if err != nil || !ok {
			t.Fatalf("n=%d: %v %v", n, ok, err)
		}
		if want := n % 4; k != want {
			t.Errorf("n=%d: took %d, want %d (stats %+v)", n, k, want, s.RootStats())
		}
	}
}

func TestSameSeedSameSearch(t *testing.T) {
	run := func(seed uint64) []Stats[int] {
		s := New[int](Options{Iters: 300, Rollout: RolloutRandom}, rng.New(seed))
		if _, _, err := s.Run(&nim{stones: 13}); err != nil {
			t.Fatal(err)
		}
		return s.RootStats()
	}
	a, b, c := run(1), run(1), run(2)
	if len(a) != len(b) {
		t.Fatalf("%v vs %v", a, b)
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, different searches: %v vs %v", a, b)
		}
	}
	same := len(a) == len(c)
	for i := 0; same && i < len(a); i++ {
		same = a[i] == c[i]
	}
	if same {
		t.Errorf("seeds 1 and 2 gave identical statistics %v: the rng is not used", a)
	}
}

// wide is a one-decision game with many options; option i wins with
// probability i/n.
type wide struct{ n int }

func (g wide) Simulate(it *Iter[int]) ([]float64, error) {
	keys := make([]int, g.n)
	for i := range keys {
		keys[i] = i
	}
	c := it.Choose(0, keys, func() int { return 0 })
	if it.Rand().IntN(g.n) < c {
		return []float64{1}, nil
	}
	return []float64{0}, nil
}

func TestProgressiveWidening(t *testing.T) {
	s := New[int](Options{Iters: 100, Widen: 1, Rollout: RolloutHeuristic}, rng.New(3))
	if _, _, err := s.Run(wide{n: 1000}); err != nil {
		t.Fatal(err)
	}
	st := s.RootStats()
	// A root visited 100 times considers at most ceil(1·√100) = 10 options.
	if len(st) > 10 || len(st) < 2 {
		t.Errorf("%d options expanded, want 2..10", len(st))
	}
	// The heuristic's choice comes first.
	if st[0].Key != 0 {
		t.Errorf("first expanded option %d, want the policy's 0", st[0].Key)
	}
	s = New[int](Options{Iters: 100, Rollout: RolloutRandom}, rng.New(3))
	if _, _, err := s.Run(wide{n: 1000}); err != nil {
		t.Fatal(err)
	}
	if n := len(s.RootStats()); n != 100 {
		t.Errorf("without widening %d options expanded in 100 iterations, want 100", n)
	}
}

func TestPrefersTheBetterOption(t *testing.T) {
	s := New[int](Options{Iters: 2000, Widen: 0, Rollout: RolloutRandom}, rng.New(5))
	k, _, err := s.Run(wide{n: 5})
	if err != nil {
		t.Fatal(err)
	}
	if k != 4 {
		t.Errorf("chose %d, want 4 (wins 4/5): %+v", k, s.RootStats())
	}
	if s.Iterations != 2000 {
		t.Errorf("%d iterations, want 2000", s.Iterations)
	}
}

func TestParse(t *testing.T) {
	o, err := Parse("iters=800:rollout=random:depth=12:c=1.5:widen=0", Defaults)
	if err != nil {
		t.Fatal(err)
	}
	want := Options{Iters: 800, C: 1.5, Rollout: RolloutRandom, Depth: 12, Widen: 0}
	if o != want {
		t.Errorf("got %+v, want %+v", o, want)
	}
	if o, _ := Parse("", Defaults); o != Defaults {
		t.Errorf("empty: %+v", o)
	}
	for _, bad := range []string{"iters=0", "iters=x", "iters", "rollout=smart", "speed=3", "c=-1", "depth=-2"} {
		if _, err := Parse(bad, Defaults); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}
