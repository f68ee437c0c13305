package legacy

import "github.com/sandtable/sandtable/kit/diag"

// MaxCount is the largest count Parse accepts, and the largest number of
// map cells (nx·ny). The original has no limit, but no real file comes near
// it and a bigger count is a typo or garbage.
const MaxCount = 1_000_000

// Tech classes (the original's TC_* constants).
const (
	ClassDamage      = 0 // TC_PEOPLE: damages the enemy on the target cell and around it
	ClassAttackBuff  = 1 // TC_ABI_BUF
	ClassDefenceBuff = 2 // TC_DEF_BUF
	ClassFly         = 3 // TC_FLY: replaces move weights
	ClassDisableLong = 4 // TC_DISABLE_LONG: shields from long-range damage
)

// Default AI factors: what a side-1 person gets when its AI line has
// fact_att −1.
const (
	DefaultFactAtt  = 30
	DefaultFactDef  = 30
	DefaultFactMove = 40
)

const (
	classCount         = 5  // tech classes 0..4
	sideCount          = 2  // sides 0 and 1
	aiConstantCount    = 11 // constants in a rules file's AI block
	noIntroductionText = "No introduction"
)

// Tok is one value read from a file together with the Range of the text it
// was read from. A Tok that was never read (a structure built in code, or a
// field after the point where a broken file stopped) has a zero Range; see
// Present.
//
// The Range covers exactly the characters the original's reader consumed
// for the value, which is less than the whole token when the reader splits
// it (the 0 of "08").
type Tok[T any] struct {
	V T
	R diag.Range
}

// Present reports whether the value was read from the file.
func (t Tok[T]) Present() bool { return t.R.Start.Line > 0 }

// strip drops the range, for value comparisons.
func strip[T any](t Tok[T]) Tok[T] { return Tok[T]{V: t.V} }

// Terrain is one terrain kind of the rules file: `name weight`.
type Terrain struct {
	Name Tok[string]
	// Weight is the cost of entering a cell of this terrain; −1 makes it
	// impassable.
	Weight Tok[int]
}

// Offset is one relative target offset of a tech: `dx dy`.
type Offset struct {
	DX, DY Tok[int]
}

// Tech is one tech of the rules file, in file order:
//
//	name class is_long n_range
//	n_range × (dx dy)
//	aoe_range aoe_ratio aoe_self duration
//	ndx × bool (the terrain mask)
//	value
//
// Its id is its index in Rules.Techs.
type Tech struct {
	Name   Tok[string]
	Class  Tok[int] // ClassDamage..ClassDisableLong; other values are kept for Check
	IsLong Tok[bool]
	NRange Tok[int] // the count token; Range is authoritative
	// Range holds the target offsets in file order, duplicates included:
	// the original keeps them, and the AI's tie-breaking depends on the order.
	Range    []Offset
	AOERange Tok[int]
	AOERatio Tok[int] // percent
	AOESelf  Tok[bool]
	Duration Tok[int]
	// Mask tells, per terrain index, whether the tech acts on a cell of
	// that terrain. Parse reads exactly one entry per terrain.
	Mask  []Tok[bool]
	Value Tok[int]
}

// RulesAI is the optional AI block at the end of a rules file: the AI's
// scoring constants, in file order. The last one is called
// AI_MAX_TECH_DL_DUR in the manual and map.info.
type RulesAI struct {
	MoveDist, MoveScore Tok[int] // AI_MAX_MOVE_DIST, AI_MAX_MOVE_SCORE
	BufValue, BufScore  Tok[int] // AI_MAX_BUF_VALUE, AI_MAX_BUF_SCORE
	DefDist, DefScore   Tok[int] // AI_MAX_DEF_DIST, AI_MAX_DEF_SCORE
	TechDist, TechScore Tok[int] // AI_MAX_TECH_DIST, AI_MAX_TECH_SCORE
	TechBufVMD          Tok[int] // AI_MAX_TECH_BUF_VMD
	TechFlyVMD          Tok[int] // AI_MAX_TECH_FLY_VMD
	TechDLVMD           Tok[int] // AI_MAX_TECH_DL_VMD
}

// aiConstant names one field of RulesAI, for reading, writing and messages.
type aiConstant struct {
	name string
	tok  func(a *RulesAI) *Tok[int]
}

