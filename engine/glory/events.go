package glory

// Event kinds.
const (
	EvMain    = "main"    // Side picked Item as main hero (after clashes)
	EvClash   = "clash"   // both sides chose Item; Amount = draft step
	EvBan     = "ban"     // Side banned Item for the opponent
	EvPick    = "pick"    // Side picked Item
	EvWeapon  = "weapon"  // Hero got weapon Item in preparation
	EvTurn    = "turn"    // Side's turn starts
	EvMove    = "move"    // Hero moved to Point
	EvPass    = "pass"    // Hero passed
	EvFire    = "fire"    // Hero fired weapon Item at Point (Other: single target)
	EvDamage  = "damage"  // Other took Amount from Hero (Item: 0 hit, 1 splash, 2 skill)
	EvTower   = "tower"   // the tower at Point took Amount from Hero
	EvDeath   = "death"   // Other died
	EvPrepare = "prepare" // Hero prepared weapon Item
	EvGive    = "give"    // Hero gave its weapon to Other
	EvSwap    = "swap"    // Hero and Other swapped weapons
	EvEcon    = "econ"    // Side earned Amount on the zone at Point
	EvSkill   = "skill"   // Hero used skill slot Item on Other / Point
	EvHeal    = "heal"    // Other healed Amount by Hero
	EvEnd     = "end"     // game over: Side won (-1 draw), Text says why
)

// Damage kinds (Event.Item of EvDamage).
const (
	DamageHit    = 0 // a weapon's main damage
	DamageSplash = 1 // splash: never modified
	DamageSkill  = 2 // a skill's damage
)

// Event is one thing that happened. Unused subjects are -1.
type Event struct {
	Round  int    `json:"round"`
	Kind   string `json:"kind"`
	Side   int    `json:"side"`
	Hero   int    `json:"hero"`
	Other  int    `json:"other"`
	Point  int    `json:"point"`
	Item   int    `json:"item"`
	Amount int    `json:"amount"`
	Text   string `json:"text,omitempty"`
}
