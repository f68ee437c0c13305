package glory

import "github.com/sandtable/sandtable/engine/play"

// ConfigVersion is written into every compiled config; the engine refuses
// configs of another version.
const ConfigVersion = 1

// Math tiers (facts §9): an ordinal, clamped at both ends.
const (
	MathWeak   = 0 // 弱
	MathMid    = 1 // 中
	MathStrong = 2 // 强
	MathGiant  = 3 // 巨
	MathGod    = 4 // 神
	MathTiers  = 5
)

// MathTierNames are the tiers' names, indexed by tier.
var MathTierNames = [MathTiers]string{"弱", "中", "强", "巨", "神"}

// Genders.
const (
	Male   = "M"
	Female = "F"
)

// Config is the complete, self-contained engine input of one glory
// scenario. kit/glory compiles it from TOML and
// schemas/glory.config.schema.json validates its JSON form. Heroes, weapons
// and contest classes are referred to by index.
type Config struct {
	Version int    `json:"version"`
	Game    string `json:"game"` // always "glory"
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`

	Map     MapConfig `json:"map"`
	Rules   Rules     `json:"rules"`
	Weapons []Weapon  `json:"weapons"`
	// Shift holds the 偏移 multipliers by steps 0, 1, …; the last applies
	// to every longer distance (facts §9.1: 5 5 4 4 3 3 2.5).
	Shift []float64 `json:"shift"`
	// Contests are the 数竞 classes (facts §9.2).
	Contests []Contest `json:"contests"`
	// Heroes is the draft pool.
	Heroes []Hero `json:"heroes"`
	// Scripts bundles the skill scripts the heroes' hooks name, so a
	// compiled config runs alone (engine/glory/hooks.BundleRegistry).
	Scripts []Script `json:"scripts"`
}

// Script is a bundled hook script (glory.skill).
type Script = play.Script

// First-player settings (Rules.First).
const (
	FirstRed       = "red"       // red opens every round (recommended, §11.4)
	FirstBlue      = "blue"      // blue opens every round
	FirstAlternate = "alternate" // red opens odd rounds, blue even ones
)

// Rules are the settings for the rule choices of facts §11, defaulting to
// the recommended resolutions.
type Rules struct {
	// StartG is each side's purse after the draft (15).
	StartG int `json:"start_g"`
	// First says who opens a round (§11.4).
	First string `json:"first"`
	// Picks is the number of heroes each side picks after its main hero
	// (4, facts §7 step 3).
	Picks int `json:"picks"`
	// Bans is whether step 2 of the draft (one ban per side) happens.
	Bans bool `json:"bans"`
	// ShooterHit: the shooter takes blast and splash damage when standing in
	// the blast or splash set (§11.7: yes).
	ShooterHit bool `json:"shooter_hit"`
	// EconPay is what an economy zone pays a side per own turn (2), and
	// EconShared what it pays when an enemy hero stands on it (1).
	EconPay    int `json:"econ_pay"`
	EconShared int `json:"econ_shared"`
	// HandoverSteps is the reach of a weapon handover (3).
	HandoverSteps int `json:"handover_steps"`
	// MaxRounds ends the game after that many rounds for AI play (§11.28;
	// 0 = no limit): the side with more summed tower HP wins, then the one
	// with more summed hero HP; otherwise a draw.
	MaxRounds int `json:"max_rounds"`
	// TieBreak decides a game that reached the round cap: TieTowers
	// (summed tower HP, then summed hero HP; recommended), TieHeroes (hero
	// HP first) or TieDraw.
	TieBreak string `json:"tie_break"`
}

// Round-cap tie-breaks (Rules.TieBreak).
const (
	TieTowers = "towers"
	TieHeroes = "heroes"
	TieDraw   = "draw"
)

// DefaultRules returns the recommended resolutions of facts §11.
func DefaultRules() Rules {
	return Rules{StartG: 15, First: FirstRed, Picks: 4, Bans: true, ShooterHit: true,
		EconPay: 2, EconShared: 1, HandoverSteps: 3, MaxRounds: 100, TieBreak: TieTowers}
}

// Weapon is one main weapon (facts §5).
type Weapon struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Damage by steps along the line of fire 0, 1, …; the last entry
	// applies to every longer distance.
	Damage []int `json:"damage"`
	// Splash at r = 1 and r = √2 around the target point (blast weapons).
	Splash [2]int `json:"splash"`
	// Single: a one-on-one weapon (Gatling) hitting one chosen hero or
	// tower, without splash.
	Single bool `json:"single,omitempty"`
	// FireCost and PrepareCost are paid in G from the side's purse.
	FireCost    int `json:"fire_cost"`
	PrepareCost int `json:"prepare_cost"`
	// PrepLimit is how many of this weapon a side may buy in the
	// preparation phase (1 for M202; 0 = no limit).
	PrepLimit int `json:"prep_limit,omitempty"`
	// MaxSteps limits the range along the line (0 = none).
	MaxSteps int `json:"max_steps,omitempty"`
	// Cooldown is the rounds between two shots (0 = none).
	Cooldown int `json:"cooldown,omitempty"`
	// Fixed weapons are never bought, prepared or handed over; heroes
	// start with them (HJK's Barrett).
	Fixed bool `json:"fixed,omitempty"`
}

// Contest is one 数竞 class: damage by the target's math tier (弱 … 神).
type Contest struct {
	ID     string         `json:"id"`
	Damage [MathTiers]int `json:"damage"`
}

// Hero is one hero of the pool (facts §10).
type Hero struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	HP   int    `json:"hp"`
	// Extreme is 极值; Imaginary marks a hero whose 极值 is i (immune to
	// 偏移, SJK).
	Extreme   int  `json:"extreme"`
	Imaginary bool `json:"imaginary,omitempty"`
	Math      int  `json:"math"`
	// Identity is the class/identity label (5, 5教师, 6, 5外教师, …);
	// Class5 marks anyone of class 5 (students and teachers, §11.12).
	Identity string `json:"identity"`
	Class5   bool   `json:"class5,omitempty"`
	Gender   string `json:"gender"`
	Biology  bool   `json:"biology,omitempty"`
	// Speed is the number of move units in one move operation (1, or 2 for
	// speed ×2).
	Speed int `json:"speed"`
	// Weapons are fixed weapons the hero starts with (indices into
	// Config.Weapons), e.g. HJK's Barrett and water gun.
	Weapons []int   `json:"weapons,omitempty"`
	Skills  []Skill `json:"skills,omitempty"`
	// Vars are the hero's lasting skill variables at the start, sorted by
	// name (e.g. a passive's flag).
	Vars []Var `json:"vars,omitempty"`
}

// Skill targets (Skill.Target).
const (
	TargetNone  = "none"  // no target
	TargetEnemy = "enemy" // an enemy hero
	TargetAlly  = "ally"  // an allied hero or the caster
	TargetHero  = "hero"  // any living hero
	TargetPoint = "point" // any map point
)

// AimNear is the one Skill.Aim setting: a point r<2 and road-connected to
// the caster (its own point, or one drawn edge away within its rail class):
// a direction (足球 on a hero at r = 0), or a destination (约谈).
const AimNear = "near"

// Skill phases (Skill.Phase).
const (
	PhaseTurn    = "turn"    // an operation (or a free action) in own turn
	PhasePrepare = "prepare" // once, before round 1
	PhaseStart   = "start"   // at the start of own turn: by itself, or, with a target, as the side chooses
	PhasePassive = "passive" // never chosen; its hook modifies damage
)

// Skill is a hero skill: a glory.skill hook with the limits the engine
// enforces (facts §8: cd, per-game uses, G cost) and its targeting.
type Skill struct {
	ID   string `json:"id"`
	Name string `json:"name,omitempty"`
	// Hook is the registry id of the glory.skill hook that resolves it.
	Hook  string `json:"hook"`
	Phase string `json:"phase"`
	// Target says what the skill is aimed at; Range (steps, -1 = any) and
	// LOS (must be in 视域) restrict it.
	Target string `json:"target"`
	Range  int    `json:"range"`
	LOS    bool   `json:"los,omitempty"`
	// Aim adds a point to the target: AimNear offers the caster's point
	// and every point one drawn edge from it (within its rail class) as
	// the option's second subject, and the hook's can keeps those it
	// wants (足球 on a hero at r = 0 takes a direction, 约谈 a destination
	// at r ≤ 1).
	Aim string `json:"aim,omitempty"`
	// Cooldown x: a use in own turn n allows the next one in own turn
	// n+x+1 (§11.5). Uses limits the uses per game (0 = no limit). Cost
	// is paid in G.
	Cooldown int `json:"cooldown,omitempty"`
	Uses     int `json:"uses,omitempty"`
	Cost     int `json:"cost,omitempty"`
	// Free skills use no operation.
	Free bool `json:"free,omitempty"`
	// Params are the skill's numbers, by name, sorted by name.
	Params []Param `json:"params,omitempty"`
}

// Param is one named number of a skill.
type Param struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
}
