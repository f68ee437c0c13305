package hooks_test

import (
	"runtime"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
)

// benchHost is a cheap TechHost: the battle's status counters.
type benchHost struct{ burn, confuse, exile int }

func (h *benchHost) Burn(n int)              { h.burn = n }
func (h *benchHost) Confuse(_ string, n int) { h.confuse = n }
func (h *benchHost) Exile()                  { h.exile++ }

// benchRun is one way of running the benchmarks' hooks: Lua on the fast
// path, Lua on the VM, or Go.
type benchRun struct {
	name, provider string
	noFast         bool
}

var benchRuns = []benchRun{{"fast", "lua", false}, {"vm", "lua", true}, {"go", "go", false}}

// BenchmarkHookCall is the cost of one tech effect call (arrows) through
// each provider, with the inputs of a typical call: the tech's value and
// params unchanged since the last call, the hit points changed.
func BenchmarkHookCall(b *testing.B) {
	for _, p := range benchRuns {
		b.Run(p.name, func(b *testing.B) {
			reg := newRegistry(b, plugin.Limits{})
			addTechs(b, reg, p.provider)
			w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(1), NoFastPath: p.noFast})
			ref := lookup(b, reg, hooks.TechKind, "arrows")
			host := &benchHost{}
			ctx := &hooks.TechCtx{Value: 25, Celve: 60, SelfHP: 1000, OppHP: 1000, Params: plugin.NewParams(nil)}
			b.ReportAllocs()
			i := 0
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := cpuTime()
			for b.Loop() {
				i++
				ctx.DHP = -float64(i & 63)
				ctx.OppHP = 1000 - float64(i&127)
				r, err := hooks.RunTech(w, ref, ctx, host)
				if err != nil || r.Opp != -25 {
					b.Fatal(r, err)
				}
			}
			if c := cpuTime() - c0; c > 0 {
				b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkHookCallHost adds a host call (fire_arrows: mbg.burn).
func BenchmarkHookCallHost(b *testing.B) {
	for _, p := range benchRuns {
		b.Run(p.name, func(b *testing.B) {
			reg := newRegistry(b, plugin.Limits{})
			addTechs(b, reg, p.provider)
			w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(1), NoFastPath: p.noFast})
			ref := lookup(b, reg, hooks.TechKind, "fire_arrows")
			host := &benchHost{}
			ctx := &hooks.TechCtx{Value: 25, Params: plugin.NewParams(map[string]float64{"burn_rounds": 3})}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := hooks.RunTech(w, ref, ctx, host); err != nil || host.burn != 3 {
					b.Fatal(err)
				}
			}
		})
	}
}

// workloadTech is one tech of the workload with the inputs the engine
// would have prepared for it.
type workloadTech struct {
	ref    plugin.Ref
	value  float64
	params *plugin.Params
}

// BenchmarkTechWorkload fires the twelve seed-style techs in a battle-like
// loop: per op, one round in which a hit is dealt and every tech fires
// once for the side that lost it, the changes are applied with the damage
// rule and a dead side is revived. The same workload runs through Lua on
// the fast path, Lua on the VM and Go, so the ratios are the price of
// writing techs in Lua.
func BenchmarkTechWorkload(b *testing.B) {
	values := map[string]float64{
		"arrows": 31, "fire_arrows": 25, "medic": 48, "shield": 1, "transfer": 0.5, "strong_strike": 0.92,
		"lifesteal": 0.64, "thunder": 160, "chaos": 0, "infighting": 0, "siege": 2, "exile": 0,
	}
	params := plugin.NewParams(map[string]float64{"burn_rounds": 3, "chaos_rounds": 2, "infight_rounds": 1})
	for _, p := range benchRuns {
		b.Run(p.name, func(b *testing.B) {
			reg := newRegistry(b, plugin.Limits{})
			addTechs(b, reg, p.provider)
			w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(1), NoFastPath: p.noFast})
			techs := make([]workloadTech, len(techIDs))
			for i, id := range techIDs {
				techs[i] = workloadTech{lookup(b, reg, hooks.TechKind, id), values[id], params}
			}
			host := &benchHost{}
			var hp, def [2]float64
			reset := func() { hp, def = [2]float64{2000, 1800}, [2]float64{0, 600} }
			reset()
			change := func(s int, x float64) {
				if x > 0 {
					hp[s] = min(hp[s]+x, 2000)
					return
				}
				if def[s] > -x {
					def[s] += x
					return
				}
				hp[s] = max(hp[s]+x+def[s], 0)
				def[s] = 0
			}
			ctx := &hooks.TechCtx{Celve: 64}
			b.ReportAllocs()
			round := 0
			for b.Loop() {
				round++
				loser := round & 1
				user := 1 - loser
				before := hp[loser] + def[loser]
				change(loser, -float64(40+round%23))
				ctx.DHP = hp[loser] + def[loser] - before
				for _, t := range techs {
					ctx.Value, ctx.Params = t.value, t.params
					ctx.SelfHP, ctx.SelfDef = hp[user], def[user]
					ctx.OppHP, ctx.OppDef = hp[loser], def[loser]
					r, err := hooks.RunTech(w, t.ref, ctx, host)
					if err != nil {
						b.Fatal(err)
					}
					change(user, r.Self)
					change(loser, r.Opp)
				}
				if hp[0] == 0 || hp[1] == 0 {
					reset()
				}
			}
		})
	}
}

// BenchmarkCardPlay plays the steal card (a host call whose result is
// compared, then another host call) through each provider.
func BenchmarkCardPlay(b *testing.B) {
	params := plugin.NewParams(map[string]float64{"amount": 1})
	for _, p := range benchRuns {
		b.Run(p.name, func(b *testing.B) {
			reg := newRegistry(b, plugin.Limits{})
			var err error
			if p.provider == "lua" {
				_, err = reg.AddLua(hooks.CardKind, "steal", "steal.lua", []byte(stealLua))
			} else {
				_, err = reg.Add(hooks.GoCard("steal", "go:test", stealGo))
			}
			if err != nil {
				b.Fatal(err)
			}
			w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: p.noFast})
			ref := lookup(b, reg, hooks.CardKind, "steal")
			host := &benchCards{money: [2]float64{1e9, 1e9}}
			ctx := &hooks.CardCtx{User: 0, Target: 1, Params: params}
			b.ReportAllocs()
			for b.Loop() {
				if ok, err := hooks.RunCard(w, ref, ctx, host); err != nil || !ok {
					b.Fatal(ok, err)
				}
			}
		})
	}
}

// benchCards is a cheap CardHost: two roles' money.
type benchCards struct{ money [2]float64 }

func (h *benchCards) SetMove(int, string, int) {}
func (h *benchCards) ExtraAction(int)          {}
func (h *benchCards) Steal(from, to int, amount float64) float64 {
	m := min(amount, h.money[from])
	h.money[from] -= m
	h.money[to] += m
	return m
}
func (h *benchCards) Heal(int, float64, bool)     {}
func (h *benchCards) Rumour(int, int)             {}
func (h *benchCards) Poison(int, int)             {}
func (h *benchCards) Defect(int)                  {}
func (h *benchCards) Place(int, string)           {}
func (h *benchCards) Alliance(int, int, int) bool { return true }
func (h *benchCards) PublicEnemy(int, int) bool   { return true }
func (h *benchCards) Reverse(int)                 {}
func (h *benchCards) Money(role int) float64      { return h.money[role] }
