package mbg

import (
	"fmt"
	"math"
)

// CardCall is the read-only context of one card play. The engine reuses one
// CardCall for every play, so a runner must not keep the pointer.
type CardCall struct {
	User int // the role playing the card
	// Target is the chosen role, board square or officer by the card's
	// target kind, or -1 for a card that targets its user.
	Target int
	Params map[string]float64 // the card's config Params; shared, never modify
}

// CardRunner plays cards: the mbg.card hooks. card is the index into
// Config.Cards. The engine has already asked for and checked the target
// (target kind and side rule, facts §12); the runner only makes the effect,
// through host. ok false means the card had no effect: it is kept and the
// engine asks for another target. An error aborts the game.
type CardRunner interface {
	Play(card int, call *CardCall, host CardHost) (ok bool, err error)
}

// CardHost is everything a card may do to the game. Effects take hold at
// once. Indices and values come from scripts, so the host checks them: a bad
// one does nothing and fails the play with an error naming the call (the
// host records the first such error; later calls are ignored). A host is
// valid only during the Play call it is passed to.
type CardHost interface {
	// SetMove sets role's movement state ("slow", "fast" or "stop") for its
	// next turns turns, replacing any other; 0 turns returns it to normal.
	// A state covers exactly turns of the role's turns (see RoleState.Move).
	SetMove(role int, state string, turns int)
	// ExtraAction gives role one more action this turn.
	ExtraAction(role int)
	// Steal moves up to amount money from role from to role to and returns
	// what was moved (never more than from had).
	Steal(from, to int, amount float64) float64
	// Heal heals officers of role by fraction of each one's hpmax, capped at
	// the hpmax: every officer of the role (retinue, garrisons, researchers,
	// trainees) when wholeRole, else the retinue only.
	Heal(role int, fraction float64, wholeRole bool)
	// Rumour puts officer under a rumour for turns turns (0 ends it): he
	// fights, works, heals and earns nothing.
	Rumour(officer, turns int)
	// Poison poisons officer for turns turns (0 ends it): his effective
	// properties drop to p_poison_prop_scale.
	Poison(officer, turns int)
	// Defect makes officer leave his role at the end of the turn.
	Defect(officer int)
	// Place puts a "barrier" or a "robber" on square.
	Place(square int, what string)
	// Alliance allies roles a and b for turns turns; it fails (false, nothing
	// changes) unless both are in the game, distinct, and neither is allied
	// or a public enemy.
	Alliance(a, b, turns int) bool
	// PublicEnemy makes role a public enemy for turns turns; it fails (false)
	// unless the role is in the game and neither allied nor a public enemy.
	PublicEnemy(role, turns int) bool
	// Reverse turns role around for good.
	Reverse(role int)
	// Money returns role's money.
	Money(role int) float64
}

// maxTurns bounds the lengths a card may set; anything longer is a mistake.
const maxTurns = 1_000_000

// playCard resolves and plays card k of role r (facts §12): it asks for a
// target of the card's kind among those its side rule allows, plays it, and
// spends it on success. A failed effect asks for another target, at most
// MaxAttempts times; cancelling returns to the action prompt with the card
// kept. It reports whether the card was spent.
func (g *Game) playCard(r, k int) (bool, error) {
	if k < 0 || k >= len(g.cfg.Cards) || g.st.Roles[r].Cards[k] <= 0 {
		return false, nil
	}
	card := &g.cfg.Cards[k]
	for range MaxAttempts {
		target := -1
		if card.Target != TargetSelf {
			req := g.ask(AskCardTarget, r)
			req.Card = k
			req.Options = append(req.Options, opt(OptCancel))
			g.cardTargets(req, card, r)
			if len(req.Options) == 1 {
				return false, nil // no possible target
			}
			o, err := g.choose(req)
			if err != nil || o.Kind == OptCancel {
				return false, err
			}
			target = o.A
		}
		ok, err := g.runCard(r, k, target)
		if err != nil {
			return false, err
		}
		if ok {
			g.st.Roles[r].Cards[k]--
			return true, nil
		}
		e := ev(EvCardFailed)
		e.Role, e.Index, e.N = r, k, target
		g.emit(e)
		if card.Target == TargetSelf {
			return false, nil
		}
	}
	return false, nil
}

