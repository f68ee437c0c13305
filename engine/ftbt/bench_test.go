package ftbt_test

import (
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
)

// Benchmarks on m1 (50×40, 10 people) with the native effects, the numbers
// of the original's notes beside them: ~50,000 range searches/s, ~1,800 AI
// decisions/s, ~120 AI-vs-AI rounds/s.

// perCPU reports n events per CPU second under unit (when measured).
func perCPU(b *testing.B, n int, cpu time.Duration, unit string) {
	if cpu > 0 {
		b.ReportMetric(float64(n)/cpu.Seconds(), unit)
	}
}

// BenchmarkRangeM1: the range search of every person in m1's initial
// state; one op is one search.
func BenchmarkRangeM1(b *testing.B) {
	cfg := legacy(b, "m1.map", fixture.AIBoth)
	g := newGame(b, cfg, 1)
	n := len(cfg.People)
	buf := make([]ftbt.Reach, 0, cfg.Width*cfg.Height)
	b.ReportAllocs()
	c0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		buf = g.AppendRange(buf[:0], i%n)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "searches/s")
	perCPU(b, b.N, cpuTime()-c0, "searches/cpu-s")
}

// BenchmarkCalDistM1: one full-map static distance map of m1.
func BenchmarkCalDistM1(b *testing.B) {
	cfg := legacy(b, "m1.map", fixture.AIBoth)
	g := newGame(b, cfg, 1)
	s := ftbt.NewSearcher(cfg.Width, cfg.Height)
	dist := make([]int, cfg.Width*cfg.Height)
	b.ReportAllocs()
	c0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		s.CalDist(g.StaticWeights(), i%len(dist), dist)
	}
	perCPU(b, b.N, cpuTime()-c0, "maps/cpu-s")
}

// BenchmarkAIDecisionM1: AIMakeDecision for each person of m1 in its
// initial state (range list, goal, defence, location and tech scores, the
// best destination). "cold" recomputes every distance map each decision
// (as after everyone moved); "warm" reuses the maps of unmoved people.
func BenchmarkAIDecisionM1(b *testing.B) {
	for _, cold := range []bool{true, false} {
		name := "warm"
		if cold {
			name = "cold"
		}
		b.Run(name, func(b *testing.B) {
			cfg := legacy(b, "m1.map", fixture.AIBoth)
			g := newGame(b, cfg, 1)
			a := agent.NewAI()
			reach := make([]ftbt.Reach, 0, 1024)
			var scores []agent.CellScore
			n := len(cfg.People)
			b.ReportAllocs()
			c0 := cpuTime()
			for i := 0; b.Loop(); i++ {
				p := i % n
				if cold {
					a.Forget()
				}
				reach = g.AppendRange(reach[:0], p)
				var err error
				if scores, err = a.Evaluate(g.View(), p, reach, scores[:0]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decisions/s")
			perCPU(b, b.N, cpuTime()-c0, "decisions/cpu-s")
		})
	}
}

// BenchmarkAIGameM1: whole AI-vs-AI games on m1 (both sides AI, 50
// rounds); reports rounds/s and decisions/s.
func BenchmarkAIGameM1(b *testing.B) {
	cfg := legacy(b, "m1.map", fixture.AIBoth)
	cfg.Rules.MaxRounds = 50
	r := mustRunner(b, cfg)
	rounds, moves := 0, 0
	var elapsed time.Duration
	b.ReportAllocs()
	c0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		g, err := ftbt.New(cfg, r, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		res, err := g.Run([]ftbt.Decider{agent.NewAI(), agent.NewAI()})
		if err != nil {
			b.Fatal(err)
		}
		elapsed += time.Since(start)
		rounds += res.Rounds
		for _, d := range g.Decisions() {
			if d.Kind == ftbt.AskMove {
				moves++
			}
		}
	}
	b.ReportMetric(float64(rounds)/elapsed.Seconds(), "rounds/s")
	b.ReportMetric(float64(moves)/elapsed.Seconds(), "decisions/s")
	perCPU(b, rounds, cpuTime()-c0, "rounds/cpu-s")
}

// BenchmarkRandomGameM1: whole random-vs-random games on m1 (50 rounds).
func BenchmarkRandomGameM1(b *testing.B) {
	cfg := legacy(b, "m1.map", fixture.AIBoth)
	cfg.Rules.MaxRounds = 50
	r := mustRunner(b, cfg)
	rounds := 0
	b.ReportAllocs()
	c0 := cpuTime()
	for i := 0; b.Loop(); i++ {
		g, err := ftbt.New(cfg, r, uint64(i))
		if err != nil {
			b.Fatal(err)
		}
		res, err := g.Run([]ftbt.Decider{agent.NewRandom(uint64(i)), agent.NewRandom(uint64(i) + 1)})
		if err != nil {
			b.Fatal(err)
		}
		rounds += res.Rounds
	}
	b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
	perCPU(b, rounds, cpuTime()-c0, "rounds/cpu-s")
}
