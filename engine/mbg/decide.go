package mbg

import (
	"github.com/sandtable/sandtable/engine/play"
)

// Decider makes the decisions of one role: an AI agent, a human at a
// terminal, a test script or a replay (see play.Decider: out-of-range
// answers are re-asked at most MaxAttempts times, then the request's
// default is taken).
type Decider = play.Decider[*View, *Request]

// MaxAttempts bounds how often a decider is asked for one decision, and how
// often a card play may fail in one action, so no answer loops the game.
const MaxAttempts = play.MaxAttempts

// Option is one legal answer to a request.
type Option struct {
	Kind OptionKind `json:"kind"`
	// A and B are the option's subjects (officer, card, role, square, city,
	// tech, scale … as the request kind says), -1 when unused.
	A int `json:"a"`
	B int `json:"b"`
	// Price is a hiring price.
	Price float64 `json:"price,omitempty"`
}

// ID is the option's stable label, e.g. "move", "card/3", "garrison/12/4".
// It depends only on what the option does, so replays and agents can match
// options across games.
func (o Option) ID() string { return play.Label(o.Kind, o.A, o.B) }

// Request is one decision the engine needs from a role: the shared part
// (kind, deciding role as Player, options, default, re-ask state) and the
// request's context.
type Request struct {
	play.Ask[RequestKind, Option]
	// Context, by Kind (-1 when unused): Place is a city, institute or
	// training room; Other the opposing role; Card the card being played;
	// Officer the main general the vice is chosen for.
	Place, Other, Card, Officer int
}

// Decision is one entry of a game's decision log: the answer the engine
// used, in the turn (Round) it was taken.
type Decision = play.Decision[RequestKind, Option]

// opt is an option with unused subjects.
func opt(kind OptionKind) Option { return Option{Kind: kind, A: -1, B: -1} }

// opt1 is an option with one subject.
func opt1(kind OptionKind, a int) Option { return Option{Kind: kind, A: a, B: -1} }

// ask prepares g.req for a new request of kind by role; the caller appends
// the options and calls decide.
func (g *Game) ask(kind RequestKind, role int) *Request {
	r := &g.req
	r.Reset(kind, role)
	r.Place, r.Other, r.Card, r.Officer = -1, -1, -1, -1
	return r
}

// decide asks the role's decider for req (play.Seats.Decide) and returns
// the chosen option's index.
func (g *Game) decide(req *Request) (int, error) {
	return g.seats.Decide(&g.view, g.st.Turn, req)
}

// choose runs decide and returns the chosen option.
func (g *Game) choose(req *Request) (Option, error) {
	i, err := g.decide(req)
	if err != nil {
		return Option{}, err
	}
	return req.Options[i], nil
}

// View is a decider's read-only window on the game. State values are
// copies, but the slices in them are the game's own: read them, never modify
// them. Indices must be in range.
type View struct {
	g *Game
}

// Config returns the game's config (read-only).
func (v *View) Config() *Config { return v.g.cfg }

// Turn returns the current turn (from 1).
func (v *View) Turn() int { return v.g.st.Turn }

// NumRoles returns the number of roles.
func (v *View) NumRoles() int { return len(v.g.st.Roles) }

// Role returns role r's state.
func (v *View) Role(r int) RoleState { return v.g.st.Roles[r] }

// Officer returns officer o's state.
func (v *View) Officer(o int) OfficerState { return v.g.st.Officers[o] }

// City returns city c's state.
func (v *View) City(c int) CityState { return v.g.st.Cities[c] }

// Institute returns institute i's state.
func (v *View) Institute(i int) InstituteState { return v.g.st.Institutes[i] }

// Training returns training room i's state.
func (v *View) Training(i int) TrainingState { return v.g.st.Trainings[i] }

// Square returns board square s's state.
func (v *View) Square(s int) SquareState { return v.g.st.Squares[s] }

// Free returns the free officers of a level (0..2), ascending.
func (v *View) Free(level int) []int { return v.g.st.Free[level] }

// Effective returns officer o's property p as the rules read it (reduced
// while poisoned).
func (v *View) Effective(o int, p Prop) float64 { return v.g.effective(o, p) }

// Earn returns city c's income per turn as the settlement would pay it now.
func (v *View) Earn(c int) float64 { return v.g.earn(c) }

// Alive reports whether role r is still in the game.
func (v *View) Alive(r int) bool { return v.g.st.Roles[r].alive() }
