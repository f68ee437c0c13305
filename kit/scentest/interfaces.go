package scentest

import "github.com/sandtable/sandtable/kit/build"

// Player is implemented by games whose single games can be recorded and
// asserted on (mapc test).
type Player interface {
	// Play plays one game of config with seed. agents names each player's
	// agent (Simulator.Agents; a shorter list repeats its last entry); the
	// first len(prefix) decisions are answered with those option indices
	// instead of by the agents. An out-of-range prefix entry is an error.
	Play(config any, seed uint64, agents []string, prefix []int) (*build.Playthrough, error)
}

// AIExplainer is implemented by games whose AI can say why it decides as
// it does (mapc inspect --ai).
type AIExplainer interface {
	// ExplainAI replays the first len(decisions) recorded decisions (option
	// indices) of a game of config with seed and returns, for the next
	// decision (of person, when a game asks per unit and person is not
	// ""), what the AI considered, how it scored each candidate and what
	// it chose; the value is printed as JSON.
	ExplainAI(config any, seed uint64, decisions []int, person string) (any, error)
}
