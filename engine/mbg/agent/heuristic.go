package agent

import (
	"fmt"
	"math"
	"path"
	"strconv"
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

	// Trace, when set, is told how the agent rated every option of a
	// request, in option order: the terms of its score where it scores
	// options (officers to hire, post, send or train, research, generals),
	// the quantities its rule compares otherwise, and why an option was
	// not taken. Tools explaining a decision set it; nil in play.
	Trace func(Scored)

	// t collects one option's terms while tracing.
	t terms
	// traced counts the options reported for the current request.
	traced int
}

// Term is one named quantity of an option's rating.
type Term struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}

// Scored is how the agent rated option Option of a request. Where it
// scores options, Score is the sum of Terms (their product when Product)
// and the highest positive score wins; where a rule decides, Score is nil
// and Terms are what the rule compared. Skip says why an option was not
// taken ("" for the choice, and for scored options that lost on score).
type Scored struct {
	Option  int      `json:"option"`
	Terms   []Term   `json:"terms,omitempty"`
	Product bool     `json:"product,omitempty"`
	Score   *float64 `json:"score,omitempty"`
	Skip    string   `json:"skip,omitempty"`
}

// idle is the terms of every option when not tracing: it records nothing,
// so agents playing in parallel share it.
var idle terms

// terms collects an option's terms; it records nothing unless tracing.
type terms struct {
	rec     bool
	list    []Term
	product bool
	skip    string
}

func (t *terms) add(name string, v float64) {
	if t.rec {
		t.list = append(t.list, Term{Name: name, Value: v})
	}
}

func (t *terms) skipped(why string) {
	if t.rec {
		t.skip = why
	}
}

// begin starts collecting the terms of one option.
func (a *Heuristic) begin() *terms {
	a.t = terms{rec: a.Trace != nil}
	return &a.t
}

// emit reports option i with the collected terms (score nil for rules).
func (a *Heuristic) emit(i int, score *float64) {
	if a.Trace == nil {
		return
	}
	a.traced++
	a.Trace(Scored{Option: i, Terms: a.t.list, Product: a.t.product, Score: score, Skip: a.t.skip})
}

