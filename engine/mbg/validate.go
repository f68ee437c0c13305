package mbg

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
)

// validate checks everything the engine relies on, so a bad config is an
// error here and never an index panic later. The schema and the kit's lint
// rules check most of this already; the engine does not trust them.
func validate(cfg *Config) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	out := func(v, lo, hi float64) bool { return math.IsNaN(v) || v < lo || v > hi }
	num := func(name string, v, lo, hi float64) {
		if out(v, lo, hi) {
			bad("%s = %g, want a number in [%g, %g]", name, v, lo, hi)
		}
	}
	inf := math.Inf(1)

	if cfg.Version != ConfigVersion {
		bad("config version %d, this engine reads version %d", cfg.Version, ConfigVersion)
	}
	if cfg.Game != "mbg" {
		bad("config is for game %q, not mbg", cfg.Game)
	}
	num("win_money", cfg.WinMoney, math.SmallestNonzeroFloat64, math.MaxFloat64)
	if cfg.MaxTurn < 1 {
		bad("max_turn = %d, want ≥ 1", cfg.MaxTurn)
	}

	c := &cfg.Constants
	ints := []struct {
		name string
		v    int
	}{
		{"train_round", c.TrainRound}, {"train_plus", c.TrainPlus}, {"fengshui_round", c.FengshuiRound},
		{"max_step", c.MaxStep}, {"allocate_turn", c.AllocateTurn},
	}
	for _, x := range ints {
		if x.v < 1 {
			bad("constant %s = %d, want ≥ 1", x.name, x.v)
		}
	}
	for _, x := range []struct {
		name   string
		v      float64
		lo, hi float64
	}{
		{"study_scale", c.StudyScale, 0, inf}, {"p_price_scale", c.PPriceScale, 0, inf},
		{"p_poison_prop_scale", c.PPoisonPropScale, 0, 1},
		{"def_small", c.DefSmall, 0, inf}, {"def_medium", c.DefMedium, 0, inf}, {"def_big", c.DefBig, 0, inf},
		{"def_plus_scale", c.DefPlusScale, 0, 1}, {"min_earn", c.MinEarn, 0, inf},
		{"fast_scale", c.FastScale, 1, inf}, {"slow_scale", c.SlowScale, 1, inf},
		{"robber_steal", c.RobberSteal, 0, inf}, {"meetion_steal", c.MeetionSteal, 0, 1},
		{"tax_scale", c.TaxScale, 0, inf}, {"own_tax_scale", c.OwnTaxScale, 0, inf},
		{"mayor_heal_scale", c.MayorHealScale, 0, inf},
	} {
		num("constant "+x.name, x.v, x.lo, math.Min(x.hi, math.MaxFloat64))
	}
	if c.MaxStep >= 1 && c.SlowScale >= 1 && c.FastScale >= 1 {
		if int(float64(c.MaxStep)/c.SlowScale) < 1 {
			bad("slow die 1..int(max_step %d / slow_scale %g) is empty", c.MaxStep, c.SlowScale)
		}
		if float64(c.MaxStep)*c.FastScale > math.MaxInt32 {
			bad("fast die 1..max_step %d × fast_scale %g is too large", c.MaxStep, c.FastScale)
		}
	}
	if cfg.Rules.MoneyVictory != VictoryRichest && cfg.Rules.MoneyVictory != VictoryFirst {
		bad("rules.money_victory = %q, want %q or %q", cfg.Rules.MoneyVictory, VictoryRichest, VictoryFirst)
	}

	rb := &cfg.Robber
	for p, v := range rb.Props {
		num("robber "+PropNames[p], v, 0, math.MaxFloat64)
	}
	num("robber hp", rb.HP, 0, math.MaxFloat64)
	if rb.Scale < 0 {
		bad("robber scale = %d, want ≥ 0", rb.Scale)
	}

	nOff, nCity, nInst, nTrain := len(cfg.Officers), len(cfg.Cities), len(cfg.Institutes), len(cfg.Trainings)
	if len(cfg.Board) == 0 {
		bad("the board has no squares")
	}
	for i, sq := range cfg.Board {
		n := -1
		switch sq.Class {
		case SquareEmpty, SquareHall, SquareChance:
		case SquareCity:
			n = nCity
		case SquareInstitute:
			n = nInst
		case SquareTraining:
			n = nTrain
		default:
			bad("square %d: unknown class %q", i, sq.Class)
		}
		if n >= 0 && (sq.Index < 0 || sq.Index >= n) {
			bad("square %d: %s index %d out of range [0, %d)", i, sq.Class, sq.Index, n)
		}
	}

	// Officer names are formatted only for a bad officer: validation runs
	// for every game, and most configs are good.
	for i, o := range cfg.Officers {
		for p, v := range o.Props {
			if out(v, 0, math.MaxFloat64) {
				bad("officer %d (%s): %s = %g, want a number ≥ 0", i, o.Name, PropNames[p], v)
			}
		}
		if out(o.HPMax, 0, math.MaxFloat64) || out(o.HP, 0, o.HPMax) {
			bad("officer %d (%s): hp %g, hpmax %g, want 0 ≤ hp ≤ hpmax", i, o.Name, o.HP, o.HPMax)
		}
		if o.Level < 0 || o.Level > 2 {
			bad("officer %d (%s): level %d, want 0..2", i, o.Name, o.Level)
		}
	}

	// place[o] says where the config puts officer o, to catch officers listed twice.
	place := make([]entity, nOff)
	put := func(o int, where entity) {
		if o < 0 || o >= nOff {
			bad("%s: officer %d out of range [0, %d)", where, o, nOff)
			return
		}
		if place[o].kind != "" {
			bad("officer %d (%s) is in %s and in %s", o, cfg.Officers[o].Name, place[o], where)
			return
		}
		place[o] = where
	}
	for i, ct := range cfg.Cities {
		where := entity{"city", i, ct.Name}
		if ct.Scope < 0 || ct.Scope > 2 {
			bad("%s: scope %d, want 0..2", where, ct.Scope)
		}
		if out(ct.DefMax, 0, math.MaxFloat64) {
			bad("%s: defmax %g, want a number ≥ 0", where, ct.DefMax)
		}
		for _, o := range ct.Garrison {
			put(o, where)
		}
		for _, post := range []struct {
			name string
			o    int
		}{{"mayor", ct.Mayor}, {"treasurer", ct.Treasurer}} {
			if post.o != -1 && !slices.Contains(ct.Garrison, post.o) {
				bad("%s: %s %d is not in its garrison", where, post.name, post.o)
			}
		}
		if ct.Mayor >= 0 && ct.Mayor == ct.Treasurer {
			bad("%s: officer %d is both mayor and treasurer", where, ct.Mayor)
		}
	}
	for i, in := range cfg.Institutes {
		for j, t := range in.Techs {
			if t < 0 || t >= len(cfg.Techs) {
				bad("institute %d (%s): tech %d out of range [0, %d)", i, in.Name, t, len(cfg.Techs))
			} else if slices.Contains(in.Techs[:j], t) {
				bad("institute %d (%s): tech %d listed twice", i, in.Name, t)
			}
		}
	}
	for i, tr := range cfg.Trainings {
		if tr.Prop < 0 || tr.Prop >= NumProps {
			bad("training room %d (%s): property %d, want 0..4", i, tr.Name, tr.Prop)
		}
	}

	if len(cfg.Roles) == 0 {
		bad("no roles")
	}
	owner := make([]int, nCity)
	for i := range owner {
		owner[i] = -1
	}
	for i, r := range cfg.Roles {
		where := entity{"role", i, r.Name}
		if r.Start < -1 || r.Start >= len(cfg.Board) {
			bad("%s: start square %d out of range [-1, %d)", where, r.Start, len(cfg.Board))
		}
		for _, t := range r.Techs {
			if t < 0 || t >= len(cfg.Techs) {
				bad("%s: tech %d out of range [0, %d)", where, t, len(cfg.Techs))
			}
		}
		for _, o := range r.Retinue {
			put(o, entity{"retinue of role", i, r.Name})
		}
		for _, ct := range r.Cities {
			switch {
			case ct < 0 || ct >= nCity:
				bad("%s: city %d out of range [0, %d)", where, ct, nCity)
			case owner[ct] >= 0:
				bad("%s: city %d (%s) is already owned by role %d", where, ct, cfg.Cities[ct].Name, owner[ct])
			default:
				owner[ct] = i
			}
		}
		if out(r.Money, 0, math.MaxFloat64) {
			bad("%s: money %g, want a number ≥ 0", where, r.Money)
		}
		if r.Dir != 1 && r.Dir != -1 {
			bad("%s: direction %d, want 1 or -1", where, r.Dir)
		}
	}

	for i, t := range cfg.Techs {
		if out(t.Study, 0, math.MaxFloat64) {
			bad("tech %d (%s): study %g, want a number ≥ 0", i, t.ID, t.Study)
		}
	}
	for i, cd := range cfg.Cards {
		where := entity{"card", i, cd.ID}
		switch cd.Target {
		case TargetSelf, TargetRole, TargetSquare, TargetOfficer:
		default:
			bad("%s: unknown target kind %q", where, cd.Target)
		}
		switch cd.Side {
		case SideAny, SideSelf, SideOthers:
		default:
			bad("%s: unknown side %q", where, cd.Side)
		}
		if cd.Target == TargetSelf && cd.Side == SideOthers {
			bad("%s: a card targeting its user cannot be for others", where)
		}
		for _, k := range slices.Sorted(maps.Keys(cd.Params)) {
			if v := cd.Params[k]; math.IsNaN(v) || math.IsInf(v, 0) {
				bad("%s: param %s = %g is not a finite number", where, k, v)
			}
		}
	}
	return errors.Join(errs...)
}

// entity names a config entry in an error message; it is formatted only when
// an error is reported.
type entity struct {
	kind string
	i    int
	name string
}

func (e entity) String() string { return fmt.Sprintf("%s %d (%s)", e.kind, e.i, e.name) }
