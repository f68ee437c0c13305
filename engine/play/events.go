package play

// Events is a game's event log: what happened, in order, as plain values
// (no pointers, no maps) so the log is deterministic and encodes to JSON
// byte for byte the same for the same game. Engines append with Emit;
// readers (replays, a terminal game showing what happened since a player's
// last turn, tests comparing two runs) take All or Since.
type Events[E any] struct {
	list []E
}

// Reserve makes room for n more events, so a whole game appends without
// growing the log repeatedly.
func (l *Events[E]) Reserve(n int) {
	if cap(l.list)-len(l.list) < n {
		grown := make([]E, len(l.list), len(l.list)+n)
		copy(grown, l.list)
		l.list = grown
	}
}

// Emit appends e.
func (l *Events[E]) Emit(e E) { l.list = append(l.list, e) }

// All returns every event so far; the slice must not be modified.
func (l *Events[E]) All() []E { return l.list }

// Len returns the number of events so far.
func (l *Events[E]) Len() int { return len(l.list) }

// Since returns the events from index i on (those emitted after Len
// returned i); the slice must not be modified.
func (l *Events[E]) Since(i int) []E {
	if i < 0 || i > len(l.list) {
		return nil
	}
	return l.list[i:]
}

// Set replaces the log (a loaded game's).
func (l *Events[E]) Set(list []E) { l.list = list }
