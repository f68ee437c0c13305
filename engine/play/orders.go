package play

import (
	"errors"
	"fmt"
)

// OrderRequest asks one player for its orders of a round. Orders are
// free-form (a bid, diplomacy commands, placements with amounts …), so the
// engine validates them instead of enumerating options.
type OrderRequest struct {
	Round  int
	Player int
	// Attempt is 0 on the first ask and counts the re-asks; Rejected says
	// what was wrong with the previous answer.
	Attempt  int
	Rejected string
}

// OrderDecider submits the orders of one player. The view is what that
// player may see; it must not be modified. Returning ErrDefault takes the
// player's default orders; any other error aborts the game.
type OrderDecider[V, A any] interface {
	Orders(v V, req *OrderRequest) (A, error)
}

// ErrDefault, returned by an OrderDecider, asks for the player's default
// orders (a player passing, or a replay of a round it passed).
var ErrDefault = errors.New("default orders")

// OrderRecord is one entry of an order log: the orders the engine used.
type OrderRecord[A any] struct {
	Round  int `json:"round"`
	Player int `json:"player"`
	Orders A   `json:"orders"`
	// Rejected counts the answers refused before this one; Defaulted says
	// the player's default orders were used (no decider, or every answer
	// refused).
	Rejected  int  `json:"rejected,omitempty"`
	Defaulted bool `json:"defaulted,omitempty"`
}

// Orders holds the players' order deciders and the order log of a game
// whose players move simultaneously.
type Orders[V, A any] struct {
	// Deciders has one entry per player; a nil entry (or a player beyond
	// the list) always gets its default orders.
	Deciders []OrderDecider[V, A]
	// Log is every player's orders of every round, in round and player
	// order.
	Log []OrderRecord[A]
}

// Gather asks each of players, in the order given, for its orders of round
// and returns them in the same order. All players answer against the state
// as it is before any of the orders applies, so no one sees another's
// orders: the caller applies them only after Gather returns. view returns
// the view player p may see; check reports what is wrong with an answer
// (nil when it is valid; it may normalise the answer in place); def returns
// the orders taken for a player without a decider or after MaxAttempts
// refused answers.
func (o *Orders[V, A]) Gather(round int, players []int, view func(p int) V, check func(p int, a *A) error, def func(p int) A) ([]A, error) {
	out := make([]A, len(players))
	for i, p := range players {
		var d OrderDecider[V, A]
		if p >= 0 && p < len(o.Deciders) {
			d = o.Deciders[p]
		}
		rec := OrderRecord[A]{Round: round, Player: p, Defaulted: true}
		req := OrderRequest{Round: round, Player: p}
		for req.Attempt = 0; d != nil && req.Attempt < MaxAttempts; req.Attempt++ {
			a, err := d.Orders(view(p), &req)
			if errors.Is(err, ErrDefault) {
				break
			}
			if err != nil {
				return nil, fmt.Errorf("round %d: player %d giving orders: %w", round, p, err)
			}
			if err := check(p, &a); err != nil {
				rec.Rejected++
				req.Rejected = err.Error()
				continue
			}
			rec.Orders, rec.Defaulted = a, false
			break
		}
		if rec.Defaulted {
			rec.Orders = def(p)
		}
		out[i] = rec.Orders
		o.Log = append(o.Log, rec)
	}
	return out, nil
}

// OrderReplay is an OrderDecider that answers from a recorded order log, in
// log order, for every player. It fails as soon as the game asks a player or
// round other than the record's next entry, or refuses a recorded order.
type OrderReplay[V, A any] struct {
	log  []OrderRecord[A]
	next int
}

// NewOrderReplay returns a replay of log.
func NewOrderReplay[V, A any](log []OrderRecord[A]) *OrderReplay[V, A] {
	return &OrderReplay[V, A]{log: log}
}

// Deciders returns n deciders (one per player), all this replay.
func (p *OrderReplay[V, A]) Deciders(n int) []OrderDecider[V, A] {
	ds := make([]OrderDecider[V, A], n)
	for i := range ds {
		ds[i] = p
	}
	return ds
}

// Remaining returns how many recorded entries have not been used yet.
func (p *OrderReplay[V, A]) Remaining() int { return len(p.log) - p.next }

// Orders implements OrderDecider.
func (p *OrderReplay[V, A]) Orders(_ V, req *OrderRequest) (A, error) {
	var zero A
	if req.Attempt > 0 {
		return zero, fmt.Errorf("replay: entry %d (round %d, player %d) was refused: %s", p.next-1, req.Round, req.Player, req.Rejected)
	}
	if p.next >= len(p.log) {
		return zero, fmt.Errorf("replay: the log ended after %d entries (player %d asked for round %d)", len(p.log), req.Player, req.Round)
	}
	r := &p.log[p.next]
	if r.Round != req.Round || r.Player != req.Player {
		return zero, fmt.Errorf("replay: entry %d was player %d's orders of round %d, the game asks player %d for round %d",
			p.next, r.Player, r.Round, req.Player, req.Round)
	}
	p.next++
	if r.Defaulted {
		return zero, ErrDefault
	}
	return r.Orders, nil
}
