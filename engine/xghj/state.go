package xghj

import "fmt"

// Pos is a cell position. Invalid (255, 255) marks "no position" (no
// capital, a failed spawn).
type Pos struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Invalid is the original's INVALID_POSITION.
var Invalid = Pos{255, 255}

// Status is the diplomatic status between two players (facts §6).
type Status uint8

// The statuses.
const (
	Undiscovered Status = iota
	NeutralStatus
	Allied
	AtWar
	// Truce is the rulebook's StopWar: like Neutral, but war cannot be
	// declared while State.Truce counts down (the fc14 rules never use it).
	Truce
)

var statusNames = [...]string{"undiscovered", "neutral", "allied", "at_war", "truce"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("status(%d)", s)
}

// MarshalText writes the status name.
func (s Status) MarshalText() ([]byte, error) {
	if int(s) >= len(statusNames) {
		return nil, fmt.Errorf("invalid status %d", s)
	}
	return []byte(statusNames[s]), nil
}

// UnmarshalText reads a status name.
func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if n == string(b) {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("unknown diplomatic status %q", b)
}

// Dip is a diplomatic command toward one other player (facts §6).
type Dip uint8

// The commands.
const (
	KeepNeutral Dip = iota
	FormAlliance
	JustifyWar
	Backstab
)

var dipNames = [...]string{"keep_neutral", "form_alliance", "justify_war", "backstab"}

func (d Dip) String() string {
	if int(d) < len(dipNames) {
		return dipNames[d]
	}
	return fmt.Sprintf("dip(%d)", d)
}

// MarshalText writes the command name.
func (d Dip) MarshalText() ([]byte, error) {
	if int(d) >= len(dipNames) {
		return nil, fmt.Errorf("invalid diplomatic command %d", d)
	}
	return []byte(dipNames[d]), nil
}

// UnmarshalText reads a command name.
func (d *Dip) UnmarshalText(b []byte) error {
	for i, n := range dipNames {
		if n == string(b) {
			*d = Dip(i)
			return nil
		}
	}
	return fmt.Errorf("unknown diplomatic command %q", b)
}

// Bomb is one military command: influence of Size placed at (X, Y).
type Bomb struct {
	X    int `json:"x"`
	Y    int `json:"y"`
	Size int `json:"size"`
}

// Commands are one player's orders. In the bidding a player gives Bid; in
// the spawn choice Spawn; in a round Diplomacy (one command per player,
// its own entry ignored; empty means the defaults), Bombs and Capital (nil
// keeps the current capital).
type Commands struct {
	Bid       int    `json:"bid,omitempty"`
	Spawn     *Pos   `json:"spawn,omitempty"`
	Diplomacy []Dip  `json:"diplomacy,omitempty"`
	Bombs     []Bomb `json:"bombs,omitempty"`
	Capital   *Pos   `json:"capital,omitempty"`
}

// PlayerState is everything the engine keeps about one player.
type PlayerState struct {
	Alive        bool `json:"alive"`
	Saving       int  `json:"saving"`
	Income       int  `json:"income"`
	Area         int  `json:"area"`
	Capital      Pos  `json:"capital"`
	Bid          int  `json:"bid"`
	BackstabUsed bool `json:"backstab_used"`
	// Military is the player's military power of the last round: the total
	// size of its effective bombs, the free capital bomb included.
	Military int `json:"military"`
	// KilledAtSpawn marks a player whose spawn was invalid.
	KilledAtSpawn bool `json:"killed_at_spawn,omitempty"`
	// Survived is the last round the player was alive in (rulebook
	// ranking: rounds survived).
	Survived int `json:"survived,omitempty"`
	// Goal marks a player who met the scenario's victory condition, with
	// the score its victory check gave (higher ranks first).
	Goal      bool `json:"goal,omitempty"`
	GoalScore int  `json:"goal_score,omitempty"`
}

// City is a persistent city of the rulebook rule set: Player's city of
// Level at cell Cell (row-major index). Several players' cities may share
// a cell (allies build on each other's land).
type City struct {
	Cell   int `json:"cell"`
	Player int `json:"player"`
	Level  int `json:"level"`
}

// State is the whole game state: what a save holds besides the logs.
type State struct {
	// Round is the engine's round counter: 0 before the spawn, 1 after
	// it, and the post-increment round (2..MaxRound) inside a round.
	Round   int           `json:"round"`
	Owner   []int         `json:"owner"`
	Sieged  []bool        `json:"sieged"`
	Players []PlayerState `json:"players"`
	// Dip[a][b] is the status between a and b (symmetric; Dip[a][a] is
	// Allied). JW[a][b] counts a's consecutive JustifyWar commands to b.
	Dip [][]Status `json:"dip"`
	JW  [][]int    `json:"jw"`
	// Ranking is the slot array of facts §9: Ranking[k] is the player in
	// place k.
	Ranking    []int `json:"ranking"`
	AliveCount int   `json:"alive_count"`
	// ChooseOrder is the spawn choice order (by bid).
	ChooseOrder []int `json:"choose_order"`
	Over        bool  `json:"over"`
	// Checksum is the original's map checksum after the last round;
	// Exciting counts the cells whose owner a capture changed.
	Checksum int32 `json:"checksum"`
	Exciting int   `json:"exciting"`

	// The rulebook rule set's persistent state (empty under fc14).

	// Cities are sorted by cell, then player.
	Cities []City `json:"cities,omitempty"`
	// Progress[a][c] is attacker a's attack progress on cell c.
	Progress [][]int64 `json:"progress,omitempty"`
	// TruceLeft[a][b] counts the rounds of a truce between a and b still
	// forbidding war (symmetric).
	TruceLeft [][]int `json:"truce_left,omitempty"`
	// HookVars holds the scenario hooks' variables, sorted by key.
	HookVars []HookVar `json:"hook_vars,omitempty"`
}
