package agent

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/xghj"
)

func tsinghua(t testing.TB, bitExact bool) *xghj.Config {
	t.Helper()
	data, err := os.ReadFile("testdata/tsinghua.config.json")
	if err != nil {
		t.Fatal(err)
	}
	var c xghj.Config
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatal(err)
	}
	c.Rules.BitExact = bitExact
	return &c
}

func heuristics(n int) []xghj.OrderDecider {
	out := make([]xghj.OrderDecider, n)
	for i := range out {
		out[i] = Heuristic{Bid: i % 3}
	}
	return out
}

func mixed(n int, seed uint64) []xghj.OrderDecider {
	out := make([]xghj.OrderDecider, n)
	for i := range out {
		if i%2 == 0 {
			out[i] = Heuristic{}
		} else {
			out[i] = Random{Seed: seed + uint64(i)}
		}
	}
	return out
}

func run(t testing.TB, cfg *xghj.Config, seed uint64, ds []xghj.OrderDecider) *xghj.Game {
	t.Helper()
	g, err := xghj.New(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	g.Orders.Deciders = ds
	if _, err := g.Run(); err != nil {
		t.Fatal(err)
	}
	return g
}

func save(t testing.TB, g *xghj.Game) []byte {
	t.Helper()
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Full games on the Tsinghua map: the same seed gives the same game byte
// for byte; a game saved mid-way and continued with fresh bots is the
// same game; the order log replays it.
func TestGamesDeterministic(t *testing.T) {
	for _, exact := range []bool{false, true} {
		cfg := tsinghua(t, exact)
		for _, make := range []func() []xghj.OrderDecider{func() []xghj.OrderDecider { return heuristics(8) }, func() []xghj.OrderDecider { return mixed(8, 5) }} {
			a := run(t, cfg, 11, make())
			full := save(t, a)
			if !bytes.Equal(full, save(t, run(t, cfg, 11, make()))) {
				t.Fatalf("bit_exact=%v: two runs differ", exact)
			}
			if a.State().Round < 10 {
				t.Errorf("bit_exact=%v: game over after %d rounds", exact, a.State().Round)
			}
			g, _ := xghj.New(cfg, 11)
			g.Orders.Deciders = make()
			for range 12 {
				if _, err := g.Step(); err != nil {
					t.Fatal(err)
				}
			}
			l, err := xghj.Load(cfg, save(t, g))
			if err != nil {
				t.Fatal(err)
			}
			l.Orders.Deciders = make()
			if _, err := l.Run(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(full, save(t, l)) {
				t.Errorf("bit_exact=%v: save/load/continue differs", exact)
			}
			r, _ := xghj.New(cfg, 11)
			rep := play.NewOrderReplay[*xghj.View](a.Orders.Log)
			r.Orders.Deciders = rep.Deciders(8)
			if _, err := r.Run(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(full, save(t, r)) {
				t.Errorf("bit_exact=%v: replay differs", exact)
			}
		}
	}
}

// Heuristic bots beat random ones: over several seeds the heuristic seats
// (even ids) hold more of the top half of the final ranking.
func TestHeuristicBeatsRandom(t *testing.T) {
	cfg := tsinghua(t, false)
	top := 0
	for seed := range uint64(4) {
		g := run(t, cfg, seed, mixed(8, seed))
		r, over := g.Result()
		if !over {
			t.Fatal("not over")
		}
		for _, p := range r.Ranking[:4] {
			if p%2 == 0 {
				top++
			}
		}
	}
	if top < 12 {
		t.Errorf("heuristic bots hold %d of 16 top-half places", top)
	}
}

// Bots read only their view: two views equal as JSON (games differing out
// of sight) give the same orders.
func TestBotsUseOnlyTheView(t *testing.T) {
	cfg := tsinghua(t, false)
	g, _ := xghj.New(cfg, 3)
	g.Orders.Deciders = heuristics(8)
	for range 6 {
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	var views []*xghj.View
	spy := spyDecider{&views}
	g.Orders.Deciders[0] = spy
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	v := views[0]
	// A copy of the view through JSON has the same visible content.
	data, _ := json.Marshal(v)
	var w xghj.View
	if err := json.Unmarshal(data, &w); err != nil {
		t.Fatal(err)
	}
	w.Terrain, w.Kernel, w.Constants = v.Terrain, v.Kernel, v.Constants
	for _, bot := range []xghj.OrderDecider{Heuristic{}, Random{Seed: 9}} {
		a, _ := bot.Orders(v, &play.OrderRequest{})
		b, _ := bot.Orders(&w, &play.OrderRequest{})
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if !bytes.Equal(ja, jb) {
			t.Errorf("%T: orders differ on equal views", bot)
		}
	}
	hidden := 0
	for _, c := range v.Cells {
		if !c.Visible {
			hidden++
			if c.Owner != xghj.Unknown {
				t.Fatal("a hidden cell shows its owner")
			}
		}
	}
	if hidden == 0 {
		t.Error("player 0 sees the whole map after 6 rounds")
	}
}

type spyDecider struct{ views *[]*xghj.View }

func (s spyDecider) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	*s.views = append(*s.views, v)
	return Heuristic{}.Orders(v, req)
}

// BenchmarkHeuristicTsinghua plays whole games of 8 heuristic bots on the
// Tsinghua map and reports rounds per second (no Lua hooks: the fc14 rule
// set has none).
func BenchmarkHeuristicTsinghua(b *testing.B) {
	cfg := tsinghua(b, false)
	rounds := 0
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		g, err := xghj.New(cfg, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		g.Orders.Deciders = heuristics(8)
		if _, err := g.Run(); err != nil {
			b.Fatal(err)
		}
		rounds += g.State().Round
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
}

// BenchmarkEngineTsinghua is the engine alone: 8 players giving their
// default orders after heuristic spawns.
func BenchmarkEngineTsinghua(b *testing.B) {
	cfg := tsinghua(b, false)
	rounds := 0
	for i := 0; b.Loop(); i++ {
		g, _ := xghj.New(cfg, uint64(i))
		ds := make([]xghj.OrderDecider, 8)
		for p := range ds {
			ds[p] = spawnOnly{}
		}
		g.Orders.Deciders = ds
		if _, err := g.Run(); err != nil {
			b.Fatal(err)
		}
		rounds += g.State().Round
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
}

type spawnOnly struct{}

func (spawnOnly) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	if v.Phase == xghj.PhaseRound {
		return xghj.Commands{}, play.ErrDefault
	}
	return Heuristic{}.Orders(v, req)
}
