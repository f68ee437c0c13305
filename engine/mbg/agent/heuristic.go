package agent

import (
	"math"
	"path"
	"strings"

	"github.com/sandtable/sandtable/engine/mbg"
)

// Heuristic plays mbg with simple rules of thumb: it keeps a money reserve
// and hires the best officer it can afford above it; it occupies cities with
// an economist as treasurer and a politician as mayor while keeping its best
// fighter with it; it researches the most useful techs; it attacks only when
// its general is clearly stronger than the defender (walls included); and
// it plays cards with a purpose (steal from the richest, rumour and poison
// the rivals' best officers, block the leader, speed itself up).
//
// Cards and techs are recognised by their hook ids (the native ids, or a
// script path whose base name is one), so renamed or re-parameterised
// standard content is still understood; unknown content is left unused.
type Heuristic struct {
	// Reserve is the money the agent keeps when hiring or researching.
	Reserve float64
	// Margin is how much faster (as a ratio of the expected battle lengths)
	// the agent must be expected to defeat a defender before it attacks.
	Margin float64

	// tried records, per card, what happened in the current turn: chosen
	// (1), then given a target (2). A card is chosen and aimed once per turn,
	// so one that failed is not tried again and again.
	turn  int
	tried map[int]int

	// Trace, when set, is told the score of every option the agent rates
	// by score (officers to hire, post, send or train, research), in
	// option order: tools explaining a decision; nil in play.
	Trace func(option int, score float64)
}

// NewHeuristic returns a heuristic agent with the default reserve (4000, two
// robber fines) and margin (1.5). It is deterministic: ties go to the first
// option.
func NewHeuristic() *Heuristic {
	return &Heuristic{Reserve: 4000, Margin: 1.5, tried: map[int]int{}}
}

// Decide implements mbg.Decider. Whatever the request, it returns a valid
// option index.
func (a *Heuristic) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	if v.Turn() != a.turn {
		a.turn = v.Turn()
		clear(a.tried)
	}
	i := a.decide(v, req)
	if i < 0 || i >= len(req.Options) {
		i = req.Default
	}
	return i, nil
}

func (a *Heuristic) decide(v *mbg.View, req *mbg.Request) int {
	switch req.Kind {
	case mbg.AskAction:
		return a.action(v, req)
	case mbg.AskCardTarget:
		return a.cardTarget(v, req)
	case mbg.AskOccupy:
		if len(v.Role(req.Player).Retinue) >= 2 {
			return find(req, mbg.OptYes, -1)
		}
		return find(req, mbg.OptNo, -1)
	case mbg.AskGarrison:
		return a.garrison(v, req)
	case mbg.AskMayor:
		return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 { return a.mayorScore(v, req.Place, o.A) })
	case mbg.AskTreasurer:
		return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 { return v.Effective(o.A, mbg.Jing) })
	case mbg.AskHire:
		return a.hire(v, req)
	case mbg.AskResearch:
		return a.research(v, req)
	case mbg.AskTrain:
		return a.train(v, req)
	case mbg.AskScale:
		return a.scale(v, req)
	case mbg.AskGeneral:
		return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 { return mainScore(v, o.A) })
	case mbg.AskVice:
		return a.vice(v, req)
	case mbg.AskAllocate:
		return a.allocate(v, req)
	}
	return req.Default
}

// find returns the index of the first option named name with subject a (-1:
// any), or -1.
func find(req *mbg.Request, name mbg.OptionKind, a int) int {
	for i, o := range req.Options {
		if o.Kind == name && (a < 0 || o.A == a) {
			return i
		}
	}
	return -1
}

// best returns the option named name with the highest positive score, or
// the first option named differently (none, done, cancel) when none scores.
// Each score is reported to a.Trace when it is set.
func (a *Heuristic) best(req *mbg.Request, name mbg.OptionKind, score func(mbg.Option) float64) int {
	bi, bs := -1, 0.0
	for i, o := range req.Options {
		if o.Kind != name {
			continue
		}
		s := score(o)
		if a.Trace != nil {
			a.Trace(i, s)
		}
		if s > bs {
			bi, bs = i, s
		}
	}
	if bi >= 0 {
		return bi
	}
	for i, o := range req.Options {
		if o.Kind != name {
			return i
		}
	}
	return req.Default
}

