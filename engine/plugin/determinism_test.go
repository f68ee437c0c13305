package plugin_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"

	"github.com/google/go-cmp/cmp"
)

// The hooks of the determinism tests: dice draws from math.random in all
// three forms; counter keeps state in a table it keeps, which must start afresh
// in every game whichever worker plays it; reseed tries to take over the
// random stream.
const (
	diceLua = `function effect(ctx)
  local a = math.random()
  local b = math.random(6)
  local c = math.random(-5, 5)
  return 0, -(a + b * 10 + (c + 5) * 100)
end`
	counterLua = `local state = {n = 0}
function effect(ctx)
  state.n = state.n + 1
  return 0, -state.n
end`
	reseedLua = `function effect(ctx)
  math.randomseed(ctx.value)
  return 0, -math.random(1000000)
end`
	plainLua = `function effect(ctx)
  return 0, -math.random(1000000)
end`
)

func determinismRegistry(t *testing.T) *plugin.Registry {
	t.Helper()
	reg := testRegistry(t, plugin.Limits{})
	for _, h := range [][2]string{{"dice", diceLua}, {"counter", counterLua}, {"reseed", reseedLua}, {"plain", plainLua}} {
		if _, err := reg.AddLua(techKind, h[0], h[0]+".lua", []byte(h[1])); err != nil {
			t.Fatal(err)
		}
	}
	return reg
}

// playGame is one game: a fixed sequence of hook calls, on a worker reset
// for the game's seed. It returns what the hooks returned.
func playGame(t *testing.T, reg *plugin.Registry, w *plugin.Worker, seed uint64) []float64 {
	if err := w.Reset(seeded(seed)); err != nil {
		t.Error(err)
		return nil
	}
	var out []float64
	for i := range 40 {
		for _, id := range []string{"dice", "counter"} {
			ref, _ := reg.Lookup(techKind, id)
			r, err := runTech(w, ref, &techCtx{Value: float64(i)}, &techHost{})
			if err != nil {
				t.Error(err)
				return nil
			}
			out = append(out, r.Opp)
		}
	}
	return out
}

// playAll plays games 1..n on the given number of workers, each game on
// whichever worker takes it first.
func playAll(t *testing.T, reg *plugin.Registry, workers, n int) map[uint64][]float64 {
	games := make(chan uint64)
	var mu sync.Mutex
	results := map[uint64][]float64{}
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := reg.NewWorker(plugin.WorkerOptions{})
			defer w.Close()
			for g := range games {
				r := playGame(t, reg, w, g)
				mu.Lock()
				results[g] = r
				mu.Unlock()
			}
		}()
	}
	for g := range uint64(n) {
		games <- g + 1
	}
	close(games)
	wg.Wait()
	return results
}

// TestDeterminism: the same seeds give the same results in two fresh
// registries, and with one worker or four.
func TestDeterminism(t *testing.T) {
	t.Parallel()
	const games = 12
	one := playAll(t, determinismRegistry(t), 1, games)
	four := playAll(t, determinismRegistry(t), 4, games)
	if diff := cmp.Diff(one, four); diff != "" {
		t.Fatalf("1 worker vs 4 workers (-1 +4):\n%s", diff)
	}
	again := playAll(t, determinismRegistry(t), 1, games)
	if diff := cmp.Diff(one, again); diff != "" {
		t.Fatalf("two runs differ:\n%s", diff)
	}
	// The games differ from each other (the seed matters), the counter
	// restarts in every game, and the dice stay in range.
	if slices.Equal(one[1], one[2]) {
		t.Error("games 1 and 2 are identical")
	}
	for g, r := range one {
		for i := 0; i < len(r); i += 2 {
			d := -r[i]
			if d < 10 || d >= 1070 {
				t.Errorf("game %d: dice %v out of range", g, d)
			}
			if want := float64(-(i/2 + 1)); r[i+1] != want {
				t.Errorf("game %d call %d: counter %v, want %v", g, i/2, r[i+1], want)
			}
		}
	}
}

// TestRandomseedIgnored: math.randomseed cannot take over the game's random
// stream.
func TestRandomseedIgnored(t *testing.T) {
	t.Parallel()
	reg := determinismRegistry(t)
	draws := func(id string) []float64 {
		w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(99)})
		var out []float64
		for i := range 20 {
			r, err := runTech(w, lookup(t, reg, techKind, id), &techCtx{Value: float64(i % 3)}, &techHost{})
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, r.Opp)
		}
		return out
	}
	if diff := cmp.Diff(draws("plain"), draws("reseed")); diff != "" {
		t.Errorf("randomseed changed the stream (-plain +reseed):\n%s", diff)
	}
}

// TestNoRandomSource: a worker without a random source fails scripts that
// draw, rather than falling back to a clock-seeded generator.
func TestNoRandomSource(t *testing.T) {
	t.Parallel()
	reg := determinismRegistry(t)
	w := reg.NewWorker(plugin.WorkerOptions{})
	_, err := runTech(w, lookup(t, reg, techKind, "dice"), &techCtx{}, &techHost{})
	if e := asError(t, err); e.Line != 2 {
		t.Errorf("error %+v, want at line 2", e)
	}
}