// eligible reports whether role i may be targeted by a card of side played
// by role r: it is in the game and matches the side rule.
func (g *Game) eligible(side string, r, i int) bool {
	if !g.st.Roles[i].alive() {
		return false
	}
	switch side {
	case SideSelf:
		return i == r
	case SideOthers:
		return i != r
	}
	return true
}

// cardTargets appends the legal targets of card played by role r.
func (g *Game) cardTargets(req *Request, card *Card, r int) {
	switch card.Target {
	case TargetRole:
		for i := range g.st.Roles {
			if g.eligible(card.Side, r, i) {
				req.Options = append(req.Options, opt1(OptRole, i))
			}
		}
	case TargetSquare:
		for s := range g.st.Squares {
			req.Options = append(req.Options, opt1(OptSquare, s))
		}
	case TargetOfficer:
		// Every officer of an eligible role: his retinue, the garrisons of
		// his cities, his researchers and trainees (the original's places).
		for o := range g.st.Officers {
			if i := g.st.Officers[o].Role; i >= 0 && g.eligible(card.Side, r, i) {
				req.Options = append(req.Options, Option{Kind: OptOfficer, A: o, B: i})
			}
		}
	}
}

// runCard calls the card runner for card k of role r on target.
func (g *Game) runCard(r, k, target int) (bool, error) {
	e := ev(EvCardPlayed)
	e.Role, e.Index, e.N = r, k, target
	g.emit(e)
	g.call = CardCall{User: r, Target: target, Params: g.cfg.Cards[k].Params}
	h := &g.host
	h.err = nil
	ok, err := g.cards.Play(k, &g.call, h)
	if err == nil {
		err = h.err
	}
	if err != nil {
		return false, fmt.Errorf("turn %d: role %d playing card %q: %w", g.st.Turn, r, g.cfg.Cards[k].ID, err)
	}
	return ok, nil
}

// cardHost implements CardHost on a game.
type cardHost struct {
	g   *Game
	err error
}

// Err returns the first failure of the play in progress (plugin.HostErr).
func (h *cardHost) Err() error { return h.err }

func (h *cardHost) fail(format string, args ...any) {
	if h.err == nil {
		h.err = fmt.Errorf(format, args...)
	}
}

// role checks a role index.
func (h *cardHost) role(fn string, r int) bool {
	if h.err != nil {
		return false
	}
	if r < 0 || r >= len(h.g.st.Roles) {
		h.fail("%s: role %d out of range [0, %d)", fn, r, len(h.g.st.Roles))
		return false
	}
	return true
}

// officer checks an officer index.
func (h *cardHost) officer(fn string, o int) bool {
	if h.err != nil {
		return false
	}
	if o < 0 || o >= len(h.g.st.Officers) {
		h.fail("%s: officer %d out of range [0, %d)", fn, o, len(h.g.st.Officers))
		return false
	}
	return true
}

// turns checks a length.
func (h *cardHost) turns(fn string, n int) bool {
	if h.err != nil {
		return false
	}
	if n < 0 || n > maxTurns {
		h.fail("%s: %d turns, want 0..%d", fn, n, maxTurns)
		return false
	}
	return true
}

func (h *cardHost) SetMove(role int, state string, turns int) {
	if !h.role("set_move", role) || !h.turns("set_move", turns) {
		return
	}
	switch state {
	case MoveSlow, MoveFast, MoveStop:
	default:
		h.fail("set_move: unknown state %q (want slow, fast or stop)", state)
		return
	}
	g := h.g
	if turns == 0 {
		g.endMove(role)
		return
	}
	rs := &g.st.Roles[role]
	// MoveTurn 0: the next move uses up the first turn, even in this turn.
	rs.Move, rs.MoveLeft, rs.MoveTurn = state, turns, 0
	e := ev(EvMoveState)
	e.Role, e.Note, e.N = role, moveNote(state), turns
	g.emit(e)
}

func (h *cardHost) ExtraAction(role int) {
	if !h.role("extra_action", role) {
		return
	}
	h.g.st.Roles[role].Extra = true
	e := ev(EvExtraAction)
	e.Role = role
	h.g.emit(e)
}

func (h *cardHost) Steal(from, to int, amount float64) float64 {
	if !h.role("steal", from) || !h.role("steal", to) {
		return 0
	}
	if math.IsNaN(amount) || math.IsInf(amount, 0) || amount < 0 {
		h.fail("steal: amount %g, want a finite number ≥ 0", amount)
		return 0
	}
	g := h.g
	moved := g.pay(from, amount)
	g.st.Roles[to].Money += moved
	e := ev(EvStolen)
	e.Role, e.Other, e.Amount = from, to, moved
	g.emit(e)
	return moved
}

