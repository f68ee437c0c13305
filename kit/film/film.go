// Package film is the contract between the games and mapc studio's replay
// viewer: a game played or replayed, frame by frame, each frame with the
// decision that led to it and the map drawn with the state.
package film

// Filmer is implemented by games whose games the studio's replay viewer can
// show step by step. It is optional: a game without it is shown without a
// replay viewer.
type Filmer interface {
	// Film plays one game of config (a compiled config, as Compile or
	// DecodeConfig returned it) and returns it as frames. When in.Record is
	// not empty the game's decisions come from that recording (a console
	// save, an engine save, a golden playthrough, a mapc play log, or a
	// format of the game's own such as xghj's contest log) and Seed and
	// Agents come from it where it holds them; otherwise the game is played
	// from in.Seed by in.Agents. A recording the game cannot read is an
	// error saying what was expected.
	Film(config any, in Input) (*Film, error)
}

// Input says which game to film.
type Input struct {
	Seed   uint64
	Agents []string // one agent name per role (sim.Simulator.Agents); a shorter list repeats its last entry
	Record []byte   // a recorded game, or nil to play one
	Limit  int      // the most frames to return (0: DefaultLimit); the film ends early, Cut set
}

// DefaultLimit bounds a film when Input.Limit is 0.
const DefaultLimit = 2000

// Film is one game, frame by frame.
type Film struct {
	Roles  []string // the roles' names, by index
	Frames []Frame  // Frames[0] is the start, before any decision
	Result string   // the result in words, "" when the film was cut
	Cut    bool     // the game went on past the frame limit
}

// Frame is the game after one decision (or, for Frames[0], at its start).
type Frame struct {
	Step int // index in Film.Frames
	Turn int // the game's own turn or round counter
	// The decision that led to this frame; Role is -1 for the start frame
	// and for steps that are not decisions.
	Role     int
	Question string   // e.g. "your action", "target of 窃取"
	Options  []string // the options offered, in words, in the engine's order
	Chosen   int      // index into Options, -1 for none
	Events   []string // what happened since the previous frame, in words
	State    []string // the state, as lines (money, HP, owners …)
	// SVG is the map at this frame as mapc render draws it, with the
	// state drawn on it (owners, positions, HP; for xghj, what is visible).
	SVG []byte
}
