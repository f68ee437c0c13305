package mbg

import (
	"fmt"
	"strconv"
)

// Decider makes the decisions of one role: an AI agent, a human at a
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
// often a card play may fail in one action, so no answer loops the game.
const MaxAttempts = 8

// Option is one legal answer to a request.
type Option struct {
	Name OptionKind `json:"name"`
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
func (o Option) ID() string {
	s := o.Name.String()
	if o.A >= 0 {
		s += "/" + strconv.Itoa(o.A)
		if o.B >= 0 {
			s += "/" + strconv.Itoa(o.B)
		}
	}
	return s
}

// Request is one decision the engine needs from a role.
type Request struct {
	Kind RequestKind
	Role int // the deciding role
	// Context, by Kind (-1 when unused): Place is a city, institute or
	// training room; Other the opposing role; Card the card being played;
	// Officer the main general the vice is chosen for.
	Place, Other, Card, Officer int
	Options                     []Option
	// Default is the option the engine takes after MaxAttempts rejected
	// answers, and for a role without a decider.
	Default int
	// Attempt is 0 on the first ask and counts the re-asks; Rejected says
	// what was wrong with the previous answer.
	Attempt  int
	Rejected string
}

// Decision is one entry of a game's decision log: the answer the engine used.
type Decision struct {
	Turn   int         `json:"turn"`
	Role   int         `json:"role"`
	Kind   RequestKind `json:"kind"`
	Choice int         `json:"choice"`
	// Option is the chosen option, so a replay can check it is still in
	// step with the game.
	Option Option `json:"option"`
	// Rejected counts the answers refused before this one.
	Rejected int `json:"rejected,omitempty"`
}

// opt is an option with unused subjects.
func opt(name OptionKind) Option { return Option{Name: name, A: -1, B: -1} }

// opt1 is an option with one subject.
func opt1(name OptionKind, a int) Option { return Option{Name: name, A: a, B: -1} }

// ask prepares g.req for a new request of kind by role; the caller appends
// the options and calls decide.
func (g *Game) ask(kind RequestKind, role int) *Request {
	r := &g.req
	*r = Request{Kind: kind, Role: role, Place: -1, Other: -1, Card: -1, Officer: -1, Options: g.req.Options[:0]}
	return r
}

// decide asks the role's decider for req and returns the chosen option's
// index. A request with one option is answered without asking (nothing to
// decide) and not logged. A role without a decider (one that never plays,
// defending its city) gets the default, which is logged like any answer so
// a replay stays in step.
func (g *Game) decide(req *Request) (int, error) {
	n := len(req.Options)
	if n == 0 {
		return -1, fmt.Errorf("turn %d: %s request for role %d has no options", g.st.Turn, req.Kind, req.Role)
	}
	if req.Default < 0 || req.Default >= n {
		req.Default = 0
	}
	if n == 1 {
		return 0, nil
	}
	var d Decider
	if req.Role >= 0 && req.Role < len(g.deciders) {
		d = g.deciders[req.Role]
	}
	choice := req.Default
	rejected := 0
	for req.Attempt = 0; d != nil && req.Attempt < MaxAttempts; req.Attempt++ {
		c, err := d.Decide(&g.view, req)
		if err != nil {
			return -1, fmt.Errorf("turn %d: role %d deciding %s: %w", g.st.Turn, req.Role, req.Kind, err)
		}
		if c >= 0 && c < n {
			choice = c
			break
		}
		rejected++
		req.Rejected = fmt.Sprintf("choice %d is not an option (0..%d)", c, n-1)
	}
	g.decisions = append(g.decisions, Decision{
		Turn: g.st.Turn, Role: req.Role, Kind: req.Kind, Choice: choice, Option: req.Options[choice], Rejected: rejected,
	})
	return choice, nil
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
