package mbg

import (
	"errors"
	"fmt"
	"math"
)

// This file is the battle routine (rules/mbg.facts.md §8): pure rules, no I/O.
// Side 0 is the attacker, side 1 the defender. The routine follows the
// original engine step for step, including its quirks (even a change of 0
// re-evaluates death; all techs of a round see the same hit; a tech kill
// stops the battle at once), with the two differences rules/mbg.md asks for:
//
//   - Status counters count the rounds still to be affected. A status set for
//     N rounds (burn, chaos, infighting) affects exactly the next N rounds: the
//     status phase of a round consumes one unit. (The original ticks the
//     counter at the end of the round in which it was set, so its effective
//     lengths are one shorter; the original-engine preset reproduces them by
//     data, N = 3/2/1.) Cooldowns keep the original tick at the end of the
//     round: a tech with cooldown L fired in round r fires again in round r+L.
//   - Rules.StatusBlocksTechs: a side whose win weight was zeroed by chaos or
//     infighting in the current round fires no techs in it (manual). A status
//     set during a round's tech phase first affects the next round, so the
//     victim still fires its techs in the round it was hit.

// Outcome is a battle's result from the attacker's point of view, with the
// original engine's values.
type Outcome int

// The three outcomes.
const (
	AttackerLost Outcome = -1 // the attacker died
	BattleDrawn  Outcome = 0  // round limit, or both died in the same status phase
	AttackerWon  Outcome = 1  // the defender died
)

// Status names: TechHost.Confuse takes StatusChaos or StatusInfighting; a
// BattleStatusSet event reports any of the three.
const (
	StatusChaos      = "chaos"      // zero win weight
	StatusInfighting = "infighting" // zero win weight and hits itself with its own power
	StatusBurn       = "burn"       // takes Constants.BurnHurt each round
)

// BattleSide is one side's input to a battle (facts §7.2).
type BattleSide struct {
	Winp  float64 // main general's effective Zhan: round win weight
	Power float64 // higher effective Wu of main and vice: damage per round won
	Celve float64 // higher effective Mou of main and vice, 0..100: tech chance and strength
	HP    float64 // main general's current hp; also the battle's hp cap for heals
	Def   float64 // current city def when defending a city, else 0
	// Techs are the side's known techs as indices into Config.Techs, strictly
	// ascending: the order in which they are attempted. The battle reads the
	// slice and never changes it.
	Techs []int
}

// BattleResult is what a battle leaves behind for the write-back (facts §7.4).
type BattleResult struct {
	Outcome Outcome
	HP      [2]float64 // each side's final battle hp (the main general's new hp)
	Def     [2]float64 // each side's final def (the city's new def)
	// Exiled reports per side whether its main general was exiled (leaves his
	// role at the end of the turn). The seed's exile tech only ever hits the
	// loser, but a scripted tech may exile at any time, as in the original.
	Exiled [2]bool
	Rounds int // rounds begun (at most the round limit)
}

// TechCall is the read-only context of one firing tech. The battle reuses one
// TechCall for every call, so a runner must not keep the pointer.
type TechCall struct {
	Value   float64 // ValueLow + Celve/100 × (ValueHigh − ValueLow)
	DHP     float64 // D: the loser's hp + def change from this round's hit (≤ 0); for battle-won techs the loser's last hp change
	SelfHP  float64
	SelfDef float64
	OppHP   float64
	OppDef  float64
	Celve   float64
	Params  map[string]float64 // the tech's config Params; shared, never modify
}

// TechHost lets a tech's effect set states on the opponent of the side using
// it. Effects take hold immediately; a status set in a round first affects
// the next round. A host is valid only during the Effect call it is passed to.
// An unknown state or a negative number of rounds aborts the battle with an
// error naming the tech.
type TechHost interface {
	// Burn sets the opponent burning for the next rounds rounds (each burn
	// deals Constants.BurnHurt through the damage rule); it replaces any
	// running burn, and 0 puts it out.
	Burn(rounds int)
	// Confuse puts the opponent in state StatusChaos or StatusInfighting for
	// the next rounds rounds, replacing either state; 0 returns it to normal.
	Confuse(state string, rounds int)
	// Exile marks the opponent's main general to leave his role after the battle.
	Exile()
}

