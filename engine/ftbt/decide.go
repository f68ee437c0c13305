package ftbt

import (
	"github.com/sandtable/sandtable/engine/play"
)

// Decider makes the decisions of one side: an AI agent, a human at a
// terminal, a test script or a replay (see play.Decider: out-of-range
// answers are re-asked at most MaxAttempts times, then the request's
// default is taken).
type Decider = play.Decider[*View, *Request]

// MaxAttempts bounds how often a decider is asked for one decision, and how
// often one activation may go back from the target to the tech choice, so no
// answer loops a Step.
const MaxAttempts = play.MaxAttempts

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
func (o Option) ID() string { return play.Label(o.Kind, o.A) }

// Request is one decision the engine needs from a side: the shared part
// (kind, deciding side as Player, options, default, re-ask state) and the
// request's context.
type Request struct {
	play.Ask[RequestKind, Option]
	// Person is the person acting (-1 for AskPerson); Slot and Tech are the
	// tech being aimed (AskTarget; -1 otherwise).
	Person, Slot, Tech int
}

// Decision is one entry of a game's decision log: the answer the engine
// used, in the round it was taken.
type Decision = play.Decision[RequestKind, Option]

// ask prepares g.req for a new request of the side to move; the caller
// appends the options and calls decide.
func (g *Game) ask(kind RequestKind, person int) *Request {
	r := &g.req
	r.Reset(kind, g.st.Side)
	r.Person, r.Slot, r.Tech = person, -1, -1
	return r
}

// decide asks the side's decider for req (play.Seats.Decide) and returns
// the chosen option's index.
func (g *Game) decide(req *Request) (int, error) {
	return g.seats.Decide(&g.view, g.st.Round, req)
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
	e := v.g.effAt(effIndex(cell, side, slot))
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
