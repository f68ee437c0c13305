package legacy

import "testing"

func BenchmarkParseSanguo(b *testing.B) {
	maps, _ := realMaps(b)
	data, ok := maps["sanguo.map"]
	if !ok {
		b.Fatal("sanguo.map is missing")
	}
	for b.Loop() {
		m, _ := Parse("sanguo.map", data)
		Check(m)
	}
}