// TechRunner computes the effect of a firing tech: the hp change of the user
// (self, normally ≥ 0) and of the opponent (opp, normally ≤ 0), plus state
// changes through host. tech is the index into Config.Techs. Both changes are
// applied in that order, even when 0. An error aborts the battle, and so does
// a NaN change.
type TechRunner interface {
	Effect(tech int, call *TechCall, host TechHost) (self, opp float64, err error)
}

// Uniform is the battle's random source; *RNG implements it and tests stub it.
type Uniform interface {
	// Float returns a uniform value in [0, 1).
	Float() float64
}

// BattleEventKind says what a BattleEvent reports.
type BattleEventKind uint8

// The battle events, in the order they can occur within a round.
const (
	BattleStarted   BattleEventKind = iota // Rounds: the round limit
	BattleBurned                           // Side burned; Change: its hp+def change
	BattleSelfHit                          // Side hit itself in infighting; Change: its hp+def change
	BattleSkipped                          // both sides had zero weight: no attack, no techs
	BattleAttacked                         // Side won the round; Change: the loser's hp+def change (D)
	BattleTechFired                        // Side fired Tech with Value; SelfChange, Change: applied changes
	BattleStatusSet                        // Side (the victim) got Status ("burn", "chaos", "infighting", or "" for normal) for Rounds
	BattleExiled                           // Side's main general is exiled
	BattleEnded                            // Outcome after Rounds rounds
)

// String returns the event kind's stable lower-case name, for event logs.
func (k BattleEventKind) String() string {
	switch k {
	case BattleStarted:
		return "started"
	case BattleBurned:
		return "burned"
	case BattleSelfHit:
		return "self_hit"
	case BattleSkipped:
		return "skipped"
	case BattleAttacked:
		return "attacked"
	case BattleTechFired:
		return "tech_fired"
	case BattleStatusSet:
		return "status_set"
	case BattleExiled:
		return "exiled"
	case BattleEnded:
		return "ended"
	}
	return fmt.Sprintf("BattleEventKind(%d)", k)
}

// BattleEvent is one thing that happened in a battle. HP and Def are both
// sides' values after the event.
type BattleEvent struct {
	Kind       BattleEventKind
	Round      int // 0-based; the last round for battle-won techs and the end
	Side       int // acting side (for BattleStatusSet and BattleExiled: the side affected)
	Tech       int // tech index for BattleTechFired, else -1
	Value      float64
	SelfChange float64 // BattleTechFired: the user's hp change
	Change     float64 // the affected side's hp+def change
	Status     string
	Rounds     int
	Outcome    Outcome
	HP         [2]float64
	Def        [2]float64
}

// Trigger codes, resolved once so the round loop compares ints, not strings.
const (
	trigAny uint8 = iota
	trigRoundWon
	trigRoundLost
	trigBattleWon
)

// State codes of the single chaos/infighting slot.
const (
	stateNormal uint8 = iota
	stateChaos
	stateInfighting
)

// battleTech is a config Tech prepared for the round loop.
type battleTech struct {
	id                  string
	trigger             uint8
	probLow, probHigh   float64
	valueLow, valueHigh float64
	cooldown            int
	params              map[string]float64
}

// fighter is one side's running battle state (the original's BattleState).
type fighter struct {
	winp, power, celve float64
	hpmax, hp, def     float64
	lastDHP, lastDDef  float64
	dead, exiled       bool

	state     uint8
	stateLeft int  // rounds still to be affected by state
	burnLeft  int  // rounds still to burn
	affected  bool // state zeroed this round's weight (blocks techs under StatusBlocksTechs)

	// slots are the side's known techs in attempt order, with probability and
	// value resolved for this battle (celve is fixed during a battle).
	slots []techSlot
}