// hookName reduces a hook id to its base name: "card/steal.lua" → "steal".
func hookName(hook string) string {
	return strings.TrimSuffix(path.Base(hook), ".lua")
}

// ---- officers ----

// mainScore rates an officer as a main general: win weight times staying
// power.
func mainScore(v *mbg.View, o int) float64 {
	of := v.Officer(o)
	return (v.Effective(o, mbg.Zhan) + 1) * (of.HP + 1) * (v.Effective(o, mbg.Wu) + 20)
}

// worth rates an officer overall, for hiring and for choosing whom to hurt.
func worth(v *mbg.View, o int) float64 {
	s := 0.0
	top := 0.0
	for p := range mbg.NumProps {
		x := v.Effective(o, p)
		s += x
		top = max(top, x)
	}
	return s + top
}

// bestFighter returns the retinue officer the role should keep with it.
func bestFighter(v *mbg.View, officers []int) int {
	bo, bs := -1, -1.0
	for _, o := range officers {
		if v.Officer(o).Rumour > 0 {
			continue
		}
		if s := mainScore(v, o); s > bs {
			bo, bs = o, s
		}
	}
	return bo
}

func (a *Heuristic) mayorScore(v *mbg.View, c, o int) float64 {
	// With a single garrison officer the economy matters more: leave the
	// post empty so he becomes treasurer.
	if len(v.City(c).Garrison) < 2 {
		return 0
	}
	best, top := -1, -1.0
	for _, g := range v.City(c).Garrison {
		if e := v.Effective(g, mbg.Jing); e > top {
			best, top = g, e
		}
	}
	if o == best {
		return 0 // the treasurer to be
	}
	return v.Effective(o, mbg.Zheng)
}

// garrison sends the retinue's best economist (and, with four or more
// officers, its best politician too), keeping the best fighter with the
// role unless he is the only one (then the city was just captured: holding
// it is worth more).
func (a *Heuristic) garrison(v *mbg.View, req *mbg.Request) int {
	ret := v.Role(req.Player).Retinue
	keep := bestFighter(v, ret)
	want := 1
	if len(ret) >= 4 {
		want = 2
	}
	sent := len(ret) - (len(req.Options) - 1)
	if sent >= want {
		return find(req, mbg.OptDone, -1)
	}
	prop := mbg.Jing
	if sent == 1 {
		prop = mbg.Zheng
	}
	return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 {
		if o.A == keep && len(ret) > 1 {
			return 0
		}
		return v.Effective(o.A, prop) + 1
	})
}

func (a *Heuristic) hire(v *mbg.View, req *mbg.Request) int {
	money := v.Role(req.Player).Money
	return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 {
		if money-o.Price < a.Reserve {
			return 0
		}
		return worth(v, o.A)
	})
}

// techRank orders the standard techs by usefulness to this agent (lower is
// better); unknown techs come last.
func techRank(hook string) int {
	switch hookName(hook) {
	case "siege":
		return 0
	case "strong_strike":
		return 1
	case "arrows":
		return 2
	case "medic":
		return 3
	case "lifesteal":
		return 4
	case "thunder":
		return 5
	case "shield", "transfer":
		return 6
	case "fire_arrows":
		return 7
	case "chaos", "infighting":
		return 8
	case "exile":
		return 9
	}
	return 10
}

func (a *Heuristic) research(v *mbg.View, req *mbg.Request) int {
	rs := v.Role(req.Player)
	if len(rs.Retinue) < 2 {
		return find(req, mbg.OptNone, -1)
	}
	keep := bestFighter(v, rs.Retinue)
	cfg := v.Config()
	return a.best(req, mbg.OptResearch, func(o mbg.Option) float64 {
		t := cfg.Techs[o.B]
		if o.A == keep || rs.Money-t.Study < a.Reserve {
			return 0
		}
		return float64(11-techRank(t.Hook))*1000 + v.Effective(o.A, mbg.Mou)
	})
}

