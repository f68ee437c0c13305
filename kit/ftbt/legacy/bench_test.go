package legacy

import "testing"

func BenchmarkParseM1(b *testing.B) {
	data := shared(b, "m1.map")
	rules, _ := ParseRules("star.tech", shared(b, "star.tech"))
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		l, _ := ParseLevel("m1.map", data)
		CheckLevel(rules, l)
	}
}