func (h *cardHost) Heal(role int, fraction float64, wholeRole bool) {
	if !h.role("heal", role) {
		return
	}
	if math.IsNaN(fraction) || math.IsInf(fraction, 0) || fraction < 0 {
		h.fail("heal: fraction %g, want a finite number ≥ 0", fraction)
		return
	}
	g := h.g
	for o := range g.st.Officers {
		of := &g.st.Officers[o]
		if of.Role != role || (!wholeRole && of.Job != JobNone) {
			continue
		}
		if x := g.heal(o, fraction*of.HPMax); x > 0 {
			e := ev(EvHealed)
			e.Role, e.Officer, e.Amount = role, o, x
			g.emit(e)
		}
	}
}

func (h *cardHost) Rumour(officer, turns int) {
	if !h.officer("rumour", officer) || !h.turns("rumour", turns) {
		return
	}
	h.g.st.Officers[officer].Rumour = turns
	e := ev(EvRumour)
	e.Role, e.Officer, e.N = h.g.st.Officers[officer].Role, officer, turns
	h.g.emit(e)
}

func (h *cardHost) Poison(officer, turns int) {
	if !h.officer("poison", officer) || !h.turns("poison", turns) {
		return
	}
	h.g.st.Officers[officer].Poison = turns
	e := ev(EvPoison)
	e.Role, e.Officer, e.N = h.g.st.Officers[officer].Role, officer, turns
	h.g.emit(e)
}

func (h *cardHost) Defect(officer int) {
	if !h.officer("defect", officer) {
		return
	}
	h.g.st.Officers[officer].Quit = true
	e := ev(EvDefect)
	e.Role, e.Officer = h.g.st.Officers[officer].Role, officer
	h.g.emit(e)
}

func (h *cardHost) Place(square int, what string) {
	if h.err != nil {
		return
	}
	g := h.g
	if square < 0 || square >= len(g.st.Squares) {
		h.fail("place: square %d out of range [0, %d)", square, len(g.st.Squares))
		return
	}
	sq := &g.st.Squares[square]
	e := ev(EvPlaced)
	e.Place = square
	switch what {
	case "barrier":
		sq.Barrier, e.Note = true, NoteBarrier
	case "robber":
		sq.Robber, e.Note = true, NoteRobber
	default:
		h.fail("place: unknown thing %q (want barrier or robber)", what)
		return
	}
	g.emit(e)
}

func (h *cardHost) Alliance(a, b, turns int) bool {
	if !h.role("alliance", a) || !h.role("alliance", b) || !h.turns("alliance", turns) {
		return false
	}
	g := h.g
	ra, rb := &g.st.Roles[a], &g.st.Roles[b]
	if a == b || !ra.alive() || !rb.alive() || ra.Ally != NoAlly || rb.Ally != NoAlly {
		return false
	}
	if turns == 0 {
		return true
	}
	ra.Ally, ra.AllyLeft = b, turns
	rb.Ally, rb.AllyLeft = a, turns
	e := ev(EvAlliance)
	e.Role, e.Other, e.N = a, b, turns
	g.emit(e)
	return true
}

func (h *cardHost) PublicEnemy(role, turns int) bool {
	if !h.role("public_enemy", role) || !h.turns("public_enemy", turns) {
		return false
	}
	g := h.g
	rs := &g.st.Roles[role]
	if !rs.alive() || rs.Ally != NoAlly {
		return false
	}
	if turns == 0 {
		return true
	}
	rs.Ally, rs.AllyLeft = PublicEnemy, turns
	e := ev(EvEnemy)
	e.Role, e.N = role, turns
	g.emit(e)
	return true
}

func (h *cardHost) Reverse(role int) {
	if !h.role("reverse", role) {
		return
	}
	rs := &h.g.st.Roles[role]
	rs.Dir = -rs.Dir
	e := ev(EvReversed)
	e.Role, e.N = role, rs.Dir
	h.g.emit(e)
}

func (h *cardHost) Money(role int) float64 {
	if !h.role("money", role) {
		return 0
	}
	return h.g.st.Roles[role].Money
}
