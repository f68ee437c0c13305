package source

import (
	"runtime"
	"testing"
)

// allocated returns the bytes allocated while f ran.
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// TestMillionOfficersRefusedCheaply: a file of 10^6 officers (the issue's
// 10 GB case) is refused by the size limit before decoding, allocating
// little beyond the file itself.
func TestMillionOfficersRefusedCheaply(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 70 MB input")
	}
	data := officers(1_000_000)
	var ds []string
	n := allocated(func() {
		_, d := LoadBytes("o.toml", data, Options{})
		for _, x := range d {
			ds = append(ds, x.Code)
		}
	})
	if len(ds) != 1 || ds[0] != CodeTooLarge {
		t.Fatalf("diagnostics = %v", ds)
	}
	if n > uint64(len(data))/4 {
		t.Errorf("refusing %d bytes allocated %d bytes", len(data), n)
	}
}

// TestLoadMemoryLinear: bytes allocated per officer do not grow with the
// number of officers (counted, not timed).
func TestLoadMemoryLinear(t *testing.T) {
	per := func(n int) float64 {
		data := officers(n)
		return float64(allocated(func() {
			if s, ds := LoadBytes("o.toml", data, Options{}); s == nil || len(ds) > 0 {
				t.Fatal(ds)
			}
		})) / float64(n)
	}
	small, large := per(2_000), per(40_000)
	if large > 1.25*small {
		t.Errorf("%.0f B/officer at 40,000 officers, %.0f at 2,000: not linear", large, small)
	}
	t.Logf("%.0f B/officer at 2,000, %.0f at 40,000", small, large)
}
