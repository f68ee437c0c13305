package mbg

// Event is one change of the game state. Events are plain values so a log
// is deterministic and encodes to JSON. Counters that merely tick each turn
// (statuses, movement and alliance timers, training turns are the
// exception) are not reported at every tick: their start and their end are.
type Event struct {
	Turn    int       `json:"turn"`
	Kind    EventKind `json:"kind"`
	Role    int       `json:"role"`
	Other   int       `json:"other"`
	Officer int       `json:"officer"`
	Place   int       `json:"place"` // city, institute, training room or square, by Kind
	Index   int       `json:"index"` // card, tech, property, square or battle, by Kind
	N       int       `json:"n"`
	Amount  float64   `json:"amount"`
	Value   float64   `json:"value"`
	Note    Note      `json:"note,omitempty"`
}

// Battle kinds of a BattleSummary.
const (
	BattleCity    = "city"    // a visitor besieges a city
	BattleMeeting = "meeting" // two roles on the same square
	BattleRobber  = "robber"  // a role fights the robber
)

// BattleSummary is what a battle did. The game keeps one per battle
// (Game.Battles; an EvBattle event holds its number) instead of the battle
// routine's round-by-round events.
type BattleSummary struct {
	Kind     string `json:"kind"`
	Attacker int    `json:"attacker"` // role
	Defender int    `json:"defender"` // role, or -1 for the robber
	City     int    `json:"city"`     // besieged city or -1
	Scale    int    `json:"scale"`
	// Main and Vice are the generals (officer indices, -1 none) per side.
	Main [2]int `json:"main"`
	Vice [2]int `json:"vice"`
	// Outcome is the attacker's result: 1 won, 0 drawn, -1 lost.
	Outcome Outcome `json:"outcome"`
	// Forfeit is set when a side had no general and lost without a fight.
	Forfeit  bool       `json:"forfeit,omitempty"`
	Rounds   int        `json:"rounds"`
	HPBefore [2]float64 `json:"hp_before"`
	HPAfter  [2]float64 `json:"hp_after"`
	DefAfter float64    `json:"def_after"` // the city's def after the battle
	Exiled   [2]bool    `json:"exiled"`
}

// emit appends an event of the current turn. Callers fill only what the kind
// uses; the -1 defaults keep a role index 0 from being mistaken for "none".
func (g *Game) emit(e Event) {
	e.Turn = g.st.Turn
	g.events.Emit(e)
}

// ev returns an event of kind with every index field "none".
func ev(kind EventKind) Event {
	return Event{Kind: kind, Role: -1, Other: -1, Officer: -1, Place: -1, Index: -1}
}
