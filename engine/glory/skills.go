package glory

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/sandtable/sandtable/engine/rng"
)

// Skill call events (SkillCall.Event).
const (
	CallUse    = "use"    // a chosen use (turn or preparation phase) or a turn-start trigger
	CallCan    = "can"    // may the skill be aimed at Target?
	CallModify = "modify" // a passive adjusting damage Amount from Source to Victim
)

// SkillCall is one call of a skill hook.
type SkillCall struct {
	Event string
	// Hero is the skill's owner (a game hero) and Slot its skill index.
	Hero, Slot int
	// Target is the chosen hero or point (-1 none); Aim the point of an
	// aimed skill (-1 none).
	Target, Aim int
	// Source, Victim, Amount and Kind describe the damage a passive
	// modifies (CallModify).
	Source, Victim, Amount, Kind int
}

// SkillRunner resolves skill hooks; engine/glory/hooks implements it for
// Lua scripts and Go twins. The engine has already checked the declared
// limits (phase, cooldown, uses, cost, range, 视域) when it calls Use.
type SkillRunner interface {
	// Has reports whether a hook of that id exists.
	Has(hook string) bool
	// Ready reports whether the skill may be used at all now, whatever the
	// target (true when the hook has no such check); called once before
	// the targets are listed.
	Ready(h *Host, s *Skill, hook string, c *SkillCall) (bool, error)
	// Can reports whether the skill may be aimed at c.Target (true when
	// the hook has no such check).
	Can(h *Host, s *Skill, hook string, c *SkillCall) (bool, error)
	// Use resolves one use.
	Use(h *Host, s *Skill, hook string, c *SkillCall) error
	// Modify returns the damage after a passive skill (c.Amount unchanged
	// when the hook has no modifier).
	Modify(h *Host, s *Skill, hook string, c *SkillCall) (int, error)
}

// RandomUser is a SkillRunner whose hooks draw random numbers; New hands
// it the game's RNG (and a loaded game its restored RNG).
type RandomUser interface {
	UseRNG(g *rng.RNG)
}

// skillOf returns hero i's skill in slot.
func (g *Game) skillOf(i, slot int) *Skill {
	return &g.cfg.Heroes[g.st.Heroes[i].Hero].Skills[slot]
}

// ready reports whether hero i may use the skill in slot now: uses left,
// cooldown over, cost affordable.
func (g *Game) ready(i, slot int) bool {
	h := &g.st.Heroes[i]
	s := g.skillOf(i, slot)
	return (s.Uses == 0 || h.Uses[slot] < s.Uses) && g.st.Turns[h.Side] >= h.Next[slot] && s.Cost <= g.st.G[h.Side]
}

// targets appends the legal targets of hero i's skill in slot as options
// of kind OptSkill.
func (g *Game) skillTargets(r *Request, i, slot int) error {
	h := &g.st.Heroes[i]
	s := g.skillOf(i, slot)
	inRange := func(q int) bool {
		if s.Range >= 0 {
			if d := g.board.Steps(h.Point, q); d < 0 || d > s.Range {
				return false
			}
		}
		return !s.LOS || g.board.Sees(h.Point, q)
	}
	ok, err := g.skills.Ready(g.host(), s, s.Hook, &SkillCall{Event: CallCan, Hero: i, Slot: slot, Target: -1, Aim: -1, Source: -1, Victim: -1})
	if err != nil {
		return g.hookError(i, s, err)
	}
	if !ok {
		return nil
	}
	aims := []int{-1}
	if s.Aim == AimNear {
		aims = append(aims[:0], h.Point)
		for _, l := range g.board.Links(h.Point) {
			if g.board.Near(h.Point, l.To) {
				aims = append(aims, l.To)
			}
		}
		slices.Sort(aims)
		aims = slices.Compact(aims)
	}
	try := func(target int) error {
		for _, aim := range aims {
			ok, err := g.skills.Can(g.host(), s, s.Hook, &SkillCall{Event: CallCan, Hero: i, Slot: slot, Target: target, Aim: aim, Source: -1, Victim: -1})
			if err != nil {
				return g.hookError(i, s, err)
			}
			if ok {
				r.Options = append(r.Options, opt(OptSkill, i, slot, target, aim))
			}
		}
		return nil
	}
	switch s.Target {
	case TargetNone:
		return try(-1)
	case TargetPoint:
		for q := range g.board.Len() {
			if inRange(q) {
				if err := try(q); err != nil {
					return err
				}
			}
		}
	default:
		for v := range g.st.Heroes {
			o := &g.st.Heroes[v]
			if !o.Alive || !inRange(o.Point) ||
				s.Target == TargetEnemy && o.Side == h.Side || s.Target == TargetAlly && o.Side != h.Side {
				continue
			}
			if err := try(v); err != nil {
				return err
			}
		}
	}
	return nil
}

