package plugin

import (
	"testing"
)

// benchHost is a cheap TechHost: the battle's status counters.
type benchHost struct{ burn, confuse, exile int }

func (h *benchHost) Burn(n int)              { h.burn = n }
func (h *benchHost) Confuse(_ string, n int) { h.confuse = n }
func (h *benchHost) Exile()                  { h.exile++ }

// BenchmarkHookCall is the cost of one tech effect call (arrows) through
// each provider, with the inputs of a typical call: the tech's value and
// params unchanged since the last call, the hit points changed.
func BenchmarkHookCall(b *testing.B) {
	for _, p := range providers {
		b.Run(p, func(b *testing.B) {
			reg := newRegistry(b, Limits{})
			addTechs(b, reg, p)
			w := reg.NewWorker(WorkerOptions{Rand: seeded(1)})
			ref := lookup(b, reg, MBGTech, "arrows")
			host := &benchHost{}
			ctx := &TechCtx{Value: 25, Celve: 60, SelfHP: 1000, OppHP: 1000, Params: NewParams(nil)}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				i++
				ctx.DHP = -float64(i & 63)
				ctx.OppHP = 1000 - float64(i&127)
				r, err := w.Tech(ref, ctx, host)
				if err != nil || r.Opp != -25 {
					b.Fatal(r, err)
				}
			}
		})
	}
}

// BenchmarkHookCallHost adds a host call (fire_arrows: mbg.burn).
func BenchmarkHookCallHost(b *testing.B) {
	for _, p := range providers {
		b.Run(p, func(b *testing.B) {
			reg := newRegistry(b, Limits{})
			addTechs(b, reg, p)
			w := reg.NewWorker(WorkerOptions{Rand: seeded(1)})
			ref := lookup(b, reg, MBGTech, "fire_arrows")
			host := &benchHost{}
			ctx := &TechCtx{Value: 25, Params: NewParams(map[string]float64{"burn_rounds": 3})}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := w.Tech(ref, ctx, host); err != nil || host.burn != 3 {
					b.Fatal(err)
				}
			}
		})
	}
}

// workloadTech is one tech of the workload with the inputs the engine
// would have prepared for it.
type workloadTech struct {
	ref    Ref
	value  float64
	params *Params
}

// BenchmarkTechWorkload fires the twelve seed-style techs in a battle-like
// loop: per op, one round in which a hit is dealt and every tech fires
// once for the side that lost it, the changes are applied with the damage
// rule and a dead side is revived. The same workload runs through both
// providers, so the ratio is the price of writing techs in Lua.
func BenchmarkTechWorkload(b *testing.B) {
	values := map[string]float64{
		"arrows": 31, "fire_arrows": 25, "medic": 48, "shield": 1, "transfer": 0.5, "strong_strike": 0.92,
		"lifesteal": 0.64, "thunder": 160, "chaos": 0, "infighting": 0, "siege": 2, "exile": 0,
	}
	params := NewParams(map[string]float64{"burn_rounds": 3, "chaos_rounds": 2, "infight_rounds": 1})
	for _, p := range providers {
		b.Run(p, func(b *testing.B) {
			reg := newRegistry(b, Limits{})
			addTechs(b, reg, p)
			w := reg.NewWorker(WorkerOptions{Rand: seeded(1)})
			techs := make([]workloadTech, len(techIDs))
			for i, id := range techIDs {
				techs[i] = workloadTech{lookup(b, reg, MBGTech, id), values[id], params}
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
			ctx := &TechCtx{Celve: 64}
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
					r, err := w.Tech(t.ref, ctx, host)
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