// aiConstants lists the fields of RulesAI in file order. It is a function,
// not a package variable, so that the package has no mutable state.
func aiConstants() [aiConstantCount]aiConstant {
	return [aiConstantCount]aiConstant{
		{"AI_MAX_MOVE_DIST", func(a *RulesAI) *Tok[int] { return &a.MoveDist }},
		{"AI_MAX_MOVE_SCORE", func(a *RulesAI) *Tok[int] { return &a.MoveScore }},
		{"AI_MAX_BUF_VALUE", func(a *RulesAI) *Tok[int] { return &a.BufValue }},
		{"AI_MAX_BUF_SCORE", func(a *RulesAI) *Tok[int] { return &a.BufScore }},
		{"AI_MAX_DEF_DIST", func(a *RulesAI) *Tok[int] { return &a.DefDist }},
		{"AI_MAX_DEF_SCORE", func(a *RulesAI) *Tok[int] { return &a.DefScore }},
		{"AI_MAX_TECH_DIST", func(a *RulesAI) *Tok[int] { return &a.TechDist }},
		{"AI_MAX_TECH_SCORE", func(a *RulesAI) *Tok[int] { return &a.TechScore }},
		{"AI_MAX_TECH_BUF_VMD", func(a *RulesAI) *Tok[int] { return &a.TechBufVMD }},
		{"AI_MAX_TECH_FLY_VMD", func(a *RulesAI) *Tok[int] { return &a.TechFlyVMD }},
		{"AI_MAX_TECH_DL_VMD", func(a *RulesAI) *Tok[int] { return &a.TechDLVMD }},
	}
}

// Rules is a legacy rules file (.tech) as read, in file order:
//
//	ndx, ndx × (name weight)
//	MAX_FLY_WEIGHT MAX_ABI ntech
//	ntech × Tech
//	optional: the 11 AI constants
//
// The N* fields hold the count tokens as read (for diagnostics); the slices
// are authoritative, and Format writes their lengths.
type Rules struct {
	NDX          Tok[int]
	Terrains     []Terrain
	MaxFlyWeight Tok[int]
	MaxAbi       Tok[int]
	NTech        Tok[int]
	Techs        []Tech
	// AI is nil when the file ends after the last tech. The original reads
	// the block only when it runs with the AI.
	AI *RulesAI
}

// Person is one person of a level file: `name side abi def hp speed x y
// ntech` and ntech tech ids.
type Person struct {
	Name  Tok[string]
	Side  Tok[int] // 0 or 1; other values are kept for Check
	Abi   Tok[int] // attack
	Def   Tok[int]
	HP    Tok[int]
	Speed Tok[int] // movement points
	X, Y  Tok[int]
	NTech Tok[int] // the count token; Techs is authoritative
	Techs []Tok[int]
}

// PersonAI is one line of a level's AI block: `fact_att fact_def fact_move
// goal_x goal_y`, as written. See Params for what the original makes of it.
type PersonAI struct {
	Att, Def, Move Tok[int]
	GoalX, GoalY   Tok[int]
}

// AIParams is what the original's AI loader makes of one AI line (facts
// §9.1).
type AIParams struct {
	// Enabled is false when the person is never decided for by the AI
	// (every side-0 person, and an attack factor of −1 on other sides).
	Enabled        bool
	Att, Def, Move int // −1 when not Enabled
	// HasGoal is false for a dynamic goal: the nearest enemy, recomputed at
	// every decision.
	HasGoal      bool
	GoalX, GoalY int // −1 when !HasGoal
}

// Params applies the original's post-processing to the line of a person of
// the given side: a goal needs both coordinates ≥ 0; side 0 is always
// disabled (its values are dead data); on side 1 an attack factor of −1
// means the defaults 30/30/40; and an attack factor of −1 disables the
// person.
func (a PersonAI) Params(side int) AIParams {
	p := AIParams{Att: a.Att.V, Def: a.Def.V, Move: a.Move.V, GoalX: -1, GoalY: -1}
	if a.GoalX.V >= 0 && a.GoalY.V >= 0 {
		p.HasGoal, p.GoalX, p.GoalY = true, a.GoalX.V, a.GoalY.V
	}
	if side == 0 {
		return AIParams{Att: -1, Def: -1, Move: -1, GoalX: -1, GoalY: -1}
	}
	if side == 1 && p.Att == -1 {
		p.Att, p.Def, p.Move = DefaultFactAtt, DefaultFactDef, DefaultFactMove
	}
	if p.Att == -1 {
		p.Def, p.Move = -1, -1
		return p
	}
	p.Enabled = true
	return p
}

