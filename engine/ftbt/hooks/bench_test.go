package hooks_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
)

// perCPU reports n events per CPU second under unit (when measured).
func perCPU(b *testing.B, n int, cpu time.Duration, unit string) {
	if cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), unit)
	}
}

// BenchmarkAIGame: AI-vs-AI rounds per second on m1 (50 rounds a game),
// tech classes through the Lua scripts and through the native Go effects.
// The original plays about 120 AI-vs-AI rounds/s on m1 on one core.
func BenchmarkAIGame(b *testing.B) {
	cfg := legacy(b, "m1.map")
	cfg.Rules.MaxRounds = 50
	for _, name := range []string{"go", "lua"} {
		b.Run(name, func(b *testing.B) {
			var r ftbt.EffectRunner = nativeRunner(b, cfg)
			if name == "lua" {
				r = luaRunner(b, cfg)
			}
			rounds := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := cpuTime()
			for i := 0; b.Loop(); i++ {
				g, err := ftbt.New(cfg, r, uint64(i))
				if err != nil {
					b.Fatal(err)
				}
				res, err := g.Run([]ftbt.Decider{agent.NewAI(), agent.NewAI()})
				if err != nil {
					b.Fatal(err)
				}
				rounds += res.Rounds
			}
			b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
			perCPU(b, rounds, cpuTime()-c0, "rounds/cpu-s")
		})
	}
}

// BenchmarkAIDecision: one scoring-AI decision per person of m1 in its
// initial state (distance maps warm), Lua vs Go scores. The original makes
// about 1,800 AI decisions/s.
func BenchmarkAIDecision(b *testing.B) {
	cfg := legacy(b, "m1.map")
	for _, name := range []string{"go", "lua"} {
		b.Run(name, func(b *testing.B) {
			var r ftbt.EffectRunner = nativeRunner(b, cfg)
			if name == "lua" {
				r = luaRunner(b, cfg)
			}
			g, err := ftbt.New(cfg, r, 1)
			if err != nil {
				b.Fatal(err)
			}
			a := agent.NewAI()
			reach := make([]ftbt.Reach, 0, 1024)
			var scores []agent.CellScore
			n := len(cfg.People)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := cpuTime()
			for i := 0; b.Loop(); i++ {
				reach = g.AppendRange(reach[:0], i%n)
				if scores, err = a.Evaluate(g.View(), i%n, reach, scores[:0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
			perCPU(b, b.N, cpuTime()-c0, "decisions/cpu-s")
		})
	}
}
