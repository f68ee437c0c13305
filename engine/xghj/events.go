package xghj

// Event kinds.
const (
	EvBid        = "bid"        // Player bid Value
	EvSpawn      = "spawn"      // Player spawned at X, Y
	EvSpawnKill  = "spawn_kill" // Player's spawn at X, Y was invalid
	EvDiplomacy  = "diplomacy"  // Player and Other went from Status to To
	EvBackstab   = "backstab"   // Player used its backstab against Other
	EvCapture    = "capture"    // cell X, Y went from Other to Player (Neutral for a neutralised cell); rulebook: Value is the overrun pass (0 for the first)
	EvWater      = "water"      // cell X, Y (water) was reset to neutral from Other
	EvCapital    = "capital"    // Player's capital is now X, Y (Invalid when lost)
	EvProduction = "production" // Player earned Value (income) and has Saving
	EvDiscover   = "discover"   // Player and Other discovered each other
	EvEliminate  = "eliminate"  // Player was eliminated into slot Value
	EvEnd        = "end"        // the game ended after round Round

	// Rulebook events.
	EvBuild   = "build"   // Player raised its city at X, Y by Value levels; Saving is what it has left
	EvRecall  = "recall"  // Player's city of Value levels at X, Y on Other's land was recalled; Saving is the refund
	EvDestroy = "destroy" // Player's city of Value levels at X, Y was destroyed by a capture
	EvTruce   = "truce"   // Player and Other's truce ended (they are neutral again)

	// EvGoal: Player met the scenario's victory condition with score Value.
	EvGoal = "goal"
)

// Event is one thing that happened, as plain values so the log is
// deterministic.
type Event struct {
	Round  int    `json:"round"`
	Phase  string `json:"phase"`
	Kind   string `json:"kind"`
	Player int    `json:"player"`
	Other  int    `json:"other,omitempty"`
	X      int    `json:"x,omitempty"`
	Y      int    `json:"y,omitempty"`
	Value  int    `json:"value,omitempty"`
	Saving int    `json:"saving,omitempty"`
	Status Status `json:"status,omitempty"`
	To     Status `json:"to,omitempty"`
}

// Phases, as events name them.
const (
	PhaseStart      = "start"
	PhaseDiplomacy  = "diplomacy"
	PhaseMilitary   = "military"
	PhaseProduction = "production"
	PhaseDiscovery  = "discovery"
	PhaseEnd        = "check_winner"
)
