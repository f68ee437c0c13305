package ftbt

import "github.com/sandtable/sandtable/engine/play"

// Replay is a Decider that answers from a recorded decision log
// (Game.Decisions). Started on a new game with the same config and seed, it
// replays the recorded game exactly; it checks each request against the
// record and fails as soon as the game goes another way (see play.Replay).
type Replay = play.Replay[*View, *Request, RequestKind, Option]

// NewReplay returns a replay of log.
func NewReplay(log []Decision) *Replay { return play.NewReplay[*View, *Request](log, Option.ID) }
