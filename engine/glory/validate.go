package glory

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Validate checks c's contract (kit/glory's lints report the same problems
// at source positions; this is the engine's own guard for configs from
// anywhere). It returns every problem found, joined.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.Version != ConfigVersion {
		bad("config version %d, this engine reads %d", c.Version, ConfigVersion)
	}
	if c.Game != "glory" {
		bad("config is for game %q, not glory", c.Game)
	}
	r := c.Rules
	if r.StartG < 0 || r.EconPay < 0 || r.EconShared < 0 || r.HandoverSteps < 0 || r.MaxRounds < 0 {
		bad("rules: start_g, econ_pay, econ_shared, handover_steps and max_rounds may not be negative")
	}
	if !slices.Contains([]string{FirstRed, FirstBlue, FirstAlternate}, r.First) {
		bad("rules: first %q is not red, blue or alternate", r.First)
	}
	if !slices.Contains([]string{TieTowers, TieHeroes, TieDraw}, r.TieBreak) {
		bad("rules: tie_break %q is not towers, heroes or draw", r.TieBreak)
	}
	if r.Picks < 0 {
		bad("rules: picks %d is negative", r.Picks)
	}
	if len(c.Shift) == 0 {
		bad("shift: no multipliers")
	}
	for i, m := range c.Shift {
		if m < 0 {
			bad("shift: multiplier %d is negative", i)
		}
	}
	for i, w := range c.Weapons {
		if len(w.Damage) == 0 {
			bad("weapon %d (%s): no damage table", i, w.ID)
		}
		if w.FireCost < 0 || w.PrepareCost < 0 || w.PrepLimit < 0 || w.MaxSteps < 0 || w.Cooldown < 0 {
			bad("weapon %d (%s): negative cost, limit, range or cooldown", i, w.ID)
		}
		if w.Single && w.Splash != [2]int{} {
			bad("weapon %d (%s): a single-target weapon has no splash", i, w.ID)
		}
	}
	need := 2 * (1 + r.Picks)
	if len(c.Heroes) < need {
		bad("the draft needs at least %d heroes, the pool has %d", need, len(c.Heroes))
	}
	for i, h := range c.Heroes {
		name := fmt.Sprintf("hero %d (%s)", i, h.ID)
		if h.HP <= 0 {
			bad("%s: hp %d is not positive", name, h.HP)
		}
		if h.Math < 0 || h.Math >= MathTiers {
			bad("%s: math tier %d is not 0..%d", name, h.Math, MathTiers-1)
		}
		if h.Gender != Male && h.Gender != Female {
			bad("%s: gender %q is not M or F", name, h.Gender)
		}
		if h.Speed < 1 || h.Speed > 2 {
			bad("%s: speed %d is not 1 or 2", name, h.Speed)
		}
		for _, w := range h.Weapons {
			if w < 0 || w >= len(c.Weapons) {
				bad("%s: weapon %d does not exist", name, w)
			} else if !c.Weapons[w].Fixed {
				bad("%s: starting weapon %s is not a fixed weapon", name, c.Weapons[w].ID)
			}
		}
		if !slices.IsSortedFunc(h.Vars, func(a, b Var) int { return strings.Compare(a.Name, b.Name) }) {
			bad("%s: vars are not sorted by name", name)
		}
		for j, s := range h.Skills {
			sn := fmt.Sprintf("%s skill %d (%s)", name, j, s.ID)
			if s.Hook == "" {
				bad("%s: no hook", sn)
			}
			if !slices.Contains([]string{PhaseTurn, PhasePrepare, PhaseStart, PhasePassive}, s.Phase) {
				bad("%s: phase %q is not turn, prepare, start or passive", sn, s.Phase)
			}
			if !slices.Contains([]string{TargetNone, TargetEnemy, TargetAlly, TargetHero, TargetPoint}, s.Target) {
				bad("%s: target %q is not none, enemy, ally, hero or point", sn, s.Target)
			}
			if s.Aim != "" && s.Aim != AimNear {
				bad("%s: aim %q is not near", sn, s.Aim)
			}
			if s.Range < -1 || s.Cooldown < 0 || s.Uses < 0 || s.Cost < 0 {
				bad("%s: range, cooldown, uses or cost out of range", sn)
			}
			if !slices.IsSortedFunc(s.Params, func(a, b Param) int {
				switch {
				case a.Name < b.Name:
					return -1
				case a.Name > b.Name:
					return 1
				}
				return 0
			}) {
				bad("%s: params are not sorted by name", sn)
			}
		}
	}
	if len(c.Weapons) > 64 || len(c.Heroes) > 1024 {
		bad("at most 64 weapons and 1024 heroes")
	}
	return errors.Join(errs...)
}

// Param returns the value of the named parameter and whether it is set.
func (s *Skill) Param(name string) (float64, bool) {
	i, ok := slices.BinarySearchFunc(s.Params, name, func(p Param, n string) int {
		switch {
		case p.Name < n:
			return -1
		case p.Name > n:
			return 1
		}
		return 0
	})
	if !ok {
		return 0, false
	}
	return s.Params[i].Value, true
}
