package agent

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/rng"
)

// Heuristic is a greedy player:
//
//   - draft: picks (and bans) by a value table: HP, plus 25 per declared
//     skill, 4 per math tier, and 3 per point of 极值 above 6 for females
//     (偏移 strength);
//   - preparation: buys the best weapon the purse allows while keeping 4 G
//     for shots, M202 first, then Gatling, then RPG; uses preparation
//     skills on the first target offered;
//   - turn start (YR's 约谈): pulls the enemy to the offered point where
//     its own side's weapons hit hardest (Firepower), when that beats
//     where the enemy stands, the weakest enemy first; otherwise lets it
//     be;
//   - play: previews every shot and skill (View.Preview) and scores it by
//     enemy HP lost, kills and tower damage against own losses and G;
//     moves toward the nearest enemy tower or hero, favours economy zones
//     and returns to its own towers when enemies stand near them; it takes
//     the best operation of all its unacted heroes, so the best shot goes
//     first (focus fire).
//
// Where options score the same (moves above all), it chooses among them
// at random from its own seeded RNG, as a player would; so do its drafts
// among near-equal heroes.
type Heuristic struct {
	// Weights of the action score.
	Kill, Tower, G int
	// Slack: the draft picks at random (from its own seeded RNG) among the
	// heroes whose value is within Slack of the best, so that heuristic
	// drafts vary from game to game.
	Slack int
	// Trace, when set, receives every option of a request the agent rates
	// (mapc inspect --ai): its score terms, or why it was left out.
	Trace func(Scored)
	rng   *rng.RNG
}

// Term is one named part of an option's score.
type Term struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// Scored is how the heuristic rated option Option of a request: the terms
// summing to Score, or Skip saying why the option was no candidate.
type Scored struct {
	Option int    `json:"option"`
	Terms  []Term `json:"terms,omitempty"`
	Score  int    `json:"score"`
	Skip   string `json:"skip,omitempty"`
}

// tally sums an option's score, keeping the terms only when tracing.
type tally struct {
	sum   int
	rec   bool
	terms []Term
}

func (t *tally) add(name string, v int) {
	t.sum += v
	if t.rec && v != 0 {
		t.terms = append(t.terms, Term{Name: name, Value: v})
	}
}

func (a *Heuristic) tally() tally { return tally{rec: a.Trace != nil} }

func (a *Heuristic) trace(i int, t tally, skip string) {
	if a.Trace != nil {
		a.Trace(Scored{Option: i, Terms: t.terms, Score: t.sum, Skip: skip})
	}
}

// best keeps the highest score seen, choosing uniformly among equal ones
// (reservoir sampling over the agent's RNG).
type best struct {
	i, score, ties int
}

func (b *best) offer(a *Heuristic, i, score int) {
	switch {
	case b.ties == 0 || score > b.score:
		b.i, b.score, b.ties = i, score, 1
	case score == b.score:
		b.ties++
		if a.rng.IntN(b.ties) == 0 {
			b.i = i
		}
	}
}

// NewHeuristic returns the heuristic agent with its default weights; seed
// drives its draft choices among near-equal heroes.
func NewHeuristic(seed uint64) *Heuristic {
	return &Heuristic{Kill: 40, Tower: 2, G: 3, Slack: 30, rng: rng.New(seed)}
}

// Decide implements glory.Decider.
func (a *Heuristic) Decide(v *glory.View, req *glory.Request) (int, error) {
	switch req.Kind {
	case glory.AskMain, glory.AskPick, glory.AskBan:
		return a.draft(v, req), nil
	case glory.AskWeapon:
		return a.weapon(v, req), nil
	case glory.AskPrep:
		return a.prep(req), nil
	case glory.AskAction:
		return a.action(v, req)
	case glory.AskStart:
		return a.start(v, req), nil
	}
	return req.Default, nil
}

// Value is the draft value of config hero h.
func Value(cfg *glory.Config, h int) int {
	t := tally{}
	value(&t, cfg, h)
	return t.sum
}

func value(t *tally, cfg *glory.Config, h int) {
	c := &cfg.Heroes[h]
	t.add("hp", c.HP)
	t.add("25 per skill", 25*len(c.Skills))
	t.add("4 per math tier", 4*c.Math)
	if c.Gender == glory.Female && c.Extreme > 6 {
		t.add("3 per 极值 above 6 (偏移)", 3*(c.Extreme-6))
	}
}

