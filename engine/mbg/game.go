package mbg

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// Money victory modes (Rules.MoneyVictory).
const (
	// VictoryRichest: once any role in the game reaches the target at a
	// settlement, the richest role in the game wins, ties to the lowest index
	// (the manual).
	VictoryRichest = "richest"
	// VictoryFirst: the first role in index order at or above the target wins
	// (the original engine).
	VictoryFirst = "first"
)

// Reasons a game ended (Result.Reason); they are the names of the
// corresponding Notes.
const (
	ReasonMoney     = "money"      // a role reached the money target
	ReasonLastAlive = "last_alive" // every other role went bankrupt
	ReasonDraw      = "draw"       // every role went bankrupt in the same settlement
	ReasonTurnLimit = "turn_limit" // max_turn turns were played; the richest role won
)

// Result is how a game ended.
type Result struct {
	Winner   int       `json:"winner"` // role, -1 for a draw
	Reason   string    `json:"reason"` // Reason*
	Turns    int       `json:"turns"`  // turns played, the last one included
	Money    []float64 `json:"money"`  // per role, at the end
	Bankrupt []bool    `json:"bankrupt"`
}

// Game is one game of mbg: the config, the tech and card providers, the
// seeded RNG, the state, and the logs of events and decisions. Everything a
// game needs hangs off its value, so games run in parallel; a Game itself is
// not safe for concurrent use.
type Game struct {
	cfg    *Config
	techs  TechRunner
	cards  CardRunner
	battle *Battle
	rng    *RNG
	seed   uint64
	st     State

	events  play.Events[Event]
	battles []BattleSummary
	// seats holds the deciders of the step in progress and the decision
	// log.
	seats play.Seats[*View, *Request, RequestKind, Option]

	// loop holds the sticky error: after an error the game is half-way
	// through an action and cannot continue.
	loop play.Loop
	// snap is the state at the step's start, kept for searching deciders.
	snap snapshot

	// Scratch, reused between calls so a game allocates little.
	view    View
	req     Request
	host    cardHost
	call    CardCall
	scratch []int
	// income and incomeFrom sum each role's city income in a settlement.
	income     []float64
	incomeFrom []int
}

// New starts a game of cfg with the given tech and card providers (either may
// be nil when cfg has no techs or cards) and seed. It validates the config and
// applies the load rules of the original (facts §3): roles own their listed
// cities, garrison officers join the owner, garrisons of unowned cities are
// freed, every officer without a role is in the free pool of his level, and a
// role whose start is -1 never plays (its officers stay with it, frozen).
// cfg must not change while the game runs.
func New(cfg *Config, techs TechRunner, cards CardRunner, seed uint64) (*Game, error) {
	g, err := prepare(cfg, techs, cards)
	if err != nil {
		return nil, err
	}
	g.seed = seed
	g.rng = NewRNG(seed)
	g.shareRNG()
	// Whole games log about 8 events and 3 decisions per role and turn;
	// sizing the logs once saves most of their regrowth.
	g.events.Reserve(8*len(cfg.Roles)*cfg.MaxTurn + 64)
	g.seats.Log = make([]Decision, 0, 3*len(cfg.Roles)*cfg.MaxTurn+64)
	g.setup()
	g.emit(ev(EvStart))
	g.skipOut()
	return g, nil
}

// RandomUser is implemented by tech and card runners whose hooks draw random
// numbers of their own (a Lua worker's math.random): New and Load hand them
// the game's RNG, so every draw of a game comes from its one seeded stream
// and a loaded game continues it.
type RandomUser interface {
	UseRNG(*RNG)
}

// shareRNG hands the game's RNG to the runners that draw from it.
func (g *Game) shareRNG() {
	if u, ok := g.techs.(RandomUser); ok {
		u.UseRNG(g.rng)
	}
	if u, ok := g.cards.(RandomUser); ok && any(g.cards) != any(g.techs) {
		u.UseRNG(g.rng)
	}
}

