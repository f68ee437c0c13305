package native_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/native"
)

// This file checks rules/mbg.md's claim that the original-engine preset
// (status lengths 3/2/1, StatusBlocksTechs off) plays exactly like the
// original: refBattle transcribes the original RunBattle of facts §8 — status
// counters ticked at the end of every round, the hard-coded lengths 4/3/2,
// techs never blocked — and both are run from the same seed.

// refSide is the original's BattleState.
type refSide struct {
	power, winp, celve float64
	hpmax, hp, def     float64
	lastDHP, lastDDef  float64
	dead, quit         bool
	bst, btime, fst    int // 0 normal, 1 chaos, 2 infighting; its rounds; burn rounds
	latency            []int
	techs              []int
}

func (s *refSide) change(x float64) {
	ohp, odef := s.hp, s.def
	if x > 0 {
		s.hp += x
		if s.hp > s.hpmax {
			s.hp = s.hpmax
		}
	} else {
		x = -x
		if s.def > x {
			s.def -= x
			if s.def < 1 {
				s.def = 0
			}
		} else {
			x -= s.def
			s.def = 0
			s.hp -= x
			if s.hp < 1 {
				s.hp = 0
			}
		}
	}
	s.lastDDef = s.def - odef
	s.lastDHP = s.hp - ohp
	s.dead = s.hp == 0
}

// refHost applies the original's hard-coded statuses, ignoring the lengths
// the native effects ask for.
type refHost struct{ o *refSide }

func (h refHost) Burn(int) { h.o.fst = 4 }
func (h refHost) Confuse(state string, _ int) {
	if state == mbg.StatusChaos {
		h.o.bst, h.o.btime = 1, 3
	} else {
		h.o.bst, h.o.btime = 2, 2
	}
}
func (h refHost) Exile() { h.o.quit = true }

type refBattle struct {
	techs []mbg.Tech
	p     *native.Provider
	rng   mbg.Uniform
}

// runTech is the original's RunTech.
func (r *refBattle) runTech(s, o *refSide, t int, d float64) (bool, bool) {
	tech := &r.techs[t]
	if s.latency[t] != 0 {
		return false, false
	}
	prob := tech.ProbLow + (s.celve/100)*(tech.ProbHigh-tech.ProbLow)
	if r.rng.Float() > prob {
		return false, false
	}
	value := tech.ValueLow + (s.celve/100)*(tech.ValueHigh-tech.ValueLow)
	s.latency[t] = tech.Cooldown
	call := mbg.TechCall{Value: value, DHP: d, SelfHP: s.hp, SelfDef: s.def, OppHP: o.hp, OppDef: o.def, Celve: s.celve, Params: tech.Params}
	sd, od, err := r.p.Effect(t, &call, refHost{o})
	if err != nil {
		panic(err)
	}
	s.change(sd)
	o.change(od)
	return true, o.dead
}

func doBst(b *[2]refSide) {
	for j := range b {
		if b[j].bst != 0 {
			if b[j].btime--; b[j].btime == 0 {
				b[j].bst = 0
			}
		}
		if b[j].fst != 0 {
			b[j].fst--
		}
		for k := range b[j].latency {
			if b[j].latency[k] > 0 {
				b[j].latency[k]--
			}
		}
	}
}

