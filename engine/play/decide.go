package play

import (
	"fmt"
	"strconv"
)

// MaxAttempts bounds how often a player is asked for one decision, so no
// answer loops a game.
const MaxAttempts = 8

// Kind is a request or option kind: a small integer type with a stable name
// for messages, option IDs and JSON.
type Kind interface {
	comparable
	String() string
}

// Ask is the part of a request the shared loop reads and writes. A game's
// Request type embeds it beside the request's game-specific context (the
// city, the acting person …), so its deciders read req.Kind, req.Player and
// req.Options directly.
type Ask[K Kind, O comparable] struct {
	Kind   K
	Player int // the deciding player (role, side, seat)
	// Options are the legal answers; the decider returns an index into it.
	Options []O
	// Default is the option the engine takes after MaxAttempts rejected
	// answers, and for a player without a decider.
	Default int
	// Attempt is 0 on the first ask and counts the re-asks; Rejected says
	// what was wrong with the previous answer.
	Attempt  int
	Rejected string
}

// Header returns the shared part of the request; it lets Seats and Replay
// work on any game's request type that embeds Ask.
func (a *Ask[K, O]) Header() *Ask[K, O] { return a }

// Reset clears the request for a new ask of kind by player, keeping the
// options' backing array (requests are reused; the engine appends the
// options afterwards).
func (a *Ask[K, O]) Reset(kind K, player int) {
	*a = Ask[K, O]{Kind: kind, Player: player, Options: a.Options[:0]}
}

// Request is any game's request type: a pointer to a struct embedding
// Ask[K, O].
type Request[K Kind, O comparable] interface {
	Header() *Ask[K, O]
}

// Decider makes the decisions of one player: an AI agent, a human at a
// terminal, a test script or a replay. Decide returns the index of the chosen
// option in req's options. An index out of range is rejected and the decider
// asked again (req.Attempt counts the re-asks, req.Rejected says why), at
// most MaxAttempts times, after which the engine takes the default. An error
// aborts the game.
//
// The request and its options are valid only during the call; the view is
// valid for the whole game but must not be modified through the slices it
// returns.
type Decider[V any, R any] interface {
	Decide(v V, req R) (int, error)
}

// Decision is one entry of a game's decision log: the answer the engine
// used.
type Decision[K Kind, O comparable] struct {
	Round  int `json:"round"`
	Player int `json:"player"`
	Kind   K   `json:"kind"`
	Choice int `json:"choice"`
	// Option is the chosen option, so a replay can check it is still in
	// step with the game.
	Option O `json:"option"`
	// Rejected counts the answers refused before this one.
	Rejected int `json:"rejected,omitempty"`
}

// Seats holds the players' deciders and the decision log of one game.
type Seats[V any, R Request[K, O], K Kind, O comparable] struct {
	// Deciders has one entry per player; a nil entry (or a player beyond
	// the list) always gets the request's default.
	Deciders []Decider[V, R]
	// Log is every decision taken so far, in game order.
	Log []Decision[K, O]
}

// Decide asks req's player for a decision in round and returns the chosen
// option's index. A request with one option is answered without asking
// (there is nothing to decide) and not logged. A player without a decider
// gets the default, which is logged like any answer so a replay stays in
// step.
func (s *Seats[V, R, K, O]) Decide(v V, round int, req R) (int, error) {
	h := req.Header()
	n := len(h.Options)
	if n == 0 {
		return -1, fmt.Errorf("round %d: %s request for player %d has no options", round, h.Kind, h.Player)
	}
	if h.Default < 0 || h.Default >= n {
		h.Default = 0
	}
	if n == 1 {
		return 0, nil
	}
	var d Decider[V, R]
	if h.Player >= 0 && h.Player < len(s.Deciders) {
		d = s.Deciders[h.Player]
	}
	choice := h.Default
	rejected := 0
	for h.Attempt = 0; d != nil && h.Attempt < MaxAttempts; h.Attempt++ {
		c, err := d.Decide(v, req)
		if err != nil {
			return -1, fmt.Errorf("round %d: player %d deciding %s: %w", round, h.Player, h.Kind, err)
		}
		if c >= 0 && c < n {
			choice = c
			break
		}
		rejected++
		h.Rejected = "choice " + strconv.Itoa(c) + " is not an option (0.." + strconv.Itoa(n-1) + ")"
	}
	s.Log = append(s.Log, Decision[K, O]{
		Round: round, Player: h.Player, Kind: h.Kind, Choice: choice, Option: h.Options[choice], Rejected: rejected,
	})
	return choice, nil
}

// Replay is a Decider that answers from a recorded decision log. Started on
// a new game with the same config and seed, it replays the recorded game
// exactly: the engine's randomness comes from the seed and every other input
// is in the log. One Replay answers for every player, since the log is in
// game order; it checks each request against the record and fails as soon as
// the game goes another way.
type Replay[V any, R Request[K, O], K Kind, O comparable] struct {
	log  []Decision[K, O]
	next int
	// label names an option in messages (its stable ID).
	label func(O) string
}

// NewReplay returns a replay of log; label names an option in messages.
func NewReplay[V any, R Request[K, O], K Kind, O comparable](log []Decision[K, O], label func(O) string) *Replay[V, R, K, O] {
	return &Replay[V, R, K, O]{log: log, label: label}
}

// Deciders returns n deciders (one per player), all this replay.
func (p *Replay[V, R, K, O]) Deciders(n int) []Decider[V, R] {
	ds := make([]Decider[V, R], n)
	for i := range ds {
		ds[i] = p
	}
	return ds
}

// Remaining returns how many recorded decisions have not been used yet.
func (p *Replay[V, R, K, O]) Remaining() int { return len(p.log) - p.next }

// Decide implements Decider.
func (p *Replay[V, R, K, O]) Decide(_ V, req R) (int, error) {
	h := req.Header()
	if p.next >= len(p.log) {
		return -1, fmt.Errorf("replay: the log ended after %d decisions (player %d asked for %s)", len(p.log), h.Player, h.Kind)
	}
	d := &p.log[p.next]
	if d.Player != h.Player || d.Kind != h.Kind {
		return -1, fmt.Errorf("replay: decision %d was player %d's %s, the game asks player %d for %s",
			p.next, d.Player, d.Kind, h.Player, h.Kind)
	}
	if d.Choice < 0 || d.Choice >= len(h.Options) || h.Options[d.Choice] != d.Option {
		return -1, fmt.Errorf("replay: decision %d chose %s, which the game does not offer there", p.next, p.label(d.Option))
	}
	p.next++
	return d.Choice, nil
}

// Resume returns deciders that answer from the replay while its log lasts
// and then hand over to live (one per player; a nil entry takes the
// request's default): a game rebuilt from its decision log continues where
// the log ends.
func Resume[V any, R Request[K, O], K Kind, O comparable](rp *Replay[V, R, K, O], live []Decider[V, R]) []Decider[V, R] {
	ds := make([]Decider[V, R], len(live))
	for i, d := range live {
		ds[i] = resumed[V, R, K, O]{rp, d}
	}
	return ds
}

type resumed[V any, R Request[K, O], K Kind, O comparable] struct {
	rp   *Replay[V, R, K, O]
	live Decider[V, R]
}

func (r resumed[V, R, K, O]) Decide(v V, req R) (int, error) {
	if r.rp.Remaining() > 0 {
		return r.rp.Decide(v, req)
	}
	if r.live == nil {
		return req.Header().Default, nil
	}
	return r.live.Decide(v, req)
}
