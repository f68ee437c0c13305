package mbg

import "github.com/sandtable/sandtable/engine/play"

// ConfigVersion is written into every compiled config; the engine refuses
// configs of another version.
const ConfigVersion = 1

// Square classes of the board, as in the original engine.
const (
	SquareEmpty     = "empty"
	SquareCity      = "city"
	SquareHall      = "hall" // saloon / 会馆: hiring
	SquareInstitute = "institute"
	SquareTraining  = "training"
	SquareChance    = "chance"
)

// Prop indexes the five officer properties.
type Prop int

// The five properties in the order of the original engine.
const (
	Wu    Prop = iota // 武 martial: damage per round won
	Zhan              // 战 tactics: round win weight
	Mou               // 谋 strategy: tech chance and strength, research speed
	Zheng             // 政 politics: mayor healing
	Jing              // 经 economy: treasurer income
	NumProps
)

// PropNames are the source-format names of the properties, indexed by Prop.
var PropNames = [NumProps]string{"wu", "zhan", "mou", "zheng", "jing"}

// Config is the complete, self-contained engine input of one mbg scenario.
// Every reference is an index into one of the slices.
type Config struct {
	Version   int       `json:"version"`
	Game      string    `json:"game"` // always "mbg"
	Name      string    `json:"name"`
	Title     string    `json:"title,omitempty"`
	Intro     string    `json:"intro,omitempty"`
	WinMoney  float64   `json:"win_money"`
	MaxTurn   int       `json:"max_turn"`
	Constants Constants `json:"constants"`
	Rules     Rules     `json:"rules"`
	Robber    Robber    `json:"robber"`

	Board      []Square    `json:"board"`
	Officers   []Officer   `json:"officers"`
	Cities     []City      `json:"cities"`
	Institutes []Institute `json:"institutes"`
	Trainings  []Training  `json:"training_rooms"`
	Roles      []Role      `json:"roles"`
	Techs      []Tech      `json:"techs"`
	Cards      []Card      `json:"cards"`
	Scripts    []Script    `json:"scripts"`
	// LuaLimits are the scenario's budgets for its scripts; nil keeps the
	// defaults.
	LuaLimits *LuaLimits `json:"lua_limits,omitempty"`
}

// Constants are the seed's constant table (manual §"所有常数"); defaults are the seed values.
type Constants struct {
	TrainRound         int     `json:"train_round"`
	TrainPlus          int     `json:"train_plus"`
	StudyScale         float64 `json:"study_scale"`
	PHPBase            float64 `json:"p_hp_base"`
	PHPScale           float64 `json:"p_hp_scale"`
	PPriceScale        float64 `json:"p_price_scale"`
	PPoisonPropScale   float64 `json:"p_poison_prop_scale"`
	DefSmall           float64 `json:"def_small"`
	DefMedium          float64 `json:"def_medium"`
	DefBig             float64 `json:"def_big"`
	DefPlusScale       float64 `json:"def_plus_scale"`
	FengshuiRound      int     `json:"fengshui_round"`
	MinEarn            float64 `json:"min_earn"`
	MaxStep            int     `json:"max_step"`
	FastScale          float64 `json:"fast_scale"`
	SlowScale          float64 `json:"slow_scale"`
	RobberSteal        float64 `json:"robber_steal"`
	MeetionSteal       float64 `json:"meetion_steal"`
	TaxScale           float64 `json:"tax_scale"`
	OwnTaxScale        float64 `json:"own_tax_scale"`
	HPPlusScale        float64 `json:"hpplus_scale"`
	AllocateTurn       int     `json:"allocate_turn"`
	BattleRoundMin     int     `json:"battle_round_min"`
	BattleRoundStep    int     `json:"battle_round_step"`
	BurnHurt           float64 `json:"burn_hurt"`
	CardStealMoney     float64 `json:"card_steal_money"`
	CardHPRecoverScale float64 `json:"card_hp_recover_scale"`
	// MayorHealScale multiplies the mayor's politics when healing the garrison
	// (manual 1.5 = HPPLUS_SCALE, original engine 1.0).
	MayorHealScale float64 `json:"mayor_heal_scale"`
}