func (a *Heuristic) draft(v *glory.View, req *glory.Request) int {
	bestV := -1
	for _, o := range req.Options {
		bestV = max(bestV, Value(v.Config(), o.A))
	}
	var near []int
	for i, o := range req.Options {
		t := a.tally()
		value(&t, v.Config(), o.A)
		skip := ""
		if t.sum >= bestV-a.Slack {
			near = append(near, i)
		} else if t.rec {
			skip = fmt.Sprintf("more than %d below the best value %d", a.Slack, bestV)
		} else {
			skip = "far below the best"
		}
		a.trace(i, t, skip)
	}
	if len(near) == 0 {
		return req.Default
	}
	return near[a.rng.IntN(len(near))]
}

// prep uses the first preparation skill offered.
func (a *Heuristic) prep(req *glory.Request) int {
	choice := req.Default
	for i, o := range req.Options {
		t := a.tally()
		skip := ""
		switch {
		case o.Kind != glory.OptSkill:
			skip = "not a skill"
		case choice != req.Default:
			skip = "a skill offered earlier is used"
		default:
			t.add("first skill offered", 1)
			choice = i
		}
		a.trace(i, t, skip)
	}
	return choice
}

func (a *Heuristic) weapon(v *glory.View, req *glory.Request) int {
	cfg := v.Config()
	best, bestV := req.Default, 0
	for i, o := range req.Options {
		if o.Kind != glory.OptWeapon {
			a.trace(i, a.tally(), "no weapon: taken only when no weapon is worth more than 0")
			continue
		}
		w := &cfg.Weapons[o.A]
		// Value: the mean damage at 0–3 steps plus splash, less 8 per G a
		// shot costs (the purse runs dry long before the heroes do).
		sum := 0
		for s := range 4 {
			sum += w.Damage[min(s, len(w.Damage)-1)]
		}
		t := a.tally()
		t.add("mean damage at 0–3 steps", sum/4)
		t.add("2 × splash", 2*w.Splash[0])
		t.add("−8 per G a shot costs", -8*w.FireCost)
		a.trace(i, t, "")
		if t.sum > bestV {
			best, bestV = i, t.sum
		}
	}
	return best
}

func (a *Heuristic) action(v *glory.View, req *glory.Request) (int, error) {
	me := req.Player
	var b best
	for i, o := range req.Options {
		t := a.tally()
		skip := ""
		switch o.Kind {
		case glory.OptFire, glory.OptSkill:
			out, err := v.Preview(o)
			if err != nil {
				return 0, err
			}
			a.score(&t, me, out)
			if t.sum <= 0 {
				skip = "gains nothing"
			} else {
				t.add("a useful shot or skill beats any move", 1000)
			}
		case glory.OptMove:
			a.moveScore(&t, v, me, o)
		case glory.OptPrepare:
			switch {
			case v.Heroes()[o.Hero].Weapon >= 0:
				skip = "already holds a weapon"
			case v.G(me)-v.Config().Weapons[o.A].PrepareCost < 4:
				skip = "would leave less than 4 G for shots"
			default:
				t.add("prepare a weapon", 500)
				t.add("its damage at 0 steps", v.Config().Weapons[o.A].Damage[0])
			}
		case glory.OptPass:
			if p := v.Heroes()[o.Hero].Point; v.Board().Econ(p) {
				t.add("stays on an economy zone", a.econBonus(v, me))
			}
		default:
			skip = "not considered (give and swap)"
		}
		a.trace(i, t, skip)
		if skip == "" {
			b.offer(a, i, t.sum)
		}
	}
	if b.ties == 0 {
		return req.Default, nil
	}
	return b.i, nil
}

func (a *Heuristic) score(t *tally, me int, out glory.Outcome) {
	if out.Winner == me {
		t.add("wins the game", 1<<20)
		return
	}
	if out.Winner == 1-me {
		t.add("loses the game", -1<<20)
		return
	}
	en := 1 - me
	t.add("enemy HP lost", out.HeroLoss[en])
	t.add("own HP lost", -out.HeroLoss[me])
	t.add("kills × Kill", a.Kill*out.Deaths[en])
	t.add("own deaths × −Kill", -a.Kill*out.Deaths[me])
	t.add("enemy tower HP lost × Tower", a.Tower*out.TowerLoss[en])
	t.add("own tower HP lost × −Tower", -a.Tower*out.TowerLoss[me])
	t.add("G spent × −G", -a.G*out.Spent[me])
}