// skillOptions appends hero i's usable turn skills.
func (g *Game) skillOptions(r *Request, i int) error {
	h := &g.st.Heroes[i]
	for slot, s := range g.cfg.Heroes[h.Hero].Skills {
		if s.Phase == PhaseTurn && g.ready(i, slot) {
			if err := g.skillTargets(r, i, slot); err != nil {
				return err
			}
		}
	}
	return nil
}

// useSkill resolves option o (OptSkill): pays the cost, counts the use,
// starts the cooldown and runs the hook. A free skill uses no operation
// but at most once per own turn.
func (g *Game) useSkill(o Option) error {
	i, slot := o.Hero, o.A
	h := &g.st.Heroes[i]
	s := g.skillOf(i, slot)
	g.st.G[h.Side] -= s.Cost
	h.Uses[slot]++
	h.Next[slot] = g.st.Turns[h.Side] + s.Cooldown + 1
	if !s.Free && s.Phase == PhaseTurn {
		g.spend(i)
	}
	point := -1
	if s.Target == TargetPoint {
		point = o.B
	}
	other := -1
	if s.Target != TargetPoint && s.Target != TargetNone {
		other = o.B
	}
	g.emit(ev(EvSkill, h.Side, i, other, point, slot, s.Cost))
	err := g.skills.Use(g.host(), s, s.Hook, &SkillCall{Event: CallUse, Hero: i, Slot: slot, Target: o.B, Aim: o.C, Source: -1, Victim: -1})
	if err != nil {
		return g.hookError(i, s, err)
	}
	return g.takeHookErr()
}

// prepareSkills runs the preparation-phase skills (facts §7 step 6): each
// side, hero by hero, may use each of them once.
func (g *Game) prepareSkills() error {
	for side := range 2 {
		for i := range g.st.Heroes {
			h := &g.st.Heroes[i]
			if h.Side != side {
				continue
			}
			for slot, s := range g.cfg.Heroes[h.Hero].Skills {
				if s.Phase != PhasePrepare || !g.ready(i, slot) {
					continue
				}
				r := g.ask(AskPrep, side, i)
				r.Options = append(r.Options, opt(OptNone, i, slot, -1, -1))
				if err := g.skillTargets(r, i, slot); err != nil {
					return err
				}
				o, err := g.decide(r)
				if err != nil {
					return err
				}
				if o.Kind == OptSkill {
					if err := g.useSkill(o); err != nil {
						return err
					}
				}
			}
		}
	}
	g.st.Phase = PhasePlay
	g.st.Side = g.first(1)
	return nil
}

// startSkills runs side's turn-start skills, hero by hero, then clears
// the damage its heroes took in the opponent's turn. A skill without a
// target runs by itself; one with a target is the side's choice
// (startChoices).
func (g *Game) startSkills(side int) error {
	defer func() {
		for i := range g.st.Heroes {
			if h := &g.st.Heroes[i]; h.Side == side {
				h.HitBy, h.Taken = h.HitBy[:0], 0
			}
		}
	}()
	for i := range g.st.Heroes {
		h := &g.st.Heroes[i]
		if h.Side != side || !h.Alive {
			continue
		}
		for slot := range g.cfg.Heroes[h.Hero].Skills {
			s := g.skillOf(i, slot)
			if s.Phase != PhaseStart || !g.ready(i, slot) || !g.st.Heroes[i].Alive {
				continue
			}
			if s.Target != TargetNone {
				if err := g.startChoices(side, i, slot); err != nil {
					return err
				}
				continue
			}
			if err := g.skills.Use(g.host(), s, s.Hook, &SkillCall{Event: CallUse, Hero: i, Slot: slot, Target: -1, Aim: -1, Source: -1, Victim: -1}); err != nil {
				return g.hookError(i, s, err)
			}
			if err := g.takeHookErr(); err != nil {
				return err
			}
			if g.st.Phase == PhaseOver {
				return nil
			}
		}
	}
	g.checkEnd(side)
	return nil
}

