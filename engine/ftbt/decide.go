package ftbt

import (
	"fmt"
	"strconv"
)

// Decider makes the decisions of one side: an AI agent, a human at a
// terminal, a test script or a replay. Decide returns the index of the chosen
// option in req.Options. An index out of range is rejected and the decider
// asked again (req.Attempt counts the re-asks, req.Rejected says why), at
// most MaxAttempts times, after which the engine takes req.Default. An error
// aborts the game (Step and Run return it).
//
// The request and its options are valid only during the call; the view is
// valid for the whole game but must not be modified through the slices it
// returns.
type Decider interface {
	Decide(v *View, req *Request) (int, error)
}

// MaxAttempts bounds how often a decider is asked for one decision, and how
// often one activation may go back from the target to the tech choice, so no
// answer loops a Step.
const MaxAttempts = 8

// Option is one legal answer to a request.
type Option struct {
	Kind OptionKind `json:"kind"`
	// A is the option's subject (person, cell or slot, as Kind says), -1
	// when unused; B is extra information about it (its cell, the path
	// cost, the person on a target cell, the slot's tech), -1 when unused.
	A int `json:"a"`
	B int `json:"b"`
}

// ID is the option's stable label, e.g. "end_turn", "person/3", "cell/212",
// "slot/1". It depends only on what the option does (Kind and A), so
// replays and agents can match options across games.
func (o Option) ID() string {
	s := o.Kind.String()
	if o.A >= 0 {
		s += "/" + strconv.Itoa(o.A)
	}
	return s
}

// Request is one decision the engine needs from a side.
type Request struct {
	Kind RequestKind
	Side int // the deciding side
	// Person is the person acting (-1 for AskPerson); Slot and Tech are the
	// tech being aimed (AskTarget; -1 otherwise).
	Person, Slot, Tech int
	Options            []Option
	// Default is the option the engine takes after MaxAttempts rejected
	// answers, and for a side without a decider.
	Default int
	// Attempt is 0 on the first ask and counts the re-asks; Rejected says
	// what was wrong with the previous answer.
	Attempt  int
	Rejected string
}

// Decision is one entry of a game's decision log: the answer the engine used.
type Decision struct {
	Round  int         `json:"round"`
	Side   int         `json:"side"`
	Kind   RequestKind `json:"kind"`
	Choice int         `json:"choice"`
	// Option is the chosen option, so a replay can check it is still in
	// step with the game.
	Option Option `json:"option"`
	// Rejected counts the answers refused before this one.
	Rejected int `json:"rejected,omitempty"`
}

// ask prepares g.req for a new request; the caller appends the options and
// calls decide.
func (g *Game) ask(kind RequestKind, person int) *Request {
	r := &g.req
	*r = Request{Kind: kind, Side: g.st.Side, Person: person, Slot: -1, Tech: -1, Options: g.req.Options[:0]}
	return r
}

// decide asks the side's decider for req and returns the chosen option's
// index. A request with one option is answered without asking (nothing to
// decide) and not logged. A side without a decider gets the default, which
// is logged like any answer so a replay stays in step.
func (g *Game) decide(req *Request) (int, error) {
	n := len(req.Options)
	if n == 0 {
		return -1, fmt.Errorf("round %d: %s request for side %d has no options", g.st.Round, req.Kind, req.Side)
	}
	if req.Default < 0 || req.Default >= n {
		req.Default = 0
	}
	if n == 1 {
		return 0, nil
	}
	d := g.deciders[req.Side]
	choice := req.Default
	rejected := 0
	for req.Attempt = 0; d != nil && req.Attempt < MaxAttempts; req.Attempt++ {
		c, err := d.Decide(&g.view, req)
		if err != nil {
			return -1, fmt.Errorf("round %d: side %d deciding %s: %w", g.st.Round, req.Side, req.Kind, err)
		}
		if c >= 0 && c < n {
			choice = c
			break
		}
		rejected++
		req.Rejected = fmt.Sprintf("choice %d is not an option (0..%d)", c, n-1)
	}
	g.decisions = append(g.decisions, Decision{
		Round: g.st.Round, Side: req.Side, Kind: req.Kind, Choice: choice, Option: req.Options[choice], Rejected: rejected,
	})
	return choice, nil
}

// View is a decider's read-only window on the game. Indices must be in
// range; slices returned are the game's own: read them, never modify them.
type View struct {
	g *Game
}

// Config returns the game's config (read-only).
func (v *View) Config() *Config { return v.g.cfg }

// Round returns the current round (from 1).
func (v *View) Round() int { return v.g.st.Round }

// Side returns the side whose turn it is.
func (v *View) Side() int { return v.g.st.Side }

// Person returns person p's state.
func (v *View) Person(p int) PersonView { return v.g.personView(p) }

// Finished reports whether person p has acted in this round.
func (v *View) Finished(p int) bool { return v.g.st.People[p].Finished }

// TurnCell returns person p's cell at the start of the current turn (-1 if
// it was off the map then).
func (v *View) TurnCell(p int) int { return v.g.st.People[p].TurnCell }

// Occupant returns the person on cell, or -1.
func (v *View) Occupant(cell int) int { return v.g.occ[cell] }

// Effect returns side's value and remaining duration of slot at cell.
func (v *View) Effect(cell, side int, slot EffectSlot) (value, remaining int) {
	e := v.g.eff[effIndex(cell, side, slot)]
	return e.value, e.left
}

// Alive returns how many people of side are on the map.
func (v *View) Alive(side int) int { return v.g.nIn[side] }

// Range returns the range list of the activation in progress (during
// AskMove, AskTech and AskTarget): the acting person's reachable cells in
// pop order, its own cell first, ally-held cells included, as computed
// before its move.
func (v *View) Range() []Reach { return v.g.reach }

// StaticWeights returns the terrain weight of every cell (the AI's w_map).
func (v *View) StaticWeights() []int { return v.g.static }

// Score returns the AI's value of a tech use in the current state (facts
// §9.3 step 5), from the class's EffectRunner.Score; goalDist is the deciding
// person's goal distance of every cell (ScoreHost.GoalDist).
func (v *View) Score(call *EffectCall, goalDist []int) (int, error) {
	return v.g.score(call, goalDist)
}
