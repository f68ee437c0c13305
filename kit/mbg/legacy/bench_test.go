package legacy

import "testing"

func BenchmarkParseSanguo(b *testing.B) {
	data, ok := realMaps(b)["sanguo.map"]
	if !ok {
		b.Skip("sanguo.map absent")
	}
	for b.Loop() {
		m, _ := Parse("sanguo.map", data)
		Check(m)
	}
}