// Rules are the switches between the manual's behaviour (default) and the
// original engine's (rules/mbg.md, "original-engine preset").
type Rules struct {
	// TollToOwner credits the toll to the city's owner (manual); false only deducts it (original).
	TollToOwner bool `json:"toll_to_owner"`
	// MoneyVictory is "richest" (manual: the richest role wins once someone
	// reaches the target) or "first" (original: first role in index order).
	MoneyVictory string `json:"money_victory"`
	// StatusBlocksTechs stops a side in chaos or infighting from firing techs (manual).
	StatusBlocksTechs bool `json:"status_blocks_techs"`
}

// Robber is the officer fought on a robber square (data, not code).
type Robber struct {
	Name  string            `json:"name"`
	Props [NumProps]float64 `json:"props"`
	HPMax float64           `json:"hpmax"`
	HP    float64           `json:"hp"`
	Scale int               `json:"scale"`
}

// Square is one board square; Index points into the slice named by Class
// (cities, institutes or training rooms) and is 0 for the other classes.
type Square struct {
	Class string `json:"class"`
	Index int    `json:"index"`
}

// Officer is a person with the five properties and derived values.
type Officer struct {
	Name  string            `json:"name"`
	Props [NumProps]float64 `json:"props"`
	HPMax float64           `json:"hpmax"`
	HP    float64           `json:"hp"`
	Level int               `json:"level"` // 0 low, 1 mid, 2 high
}

// City is a facility that earns money when owned.
type City struct {
	Name      string  `json:"name"`
	Scope     int     `json:"scope"` // 0 small, 1 medium, 2 large
	DefMax    float64 `json:"defmax"`
	Garrison  []int   `json:"garrison"`
	Mayor     int     `json:"mayor"`     // officer index or -1
	Treasurer int     `json:"treasurer"` // officer index or -1
}

// Institute researches techs.
type Institute struct {
	Name  string `json:"name"`
	Techs []int  `json:"techs"`
}

// Training is a training room improving one property.
type Training struct {
	Name string `json:"name"`
	Prop Prop   `json:"prop"`
}

// Role is a player.
type Role struct {
	Name    string  `json:"name"`
	Start   int     `json:"start"` // board square, or -1 for a role that never plays
	Techs   []int   `json:"techs"`
	Retinue []int   `json:"retinue"`
	Cities  []int   `json:"cities"`
	Money   float64 `json:"money"`
	Dir     int     `json:"dir"` // +1 forward, -1 backward
}

// Tech triggers.
const (
	TriggerAny       = "any"
	TriggerRoundWon  = "round_won"
	TriggerRoundLost = "round_lost"
	TriggerBattleWon = "battle_won"
)

// Tech is a battle tech; its effect is the mbg.tech hook named by Hook.
type Tech struct {
	ID        string             `json:"id"`
	Hook      string             `json:"hook"` // script id in Scripts
	Study     float64            `json:"study"`
	Trigger   string             `json:"trigger"`
	ProbLow   float64            `json:"prob_low"`
	ProbHigh  float64            `json:"prob_high"`
	ValueLow  float64            `json:"value_low"`
	ValueHigh float64            `json:"value_high"`
	Cooldown  int                `json:"cooldown"`
	Params    map[string]float64 `json:"params,omitempty"`
}

// Card target kinds.
const (
	TargetSelf    = "self"
	TargetRole    = "role"
	TargetSquare  = "square"
	TargetOfficer = "officer"
)

// Card sides.
const (
	SideAny    = "any"
	SideSelf   = "self"
	SideOthers = "others"
)

// Card is a chance card; its effect is the mbg.card hook named by Hook.
type Card struct {
	ID     string             `json:"id"`
	Hook   string             `json:"hook"`
	Target string             `json:"target"`
	Side   string             `json:"side"`
	Params map[string]float64 `json:"params,omitempty"`
}

// Script is a bundled hook script (mbg.tech, mbg.card).
type Script = play.Script

// LuaLimits are the budgets a scenario sets for its scripts (its [lua]
// table): instructions per call, bytes per call and bytes kept per game; 0
// keeps the default. Fields and order match engine/plugin.Budgets, which
// checks their bounds, so the hooks package converts with a plain type
// conversion.
type LuaLimits struct {
	Instructions int64 `json:"instructions,omitempty"`
	Memory       int64 `json:"memory,omitempty"`
	GameMemory   int64 `json:"game_memory,omitempty"`
}
