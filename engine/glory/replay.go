package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// Replay is a decider answering from a recorded decision log.
type Replay = play.Replay[*View, *Request, RequestKind, Option]

// NewReplay returns a replay of log.
func NewReplay(log []Decision) *Replay {
	return play.NewReplay[*View, *Request](log, Option.ID)
}

// ReplayGame plays cfg with seed from a recorded log and returns the game;
// it fails where the game leaves the record or if decisions are left over.
func ReplayGame(cfg *Config, skills SkillRunner, seed uint64, log []Decision) (*Game, error) {
	r := NewReplay(log)
	g, err := New(cfg, skills, seed, r.Deciders(2)...)
	if err != nil {
		return nil, err
	}
	if err := g.Run(); err != nil {
		return g, err
	}
	if n := r.Remaining(); n > 0 {
		return g, fmt.Errorf("glory replay: the game ended with %d recorded decisions left over", n)
	}
	return g, nil
}
