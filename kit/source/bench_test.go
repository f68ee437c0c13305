package source

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// officers renders n [[officers]] tables, the shape that dominates large
// scenarios.
func officers(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[[officers]]\nname = \"将%d\"\nwu = %d\nzhan = %d\nmou = 50\nzheng = 60\njing = 70\n", i, i%90, i%80)
	}
	return []byte(b.String())
}

// nested renders copies of a depth-d nesting of inline tables in arrays
// (each below its own [tN] table),
// about 64 KB in all, so every depth parses the same amount of text.
func nested(d int) (data []byte, levels int) {
	one := "x = " + strings.Repeat("[{a=", d/2) + "1" + strings.Repeat("}]", d/2) + "\n"
	var b strings.Builder
	for i := 0; b.Len() < 64<<10; i++ {
		fmt.Fprintf(&b, "[t%d]\n%s", i, one)
		levels += d
	}
	return []byte(b.String()), levels
}

// BenchmarkLoadOfficers: loading (pre-scan, decode, index, merge) per
// officer, at three sizes; ns/officer and B/officer stay flat when the
// cost is linear.
func BenchmarkLoadOfficers(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		data := officers(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			before := totalAlloc()
			for b.Loop() {
				if s, ds := LoadBytes("o.toml", data, Options{}); s == nil || len(ds) > 0 {
					b.Fatal(ds)
				}
			}
			reportPer(b, "officer", n, before)
		})
	}
}

// BenchmarkLoadDepth: loading 64 KB of nesting at depths up to the limit;
// ns/level and B/level stay flat when the cost is linear in depth.
func BenchmarkLoadDepth(b *testing.B) {
	for _, d := range []int{4, 16, 62} { // 62 levels + the [tN] table: the limit
		data, levels := nested(d)
		b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			before := totalAlloc()
			for b.Loop() {
				if s, ds := LoadBytes("d.toml", data, Options{}); s == nil || len(ds) > 0 {
					b.Fatal(ds)
				}
			}
			reportPer(b, "level", levels, before)
		})
	}
}

// BenchmarkPrescanDepth: the pre-scan alone on the 10^5-level inputs it
// refuses, per byte scanned.
func BenchmarkPrescanDepth(b *testing.B) {
	for name, src := range deepInputs(100_000) {
		data := []byte(src)
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, ds := LoadBytes("d.toml", data, Options{Limits: Limits{MaxLineLength: 1 << 30}}); len(ds) != 1 {
					b.Fatal(ds)
				}
			}
		})
	}
}

// reportPer adds ns/unit and B/unit metrics; before is totalAlloc() taken
// before the loop.
func reportPer(b *testing.B, unit string, n int, before uint64) {
	per := float64(b.N) * float64(n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/"+unit)
	b.ReportMetric(float64(totalAlloc()-before)/per, "B/"+unit)
}

func totalAlloc() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}