// techSlot is one known tech of one side in one battle.
type techSlot struct {
	tech     int
	trigger  uint8
	p, value float64
	// readyAt is the tick count from which the tech may be attempted again.
	// The original keeps a countdown set to the cooldown on firing and
	// decremented by every end-of-round tick; "ticks done ≥ ticks at firing +
	// cooldown" is the same condition without touching every tech each round.
	readyAt int
}

// change applies the damage rule (facts §8) to a change x of hp: heals are
// capped at the starting hp and never restore def; damage hits def first;
// hp or def under 1 become 0. Any change, even 0, re-evaluates death: a 0-hp
// general is alive until something touches him.
func (f *fighter) change(x float64) {
	ohp, odef := f.hp, f.def
	if x > 0 {
		f.hp = min(f.hp+x, f.hpmax)
	} else {
		a := -x
		if f.def > a {
			f.def -= a
			if f.def < 1 {
				f.def = 0
			}
		} else {
			a -= f.def
			f.def = 0
			f.hp -= a
			if f.hp < 1 {
				f.hp = 0
			}
		}
	}
	f.lastDDef = f.def - odef
	f.lastDHP = f.hp - ohp
	f.dead = f.hp == 0
}

// techHost is the TechHost handed to a tech; it acts on fighter victim and
// remembers what was set so the events can follow the tech's own event.
type techHost struct {
	b      *Battle
	victim int
	err    error

	burnSet, stateSet, exileSet bool
}

func (h *techHost) Burn(rounds int) {
	if rounds < 0 {
		h.fail(fmt.Errorf("burn for %d rounds", rounds))
		return
	}
	h.b.f[h.victim].burnLeft = rounds
	h.burnSet = true
}

func (h *techHost) Confuse(state string, rounds int) {
	var s uint8
	switch state {
	case StatusChaos:
		s = stateChaos
	case StatusInfighting:
		s = stateInfighting
	default:
		h.fail(fmt.Errorf("unknown status %q (want %q or %q)", state, StatusChaos, StatusInfighting))
		return
	}
	if rounds < 0 {
		h.fail(fmt.Errorf("%s for %d rounds", state, rounds))
		return
	}
	f := &h.b.f[h.victim]
	f.state, f.stateLeft = s, rounds
	if rounds == 0 {
		f.state = stateNormal
	}
	h.stateSet = true
}

func (h *techHost) Exile() {
	h.b.f[h.victim].exiled = true
	h.exileSet = true
}

// Err returns the first failure of the call in progress (plugin.HostErr), so
// a Lua hook's error points at the line of the failing host call.
func (h *techHost) Err() error { return h.err }

func (h *techHost) fail(err error) {
	if h.err == nil {
		h.err = err
	}
}

// Battle runs battles of one scenario. It holds the prepared tech table and
// all per-battle scratch space, so running a battle does not allocate. A
// Battle is not safe for concurrent use; use one per game.
type Battle struct {
	// Events, when not nil, receives every battle event as it happens (the
	// game's event log). Nil costs nothing.
	Events func(BattleEvent)

	runner    TechRunner
	techs     []battleTech
	roundMin  int
	roundStep int
	burnHurt  float64
	blocks    bool

	rng   Uniform
	round int
	ticks int // end-of-round ticks done in this battle
	f     [2]fighter
	hosts [2]techHost // hosts[v] acts on fighter v
	call  TechCall
}

