package glory_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/native"
)

// benchGames plays whole random games (30-round cap) with runner.
func benchGames(b *testing.B, twins bool) {
	cfg := skillConfig(b)
	cfg.Rules.MaxRounds = 30
	var runner glory.SkillRunner
	if twins {
		runner = luaRunner(b, cfg, nil, native.Twins()...)
	} else {
		runner = luaRunner(b, cfg, nil)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		g := skillGame(b, cfg, runner, uint64(i%16)+1)
		if err := g.Run(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkGameLua: every skill a Lua script.
func BenchmarkGameLua(b *testing.B) { benchGames(b, false) }

// BenchmarkGameGoTwins: the native baseline, with the five Go twins in
// place of their scripts (the rest stay Lua).
func BenchmarkGameGoTwins(b *testing.B) { benchGames(b, true) }