// prepare validates cfg and builds a game without state.
func prepare(cfg *Config, techs TechRunner, cards CardRunner) (*Game, error) {
	if cfg == nil {
		return nil, errors.New("mbg: nil config")
	}
	if err := validate(cfg); err != nil {
		return nil, fmt.Errorf("mbg config %q: %w", cfg.Name, err)
	}
	if cards == nil && len(cfg.Cards) > 0 {
		return nil, errors.New("mbg: the config has cards but no card runner was given")
	}
	b, err := NewBattle(cfg, techs)
	if err != nil {
		return nil, fmt.Errorf("mbg config %q: %w", cfg.Name, err)
	}
	g := &Game{cfg: cfg, techs: techs, cards: cards, battle: b,
		income: make([]float64, len(cfg.Roles)), incomeFrom: make([]int, len(cfg.Roles))}
	g.view.g = g
	g.host.g = g
	return g, nil
}

// setup builds the initial state from the config (facts §3 post-processing).
func (g *Game) setup() {
	cfg := g.cfg
	nRole := len(cfg.Roles)
	st := &g.st
	st.Turn = 1
	st.Officers = make([]OfficerState, len(cfg.Officers))
	for i, o := range cfg.Officers {
		st.Officers[i] = OfficerState{Role: -1, Job: JobNone, Loc: -1, HP: o.HP, Props: o.Props, HPMax: o.HPMax, Level: o.Level}
	}
	st.Cities = make([]CityState, len(cfg.Cities))
	for i, c := range cfg.Cities {
		st.Cities[i] = CityState{Owner: -1, Def: c.DefMax, DefMax: c.DefMax, Mayor: -1, Treasurer: -1}
	}
	st.Institutes = make([]InstituteState, len(cfg.Institutes))
	for i := range st.Institutes {
		st.Institutes[i] = newInstitute(nRole)
	}
	st.Trainings = make([]TrainingState, len(cfg.Trainings))
	for i := range st.Trainings {
		st.Trainings[i] = newTraining(nRole)
	}
	st.Squares = make([]SquareState, len(cfg.Board))
	st.Roles = make([]RoleState, nRole)
	for i, r := range cfg.Roles {
		techs := make([]int, 0, len(r.Techs))
		for _, t := range r.Techs {
			techs = insertSorted(techs, t)
		}
		st.Roles[i] = RoleState{
			Loc: r.Start, Money: r.Money, Dir: r.Dir, Move: MoveNormal, Ally: NoAlly,
			Techs: techs, Cards: make([]int, len(cfg.Cards)),
		}
	}
	for i, r := range cfg.Roles {
		for _, o := range r.Retinue {
			g.toRetinue(o, i)
		}
		for _, c := range r.Cities {
			g.own(c, i)
			for _, o := range cfg.Cities[c].Garrison {
				st.Officers[o].Role = i
			}
		}
	}
	for c, ct := range cfg.Cities {
		if st.Cities[c].Owner < 0 {
			continue // its listed garrison stays free (facts §3)
		}
		for _, o := range ct.Garrison {
			g.garrison(o, c)
		}
		if ct.Mayor >= 0 {
			g.appoint(ct.Mayor, c, JobMayor)
		}
		if ct.Treasurer >= 0 {
			g.appoint(ct.Treasurer, c, JobTreasurer)
		}
	}
	g.rebuildFree()
}

func newInstitute(nRole int) InstituteState {
	is := InstituteState{Tech: make([]int, nRole), Points: make([]float64, nRole), Researcher: make([]int, nRole)}
	for r := range nRole {
		is.Tech[r], is.Researcher[r] = -1, -1
	}
	return is
}

func newTraining(nRole int) TrainingState {
	ts := TrainingState{Left: make([]int, nRole), Trainee: make([]int, nRole)}
	for r := range nRole {
		ts.Trainee[r] = -1
	}
	return ts
}

