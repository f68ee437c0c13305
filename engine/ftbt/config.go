package ftbt

import "github.com/sandtable/sandtable/engine/play"

// ConfigVersion is written into every compiled config; the engine refuses
// configs of another version.
const ConfigVersion = 1

// Config is the complete, self-contained engine input of one ftbt level
// (rules file + level file of the original). Every reference is an index
// into one of the slices. kit/ftbt compiles it from TOML and
// schemas/ftbt.config.schema.json validates its JSON form.
type Config struct {
	Version int    `json:"version"`
	Game    string `json:"game"` // always "ftbt"
	Name    string `json:"name"`
	Title   string `json:"title,omitempty"`
	Intro   string `json:"intro,omitempty"`

	// Width and Height are nx and ny; cell index = y·Width + x.
	Width  int `json:"width"`
	Height int `json:"height"`
	// Terrains in rules-file order; a tech's terrain mask is indexed alike.
	Terrains []Terrain `json:"terrains"`
	// Cells holds the terrain index of every cell, row-major (len Width·Height).
	Cells []int `json:"cells"`

	Constants Constants   `json:"constants"`
	Rules     Rules       `json:"rules"`
	AI        AIConstants `json:"ai"`

	// Classes are the tech classes (effect hooks); Techs name one each.
	Classes []Class  `json:"classes"`
	Techs   []Tech   `json:"techs"`
	People  []Person `json:"people"`
	Scripts []Script `json:"scripts"`
	// LuaLimits are the scenario's budgets for its scripts; nil keeps the
	// defaults.
	LuaLimits *LuaLimits `json:"lua_limits,omitempty"`
}

// Terrain is one terrain type of the rules file.
type Terrain struct {
	Name   string `json:"name"`
	Weight int    `json:"weight"` // move cost of entering a cell; -1 impassable
	Glyph  string `json:"glyph,omitempty"`
}

// Constants are the rules file's global numbers.
type Constants struct {
	MaxFlyWeight int `json:"max_fly_weight"` // star.tech: 15
	MaxAbi       int `json:"max_abi"`        // star.tech: 30
}

// Both-wiped outcomes (Rules.BothWiped).
const (
	BothWipedDraw     = "draw"     // fixed behaviour: nobody wins
	BothWipedAttacker = "attacker" // original: the acting side wins
)

// Rules are the settings for the original's slips (rules/ftbt.md
// "Rule of precedence" 2); defaults are the fixed behaviour, the original
// engine's choice is available.
type Rules struct {
	// MaxRounds ends the game as a draw after that many rounds; 0 = no
	// limit (the original has none).
	MaxRounds int `json:"max_rounds"`
	// BothWiped says who wins when one activation removes the last people
	// of both sides: BothWipedDraw or BothWipedAttacker (original).
	BothWiped string `json:"both_wiped"`
}

// AIConstants are the 11 AI constants of the rules file's AI block (facts §2.1, §9).
type AIConstants struct {
	MoveDist  int `json:"move_dist"`
	MoveScore int `json:"move_score"`
	BufValue  int `json:"buf_value"`
	BufScore  int `json:"buf_score"`
	DefDist   int `json:"def_dist"`
	DefScore  int `json:"def_score"`
	TechDist  int `json:"tech_dist"`
	TechScore int `json:"tech_score"`
	BufVMD    int `json:"buf_vmd"`
	FlyVMD    int `json:"fly_vmd"`
	DLVMD     int `json:"dl_vmd"`
}

// Class targets (Class.Target).
const (
	// TargetEnemy: the target cell must hold a person of the other side
	// (the original's class 0, damage); the AI collects enemy people.
	TargetEnemy = "enemy"
	// TargetCell: any marked cell, empty or occupied (classes 1–4).
	TargetCell = "cell"
)

// Class is a tech class: an ftbt.effect hook and what it targets.
type Class struct {
	ID     string             `json:"id"`     // e.g. "damage"
	Hook   string             `json:"hook"`   // script id in Scripts (or a registry id)
	Target string             `json:"target"` // TargetEnemy or TargetCell
	Params map[string]float64 `json:"params,omitempty"`
}

// Tech is one tech of the rules file.
type Tech struct {
	ID    string `json:"id"`
	Class int    `json:"class"` // index into Classes
	Long  bool   `json:"long"`  // is_long: long-range (disable-long shields from it)
	// Offsets are the (dx, dy) target offsets in file order, duplicates kept.
	Offsets  [][2]int `json:"offsets"`
	AOERange int      `json:"aoe_range"`
	AOERatio int      `json:"aoe_ratio"` // percent
	AOESelf  bool     `json:"aoe_self"`
	Duration int      `json:"duration"`
	// Mask has one entry per terrain: whether the tech may target / affect
	// a cell of that terrain.
	Mask   []bool             `json:"mask"`
	Value  int                `json:"value"`
	Params map[string]float64 `json:"params,omitempty"`
}

// Person is one unit of the level.
type Person struct {
	Name  string `json:"name"`
	Side  int    `json:"side"` // 0 or 1
	Abi   int    `json:"abi"`
	Def   int    `json:"def"`
	HP    int    `json:"hp"`
	Speed int    `json:"speed"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Techs []int  `json:"techs"` // indices into Config.Techs (slot order)
	// AI holds the scoring AI's factors and goal; nil means the AI does not
	// decide for this person (the original's att = -1).
	AI *PersonAI `json:"ai,omitempty"`
}

// PersonAI are one person's AI factors and goal (facts §9.1).
type PersonAI struct {
	Att  int `json:"att"`
	Def  int `json:"def"`
	Move int `json:"move"`
	// GoalX, GoalY is a fixed goal cell, or -1, -1 for the dynamic goal
	// (the nearest enemy by static distance, recomputed every decision).
	GoalX int `json:"goal_x"`
	GoalY int `json:"goal_y"`
}

// Script is a bundled hook script (ftbt.effect).
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
