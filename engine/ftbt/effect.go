package ftbt

// Effect slots: the four timed per-cell, per-side effects of facts §7.
const (
	SlotAttack      = "attack"       // attack buff value
	SlotDefence     = "defence"      // defence buff value
	SlotFly         = "fly"          // fly weight (0 = none)
	SlotDisableLong = "disable_long" // 1 = long-range damage is skipped for that side's people
)

// EffectCall is one use of a tech, as its class's effect hook sees it.
type EffectCall struct {
	Tech   int // index into Config.Techs
	Caster int // index into Config.People
	// Target is the chosen target cell. For Score it is the candidate
	// target: the enemy's cell for TargetEnemy classes, the cell otherwise.
	Target int
}

// PersonView is a read-only snapshot of one person.
type PersonView struct {
	Index int
	Side  int
	Abi   int
	Def   int
	HP    int
	MaxHP int // the hp the level starts it with
	Speed int
	Cell  int // -1 once removed
}

// EffectReader is what both Apply and Score may read. Cells and people are
// indices; a bad index from a script makes the host record an error (see
// plugin.HostErr) and return a zero value.
type EffectReader interface {
	// AOE returns the cells of the Manhattan diamond of radius around
	// center, clipped to the map, in scan order (rows top to bottom, each
	// left to right; facts §8), keeping only cells whose terrain the tech's
	// mask allows. A negative radius gives none. The slice is valid until
	// the next AOE call.
	AOE(center, radius int) []int
	// Occupant returns the person on cell, or -1.
	Occupant(cell int) int
	// Person returns person p's current state.
	Person(p int) PersonView
	// Effect returns side's value and remaining duration of slot at cell
	// (duration 0 with a non-zero value = permanent).
	Effect(cell, side int, slot string) (value, remaining int)
}

// EffectHost is what an effect may do to the game while it is applied.
// Changes take hold at once and fire their events.
type EffectHost interface {
	EffectReader
	// SetEffect writes slot at cell for the caster's side: value and
	// duration, overwriting what was there (facts §7). It fires LocBuf.
	SetEffect(cell int, slot string, value, duration int)
	// Damage takes amount (≥ 1) hp from person p, firing HPDown, and
	// removes p when its hp reaches 0 (PeopleOut).
	Damage(p, amount int)
	// Heal gives amount (≥ 0) hp to person p, capped at its MaxHP.
	Heal(p, amount int)
	// Random returns the next uniform draw in [0, 1) of the game's RNG
	// (Lua hooks use math.random, which draws from the same stream).
	Random() float64
}

// ScoreHost is what the AI's scoring of a tech use may read besides the
// state: the distances of the decision in progress (facts §9.3).
type ScoreHost interface {
	EffectReader
	// GoalDist returns the deciding person's goal distance of cell (static
	// terrain distance from its goal; -1 unreachable).
	GoalDist(cell int) int
	// StaticWeight returns the terrain weight of cell (the AI's w_map).
	StaticWeight(cell int) int
}

// EffectArrays is implemented by the engine's readers (the EffectReader,
// EffectHost and ScoreHost it passes to runners): the arrays behind
// Occupant and Effect, for hooks that read them by index instead of
// calling them (plugin.HostFunc.View). The arrays are the game's own: they
// hold while the game does not change, and must not be written.
type EffectArrays interface {
	// OccupantArray returns xs with Occupant(c) = xs[c] for every cell c.
	OccupantArray() []int
	// EffectArray returns xs, off and stride with Effect(c, side, slot) =
	// xs[off+c·stride], xs[off+c·stride+1] for every cell c; side is 0 or
	// 1.
	EffectArray(side int, slot EffectSlot) (xs []int, off, stride int)
}

// ScoreArrays is EffectArrays for the engine's ScoreHost.
type ScoreArrays interface {
	EffectArrays
	// GoalArray returns xs with GoalDist(c) = xs[c] for every cell
	// c < len(xs).
	GoalArray() []int
	// StaticArray returns xs with StaticWeight(c) = xs[c] for every cell c.
	StaticArray() []int
}

// EffectRunner runs tech classes: a plugin registry worker (Lua) or native
// Go effects. The engine calls it with class = index into Config.Classes
// and never looks at what a class is.
type EffectRunner interface {
	// Apply resolves the tech use call.
	Apply(class int, call *EffectCall, host EffectHost) error
	// Score is the AI's value of the tech use call (≥ 0), computed in the
	// state before the deciding person moves.
	Score(class int, call *EffectCall, host ScoreHost) (int, error)
}
