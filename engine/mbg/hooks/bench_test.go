package hooks_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/mbg/native"
	"github.com/sandtable/sandtable/engine/plugin"
)

// runners returns the Lua runner and the native Go providers of cfg under
// the names the benchmarks report.
func runners(b *testing.B, cfg *mbg.Config) map[string][2]any {
	techs, cards := nativeRunners(b, cfg)
	lua := luaRunner(b, cfg)
	return map[string][2]any{"lua": {lua, lua}, "go": {techs, cards}}
}

// BenchmarkBattle: battles per second of two generals (曹操 and 关羽's
// numbers) at scale 1 with every tech of the scenario (the seed's 12, under
// the original-engine preset sanguo uses) on both sides, through the Lua
// scripts, through the native Go effects called directly (go), and through
// the same Go effects registered as hooks in the scripts' place (gohooks,
// see goHookRunner). The original engine runs about 79,000 such battles/s
// on this machine.
func BenchmarkBattle(b *testing.B) {
	cfg := sanguo(b)
	all := make([]int, len(cfg.Techs))
	for i := range all {
		all[i] = i
	}
	sides := [2]mbg.BattleSide{
		{Winp: 99, Power: 72, Celve: 92, HP: 2788, Techs: all},
		{Winp: 93, Power: 97, Celve: 77, HP: 2196, Techs: all},
	}
	rs := runners(b, cfg)
	rs["gohooks"] = [2]any{goHookRunner(b, cfg), nil}
	for _, name := range []string{"go", "lua", "gohooks"} {
		b.Run(name, func(b *testing.B) {
			techs := rs[name][0].(mbg.TechRunner)
			rng := mbg.NewRNG(1)
			if u, ok := techs.(mbg.RandomUser); ok {
				u.UseRNG(rng)
			}
			bt, err := mbg.NewBattle(cfg, techs)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			n := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := cpuTime()
			for b.Loop() {
				if _, err := bt.Run(sides, 1, rng); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "battles/s")
			if c := cpuTime() - c0; c > 0 {
				b.ReportMetric(float64(n)/c.Seconds(), "battles/cpu-s")
			}
		})
	}
}

// BenchmarkRandomGames: whole games of three random agents on sanguo, Lua
// and Go hooks. The original engine plays about 2,100 random games/s of
// sanguo.map on this machine (one process).
func BenchmarkRandomGames(b *testing.B) {
	cfg := sanguo(b)
	rs := runners(b, cfg)
	for _, name := range []string{"go", "lua"} {
		b.Run(name, func(b *testing.B) {
			techs, cards := rs[name][0].(mbg.TechRunner), rs[name][1].(mbg.CardRunner)
			ds := make([]mbg.Decider, len(cfg.Roles))
			for i := range ds {
				ds[i] = agent.NewRandom(uint64(i + 1))
			}
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				g, err := mbg.New(cfg, techs, cards, seed)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := g.Run(ds); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}

// BenchmarkBattlePaired: BenchmarkBattle's battles with the Go, the Lua and
// the Go-hook techs in alternating batches of 100, so the rates come from
// the same stretch of a machine whose speed drifts; it reports the Go and
// Lua rates, lua/go, the ratio to quote, and gohooks/go.
func BenchmarkBattlePaired(b *testing.B) {
	cfg := sanguo(b)
	all := make([]int, len(cfg.Techs))
	for i := range all {
		all[i] = i
	}
	sides := [2]mbg.BattleSide{
		{Winp: 99, Power: 72, Celve: 92, HP: 2788, Techs: all},
		{Winp: 93, Power: 97, Celve: 77, HP: 2196, Techs: all},
	}
	rs := runners(b, cfg)
	rs["gohooks"] = [2]any{goHookRunner(b, cfg), nil}
	type run struct {
		bt  *mbg.Battle
		rng *mbg.RNG
		cpu time.Duration
		n   int
	}
	var runs [3]*run
	for i, name := range []string{"go", "lua", "gohooks"} {
		techs := rs[name][0].(mbg.TechRunner)
		rng := mbg.NewRNG(1)
		if u, ok := techs.(mbg.RandomUser); ok {
			u.UseRNG(rng)
		}
		bt, err := mbg.NewBattle(cfg, techs)
		if err != nil {
			b.Fatal(err)
		}
		runs[i] = &run{bt: bt, rng: rng}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for b.Loop() {
		for _, r := range runs {
			c0 := cpuTime()
			for range 100 {
				if _, err := r.bt.Run(sides, 1, r.rng); err != nil {
					b.Fatal(err)
				}
			}
			r.cpu += cpuTime() - c0
			r.n += 100
		}
	}
	if runs[0].cpu > 0 && runs[1].cpu > 0 && runs[2].cpu > 0 {
		g, l := float64(runs[0].n)/runs[0].cpu.Seconds(), float64(runs[1].n)/runs[1].cpu.Seconds()
		gh := float64(runs[2].n) / runs[2].cpu.Seconds()
		b.ReportMetric(g, "go-battles/cpu-s")
		b.ReportMetric(l, "lua-battles/cpu-s")
		b.ReportMetric(l/g, "lua/go")
		b.ReportMetric(gh/g, "gohooks/go")
	}
}

// goHookRunner returns a runner of cfg whose techs are Go hooks in the
// registry, in place of the Lua scripts: the native effects, called through
// plugin.Call as the scripts are. BenchmarkBattlePaired reports its rate
// beside the native one (gohooks/go): what the registry's calling
// convention costs by itself, a ceiling for lua/go.
func goHookRunner(b testing.TB, cfg *mbg.Config) *hooks.Runner {
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		b.Fatal(err)
	}
	prov, err := native.New(cfg.Techs)
	if err != nil {
		b.Fatal(err)
	}
	seen := map[string]bool{}
	var call mbg.TechCall // one runner, one goroutine: not allocated per call
	for i, t := range cfg.Techs {
		if seen[t.Hook] {
			b.Fatalf("techs share the hook %q", t.Hook)
		}
		seen[t.Hook] = true
		params := t.Params
		fn := func(c *hooks.TechCtx, h hooks.TechHost) (hooks.TechResult, error) {
			call.Value, call.DHP, call.SelfHP, call.SelfDef = c.Value, c.DHP, c.SelfHP, c.SelfDef
			call.OppHP, call.OppDef, call.Celve, call.Params = c.OppHP, c.OppDef, c.Celve, params
			self, opp, err := prov.Effect(i, &call, h)
			return hooks.TechResult{Self: self, Opp: opp}, err
		}
		if _, err := reg.Add(hooks.GoTech(t.Hook, "go:bench", fn)); err != nil {
			b.Fatal(err)
		}
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(r.Close)
	return r
}
