package ftbt

import "fmt"

// Replay is a Decider that answers from a recorded decision log
// (Game.Decisions). Started on a new game with the same config and seed, it
// replays the recorded game exactly: the engine's randomness comes from the
// seed and every other input is in the log. One Replay answers for both
// sides, since the log is in game order; it checks each request against the
// record and fails as soon as the game goes another way.
type Replay struct {
	log  []Decision
	next int
}

// NewReplay returns a replay of log.
func NewReplay(log []Decision) *Replay { return &Replay{log: log} }

// Deciders returns the deciders of both sides, both this replay.
func (p *Replay) Deciders() []Decider { return []Decider{p, p} }

// Remaining returns how many recorded decisions have not been used yet.
func (p *Replay) Remaining() int { return len(p.log) - p.next }

// Decide implements Decider.
func (p *Replay) Decide(_ *View, req *Request) (int, error) {
	if p.next >= len(p.log) {
		return -1, fmt.Errorf("replay: the log ended after %d decisions (side %d asked for %s)", len(p.log), req.Side, req.Kind)
	}
	d := &p.log[p.next]
	if d.Side != req.Side || d.Kind != req.Kind {
		return -1, fmt.Errorf("replay: decision %d was side %d's %s, the game asks side %d for %s",
			p.next, d.Side, d.Kind, req.Side, req.Kind)
	}
	if d.Choice < 0 || d.Choice >= len(req.Options) || req.Options[d.Choice] != d.Option {
		return -1, fmt.Errorf("replay: decision %d chose %s, which the game does not offer there", p.next, d.Option.ID())
	}
	p.next++
	return d.Choice, nil
}