func (a *Heuristic) train(v *mbg.View, req *mbg.Request) int {
	rs := v.Role(req.Player)
	if len(rs.Retinue) < 3 {
		return find(req, mbg.OptNone, -1)
	}
	keep := bestFighter(v, rs.Retinue)
	p := v.Config().Trainings[req.Place].Prop
	return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 {
		if o.A == keep || v.Officer(o.A).Props[p] >= 99 {
			return 0
		}
		return v.Officer(o.A).Props[p] + 1
	})
}

// ---- battles ----

// estimate returns the expected number of rounds each side needs to defeat
// the other, from per-round win probability, power, hp and walls.
func estimate(v *mbg.View, att, def int, wall float64) (attRounds, defRounds float64) {
	aw, dw := v.Effective(att, mbg.Zhan), v.Effective(def, mbg.Zhan)
	p := 0.5
	if aw+dw > 0 {
		p = aw / (aw + dw)
	}
	ap, dp := v.Effective(att, mbg.Wu), v.Effective(def, mbg.Wu)
	attRounds = (v.Officer(def).HP + wall + 1) / math.Max(p*ap, 1e-9)
	defRounds = (v.Officer(att).HP + 1) / math.Max((1-p)*dp, 1e-9)
	return attRounds, defRounds
}

func (a *Heuristic) scale(v *mbg.View, req *mbg.Request) int {
	me := bestFighter(v, v.Role(req.Player).Retinue)
	if me < 0 {
		return find(req, mbg.OptNone, -1)
	}
	var cands []int
	wall := 0.0
	if req.Place >= 0 {
		cs := v.City(req.Place)
		cands, wall = cs.Garrison, cs.Def
	} else {
		cands = v.Role(req.Other).Retinue
	}
	foe := bestFighter(v, cands)
	if foe < 0 {
		return find(req, mbg.OptScale, 0) // nobody can defend: a free win
	}
	ar, dr := estimate(v, me, foe, wall)
	if ar*a.Margin > dr {
		return find(req, mbg.OptNone, -1)
	}
	k := v.Config().Constants
	for s := range 3 {
		if float64(k.BattleRoundMin+k.BattleRoundStep*s) > ar*1.3 {
			return find(req, mbg.OptScale, s)
		}
	}
	return find(req, mbg.OptNone, -1)
}

func (a *Heuristic) vice(v *mbg.View, req *mbg.Request) int {
	// The vice only adds the better of his Wu and Mou to the main's.
	mw, mm := 0.0, 0.0
	if m := req.Officer; m >= 0 {
		mw, mm = v.Effective(m, mbg.Wu), v.Effective(m, mbg.Mou)
	}
	return a.best(req, mbg.OptOfficer, func(o mbg.Option) float64 {
		return math.Max(v.Effective(o.A, mbg.Wu)-mw, 0) + 0.5*math.Max(v.Effective(o.A, mbg.Mou)-mm, 0)
	})
}

// ---- cards ----

// leader returns the richest other role in the game, or -1.
func leader(v *mbg.View, me int) int {
	best := -1
	for r := range v.NumRoles() {
		if r != me && v.Alive(r) && (best < 0 || v.Role(r).Money > v.Role(best).Money) {
			best = r
		}
	}
	return best
}

