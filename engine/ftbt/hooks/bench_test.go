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

// BenchmarkAIDecisionPaired: the AI decisions of BenchmarkAIDecision with
// the Go and the Lua scores, in alternating batches of one decision per
// person, so both rates come from the same stretch of a machine whose speed
// drifts; it reports both rates and lua/go, the ratio to quote.
func BenchmarkAIDecisionPaired(b *testing.B) {
	cfg := legacy(b, "m1.map")
	type side struct {
		g     *ftbt.Game
		a     *agent.AI
		cpu   time.Duration
		n     int
		reach []ftbt.Reach
		sc    []agent.CellScore
	}
	var sides [2]*side
	for i, r := range []ftbt.EffectRunner{nativeRunner(b, cfg), luaRunner(b, cfg)} {
		g, err := ftbt.New(cfg, r, 1)
		if err != nil {
			b.Fatal(err)
		}
		sides[i] = &side{g: g, a: agent.NewAI()}
	}
	n := len(cfg.People)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		for _, s := range sides {
			c0 := cpuTime()
			for p := range n {
				s.reach = s.g.AppendRange(s.reach[:0], p)
				var err error
				if s.sc, err = s.a.Evaluate(s.g.View(), p, s.reach, s.sc[:0]); err != nil {
					b.Fatal(err)
				}
			}
			s.cpu += cpuTime() - c0
			s.n += n
		}
	}
	reportPaired(b, sides[0].n, sides[0].cpu, sides[1].n, sides[1].cpu, "decisions")
}

// BenchmarkAIGamePaired: BenchmarkAIGame's whole AI-vs-AI games, one with
// Go and one with Lua classes in turn; rounds/cpu-s of each and lua/go.
func BenchmarkAIGamePaired(b *testing.B) {
	cfg := legacy(b, "m1.map")
	cfg.Rules.MaxRounds = 50
	runners := []ftbt.EffectRunner{nativeRunner(b, cfg), luaRunner(b, cfg)}
	var cpu [2]time.Duration
	var rounds [2]int
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for i := 0; b.Loop(); i++ {
		for k, r := range runners {
			c0 := cpuTime()
			g, err := ftbt.New(cfg, r, uint64(i))
			if err != nil {
				b.Fatal(err)
			}
			res, err := g.Run([]ftbt.Decider{agent.NewAI(), agent.NewAI()})
			if err != nil {
				b.Fatal(err)
			}
			cpu[k] += cpuTime() - c0
			rounds[k] += res.Rounds
		}
	}
	reportPaired(b, rounds[0], cpu[0], rounds[1], cpu[1], "rounds")
}

// reportPaired reports the Go and Lua rates of a paired benchmark and
// their ratio.
func reportPaired(b *testing.B, ngo int, cgo time.Duration, nlua int, clua time.Duration, unit string) {
	if cgo <= 0 || clua <= 0 {
		return
	}
	goRate, luaRate := float64(ngo)/cgo.Seconds(), float64(nlua)/clua.Seconds()
	b.ReportMetric(goRate, "go-"+unit+"/cpu-s")
	b.ReportMetric(luaRate, "lua-"+unit+"/cpu-s")
	b.ReportMetric(luaRate/goRate, "lua/go")
}
