package agent

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/xghj"
)

// spyOrders records the view and the orders of the decider it wraps.
type spyOrders struct {
	d      xghj.OrderDecider
	views  []*xghj.View
	orders []xghj.Commands
}

func (s *spyOrders) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	c, err := s.d.Orders(v, req)
	s.views = append(s.views, v)
	s.orders = append(s.orders, c)
	return c, err
}

// TestMCTSUsesOnlyTheView: two games equal up to round 6, then changed out
// of player 0's sight in one of them (the owner of hidden cells, another
// player's saving), give player 0 equal views, and the search agent gives
// equal orders in both, though its imagined games differ from the real one.
func TestMCTSUsesOnlyTheView(t *testing.T) {
	cfg := tsinghua(t, false)
	opt := mcts.Options{Iters: 12, Depth: 2}
	var spies [2]*spyOrders
	for i := range spies {
		g, _ := xghj.New(cfg, 3)
		g.Orders.Deciders = heuristics(8)
		for range 6 {
			if _, err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		if i == 1 {
			st := g.State()
			changed := 0
			seen := spies[0].views[0]
			for c, o := range st.Owner {
				if seen.Cells[c].Visible || cfg.Cells[c].Atk <= 0 {
					continue
				}
				// Another owner, never player 0 or an ally (whose land
				// player 0 would see).
				for k := 1; k < 8; k++ {
					if u := (o + 1 + k + 8) % 8; u != 0 && u != o && !seen.Info[u].Union {
						st.Owner[c] = u
						changed++
						break
					}
				}
			}
			if changed == 0 {
				t.Fatal("player 0 sees every cell")
			}
			if seen.Info[5].Union {
				t.Fatal("player 5 is allied with player 0")
			}
			st.Players[5].Saving += 1000
		}
		spies[i] = &spyOrders{d: NewMCTS(cfg, 7, opt)}
		g.Orders.Deciders[0] = spies[i]
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	va, _ := json.Marshal(spies[0].views[0])
	vb, _ := json.Marshal(spies[1].views[0])
	if !bytes.Equal(va, vb) {
		t.Fatal("the change was in sight: the views differ")
	}
	oa, _ := json.Marshal(spies[0].orders[0])
	ob, _ := json.Marshal(spies[1].orders[0])
	if !bytes.Equal(oa, ob) {
		t.Errorf("equal views, different orders:\n%s\n%s", oa, ob)
	}
	// The budget of 12 imagined games goes in whole rounds of the
	// candidates, each played in the same imagined world.
	n := len(candidates(spies[0].views[0], 7))
	if s, it := spies[0].d.(*MCTS).Stats(); s != 1 || it != n*max(1, 12/n) {
		t.Errorf("%d searches of %d imagined games, want 1 of %d (%d candidates)", s, it, n*max(1, 12/n), n)
	}
}

// TestDeterminizeAgreesWithTheView: a determinized game shows its player
// the view it was made from (the visible cells, the player's own saving and
// statuses).
func TestDeterminizeAgreesWithTheView(t *testing.T) {
	cfg := tsinghua(t, false)
	g, _ := xghj.New(cfg, 5)
	g.Orders.Deciders = heuristics(8)
	for range 5 {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	spy := &spyOrders{d: Heuristic{}}
	g.Orders.Deciders[2] = spy
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	v := spy.views[0]
	d, err := xghj.Determinize(cfg, v, 1)
	if err != nil {
		t.Fatal(err)
	}
	spy2 := &spyOrders{d: Heuristic{}}
	ds := heuristics(8)
	ds[2] = spy2
	d.Orders.Deciders = ds
	if _, err := d.Step(); err != nil {
		t.Fatal(err)
	}
	w := spy2.views[0]
	for c := range v.Cells {
		if v.Cells[c].Visible && v.Cells[c] != w.Cells[c] {
			t.Fatalf("cell %d: seen %+v, determinized %+v", c, v.Cells[c], w.Cells[c])
		}
	}
	if v.Info[2].Saving != w.Info[2].Saving || v.Round != w.Round {
		t.Errorf("saving %d round %d, determinized %d %d", v.Info[2].Saving, v.Round, w.Info[2].Saving, w.Round)
	}
	for u := range v.Info {
		if v.Info[u].Status != w.Info[u].Status {
			t.Errorf("status with %d: %v, determinized %v", u, v.Info[u].Status, w.Info[u].Status)
		}
	}
}

// TestMCTSBeatsRandom: one search agent among seven random players on the
// Tsinghua map finishes in the top two places of every game of a fixed set
// of four, from four different seats (a random player would do so in a
// quarter of the games).
func TestMCTSBeatsRandom(t *testing.T) {
	cfg := tsinghua(t, false)
	opt := mcts.Options{Iters: 8, Depth: 2}
	for seed := uint64(1); seed <= 4; seed++ {
		seat := int(seed*3) % 8
		g, _ := xghj.New(cfg, seed)
		ds := make([]xghj.OrderDecider, 8)
		for p := range ds {
			ds[p] = Random{Seed: seed*10 + uint64(p)}
		}
		ds[seat] = NewMCTS(cfg, seed, opt)
		g.Orders.Deciders = ds
		res, err := g.Run()
		if err != nil {
			t.Fatal(err)
		}
		if place := indexOf(res.Ranking, seat); place > 1 {
			t.Errorf("seed %d: mcts in seat %d placed %d of 8 (%v)", seed, seat, place+1, res.Ranking)
		}
	}
}

func indexOf(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// BenchmarkMCTSDecisions: rounds searched and imagined games per second of
// the search agent at its default budget, over its first 10 rounds of a
// Tsinghua game against seven heuristics (no Lua hooks: the fc14 rule set
// has none).
func BenchmarkMCTSDecisions(b *testing.B) {
	cfg := tsinghua(b, false)
	var searches, iters int
	for i := 0; i < b.N; i++ {
		g, _ := xghj.New(cfg, uint64(i)+1)
		ds := heuristics(8)
		m := NewMCTS(cfg, uint64(i), MCTSDefaults)
		ds[0] = m
		g.Orders.Deciders = ds
		for s, _ := m.Stats(); s < 10; s, _ = m.Stats() {
			over, err := g.Step()
			if err != nil {
				b.Fatal(err)
			}
			if over {
				break
			}
		}
		s, it := m.Stats()
		searches, iters = searches+s, iters+it
	}
	b.ReportMetric(float64(searches)/b.Elapsed().Seconds(), "decisions/s")
	b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iters/s")
}

// TestMCTSWithoutConfigFails: a search agent given no config cannot imagine
// games; it fails the game rather than pass the heuristic off as a search.
func TestMCTSWithoutConfigFails(t *testing.T) {
	cfg := tsinghua(t, false)
	g, _ := xghj.New(cfg, 3)
	g.Orders.Deciders = heuristics(8)
	for range 3 {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	g.Orders.Deciders[0] = NewMCTS(nil, 1, mcts.Options{Iters: 2, Depth: 1})
	if _, err := g.Step(); err == nil || !strings.Contains(err.Error(), "no config") {
		t.Errorf("a search without a config: %v", err)
	}
}
