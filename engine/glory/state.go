package glory

// Phase is where a game stands.
type Phase uint8

// Phases in order.
const (
	PhaseMain    Phase = iota // draft step 1
	PhaseBan                  // draft step 2
	PhasePicks                // draft step 3
	PhaseWeapons              // preparation: weapons
	PhaseSkills               // preparation: preparation-phase skills
	PhasePlay                 // rounds
	PhaseOver                 // decided
)

// State is everything of a game that changes, in plain values so it saves
// to JSON and a loaded game continues exactly.
type State struct {
	Phase Phase `json:"phase"`
	// Round counts from 1; Side is the side whose turn it is; Started says
	// the turn's start has been run.
	Round   int  `json:"round"`
	Side    int  `json:"side"`
	Started bool `json:"started"`
	// Turns counts each side's own turns (cooldowns count them, §11.5).
	Turns [2]int `json:"turns"`
	G     [2]int `json:"g"`
	Draft Draft  `json:"draft"`
	// Heroes are the ten drafted heroes: red's main and picks, then blue's.
	Heroes []HeroState  `json:"heroes"`
	Towers []TowerState `json:"towers"`
	// Econ holds, per side and economy zone, whether a hero of the side
	// earned on it this turn.
	Econ [2][]bool `json:"econ"`
	// Winner is the winning side once the game is over, -1 for a draw.
	Winner int    `json:"winner"`
	Reason string `json:"reason,omitempty"`
}

// Draft is the draft's outcome so far (config hero indices, -1 unset).
type Draft struct {
	Main [2]int `json:"main"`
	// Ban is the hero each side banned for the opponent.
	Ban   [2]int   `json:"ban"`
	Picks [2][]int `json:"picks"`
	// Clashed lists the heroes lost to a clash in step 3 (never pickable
	// again).
	Clashed []int `json:"clashed,omitempty"`
}

// HeroState is one drafted hero in play.
type HeroState struct {
	Hero  int  `json:"hero"` // config index
	Side  int  `json:"side"`
	HP    int  `json:"hp"`
	MaxHP int  `json:"max_hp"`
	Point int  `json:"point"`
	Alive bool `json:"alive"`
	// Weapon is the main weapon held (-1 none); fixed weapons are the
	// hero's config Weapons and are always held.
	Weapon  int  `json:"weapon"`
	Extreme int  `json:"extreme"`
	Math    int  `json:"math"`
	Speed   int  `json:"speed"`
	Acted   bool `json:"acted"`
	// Boost doubles the hero's move units for the rest of its side's turn;
	// Extra grants one more operation this turn (not a weapon change);
	// Stunned makes the hero pass its next operation. Skills set them.
	Boost   bool `json:"boost,omitempty"`
	Extra   bool `json:"extra,omitempty"`
	Stunned bool `json:"stunned,omitempty"`
	// Bonus marks the extra operation in progress.
	Bonus bool `json:"bonus,omitempty"`
	// Rest is the move units left of a move cut short by the extra
	// operation (the operation came "in the middle of the move"): after
	// the extra operation the hero may move them, or stop, without another
	// operation.
	Rest int `json:"rest,omitempty"`
	// Uses and Next are per skill slot: uses so far and the own-turn
	// number from which it may be used again.
	Uses []int `json:"uses,omitempty"`
	Next []int `json:"next,omitempty"`
	// FireNext is, per weapon with a cooldown, the own-turn number from
	// which it may fire again (indexed by weapon; empty when none).
	FireNext []int `json:"fire_next,omitempty"`
	// HitBy lists the heroes that damaged this one (splash included) and
	// Taken sums that damage during the opponent's last turn (its turn
	// start included; damage in the hero's own side's turn never counts),
	// read by turn-start skills such as 约谈 and 泪崩 (§11.17, §11.21).
	HitBy []int `json:"hit_by,omitempty"`
	Taken int   `json:"taken,omitempty"`
	// Vars is the hero's lasting skill state, sorted by name.
	Vars []Var `json:"vars,omitempty"`
}

// TowerState is one tower.
type TowerState struct {
	Point int `json:"point"`
	Side  int `json:"side"`
	HP    int `json:"hp"`
}

// Var is one named number of a hero's lasting skill state (markers,
// tallies, items), kept in the game state so save/load/replay keep it.
type Var struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}