// NewBattle prepares the battles of cfg; runner computes the tech effects
// (required when cfg has techs).
func NewBattle(cfg *Config, runner TechRunner) (*Battle, error) {
	c := &cfg.Constants
	if c.BattleRoundMin < 0 || c.BattleRoundStep < 0 {
		return nil, fmt.Errorf("battle round limit %d + %d × scale is negative", c.BattleRoundMin, c.BattleRoundStep)
	}
	if math.IsNaN(c.BurnHurt) || c.BurnHurt < 0 {
		return nil, fmt.Errorf("burn_hurt %g is not a non-negative number", c.BurnHurt)
	}
	if runner == nil && len(cfg.Techs) > 0 {
		return nil, errors.New("battle: the config has techs but no tech runner was given")
	}
	b := &Battle{
		runner:    runner,
		techs:     make([]battleTech, len(cfg.Techs)),
		roundMin:  c.BattleRoundMin,
		roundStep: c.BattleRoundStep,
		burnHurt:  c.BurnHurt,
		blocks:    cfg.Rules.StatusBlocksTechs,
	}
	for i, t := range cfg.Techs {
		var trig uint8
		switch t.Trigger {
		case TriggerAny:
			trig = trigAny
		case TriggerRoundWon:
			trig = trigRoundWon
		case TriggerRoundLost:
			trig = trigRoundLost
		case TriggerBattleWon:
			trig = trigBattleWon
		default:
			return nil, fmt.Errorf("tech %q: unknown trigger %q", t.ID, t.Trigger)
		}
		if t.Cooldown < 0 {
			return nil, fmt.Errorf("tech %q: negative cooldown %d", t.ID, t.Cooldown)
		}
		b.techs[i] = battleTech{
			id: t.ID, trigger: trig,
			probLow: t.ProbLow, probHigh: t.ProbHigh,
			valueLow: t.ValueLow, valueHigh: t.ValueHigh,
			cooldown: t.Cooldown, params: t.Params,
		}
	}
	for j := range b.f {
		b.f[j].slots = make([]techSlot, 0, len(cfg.Techs))
		b.hosts[j] = techHost{b: b, victim: j}
	}
	return b, nil
}

// RunBattle runs one battle of cfg with a fresh Battle; a game that fights
// many battles keeps a Battle from NewBattle instead, which does not allocate
// per battle. events may be nil.
func RunBattle(cfg *Config, runner TechRunner, sides [2]BattleSide, scale int, rng Uniform, events func(BattleEvent)) (BattleResult, error) {
	b, err := NewBattle(cfg, runner)
	if err != nil {
		return BattleResult{}, err
	}
	b.Events = events
	return b.Run(sides, scale, rng)
}

// RoundLimit is the number of rounds of a battle of the given scale
// (BattleRoundMin + BattleRoundStep × scale: 40, 70, 100 with the seed's constants).
func (b *Battle) RoundLimit(scale int) int {
	return b.roundMin + b.roundStep*scale
}

// Run fights one battle, sides[0] attacking sides[1], at the given scale
// (0 small, 1 medium, 2 large; not capped, as in the original), drawing from
// rng. On error (bad input, or a tech runner's error) the result is zero and
// the inputs are untouched.
func (b *Battle) Run(sides [2]BattleSide, scale int, rng Uniform) (BattleResult, error) {
	if scale < 0 {
		return BattleResult{}, fmt.Errorf("battle scale %d is negative", scale)
	}
	if rng == nil {
		return BattleResult{}, errors.New("battle: no random source")
	}
	for j := range sides {
		if err := b.setup(j, &sides[j]); err != nil {
			return BattleResult{}, err
		}
	}
	b.rng = rng
	defer func() { b.rng = nil }()

	limit := b.RoundLimit(scale)
	b.round, b.ticks = 0, 0
	b.emit(BattleEvent{Kind: BattleStarted, Side: 0, Rounds: limit})
	rounds, err := b.rounds(limit)
	if err != nil {
		return BattleResult{}, err
	}

	f0, f1 := &b.f[0], &b.f[1]
	out := BattleDrawn
	switch {
	case f0.dead && f1.dead:
	case f0.dead:
		out = AttackerLost
		err = b.battleWon(1)
	case f1.dead:
		out = AttackerWon
		err = b.battleWon(0)
	}
	if err != nil {
		return BattleResult{}, err
	}
	b.emit(BattleEvent{Kind: BattleEnded, Side: 0, Outcome: out, Rounds: rounds})
	return BattleResult{
		Outcome: out,
		HP:      [2]float64{f0.hp, f1.hp},
		Def:     [2]float64{f0.def, f1.def},
		Exiled:  [2]bool{f0.exiled, f1.exiled},
		Rounds:  rounds,
	}, nil
}

