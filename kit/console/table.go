package console

import (
	"encoding/json"
	"fmt"

	"github.com/sandtable/sandtable/kit/sim"
)

// DecodeLog reads console log entries as a game's decisions.
func DecodeLog[D any](log []json.RawMessage) ([]D, error) {
	out := make([]D, len(log))
	for i, raw := range log {
		if err := json.Unmarshal(raw, &out[i]); err != nil {
			return nil, fmt.Errorf("decision %d: %w", i, err)
		}
	}
	return out, nil
}

// EncodeLog turns a game's decision log into console log entries.
func EncodeLog[D any](ds []D) []json.RawMessage {
	out := make([]json.RawMessage, len(ds))
	for i, d := range ds {
		out[i], _ = json.Marshal(d)
	}
	return out
}

// Seats returns the live decider of every role: person(role) for the roles
// a person plays, the named agent from the game's table for the others (each
// seeded from the game seed and its role, as in sims), and nil for a role
// with neither (it takes the defaults).
func Seats[D any](roles int, humans []bool, agentNames []string, table []sim.Agent[D], seed uint64, person func(role int) D) ([]D, error) {
	live := make([]D, roles)
	for i := range live {
		switch {
		case i < len(humans) && humans[i]:
			live[i] = person(i)
		case i < len(agentNames) && agentNames[i] != "":
			ds, err := sim.NewAgents(table, []string{agentNames[i]}, sim.GameSeed(seed, i))
			if err != nil {
				return nil, err
			}
			live[i] = ds[0]
		}
	}
	return live, nil
}

// Steps runs a game step by step to its end, handing watch (when not nil)
// the lines of the events each step added.
func Steps[E any](step func() (bool, error), events func() []E, lines func([]E) []string, watch func([]string)) error {
	shown := 0
	for {
		over, err := step()
		if err != nil {
			return err
		}
		if watch != nil {
			es := events()
			watch(lines(es[shown:]))
			shown = len(es)
		}
		if over {
			return nil
		}
	}
}
