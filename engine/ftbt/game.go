package ftbt

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

// RNG is the game's seeded random source (see engine/rng).
type RNG = rng.RNG

// NewRNG returns the RNG of a game with the given seed.
func NewRNG(seed uint64) *RNG { return rng.New(seed) }

// Game is one game of ftbt: the config, the effect runner, the seeded RNG,
// the state, and the logs of events and decisions. Everything a game needs
// hangs off its value, so games run in parallel; a Game itself is not safe
// for concurrent use.
type Game struct {
	cfg    *Config
	runner EffectRunner
	rng    *RNG
	seed   uint64
	st     State

	// static is the terrain weight of every cell.
	static []int
	// occ is the person on every cell or -1 (rebuilt from st.People).
	occ []int
	// eff is the timed-effect table: effect i (see effIndex) is its value
	// at 2i and its remaining duration at 2i+1 (see effAt), a layout
	// hooks read by index (EffectArrays).
	eff []int
	// w are the weight maps per side; wDirty marks those whose inputs
	// changed since they were built.
	w      [2][]int
	wDirty [2]bool
	// nIn and nFin count people on the map and finished people per side
	// (the original's np_in and np_finish).
	nIn, nFin [2]int

	events play.Events[Event]
	// seats holds the deciders of the step in progress and the decision
	// log.
	seats play.Seats[*View, *Request, RequestKind, Option]

	// loop holds the sticky error: after an error the game is half-way
	// through an activation and cannot continue.
	loop play.Loop
	// snap is the state at the step's start, kept for imagining deciders.
	snap snapshot

	// Scratch, reused between calls so a game allocates little.
	view    View
	req     Request
	search  Searcher
	reach   []Reach
	pred    []int32
	path    []int
	targets []int
	tmark   []uint32
	tstamp  uint32
	apply   applyHost
	scoring scoreHost
	call    EffectCall
}

// New starts a game of cfg with the given effect runner and seed. It
// validates the config, then loads the level as the original does (facts
// §3): LoadMapDone, then every person placed in order (PeopleIn), then
// GameStart. runner may be nil only if no person has a tech. cfg must not
// change while the game runs.
func New(cfg *Config, runner EffectRunner, seed uint64) (*Game, error) {
	g, err := prepare(cfg, runner)
	if err != nil {
		return nil, err
	}
	g.seed = seed
	g.rng = NewRNG(seed)
	g.events.Reserve(256)
	g.seats.Log = make([]Decision, 0, 64)
	g.st.People = make([]PersonState, len(cfg.People))
	g.emit(ev(EvLoadMapDone))
	for p, pc := range cfg.People {
		c := pc.Y*cfg.Width + pc.X
		g.st.People[p] = PersonState{HP: pc.HP, Cell: c, TurnCell: c}
		e := ev(EvPeopleIn)
		e.Person, e.Side, e.Cell = p, pc.Side, c
		g.emit(e)
		g.occ[c] = p
		g.nIn[pc.Side]++
	}
	g.emit(ev(EvGameStart))
	g.shareRNG()
	return g, nil
}

// RandomUser is implemented by effect runners whose hooks draw random
// numbers of their own (a Lua worker's math.random): New and Load hand them
// the game's RNG, so every draw of a game comes from its one seeded stream
// and a loaded game continues it.
type RandomUser interface {
	UseRNG(*RNG)
}

// shareRNG hands the game's RNG to the runner if it draws from it.
func (g *Game) shareRNG() {
	if u, ok := g.runner.(RandomUser); ok {
		u.UseRNG(g.rng)
	}
}

// prepare validates cfg and builds a game without state.
func prepare(cfg *Config, runner EffectRunner) (*Game, error) {
	if cfg == nil {
		return nil, errors.New("ftbt: nil config")
	}
	if err := Validate(cfg); err != nil {
		return nil, fmt.Errorf("ftbt config %q: %w", cfg.Name, err)
	}
	if runner == nil {
		for _, p := range cfg.People {
			if len(p.Techs) > 0 {
				return nil, fmt.Errorf("ftbt config %q: people have techs but no effect runner was given", cfg.Name)
			}
		}
	}
	n := cfg.Width * cfg.Height
	g := &Game{cfg: cfg, runner: runner,
		static: make([]int, n), occ: make([]int, n), eff: make([]int, 2*n*2*NumSlots),
		pred: make([]int32, n), tmark: make([]uint32, n),
		reach: make([]Reach, 0, 64),
	}
	for c, t := range cfg.Cells {
		g.static[c] = cfg.Terrains[t].Weight
		g.occ[c] = -1
	}
	for s := range g.w {
		g.w[s] = make([]int, n)
		g.wDirty[s] = true
	}
	g.search.init(cfg.Width, cfg.Height)
	g.view.g = g
	g.apply.g = g
	g.scoring.g = g
	return g, nil
}

// Config returns the game's config.
func (g *Game) Config() *Config { return g.cfg }

// Seed returns the seed the game was started with.
func (g *Game) Seed() uint64 { return g.seed }

// Round returns the current round, from 1 (0 before the first Step).
func (g *Game) Round() int { return g.st.Round }

// Side returns the side whose turn it is (or starts with the next Step).
func (g *Game) Side() int { return g.st.Side }

// Phase returns what the next Step does first.
func (g *Game) Phase() Phase { return g.st.Phase }

// Person returns person p's current state (p must be in range).
func (g *Game) Person(p int) PersonView { return g.personView(p) }

// Finished reports whether person p has acted in the current round.
func (g *Game) Finished(p int) bool { return g.st.People[p].Finished }

// Occupant returns the person on cell, or -1 (cell must be in range).
func (g *Game) Occupant(cell int) int { return g.occ[cell] }

// Effect returns side's value and remaining duration of slot at cell.
func (g *Game) Effect(cell, side int, slot EffectSlot) (value, remaining int) {
	e := g.effAt(effIndex(cell, side, slot))
	return e.value, e.left
}

// View returns the read-only view deciders get.
func (g *Game) View() *View { return &g.view }

// Events returns the event log (read-only).
func (g *Game) Events() []Event { return g.events.All() }

// Decisions returns the decision log (read-only): every answer the engine
// used, in order, enough to replay the game from its seed.
func (g *Game) Decisions() []Decision { return g.seats.Log }

// Result returns the result and whether the game is over.
func (g *Game) Result() (Result, bool) { return g.st.Result, g.st.Over }

// Err returns the error that stopped the game, if any.
func (g *Game) Err() error { return g.loop.Err() }

// Step plays one step: the start of a round and of a side's turn when they
// are due, then one choice of the acting side: a person's whole activation
// (move, then at most one tech), the end of its turn, or quitting. deciders
// has one Decider per side (nil for a side that gets the defaults: it ends
// its turns at once). Step reports whether the game is over. Between steps
// the game can be saved.
func (g *Game) Step(deciders []Decider) (over bool, err error) {
	return g.loop.Step("ftbt", 2, len(deciders), func() bool { return g.st.Over }, func() error {
		g.seats.Deciders = deciders
		g.mark(deciders)
		return g.step()
	})
}

// Run plays the game to its end and returns the result. With no round
// limit (Rules.MaxRounds 0) it returns only when a side wins or quits.
func (g *Game) Run(deciders []Decider) (Result, error) {
	return play.Run(func() (bool, error) { return g.Step(deciders) }, func() Result { return g.st.Result })
}