// setup validates side j's input and resets its fighter.
func (b *Battle) setup(j int, s *BattleSide) error {
	for _, v := range [...]float64{s.Winp, s.Power, s.Celve, s.HP, s.Def} {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return fmt.Errorf("battle side %d: winp %g, power %g, celve %g, hp %g, def %g: each must be a finite number ≥ 0",
				j, s.Winp, s.Power, s.Celve, s.HP, s.Def)
		}
	}
	prev := -1
	for _, t := range s.Techs {
		if t <= prev || t >= len(b.techs) {
			return fmt.Errorf("battle side %d: techs %v must be ascending indices below %d", j, s.Techs, len(b.techs))
		}
		prev = t
	}
	f := &b.f[j]
	*f = fighter{
		winp: s.Winp, power: s.Power, celve: s.Celve,
		hpmax: s.HP, hp: s.HP, def: s.Def,
		slots: f.slots[:0],
	}
	c := s.Celve / 100
	for _, t := range s.Techs {
		tc := &b.techs[t]
		f.slots = append(f.slots, techSlot{
			tech:    t,
			trigger: tc.trigger,
			p:       tc.probLow + c*(tc.probHigh-tc.probLow),
			value:   tc.valueLow + c*(tc.valueHigh-tc.valueLow),
		})
	}
	return nil
}

// rounds plays the round loop and returns the number of rounds begun.
func (b *Battle) rounds(limit int) (int, error) {
	for i := range limit {
		b.round = i
		var w [2]float64
		for j := range b.f {
			f := &b.f[j]
			// The weight is read before this side's burn and self-hit, as in
			// the original; the counters are consumed here (see file comment).
			f.affected = f.stateLeft > 0
			if !f.affected {
				w[j] = f.winp
			}
			if f.burnLeft > 0 {
				f.burnLeft--
				b.hit(BattleBurned, j, -b.burnHurt)
			}
			if f.affected {
				if f.state == stateInfighting {
					b.hit(BattleSelfHit, j, -f.power)
				}
				if f.stateLeft--; f.stateLeft == 0 {
					f.state = stateNormal
				}
			}
		}
		if b.f[0].dead || b.f[1].dead {
			b.tick()
			return i + 1, nil
		}
		tp := w[0] + w[1]
		if tp < 0.01 {
			b.emit(BattleEvent{Kind: BattleSkipped, Side: 0})
			b.tick()
			continue
		}
		win := 1
		if b.rng.Float() < w[0]/tp {
			win = 0
		}
		lose := 1 - win
		loser := &b.f[lose]
		loser.change(-b.f[win].power)
		d := loser.lastDHP + loser.lastDDef
		if b.Events != nil {
			b.emit(BattleEvent{Kind: BattleAttacked, Side: win, Change: d})
		}
		if loser.dead {
			b.tick()
			return i + 1, nil
		}
		for j := range b.f {
			f := &b.f[j]
			if b.blocks && f.affected {
				continue
			}
			for k := range f.slots {
				sl := &f.slots[k]
				switch sl.trigger {
				case trigRoundWon:
					if j != win {
						continue
					}
				case trigRoundLost:
					if j != lose {
						continue
					}
				case trigBattleWon:
					continue
				}
				if b.ticks < sl.readyAt || b.rng.Float() > sl.p {
					continue // cooling down (no draw) or not firing
				}
				if err := b.fire(j, sl, d); err != nil {
					return i + 1, err
				}
				// Only a firing can change the opponent; the original stops
				// without the end-of-round tick.
				if b.f[1-j].dead {
					return i + 1, nil
				}
			}
		}
		b.tick()
	}
	return limit, nil
}