// startChoices asks side whether to use hero i's turn-start skill in slot,
// which has a target, and on which target (and aim point): YR's 约谈
// chooses the enemy and the point it is pulled to, or lets it be (the
// default). The side is asked again after each use while the skill still
// offers targets (its hook's ready and can decide how many uses a turn
// start allows), at most once per hero on the board; with no target to
// offer nothing is asked.
func (g *Game) startChoices(side, i, slot int) error {
	s := g.skillOf(i, slot)
	for range len(g.st.Heroes) {
		h := &g.st.Heroes[i]
		if !h.Alive || (s.Uses > 0 && h.Uses[slot] >= s.Uses) || s.Cost > g.st.G[side] {
			return nil
		}
		r := g.ask(AskStart, side, i)
		r.Options = append(r.Options, opt(OptNone, i, slot, -1, -1))
		if err := g.skillTargets(r, i, slot); err != nil {
			return err
		}
		if len(r.Options) == 1 {
			return nil
		}
		o, err := g.decide(r)
		if err != nil {
			return err
		}
		if o.Kind != OptSkill {
			return nil
		}
		if err := g.useSkill(o); err != nil {
			return err
		}
	}
	return nil
}

// modify runs the passive skills of the damage's source, then of its
// victim, over amount.
func (g *Game) modify(src, v, amount, kind int) int {
	if g.skills == nil {
		return amount
	}
	for _, owner := range [2]int{src, v} {
		if owner < 0 {
			continue
		}
		for slot := range g.cfg.Heroes[g.st.Heroes[owner].Hero].Skills {
			s := g.skillOf(owner, slot)
			if s.Phase != PhasePassive {
				continue
			}
			out, err := g.skills.Modify(g.host(), s, s.Hook, &SkillCall{Event: CallModify, Hero: owner, Slot: slot, Target: -1, Aim: -1,
				Source: src, Victim: v, Amount: amount, Kind: kind})
			if err != nil {
				if g.hookErr == nil {
					g.hookErr = g.hookError(owner, s, err)
				}
				return amount
			}
			amount = out
		}
	}
	return amount
}

func (g *Game) hookError(i int, s *Skill, err error) error {
	return fmt.Errorf("glory: hero %s skill %s (%s): %w", g.cfg.Heroes[g.st.Heroes[i].Hero].ID, s.ID, s.Hook, err)
}

func (g *Game) takeHookErr() error {
	err := g.hookErr
	g.hookErr = nil
	return err
}

func (g *Game) host() *Host { return &g.hostv }

// Host is the API skill hooks act through. Heroes are game hero indices,
// points board indices; out-of-range arguments are reported as errors by
// the hook adapters before they reach it.
type Host struct {
	g *Game
}

// Board returns the board (steps, 视域, r …).
func (h *Host) Board() *Board { return h.g.board }

// Config returns the config.
func (h *Host) Config() *Config { return h.g.cfg }

// Round returns the round.
func (h *Host) Round() int { return h.g.st.Round }

// Heroes returns the number of drafted heroes.
func (h *Host) Heroes() int { return len(h.g.st.Heroes) }

// Hero returns hero i's state (read-only).
func (h *Host) Hero(i int) *HeroState { return &h.g.st.Heroes[i] }

// Def returns hero i's config entry (read-only).
func (h *Host) Def(i int) *Hero { return &h.g.cfg.Heroes[h.g.st.Heroes[i].Hero] }

// Damage deals skill damage from src to v (through passives) and returns
// what was dealt.
func (h *Host) Damage(src, v, amount int) int { return h.g.hit(src, v, amount, DamageSkill) }

// Lose takes amount HP from v without any modifier (a cost, not damage).
func (h *Host) Lose(v, amount int) int { return h.g.hit(-1, v, amount, DamageSplash) }

// Heal restores up to amount HP to v and returns what was restored.
func (h *Host) Heal(src, v, amount int) int { return h.g.heal(src, v, amount) }

// Move puts hero v on point p.
func (h *Host) Move(v, p int) {
	h.g.moveHero(v, p)
	h.g.emit(ev(EvMove, h.g.st.Heroes[v].Side, v, -1, p, -1, 0))
}