// Level is a legacy level file (.map) as read, in file order:
//
//	nx ny, nx·ny terrain indices (row-major: y outer, x inner)
//	n_people, n_people × Person
//	optional: n_people × PersonAI
//
// The N* fields hold the count tokens as read; the slices are
// authoritative, and Format writes their lengths.
type Level struct {
	NX, NY Tok[int]
	// Cells holds the terrain index of every cell; cell (x, y) is
	// Cells[y·nx + x].
	Cells   []Tok[int]
	NPeople Tok[int]
	People  []Person
	// AI is nil when the file ends after the last person, else it has one
	// line per person (side 0 included, although the original discards
	// those). A level without people has an empty, non-nil AI: the AI
	// loader has nothing to read.
	AI []PersonAI
}

// Cell returns the terrain index of cell (x, y) and whether the cell is on
// the map and was read.
func (l *Level) Cell(x, y int) (Tok[int], bool) {
	if l == nil || x < 0 || y < 0 || x >= l.NX.V || y >= l.NY.V {
		return Tok[int]{}, false
	}
	i := y*l.NX.V + x
	if i >= len(l.Cells) {
		return Tok[int]{}, false
	}
	return l.Cells[i], true
}

// Intro returns the introduction text the original shows for a level.
// name is the intro file name given on the command line ("" when none was
// given) and data the file's contents (nil when it is missing or cannot be
// read). Without a name the text is "No introduction"; with a name, the
// file's contents as they are, so a missing or empty file gives "" (the
// original ignores read errors). Note that the manual differs: it falls
// back to "No introduction" for an empty text.
func Intro(name string, data []byte) string {
	if name == "" {
		return noIntroductionText
	}
	return string(data)
}

// StripRanges returns a deep copy of r with every Range zeroed and empty
// slices set to nil, so that two rule sets can be compared by value alone
// (for example with reflect.DeepEqual in round-trip tests).
func (r *Rules) StripRanges() *Rules {
	if r == nil {
		return nil
	}
	out := &Rules{NDX: strip(r.NDX), MaxFlyWeight: strip(r.MaxFlyWeight), MaxAbi: strip(r.MaxAbi), NTech: strip(r.NTech)}
	for _, t := range r.Terrains {
		out.Terrains = append(out.Terrains, Terrain{strip(t.Name), strip(t.Weight)})
	}
	for _, t := range r.Techs {
		c := Tech{
			Name: strip(t.Name), Class: strip(t.Class), IsLong: strip(t.IsLong), NRange: strip(t.NRange),
			AOERange: strip(t.AOERange), AOERatio: strip(t.AOERatio), AOESelf: strip(t.AOESelf),
			Duration: strip(t.Duration), Mask: stripList(t.Mask), Value: strip(t.Value),
		}
		for _, o := range t.Range {
			c.Range = append(c.Range, Offset{strip(o.DX), strip(o.DY)})
		}
		out.Techs = append(out.Techs, c)
	}
	if r.AI != nil {
		ai := &RulesAI{}
		for _, c := range aiConstants() {
			*c.tok(ai) = strip(*c.tok(r.AI))
		}
		out.AI = ai
	}
	return out
}

// StripRanges returns a deep copy of l with every Range zeroed and empty
// slices set to nil, except that an empty non-nil AI stays non-nil (it
// means "AI block present" for a level without people).
func (l *Level) StripRanges() *Level {
	if l == nil {
		return nil
	}
	out := &Level{NX: strip(l.NX), NY: strip(l.NY), Cells: stripList(l.Cells), NPeople: strip(l.NPeople)}
	for _, p := range l.People {
		out.People = append(out.People, Person{
			Name: strip(p.Name), Side: strip(p.Side), Abi: strip(p.Abi), Def: strip(p.Def), HP: strip(p.HP),
			Speed: strip(p.Speed), X: strip(p.X), Y: strip(p.Y), NTech: strip(p.NTech), Techs: stripList(p.Techs),
		})
	}
	if l.AI != nil {
		out.AI = []PersonAI{}
		for _, a := range l.AI {
			out.AI = append(out.AI, PersonAI{strip(a.Att), strip(a.Def), strip(a.Move), strip(a.GoalX), strip(a.GoalY)})
		}
	}
	return out
}

func stripList[T any](l []Tok[T]) []Tok[T] {
	var out []Tok[T]
	for _, t := range l {
		out = append(out, strip(t))
	}
	return out
}