// econBonus is what standing on an economy zone is worth: much more when
// the purse cannot pay for a shot.
func (a *Heuristic) econBonus(v *glory.View, me int) int {
	if v.G(me) < 4 {
		return 60
	}
	return 15
}

// moveScore rates a move: closer to the nearest enemy tower or hero,
// economy zones, and home when an enemy is within 3 steps of an own tower.
func (a *Heuristic) moveScore(t *tally, v *glory.View, me int, o glory.Option) {
	b := v.Board()
	h := v.Heroes()[o.Hero]
	to := o.A
	threat := false
	for _, t := range v.Towers() {
		if t.Side != me || t.HP <= 0 {
			continue
		}
		for _, e := range v.Heroes() {
			if e.Alive && e.Side != me && b.Steps(e.Point, t.Point) >= 0 && b.Steps(e.Point, t.Point) <= 3 {
				threat = true
			}
		}
	}
	near := func(p int) int {
		d := 1 << 20
		for _, t := range v.Towers() {
			if t.HP > 0 && (t.Side != me) != threat {
				if s := b.Steps(p, t.Point); s >= 0 {
					d = min(d, s)
				}
			}
		}
		for _, e := range v.Heroes() {
			if e.Alive && e.Side != me {
				if s := b.Steps(p, e.Point); s >= 0 {
					d = min(d, s+2)
				}
			}
		}
		return d
	}
	goal := "closer to the nearest enemy tower or hero (10 per step)"
	if threat {
		goal = "closer to an own tower under threat (10 per step)"
	}
	t.add(goal, 10*(near(h.Point)-near(to)))
	if b.Econ(to) {
		t.add("economy zone", a.econBonus(v, me))
	}
	// Firing positions: an armed hero likes a point from which it sees a
	// standing enemy tower or enemy heroes.
	if h.Weapon >= 0 || len(v.Config().Heroes[h.Hero].Weapons) > 0 {
		towers, heroes := 0, 0
		for _, tw := range v.Towers() {
			if tw.Side != me && tw.HP > 0 && b.Sees(to, tw.Point) {
				towers++
			}
		}
		for _, e := range v.Heroes() {
			if e.Alive && e.Side != me && b.Sees(to, e.Point) {
				heroes++
			}
		}
		t.add("sees enemy towers (25 each)", 25*towers)
		t.add("sees enemy heroes (8 each)", 8*heroes)
	}
}

// start answers a turn-start request: among the options with a target hero
// and an aim point (a pull), the one gaining most Firepower over the
// target's current point, with a bonus when the side could then finish it;
// the default (declining) when no option gains.
func (a *Heuristic) start(v *glory.View, req *glory.Request) int {
	me := req.Player
	best, bestS := req.Default, 0
	for i, o := range req.Options {
		t := a.tally()
		if o.Kind != glory.OptSkill || o.B < 0 || o.C < 0 {
			a.trace(i, t, "not a pull: taken only when no pull gains")
			continue
		}
		th := v.Heroes()[o.B]
		if th.Side == me {
			a.trace(i, t, "pulls an own hero")
			continue
		}
		fp := Firepower(v, me, o.C)
		t.add("own firepower at the new point", fp)
		t.add("less the firepower where it stands", -Firepower(v, me, th.Point))
		if t.sum <= 0 {
			a.trace(i, t, "gains no firepower")
			continue
		}
		if fp >= th.HP {
			t.add("could be finished there", a.Kill)
		}
		a.trace(i, t, "")
		if t.sum > bestS {
			best, bestS = i, t.sum
		}
	}
	return best
}

// Firepower is the damage side's living heroes could deal to a hero on
// point q with one shot each: per hero its best weapon (fixed or main)
// whose shot the purse pays and whose line reaches q.
func Firepower(v *glory.View, side, q int) int {
	cfg, b := v.Config(), v.Board()
	sum := 0
	for _, h := range v.Heroes() {
		if !h.Alive || h.Side != side {
			continue
		}
		ws := cfg.Heroes[h.Hero].Weapons
		if h.Weapon >= 0 {
			ws = append(ws[:len(ws):len(ws)], h.Weapon)
		}
		best := 0
		for _, w := range ws {
			wc := &cfg.Weapons[w]
			steps := b.LineSteps(h.Point, q)
			if steps < 0 || (wc.MaxSteps > 0 && steps > wc.MaxSteps) || wc.FireCost > v.G(side) {
				continue
			}
			best = max(best, v.WeaponDamage(w, steps))
		}
		sum += best
	}
	return sum
}