// rebuildFree lists the officers without a role by level.
func (g *Game) rebuildFree() {
	for l := range g.st.Free {
		g.st.Free[l] = g.st.Free[l][:0]
	}
	for o := range g.st.Officers {
		if of := &g.st.Officers[o]; of.Role < 0 {
			g.st.Free[of.Level] = append(g.st.Free[of.Level], o)
		}
	}
}

// Config returns the game's config.
func (g *Game) Config() *Config { return g.cfg }

// Seed returns the seed the game was started with.
func (g *Game) Seed() uint64 { return g.seed }

// Turn returns the current turn, from 1.
func (g *Game) Turn() int { return g.st.Turn }

// NextRole returns the role that acts in the next Step, or -1 when the next
// Step is the end-of-turn settlement.
func (g *Game) NextRole() int {
	if g.st.Next >= len(g.st.Roles) {
		return -1
	}
	return g.st.Next
}

// View returns the read-only view deciders get.
func (g *Game) View() *View { return &g.view }

// Events returns the event log (read-only).
func (g *Game) Events() []Event { return g.events.All() }

// Battles returns the summaries of the battles fought, in order
// (read-only); EvBattle events hold their index.
func (g *Game) Battles() []BattleSummary { return g.battles }

// Decisions returns the decision log (read-only): every answer the engine
// used, in order, enough to replay the game from its seed.
func (g *Game) Decisions() []Decision { return g.seats.Log }

// Result returns the result and whether the game is over.
func (g *Game) Result() (Result, bool) { return g.st.Result, g.st.Over }

// Err returns the error that stopped the game, if any.
func (g *Game) Err() error { return g.loop.Err() }

// Step plays one step: the action of the next role (including the cards it
// plays; an extra action is a step of its own), or the end-of-turn
// settlement with the allocation phase. deciders has one Decider per role
// (nil for a role that never decides: it gets the defaults). Step reports
// whether the game is over. Between steps the game can be saved.
func (g *Game) Step(deciders []Decider) (over bool, err error) {
	return g.loop.Step("mbg", len(g.st.Roles), len(deciders), func() bool { return g.st.Over }, func() error {
		g.seats.Deciders = deciders
		g.mark(deciders)
		r := g.st.Next
		if r >= len(g.st.Roles) {
			return g.endTurn()
		}
		if err := g.action(r); err != nil {
			return err
		}
		rs := &g.st.Roles[r]
		if rs.Extra && rs.alive() {
			rs.Extra = false // act again (facts §4)
		} else {
			g.st.Next++
		}
		g.skipOut()
		return nil
	})
}

// Run plays the game to its end and returns the result.
func (g *Game) Run(deciders []Decider) (Result, error) {
	return play.Run(func() (bool, error) { return g.Step(deciders) }, func() Result { return g.st.Result })
}

// skipOut moves Next past roles that are out of the game.
func (g *Game) skipOut() {
	for g.st.Next < len(g.st.Roles) && !g.st.Roles[g.st.Next].alive() {
		g.st.Next++
	}
}

// finish ends the game.
func (g *Game) finish(winner int, reason Note) {
	res := Result{
		Winner: winner, Reason: reason.String(), Turns: g.st.Turn,
		Money: make([]float64, len(g.st.Roles)), Bankrupt: make([]bool, len(g.st.Roles)),
	}
	for i := range g.st.Roles {
		res.Money[i] = g.st.Roles[i].Money
		res.Bankrupt[i] = g.st.Roles[i].Bankrupt
	}
	g.st.Over, g.st.Result = true, res
	e := ev(EvGameOver)
	e.Role, e.Note = winner, reason
	g.emit(e)
}

// richest returns the richest role still in the game (ties to the lowest
// index), or -1 when none is.
func (g *Game) richest() int {
	best := -1
	for i := range g.st.Roles {
		rs := &g.st.Roles[i]
		if rs.alive() && (best < 0 || rs.Money > g.st.Roles[best].Money) {
			best = i
		}
	}
	return best
}