// battleWon attempts the winner's battle-won techs after the battle, with D =
// the loser's last hp change, as the original does.
func (b *Battle) battleWon(w int) error {
	f := &b.f[w]
	if b.blocks && f.affected {
		return nil
	}
	d := b.f[1-w].lastDHP
	for k := range f.slots {
		sl := &f.slots[k]
		if sl.trigger != trigBattleWon || b.ticks < sl.readyAt || b.rng.Float() > sl.p {
			continue
		}
		if err := b.fire(w, sl, d); err != nil {
			return err
		}
	}
	return nil
}

// hit applies a status-phase change x to side j and reports it.
func (b *Battle) hit(kind BattleEventKind, j int, x float64) {
	f := &b.f[j]
	f.change(x)
	if b.Events != nil {
		b.emit(BattleEvent{Kind: kind, Side: j, Change: f.lastDHP + f.lastDDef})
	}
}

// tick is the end-of-round step: cooldowns count down (see techSlot.readyAt).
// Status counters are consumed in the status phase instead; see the file
// comment.
func (b *Battle) tick() {
	b.ticks++
}

// fire fires side s's tech sl (facts §8 step 6; the callers have checked
// the cooldown and drawn U ≤ p): it starts the cooldown, computes the effect
// and applies the user's change then the opponent's, both always.
func (b *Battle) fire(s int, sl *techSlot, d float64) error {
	f, o := &b.f[s], &b.f[1-s]
	t := sl.tech
	tc := &b.techs[t]
	value := sl.value
	sl.readyAt = b.ticks + tc.cooldown

	b.call = TechCall{
		Value: value, DHP: d,
		SelfHP: f.hp, SelfDef: f.def,
		OppHP: o.hp, OppDef: o.def,
		Celve: f.celve, Params: tc.params,
	}
	h := &b.hosts[1-s]
	h.err, h.burnSet, h.stateSet, h.exileSet = nil, false, false, false
	self, opp, err := b.runner.Effect(t, &b.call, h)
	if err == nil {
		err = h.err
	}
	if err == nil && (math.IsNaN(self) || math.IsNaN(opp)) {
		err = fmt.Errorf("effect returned NaN (self %g, opp %g)", self, opp)
	}
	if err != nil {
		return fmt.Errorf("battle round %d, side %d, tech %q: %w", b.round, s, tc.id, err)
	}
	f.change(self)
	o.change(opp)
	if b.Events != nil {
		b.emit(BattleEvent{Kind: BattleTechFired, Side: s, Tech: t, Value: value,
			SelfChange: f.lastDHP, Change: o.lastDHP + o.lastDDef})
		b.hostEvents(h)
	}
	return nil
}

// hostEvents reports the states a tech set, after the tech's own event.
func (b *Battle) hostEvents(h *techHost) {
	v := &b.f[h.victim]
	if h.burnSet {
		b.emit(BattleEvent{Kind: BattleStatusSet, Side: h.victim, Status: StatusBurn, Rounds: v.burnLeft})
	}
	if h.stateSet {
		st := ""
		switch v.state {
		case stateChaos:
			st = StatusChaos
		case stateInfighting:
			st = StatusInfighting
		}
		b.emit(BattleEvent{Kind: BattleStatusSet, Side: h.victim, Status: st, Rounds: v.stateLeft})
	}
	if h.exileSet {
		b.emit(BattleEvent{Kind: BattleExiled, Side: h.victim})
	}
}

// emit fills the common fields and hands e to Events.
func (b *Battle) emit(e BattleEvent) {
	if b.Events == nil {
		return
	}
	if e.Kind != BattleTechFired {
		e.Tech = -1
	}
	e.Round = b.round
	e.HP = [2]float64{b.f[0].hp, b.f[1].hp}
	e.Def = [2]float64{b.f[0].def, b.f[1].def}
	b.Events(e)
}