// note reports option i of a rule's decision with one reason and terms.
func (a *Heuristic) note(i int, skip string, ts ...Term) {
	if a.Trace == nil {
		return
	}
	a.traced++
	a.Trace(Scored{Option: i, Terms: ts, Skip: skip})
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
	a.traced = 0
	i := a.decide(v, req)
	if i < 0 || i >= len(req.Options) {
		i = req.Default
	}
	if a.Trace != nil && a.traced == 0 {
		// A rule without quantities of its own: the choice and the rest.
		for j := range req.Options {
			if j != i {
				a.note(j, "the rule takes another option")
			} else {
				a.note(j, "")
			}
		}
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
		n := float64(len(v.Role(req.Player).Retinue))
		yes, no := find(req, mbg.OptYes, -1), find(req, mbg.OptNo, -1)
		if a.Trace != nil {
			retinue := Term{"officers in the retinue", n}
			if n >= 2 {
				a.note(yes, "", retinue)
				a.note(no, "the retinue has two officers or more: one garrisons, one fights on", retinue)
			} else {
				a.note(yes, "fewer than two officers in the retinue", retinue)
				a.note(no, "", retinue)
			}
		}
		if n >= 2 {
			return yes
		}
		return no
	case mbg.AskGarrison:
		return a.garrison(v, req)
	case mbg.AskMayor:
		return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 { return a.mayorScore(v, req.Place, o.A, t) })
	case mbg.AskTreasurer:
		return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 {
			e := v.Effective(o.A, mbg.Jing)
			t.add("economy (经)", e)
			return e
		})
	case mbg.AskHire:
		return a.hire(v, req)
	case mbg.AskResearch:
		return a.research(v, req)
	case mbg.AskTrain:
		return a.train(v, req)
	case mbg.AskScale:
		return a.scale(v, req)
	case mbg.AskGeneral:
		return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 {
			if t.rec {
				t.product = true
				t.add("tactics (战) + 1", v.Effective(o.A, mbg.Zhan)+1)
				t.add("hp + 1", v.Officer(o.A).HP+1)
				t.add("martial (武) + 20", v.Effective(o.A, mbg.Wu)+20)
			}
			return mainScore(v, o.A)
		})
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
func (a *Heuristic) best(req *mbg.Request, name mbg.OptionKind, score func(mbg.Option, *terms) float64) int {
	bi, bs := -1, 0.0
	for i, o := range req.Options {
		if o.Kind != name {
			continue
		}
		t := &idle
		if a.Trace != nil {
			t = a.begin()
		}
		s := score(o, t)
		if a.Trace != nil {
			if s <= 0 && t.skip == "" {
				t.skipped("scores nothing")
			}
			score := s
			a.emit(i, &score)
		}
		if s > bs {
			bi, bs = i, s
		}
	}
	if bi >= 0 && a.Trace == nil {
		return bi
	}
	fallback := req.Default
	for i, o := range req.Options {
		if o.Kind != name {
			fallback = i
			break
		}
	}
	if a.Trace != nil {
		for i, o := range req.Options {
			if o.Kind == name {
				continue
			}
			switch {
			case bi >= 0:
				a.note(i, "an option scores above 0")
			case i != fallback:
				a.note(i, "the rule takes another option")
			default:
				a.note(i, "")
			}
		}
	}
	if bi >= 0 {
		return bi
	}
	return fallback
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

func (a *Heuristic) mayorScore(v *mbg.View, c, o int, t *terms) float64 {
	// With a single garrison officer the economy matters more: leave the
	// post empty so he becomes treasurer.
	if len(v.City(c).Garrison) < 2 {
		t.skipped("one garrison officer: he is to be treasurer")
		return 0
	}
	best, top := -1, -1.0
	for _, g := range v.City(c).Garrison {
		if e := v.Effective(g, mbg.Jing); e > top {
			best, top = g, e
		}
	}
	if o == best {
		t.skipped("the garrison's best economist: the treasurer to be")
		return 0
	}
	z := v.Effective(o, mbg.Zheng)
	t.add("politics (政)", z)
	return z
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
		done := find(req, mbg.OptDone, -1)
		if a.Trace != nil {
			for i := range req.Options {
				if i == done {
					a.note(i, "", Term{"officers sent", float64(sent)}, Term{"officers to send", float64(want)})
				} else {
					a.note(i, "enough officers are sent")
				}
			}
		}
		return done
	}
	prop, pname := mbg.Jing, "economy (经) + 1"
	if sent == 1 {
		prop, pname = mbg.Zheng, "politics (政) + 1"
	}
	return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 {
		if o.A == keep && len(ret) > 1 {
			t.skipped("the best fighter stays with the role")
			return 0
		}
		e := v.Effective(o.A, prop) + 1
		t.add(pname, e)
		return e
	})
}