// SetExtreme sets v's 极值.
func (h *Host) SetExtreme(v, x int) { h.g.st.Heroes[v].Extreme = x }

// SetMath sets v's math tier, clamped to 弱..神 (facts §11.15).
func (h *Host) SetMath(v, tier int) { h.g.st.Heroes[v].Math = min(max(tier, 0), MathTiers-1) }

// SetSpeed sets v's move units per move operation (1 or 2).
func (h *Host) SetSpeed(v, speed int) { h.g.st.Heroes[v].Speed = min(max(speed, 1), 2) }

// G returns side's purse; Pay takes amount from it if it can.
func (h *Host) G(side int) int { return h.g.st.G[side] }

// Pay takes amount G from side's purse and reports whether it could.
func (h *Host) Pay(side, amount int) bool {
	if amount < 0 || h.g.st.G[side] < amount {
		return false
	}
	h.g.st.G[side] -= amount
	return true
}

// Var returns hero v's lasting variable name (0 when unset).
func (h *Host) Var(v int, name string) int {
	vars := h.g.st.Heroes[v].Vars
	if i, ok := slices.BinarySearchFunc(vars, name, cmpVar); ok {
		return vars[i].Value
	}
	return 0
}

// Fire fires v's main weapon, a blast weapon, at point p as if p were
// steps along the line of fire (guided shots): v's side pays the weapon's
// fire cost. It reports false, doing nothing, when v holds no blast weapon
// or the purse is short.
func (h *Host) Fire(v, p, steps int) bool {
	hs := &h.g.st.Heroes[v]
	if hs.Weapon < 0 || h.g.cfg.Weapons[hs.Weapon].Single || h.g.st.G[hs.Side] < h.g.cfg.Weapons[hs.Weapon].FireCost {
		return false
	}
	h.g.st.G[hs.Side] -= h.g.cfg.Weapons[hs.Weapon].FireCost
	h.g.shoot(v, hs.Weapon, p, -1, h.g.weaponDamage(hs.Weapon, max(steps, 0)))
	return true
}

// Single reports whether weapon w is a single-target weapon.
func (h *Host) Single(w int) bool { return h.g.cfg.Weapons[w].Single }

// Boost doubles v's move units for the rest of its side's turn.
func (h *Host) Boost(v int) { h.g.st.Heroes[v].Boost = true }

// Extra grants v one more operation this turn after its next one (not a
// weapon change); a move of two units stopped after its first unit leaves
// the second to follow the extra operation (Game.apply).
func (h *Host) Extra(v int) { h.g.st.Heroes[v].Extra = true }

// Stun makes v pass its next operation.
func (h *Host) Stun(v int) { h.g.st.Heroes[v].Stunned = true }

// SetVar sets hero v's lasting variable name.
func (h *Host) SetVar(v int, name string, value int) {
	hs := &h.g.st.Heroes[v]
	i, ok := slices.BinarySearchFunc(hs.Vars, name, cmpVar)
	if ok {
		hs.Vars[i].Value = value
		return
	}
	hs.Vars = slices.Insert(hs.Vars, i, Var{Name: name, Value: value})
}

func cmpVar(v Var, name string) int { return strings.Compare(v.Name, name) }

// Shift returns the 偏移 multiplier at steps (facts §9.1).
func (h *Host) Shift(steps int) float64 {
	m := h.g.cfg.Shift
	return m[min(max(steps, 0), len(m)-1)]
}

// Contest returns the 数竞 damage of class (an index into
// Config.Contests) against math tier (0 when the class does not exist).
func (h *Host) Contest(class, tier int) int {
	if class < 0 || class >= len(h.g.cfg.Contests) {
		return 0
	}
	return h.g.cfg.Contests[class].Damage[min(max(tier, 0), MathTiers-1)]
}

// SetWeapon sets v's main weapon (-1: none). A hero with fixed weapons
// never holds a main weapon beside them: arming it does nothing.
func (h *Host) SetWeapon(v, w int) {
	if w >= 0 && len(h.Def(v).Weapons) > 0 {
		return
	}
	h.g.st.Heroes[v].Weapon = w
}

// Weapons returns the number of weapons in the config.
func (h *Host) Weapons() int { return len(h.g.cfg.Weapons) }

// Floor rounds a product down (the rules round percentages and ×2.5 down,
// §11.10–11).
func Floor(x float64) int { return int(math.Floor(x)) }
