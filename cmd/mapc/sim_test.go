package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"
)

// peakHeap samples the bytes of live and not yet swept heap objects every
// millisecond until the returned stop is called, which returns the largest
// sample.
func peakHeap() (stop func() uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	done := make(chan struct{})
	var wg sync.WaitGroup
	var peak uint64
	read := func() {
		metrics.Read(sample)
		peak = max(peak, sample[0].Value.Uint64())
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
	return func() uint64 {
		close(done)
		wg.Wait()
		read()
		return peak
	}
}

// BenchmarkSimMemory plays batches of sanguo games with random agents
// through `mapc sim`, as one process would, and reports the peak heap of
// each: the report's running aggregates, not the games, take the memory,
// so the peak does not grow with the number of games. The largest size
// takes minutes here; pick sizes with -bench, e.g.
// -bench 'SimMemory/games=2000$'.
func BenchmarkSimMemory(b *testing.B) {
	sanguo, err := filepath.Abs("../../scenarios/mbg/sanguo")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2000, 20000, 200000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			var peak uint64
			for b.Loop() {
				runtime.GC()
				stop := peakHeap()
				code, _, stderr := runOut("sim", sanguo, "-n", fmt.Sprint(n), "--agents", "random", "--workers", "2")
				peak = max(peak, stop())
				if code != 0 {
					b.Fatalf("exit %d: %s", code, stderr)
				}
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