func (a *Heuristic) hire(v *mbg.View, req *mbg.Request) int {
	money := v.Role(req.Player).Money
	return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 {
		if money-o.Price < a.Reserve {
			if t.rec {
				t.skipped(fmt.Sprintf("hiring leaves %s gold, below the reserve of %s", num(money-o.Price), num(a.Reserve)))
			}
			return 0
		}
		if t.rec {
			top := 0.0
			for p := range mbg.NumProps {
				x := v.Effective(o.A, p)
				t.add(propNames[p], x)
				top = max(top, x)
			}
			t.add("the best property again", top)
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
	return a.best(req, mbg.OptResearch, func(o mbg.Option, tr *terms) float64 {
		t := cfg.Techs[o.B]
		if o.A == keep {
			tr.skipped("the best fighter stays with the role")
			return 0
		}
		if rs.Money-t.Study < a.Reserve {
			tr.skipped("the study would take the money below the reserve")
			return 0
		}
		tr.add("1000 × (11 − the tech's rank)", float64(11-techRank(t.Hook))*1000)
		tr.add("strategy (谋)", v.Effective(o.A, mbg.Mou))
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
	return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 {
		if o.A == keep {
			t.skipped("the best fighter stays with the role")
			return 0
		}
		if v.Officer(o.A).Props[p] >= 99 {
			t.skipped("the property is at its maximum")
			return 0
		}
		if t.rec {
			t.add(propNames[p]+" + 1", v.Officer(o.A).Props[p]+1)
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
	k := v.Config().Constants
	choice := find(req, mbg.OptNone, -1)
	if ar*a.Margin <= dr {
		for s := range 3 {
			if float64(k.BattleRoundMin+k.BattleRoundStep*s) > ar*1.3 {
				choice = find(req, mbg.OptScale, s)
				break
			}
		}
	}
	if a.Trace != nil {
		fight := []Term{{"rounds to defeat the defender", ar}, {"rounds to be defeated", dr}, {"margin", a.Margin}}
		for i, o := range req.Options {
			ts := fight
			skip := ""
			if o.Kind == mbg.OptScale {
				ts = append(ts[:len(ts):len(ts)], Term{"rounds of this scale", float64(k.BattleRoundMin + k.BattleRoundStep*o.A)}, Term{"1.3 × rounds to defeat the defender", ar * 1.3})
			}
			switch {
			case i == choice:
			case ar*a.Margin > dr:
				skip = "not clearly stronger: rounds to defeat × margin > rounds to be defeated"
			case o.Kind == mbg.OptScale:
				skip = "another scale is the smallest lasting longer than 1.3 × the rounds to defeat"
			default:
				skip = "clearly stronger: it fights"
			}
			a.note(i, skip, ts...)
		}
	}
	return choice
}

func (a *Heuristic) vice(v *mbg.View, req *mbg.Request) int {
	// The vice only adds the better of his Wu and Mou to the main's.
	mw, mm := 0.0, 0.0
	if m := req.Officer; m >= 0 {
		mw, mm = v.Effective(m, mbg.Wu), v.Effective(m, mbg.Mou)
	}
	return a.best(req, mbg.OptOfficer, func(o mbg.Option, t *terms) float64 {
		t.add("martial (武) above the main's", math.Max(v.Effective(o.A, mbg.Wu)-mw, 0))
		t.add("½ × strategy (谋) above the main's", 0.5*math.Max(v.Effective(o.A, mbg.Mou)-mm, 0))
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
	choice := -1
	for i, o := range req.Options {
		if o.Kind != mbg.OptCard || a.tried[o.A] > 0 {
			continue
		}
		if _, ok := a.cardPlan(v, req.Player, o.A); ok {
			a.tried[o.A] = 1
			choice = i
			break
		}
	}
	if choice < 0 {
		choice = find(req, mbg.OptMove, -1)
	}
	if a.Trace != nil {
		card := choice >= 0 && req.Options[choice].Kind == mbg.OptCard
		for i, o := range req.Options {
			skip := ""
			switch {
			case i == choice:
			case o.Kind != mbg.OptCard && card:
				skip = "a card has a purpose now"
			case o.Kind != mbg.OptCard:
				skip = "the rule takes another option"
			case a.tried[o.A] > 0:
				skip = "tried this turn already"
			case card && i > choice:
				skip = "an earlier card is played"
			default:
				skip = "no purpose now"
			}
			a.note(i, skip)
		}
	}
	return choice
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

// propNames name the five properties in traces.
var propNames = [mbg.NumProps]string{"martial (武)", "tactics (战)", "strategy (谋)", "politics (政)", "economy (经)"}

// num writes a money amount without a fraction when it has none.
func num(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
