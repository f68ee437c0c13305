package ftbt

import "github.com/sandtable/sandtable/engine/play"

// Reasons a game ended (Result.Reason); they are the names of the
// corresponding Notes.
const (
	ReasonWiped     = "wiped"      // one side has no one left on the map
	ReasonBothWiped = "both_wiped" // one activation removed the last people of both sides
	ReasonMaxRounds = "max_rounds" // Rules.MaxRounds rounds were played: a draw
	ReasonQuit      = "quit"       // a side quit: nobody wins
)

// Result is how a game ended.
type Result struct {
	Winner int    `json:"winner"` // side, -1 for nobody
	Reason string `json:"reason"` // Reason*
	Rounds int    `json:"rounds"` // rounds played, the last one included
	// Side is the side whose turn it was when the game ended (for
	// ReasonQuit, the side that quit).
	Side int `json:"side"`
}

// State is the complete mutable state of a game, and with the RNG the save
// format. The occupancy of cells, the people counters and the weight maps
// are not saved: they are rebuilt from the people, which are the one source
// of truth.
type State struct {
	// Round is the current round, from 1 (0 before the first one).
	Round int `json:"round"`
	// Side is the side whose turn it is (or starts next, in PhaseTurn).
	Side int `json:"side"`
	// Phase says what the next Step does first.
	Phase Phase `json:"phase"`
	// Over is set when the game has ended; Result is then final.
	Over   bool   `json:"over"`
	Result Result `json:"result"`

	People []PersonState `json:"people"`
	// Effects lists the timed effects with a non-zero value or duration. It
	// is filled only in saves; the live game keeps a per-cell table.
	Effects []CellEffect `json:"effects"`
}

// PersonState is one person's mutable state.
type PersonState struct {
	HP   int `json:"hp"`
	Cell int `json:"cell"` // -1 once removed (hp 0)
	// Finished is set once the person has acted in the current round.
	Finished bool `json:"finished"`
	// TurnCell is the person's cell at the start of the current turn
	// (-1 if it was off the map); the AI's distances are computed from it
	// (facts §9.2 AICalAllDist).
	TurnCell int `json:"turn_cell"`
}

// CellEffect is one timed effect of a save: Side's Slot at Cell has Value
// for Left more rounds (0 with any value: permanent).
type CellEffect struct {
	Cell  int        `json:"cell"`
	Side  int        `json:"side"`
	Slot  EffectSlot `json:"slot"`
	Value int        `json:"value"`
	Left  int        `json:"left"`
}

// MarshalText implements encoding.TextMarshaler: the slot name.
func (s EffectSlot) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *EffectSlot) UnmarshalText(text []byte) error {
	return play.ParseName(s, NumSlots, text, "EffectSlot")
}

// effect is one timed effect of the live table.
type effect struct {
	value, left int
}

// effPair is an effect in Game.eff: its value, then its remaining duration.
type effPair []int

func (e effPair) value() int { return e[0] }
func (e effPair) left() int  { return e[1] }

// effAt returns effect i of g.eff (see effIndex).
func (g *Game) effAt(i int) effect { return effect{value: g.eff[2*i], left: g.eff[2*i+1]} }

// setEff sets effect i of g.eff.
func (g *Game) setEff(i int, e effect) { g.eff[2*i], g.eff[2*i+1] = e.value, e.left }

// effIndex is the index of side's slot at cell among Game.eff's effects.
func effIndex(cell, side int, s EffectSlot) int {
	return (cell*2+side)*NumSlots + int(s)
}