func (r *refBattle) run(sides [2]mbg.BattleSide, limit int, burn float64) mbg.BattleResult {
	var b [2]refSide
	for j, s := range sides {
		b[j] = refSide{power: s.Power, winp: s.Winp, celve: s.Celve, hpmax: s.HP, hp: s.HP, def: s.Def,
			latency: make([]int, len(r.techs)), techs: s.Techs}
	}
	rounds := limit
turn:
	for i := range limit {
		var w [2]float64
		for j := range b {
			if b[j].bst == 0 {
				w[j] = b[j].winp
			}
			if b[j].fst != 0 {
				b[j].change(-burn)
			}
			if b[j].bst == 2 {
				b[j].change(-b[j].power)
			}
		}
		if b[0].dead || b[1].dead {
			doBst(&b)
			rounds = i + 1
			break
		}
		tp := w[0] + w[1]
		if tp < 0.01 {
			doBst(&b)
			continue
		}
		ws := 1
		if r.rng.Float() < w[0]/tp {
			ws = 0
		}
		ls := 1 - ws
		b[ls].change(-b[ws].power)
		d := b[ls].lastDHP + b[ls].lastDDef
		if b[ls].dead {
			doBst(&b)
			rounds = i + 1
			break
		}
		for j := range b {
			for _, t := range b[j].techs {
				switch r.techs[t].Trigger {
				case mbg.TriggerRoundWon:
					if ws != j {
						continue
					}
				case mbg.TriggerRoundLost:
					if ls != j {
						continue
					}
				case mbg.TriggerBattleWon:
					continue
				}
				if _, dead := r.runTech(&b[j], &b[1-j], t, d); dead {
					rounds = i + 1
					break turn
				}
			}
		}
		doBst(&b)
	}
	res := mbg.BattleResult{Rounds: rounds}
	battleWon := func(w int) {
		for _, t := range b[w].techs {
			if r.techs[t].Trigger == mbg.TriggerBattleWon {
				r.runTech(&b[w], &b[1-w], t, b[1-w].lastDHP)
			}
		}
	}
	switch {
	case b[0].dead && b[1].dead:
	case b[0].dead:
		res.Outcome = mbg.AttackerLost
		battleWon(1)
	case b[1].dead:
		res.Outcome = mbg.AttackerWon
		battleWon(0)
	}
	for j := range b {
		res.HP[j], res.Def[j], res.Exiled[j] = b[j].hp, b[j].def, b[j].quit
	}
	return res
}

// presetTechs are the seed techs with the original-engine preset's lengths.
func presetTechs() []mbg.Tech {
	techs := native.StandardTechs()
	techs[fireArrows].Params["burn_rounds"] = 3
	techs[chaos].Params["chaos_rounds"] = 2
	techs[infighting].Params["infight_rounds"] = 1
	return techs
}

func TestPresetPlaysLikeOriginal(t *testing.T) {
	t.Parallel()
	cfg := seedConfig()
	cfg.Techs = presetTechs()
	cfg.Rules.StatusBlocksTechs = false
	p, err := native.New(cfg.Techs)
	if err != nil {
		t.Fatal(err)
	}
	b, err := mbg.NewBattle(cfg, p)
	if err != nil {
		t.Fatal(err)
	}
	refP, _ := native.New(native.StandardTechs())
	ref := &refBattle{techs: native.StandardTechs(), p: refP, rng: mbg.NewRNG(11)}
	rng := mbg.NewRNG(11)
	gen := mbg.NewRNG(12)
	statuses := 0
	b.Events = func(e mbg.BattleEvent) {
		if e.Kind == mbg.BattleStatusSet {
			statuses++
		}
	}

	// Random generals with random tech sets, sometimes behind walls, at all scales.
	side := func(def bool) mbg.BattleSide {
		s := mbg.BattleSide{
			Winp: float64(30 + gen.IntN(71)), Power: float64(30 + gen.IntN(71)), Celve: float64(gen.IntN(101)),
			HP: float64(gen.IntN(2801)),
		}
		if def && gen.IntN(2) == 0 {
			s.Def = float64(gen.IntN(1201))
		}
		for k := range 12 {
			if gen.IntN(3) != 0 {
				s.Techs = append(s.Techs, k)
			}
		}
		return s
	}
	for i := range 5000 {
		sides := [2]mbg.BattleSide{side(false), side(true)}
		scale := gen.IntN(3)
		got, err := b.Run(sides, scale, rng)
		if err != nil {
			t.Fatal(err)
		}
		want := ref.run(sides, 40+30*scale, 20)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("battle %d, scale %d, sides %+v (-original +ours):\n%s", i, scale, sides, diff)
		}
	}
	if statuses < 1000 {
		t.Errorf("only %d statuses set in 5000 battles: the comparison hardly exercises them", statuses)
	}
}
