package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// peakHeap samples the heap every millisecond until the returned stop is
// called, which returns the largest samples of the bytes in heap objects
// (live and not yet swept) and of the live heap (as of the last GC).
func peakHeap() (stop func() (objects, live uint64)) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	done := make(chan struct{})
	var wg sync.WaitGroup
	var objects, live uint64
	read := func() {
		metrics.Read(sample)
		objects = max(objects, sample[0].Value.Uint64())
		live = max(live, sample[1].Value.Uint64())
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				read()
			}
		}
	}()
	return func() (uint64, uint64) {
		close(done)
		wg.Wait()
		read()
		return objects, live
	}
}

// BenchmarkSimMemory plays batches of sanguo games with random agents
// through `mapc sim`, as one process would, and reports the peak heap of
// each (the bytes in heap objects, garbage not yet swept included, and the
// live heap as of a GC): the report's running tally, not the games, takes
// the memory, so the peak does not grow with the number of games. One
// worker keeps one game in flight: with two, the peak also depends on
// where the collector catches both games on a loaded machine, a constant
// that varies from run to run but not with the batch. The largest size
// takes minutes here; pick sizes with -bench, e.g.
// -bench 'SimMemory/games=2000$'.
func BenchmarkSimMemory(b *testing.B) {
	sanguo, err := filepath.Abs("../../scenarios/mbg/sanguo")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2000, 20000, 200000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			var peak, live uint64
			for b.Loop() {
				runtime.GC()
				stop := peakHeap()
				code, _, stderr := runOut("sim", sanguo, "-n", fmt.Sprint(n), "--agents", "random", "--workers", "1")
				o, l := stop()
				peak, live = max(peak, o), max(live, l)
				if code != 0 {
					b.Fatalf("exit %d: %s", code, stderr)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(live)/(1<<20), "peak-live-MiB")
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// TestProgressDraw: the progress line shows games done, the total and the
// share; stopping it clears the line.
func TestProgressDraw(t *testing.T) {
	var b syncBuffer
	p := startProgress(&b)
	p.update(3, 10)
	p.draw()
	p.stop()
	out := b.String()
	if !strings.Contains(out, "\r3/10 games (30%)") || !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("progress output %q", out)
	}
}