// cardPlan returns the target the agent wants for card k now (a role,
// square or officer by the card's kind; -1 for cards without a target), and
// whether the card is worth playing.
func (a *Heuristic) cardPlan(v *mbg.View, me, k int) (int, bool) {
	card := v.Config().Cards[k]
	rs := v.Role(me)
	lead := leader(v, me)
	switch hookName(card.Hook) {
	case "double":
		return -1, !rs.Extra
	case "fast":
		return me, rs.Move == mbg.MoveNormal
	case "slow", "stop":
		return lead, lead >= 0 && v.Role(lead).Move == mbg.MoveNormal
	case "steal", "public_enemy":
		return lead, lead >= 0 && v.Role(lead).Money > 0 && (hookName(card.Hook) == "steal" || v.Role(lead).Ally == mbg.NoAlly)
	case "barrier", "robber":
		if lead < 0 {
			return -1, false
		}
		n := len(v.Config().Board)
		lr := v.Role(lead)
		sq := ((lr.Loc+lr.Dir)%n + n) % n
		// Not on the agent's own way (its next max_step squares).
		for s := 0; s <= v.Config().Constants.MaxStep; s++ {
			if ((rs.Loc+s*rs.Dir)%n+n)%n == sq {
				return -1, false
			}
		}
		return sq, true
	case "rumour", "poison", "defect":
		o := a.bestRival(v, me, hookName(card.Hook))
		return o, o >= 0
	case "recover":
		lost, total := 0.0, 0.0
		for _, o := range rs.Retinue {
			of := v.Officer(o)
			lost += of.HPMax - of.HP
			total += of.HPMax
		}
		return -1, total > 0 && lost > 0.25*total
	}
	return -1, false
}

// bestRival returns the most valuable officer of the other roles that the
// card would still hurt.
func (a *Heuristic) bestRival(v *mbg.View, me int, hook string) int {
	bo, bs := -1, 0.0
	for r := range v.NumRoles() {
		if r == me || !v.Alive(r) {
			continue
		}
		for o := range len(v.Config().Officers) {
			of := v.Officer(o)
			if of.Role != r || (hook == "rumour" && of.Rumour > 0) || (hook == "poison" && of.Poison > 0) || (hook == "defect" && of.Quit) {
				continue
			}
			if s := worth(v, o); s > bs {
				bo, bs = o, s
			}
		}
	}
	return bo
}

func (a *Heuristic) action(v *mbg.View, req *mbg.Request) int {
	for i, o := range req.Options {
		if o.Kind != mbg.OptCard || a.tried[o.A] > 0 {
			continue
		}
		if _, ok := a.cardPlan(v, req.Player, o.A); ok {
			a.tried[o.A] = 1
			return i
		}
	}
	return find(req, mbg.OptMove, -1)
}

func (a *Heuristic) cardTarget(v *mbg.View, req *mbg.Request) int {
	target, ok := a.cardPlan(v, req.Player, req.Card)
	if !ok || a.tried[req.Card] > 1 {
		return find(req, mbg.OptCancel, -1)
	}
	a.tried[req.Card] = 2
	for i, o := range req.Options {
		if o.Kind != mbg.OptCancel && o.A == target {
			return i
		}
	}
	return find(req, mbg.OptCancel, -1)
}

// ---- allocation ----

// allocate fills empty posts with the best garrison officer for them, and
// brings an officer back when the role has nobody to fight with.
func (a *Heuristic) allocate(v *mbg.View, req *mbg.Request) int {
	rs := v.Role(req.Player)
	for _, c := range rs.Cities {
		cs := v.City(c)
		if cs.Treasurer < 0 {
			if i := a.bestPost(v, req, mbg.OptTreasurer, c, cs.Mayor, mbg.Jing); i >= 0 {
				return i
			}
		}
		if cs.Mayor < 0 && len(cs.Garrison) >= 2 {
			if i := a.bestPost(v, req, mbg.OptMayor, c, cs.Treasurer, mbg.Zheng); i >= 0 {
				return i
			}
		}
	}
	if len(rs.Retinue) == 0 {
		for _, c := range rs.Cities {
			cs := v.City(c)
			if len(cs.Garrison) < 2 {
				continue
			}
			if i := a.bestPost(v, req, mbg.OptWithdraw, c, cs.Treasurer, mbg.Zhan); i >= 0 {
				return i
			}
		}
	}
	return find(req, mbg.OptDone, -1)
}

// bestPost returns the option name for city c whose officer (not skip) has
// the highest property p, or -1.
func (a *Heuristic) bestPost(v *mbg.View, req *mbg.Request, name mbg.OptionKind, c, skip int, p mbg.Prop) int {
	bi, bs := -1, -1.0
	for i, o := range req.Options {
		if o.Kind != name || o.B != c || o.A == skip {
			continue
		}
		if s := v.Effective(o.A, p); s > bs {
			bi, bs = i, s
		}
	}
	return bi
}
