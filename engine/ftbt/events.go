package ftbt

// Event is one change of the game state. Events are plain values so a log
// is deterministic and encodes to JSON; EventKind lists the fields each kind
// uses. Like the original's notifications (manual §4), an event is emitted
// before the state it reports changes, so Cell is where a person was. Timers
// that merely tick are not reported at every tick: their start (EvLocBuf)
// and their end (EvEffectEnd) are.
type Event struct {
	Round  int       `json:"round"`
	Kind   EventKind `json:"kind"`
	Side   int       `json:"side"`
	Person int       `json:"person"`
	Target int       `json:"target"` // the person aimed at
	Cell   int       `json:"cell"`
	To     int       `json:"to"` // a destination or target cell
	Tech   int       `json:"tech"`
	N      int       `json:"n"`
	Value  int       `json:"value"`
	Note   Note      `json:"note,omitempty"`
}

// ev returns an event of kind with every index field "none".
func ev(kind EventKind) Event {
	return Event{Kind: kind, Side: -1, Person: -1, Target: -1, Cell: -1, To: -1, Tech: -1}
}

// emit appends an event of the current round.
func (g *Game) emit(e Event) {
	e.Round = g.st.Round
	g.events.Emit(e)
}
