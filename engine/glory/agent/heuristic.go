package agent

import (
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
type Heuristic struct {
	// Weights of the action score.
	Kill, Tower, G int
	// Slack: the draft picks at random (from its own seeded RNG) among the
	// heroes whose value is within Slack of the best, so that heuristic
	// drafts vary from game to game.
	Slack int
	rng   *rng.RNG
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
		for i, o := range req.Options {
			if o.Kind == glory.OptSkill {
				return i, nil
			}
		}
		return req.Default, nil
	case glory.AskAction:
		return a.action(v, req)
	case glory.AskStart:
		return a.start(v, req), nil
	}
	return req.Default, nil
}

// Value is the draft value of config hero h.
func Value(cfg *glory.Config, h int) int {
	c := &cfg.Heroes[h]
	v := c.HP + 25*len(c.Skills) + 4*c.Math
	if c.Gender == glory.Female && c.Extreme > 6 {
		v += 3 * (c.Extreme - 6)
	}
	return v
}

func (a *Heuristic) draft(v *glory.View, req *glory.Request) int {
	bestV := -1
	for _, o := range req.Options {
		bestV = max(bestV, Value(v.Config(), o.A))
	}
	var near []int
	for i, o := range req.Options {
		if Value(v.Config(), o.A) >= bestV-a.Slack {
			near = append(near, i)
		}
	}
	if len(near) == 0 {
		return req.Default
	}
	return near[a.rng.IntN(len(near))]
}

func (a *Heuristic) weapon(v *glory.View, req *glory.Request) int {
	cfg := v.Config()
	best, bestV := req.Default, 0
	for i, o := range req.Options {
		if o.Kind != glory.OptWeapon {
			continue
		}
		w := &cfg.Weapons[o.A]
		// Value: the mean damage at 0–3 steps plus splash, less 8 per G a
		// shot costs (the purse runs dry long before the heroes do).
		val := 0
		for s := range 4 {
			val += w.Damage[min(s, len(w.Damage)-1)]
		}
		val = val/4 + 2*w.Splash[0] - 8*w.FireCost
		if val > bestV {
			best, bestV = i, val
		}
	}
	return best
}

func (a *Heuristic) action(v *glory.View, req *glory.Request) (int, error) {
	me := req.Player
	best, bestS := req.Default, -1<<30
	for i, o := range req.Options {
		var s int
		switch o.Kind {
		case glory.OptFire, glory.OptSkill:
			out, err := v.Preview(o)
			if err != nil {
				return 0, err
			}
			s = a.score(me, out)
			if s <= 0 {
				continue
			}
			s += 1000 // a useful shot or skill beats any move
		case glory.OptMove:
			s = a.moveScore(v, me, o)
		case glory.OptPrepare:
			if v.Heroes()[o.Hero].Weapon >= 0 || v.G(me)-v.Config().Weapons[o.A].PrepareCost < 4 {
				continue
			}
			s = 500 + v.Config().Weapons[o.A].Damage[0]
		case glory.OptPass:
			s = 0
			if p := v.Heroes()[o.Hero].Point; v.Board().Econ(p) {
				s = a.econBonus(v, me)
			}
		default:
			continue
		}
		if s > bestS {
			best, bestS = i, s
		}
	}
	return best, nil
}

func (a *Heuristic) score(me int, out glory.Outcome) int {
	if out.Winner == me {
		return 1 << 20
	}
	if out.Winner == 1-me {
		return -1 << 20
	}
	en := 1 - me
	return out.HeroLoss[en] - out.HeroLoss[me] + a.Kill*(out.Deaths[en]-out.Deaths[me]) +
		a.Tower*(out.TowerLoss[en]-out.TowerLoss[me]) - a.G*out.Spent[me]
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
func (a *Heuristic) moveScore(v *glory.View, me int, o glory.Option) int {
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
	s := 10 * (near(h.Point) - near(to))
	if b.Econ(to) {
		s += a.econBonus(v, me)
	}
	// Firing positions: an armed hero likes a point from which it sees a
	// standing enemy tower or enemy heroes.
	if h.Weapon >= 0 || len(v.Config().Heroes[h.Hero].Weapons) > 0 {
		for _, t := range v.Towers() {
			if t.Side != me && t.HP > 0 && b.Sees(to, t.Point) {
				s += 25
			}
		}
		for _, e := range v.Heroes() {
			if e.Alive && e.Side != me && b.Sees(to, e.Point) {
				s += 8
			}
		}
	}
	return s
}

// start answers a turn-start request: among the options with a target hero
// and an aim point (a pull), the one gaining most Firepower over the
// target's current point, with a bonus when the side could then finish it;
// the default (declining) when no option gains.
func (a *Heuristic) start(v *glory.View, req *glory.Request) int {
	me := req.Player
	best, bestS := req.Default, 0
	for i, o := range req.Options {
		if o.Kind != glory.OptSkill || o.B < 0 || o.C < 0 {
			continue
		}
		t := v.Heroes()[o.B]
		if t.Side == me {
			continue
		}
		fp := Firepower(v, me, o.C)
		s := fp - Firepower(v, me, t.Point)
		if s <= 0 {
			continue
		}
		if fp >= t.HP {
			s += a.Kill
		}
		if s > bestS {
			best, bestS = i, s
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
