package xghj

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

// Orders is the order exchange of a game: one decider per player.
type Orders = play.Orders[*View, Commands]

// OrderDecider answers a player's orders for a whole round at once.
type OrderDecider = play.OrderDecider[*View, Commands]

// OrderRecord is one entry of the order log.
type OrderRecord = play.OrderRecord[Commands]

// Game is one game of xghj.
type Game struct {
	cfg  *Config
	seed uint64
	rng  *rng.RNG
	st   State
	ar   arith
	// Orders holds the deciders and the order log; set Orders.Deciders
	// before stepping.
	Orders Orders
	events play.Events[Event]
	err    error

	n      int
	radius int
	// ring lists the offsets at Manhattan distance 1..FieldBoundary (vision
	// and discovery).
	ring [][2]int
	side int // kernel side
	// per-round scratch
	infl     [][]int64 // influence per player per cell
	buff     []bool    // backstab buff this round
	tent     []int     // tentative owner per cell (-1: no change)
	seen     []int     // BFS marks
	queue    []int
	selected []Pos
	// rulebook scratch: the influence of this round's placements counted
	// so far and of an overrun pass, per player per cell; stamp marks
	// searches in seen
	counted, extra [][]int64
	stamp          int
	// scenario hooks: the runner, and the first error of a hook called
	// while a view was built
	runner   HookRunner
	hookFail error // spawn choices so far (view of the spawn phase)
	// StartSaving, when set before Step 0, is each player's starting
	// saving instead of initial_player_money (the bid is still taken from
	// it; a series of games raises a winner's).
	StartSaving []int
	// ChooseOrder, when set before Step 0, fixes the spawn choice order
	// instead of the bid order with its random tie-break (a replay of an
	// original log, whose tie-break used the clock).
	ChooseOrder []int
}

// New makes a game of cfg with the seed. The config is validated first.
func New(cfg *Config, seed uint64) (*Game, error) {
	g, err := prepare(cfg)
	if err != nil {
		return nil, err
	}
	g.seed = seed
	g.rng = rng.New(seed)
	n, cells := len(cfg.Players), len(cfg.Cells)
	st := &g.st
	st.Owner = make([]int, cells)
	for i := range st.Owner {
		st.Owner[i] = Neutral
	}
	st.Sieged = make([]bool, cells)
	st.Players = make([]PlayerState, n)
	st.Dip = make([][]Status, n)
	st.JW = make([][]int, n)
	st.Ranking = make([]int, n)
	for p := range n {
		st.Players[p] = PlayerState{Alive: true, Income: 1, Area: 1, Capital: Invalid}
		st.Dip[p] = make([]Status, n)
		st.Dip[p][p] = Allied
		st.JW[p] = make([]int, n)
		st.Ranking[p] = p
	}
	st.AliveCount = n
	if cfg.Rulebook() {
		st.Progress = make([][]int64, n)
		st.TruceLeft = make([][]int, n)
		for p := range n {
			st.Progress[p] = make([]int64, cells)
			st.TruceLeft[p] = make([]int, n)
		}
	}
	return g, nil
}

func prepare(cfg *Config) (*Game, error) {
	if cfg == nil {
		return nil, errors.New("xghj: no config")
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	n, cells := len(cfg.Players), len(cfg.Cells)
	g := &Game{cfg: cfg, ar: newArith(cfg), n: n}
	g.radius = cfg.Constants.MilitaryKernelSize - 1
	fb := cfg.Constants.FieldBoundary
	if cfg.Rulebook() {
		fb = cfg.Constants.VisionRadius
	}
	for dx := -fb; dx <= fb; dx++ {
		for dy := -fb + abs(dx); dy <= fb-abs(dx); dy++ {
			if dx != 0 || dy != 0 {
				g.ring = append(g.ring, [2]int{dx, dy})
			}
		}
	}
	g.side = 2*g.radius + 1
	g.infl = make([][]int64, n)
	for p := range g.infl {
		g.infl[p] = make([]int64, cells)
	}
	g.buff = make([]bool, n)
	g.tent = make([]int, cells)
	g.seen = make([]int, cells)
	g.queue = make([]int, 0, cells)
	if cfg.Rulebook() {
		g.counted = make([][]int64, n)
		g.extra = make([][]int64, n)
		for p := range n {
			g.counted[p] = make([]int64, cells)
			g.extra[p] = make([]int64, cells)
		}
	}
	return g, nil
}

// Config returns the game's config.
func (g *Game) Config() *Config { return g.cfg }

// Seed returns the game's seed.
func (g *Game) Seed() uint64 { return g.seed }

// State returns the current state; it must not be modified.
func (g *Game) State() *State { return &g.st }

// Events returns the event log; it must not be modified.
func (g *Game) Events() []Event { return g.events.All() }

// BackstabBuff reports whether p's backstab buff (+50 % influence, facts
// §4) was on in the last round's military phase: p used its one backstab
// in that round's diplomacy. It is false before the first round and after
// a load (a save holds no round in progress).
func (g *Game) BackstabBuff(p int) bool { return g.buff[p] }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Over }

// Err returns the error that stopped the game, if any.
func (g *Game) Err() error { return g.err }

func (g *Game) emit(e Event) { e.Round = g.st.Round; g.events.Emit(e) }

func (g *Game) in(x, y int) bool { return x >= 0 && y >= 0 && x < g.cfg.Cols && y < g.cfg.Rows }

func (g *Game) idx(x, y int) int { return y*g.cfg.Cols + x }

func (g *Game) valid(p Pos) bool { return g.in(p.X, p.Y) }

// isPlayer reports whether owner value o is a player.
func (g *Game) isPlayer(o int) bool { return o >= 0 && o < g.n }

// friendly reports whether cell owner o is p or one of p's allies.
func (g *Game) friendly(p, o int) bool { return g.isPlayer(o) && g.st.Dip[p][o] == Allied }

// Result is the end of a game.
type Result struct {
	Rounds  int   `json:"rounds"`
	Ranking []int `json:"ranking"`
}

// Result returns the ranking so far and whether the game is over.
func (g *Game) Result() (Result, bool) {
	return Result{Rounds: g.st.Round, Ranking: slices.Clone(g.st.Ranking)}, g.st.Over
}

// Step plays the spawn (the first step) or one round. It returns whether
// the game is over.
func (g *Game) Step() (bool, error) {
	if g.err != nil {
		return true, g.err
	}
	if g.st.Over {
		return true, nil
	}
	var err error
	if g.st.Round == 0 {
		err = g.start()
	} else {
		err = g.round()
	}
	if err != nil {
		g.err = err
		return true, err
	}
	return g.st.Over, nil
}

// Run steps until the game is over.
func (g *Game) Run() (Result, error) {
	for {
		over, err := g.Step()
		if err != nil {
			return Result{}, err
		}
		if over {
			r, _ := g.Result()
			return r, nil
		}
	}
}

// alivePlayers returns the ids of the alive players in id order.
func (g *Game) alivePlayers() []int {
	var out []int
	for p := range g.n {
		if g.st.Players[p].Alive {
			out = append(out, p)
		}
	}
	return out
}

// start runs round 0: the bids, the spawn choices and the Start of facts §3.
func (g *Game) start() error {
	st := &g.st
	all := make([]int, g.n)
	for p := range all {
		all[p] = p
	}
	bids, err := g.Orders.Gather(0, all, func(p int) *View { return g.view(p, PhaseBid) },
		func(int, *Commands) error { return nil }, func(int) Commands { return Commands{} })
	if err != nil {
		return err
	}
	limit := g.cfg.Constants.InitialPlayerMoney
	key := make([]float64, g.n)
	for p := range g.n {
		b := min(max(bids[p].Bid, 0), limit)
		st.Players[p].Bid = b
		// The original's order: bid plus U(0,1), descending.
		key[p] = float64(b) + g.rng.Float()
		g.emit(Event{Phase: PhaseStart, Kind: EvBid, Player: p, Value: b})
	}
	order := slices.Clone(all)
	if g.ChooseOrder != nil {
		if err := checkOrder(g.ChooseOrder, g.n); err != nil {
			return err
		}
		order = slices.Clone(g.ChooseOrder)
	} else {
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case key[a] > key[b]:
				return -1
			case key[a] < key[b]:
				return 1
			}
			return a - b
		})
	}
	st.ChooseOrder = order
	spawn := make([]Pos, g.n)
	g.selected = g.selected[:0]
	for _, p := range order {
		cmds, err := g.Orders.Gather(0, []int{p}, func(p int) *View { return g.view(p, PhaseSpawn) },
			func(int, *Commands) error { return nil }, func(int) Commands { return Commands{} })
		if err != nil {
			return err
		}
		at := Invalid
		if s := cmds[0].Spawn; s != nil {
			at = *s
		}
		spawn[p] = at
		g.selected = append(g.selected, at)
	}
	g.selected = nil
	if g.StartSaving != nil && len(g.StartSaving) != g.n {
		return fmt.Errorf("xghj: %d starting savings for %d players", len(g.StartSaving), g.n)
	}
	for p := range g.n {
		money := limit
		if g.StartSaving != nil {
			money = max(g.StartSaving[p], 0)
		}
		st.Players[p].Saving = max(money-st.Players[p].Bid, 0)
	}
	check := order
	if g.cfg.Rules.BitExact {
		check = all // the original validates in id order
	}
	minDist := g.cfg.Constants.MinAbsDistBetween
	var placed []int
	for _, p := range check {
		at := spawn[p]
		ok := g.valid(at) && st.Owner[g.idx(at.X, at.Y)] == Neutral
		if ok && g.cfg.Rulebook() {
			// The rulebook guarantees land at the spawn: no water.
			ok = g.cfg.Cells[g.idx(at.X, at.Y)].Atk > 0
		}
		for _, q := range placed {
			if !g.cfg.Rules.BitExact || q < p {
				c := spawn[q]
				if g.valid(c) && abs(c.X-at.X)+abs(c.Y-at.Y) < minDist {
					ok = false
				}
			}
		}
		if !ok {
			g.killAtSpawn(p, at)
			continue
		}
		st.Owner[g.idx(at.X, at.Y)] = p
		st.Players[p].Capital = at
		placed = append(placed, p)
		g.emit(Event{Phase: PhaseStart, Kind: EvSpawn, Player: p, X: at.X, Y: at.Y})
		if g.cfg.Rulebook() {
			// A city of start_level on the spawn; no capital.
			c := g.idx(at.X, at.Y)
			i, _ := g.cityAt(c, p)
			st.Cities = slices.Insert(st.Cities, i, City{Cell: c, Player: p, Level: g.cfg.Constants.StartLevel})
			st.Players[p].Capital = Invalid
			st.Players[p].Income, st.Players[p].Military, st.Players[p].Survived = g.cfg.Cells[c].Res, g.cfg.Constants.StartLevel, 1
		}
	}
	g.discover(PhaseStart)
	st.Round = 1
	return nil
}

func checkOrder(order []int, n int) error {
	if len(order) != n {
		return fmt.Errorf("xghj: choose order has %d players, the game %d", len(order), n)
	}
	seen := make([]bool, n)
	for _, p := range order {
		if p < 0 || p >= n || seen[p] {
			return fmt.Errorf("xghj: choose order %v is not a permutation of 0..%d", order, n-1)
		}
		seen[p] = true
	}
	return nil
}

// killAtSpawn kills a player whose spawn is invalid (facts §3, §16).
func (g *Game) killAtSpawn(p int, at Pos) {
	st := &g.st
	ps := &st.Players[p]
	// The kill zeroes saving and income (facts §17); the original leaves
	// the area of 1 until the first production.
	ps.Alive, ps.Saving, ps.Income, ps.KilledAtSpawn, ps.Capital = false, 0, 0, true, Invalid
	if !g.cfg.Rules.BitExact {
		ps.Area = 0
	}
	st.AliveCount--
	if !g.cfg.Rules.BitExact {
		// The fix: players killed at the spawn take the worst slots.
		st.Ranking[st.AliveCount] = p
	}
	g.emit(Event{Phase: PhaseStart, Kind: EvSpawnKill, Player: p, X: at.X, Y: at.Y})
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// defaults returns the orders of a player who gives none: the diplomacy
// defaults of facts §6, no bombs, the current capital.
func (g *Game) defaults(p int) Commands {
	c := Commands{Diplomacy: make([]Dip, g.n)}
	for q := range g.n {
		switch g.st.Dip[p][q] {
		case Allied:
			c.Diplomacy[q] = FormAlliance
		case AtWar:
			c.Diplomacy[q] = JustifyWar
		default:
			c.Diplomacy[q] = KeepNeutral
		}
	}
	capital := g.st.Players[p].Capital
	c.Capital = &capital
	return c
}

// checkCommands normalises a player's round orders: missing diplomacy
// becomes the defaults, a missing capital the current one. It refuses
// orders the rules cannot read.
func (g *Game) checkCommands(p int, c *Commands) error {
	if len(c.Diplomacy) == 0 {
		c.Diplomacy = g.defaults(p).Diplomacy
	}
	if len(c.Diplomacy) != g.n {
		return fmt.Errorf("diplomacy has %d commands, one per player (%d) is needed", len(c.Diplomacy), g.n)
	}
	for q, d := range c.Diplomacy {
		if d > Backstab {
			return fmt.Errorf("diplomacy toward player %d: unknown command %d", q, d)
		}
	}
	if c.Capital == nil {
		capital := g.st.Players[p].Capital
		c.Capital = &capital
	}
	return nil
}

// round plays one round (facts §3): orders, then the phases.
func (g *Game) round() error {
	st := &g.st
	if g.hooked() && g.runner == nil {
		return errors.New("xghj: the config has scenario hooks and the game no runner (use NewWithHooks)")
	}
	alive := g.alivePlayers()
	got, err := g.Orders.Gather(st.Round, alive, func(p int) *View { return g.view(p, PhaseRound) }, g.checkCommands, g.defaults)
	if err != nil {
		return err
	}
	cmds := make([]Commands, g.n)
	for p := range g.n {
		cmds[p] = g.defaults(p)
		cmds[p].Capital = nil
	}
	for i, p := range alive {
		cmds[p] = got[i]
	}
	if g.hookFail != nil {
		return g.hookFail
	}
	st.Round++
	if g.runner != nil {
		if err := g.hookRoundStart(); err != nil {
			return err
		}
	}
	if g.cfg.Rulebook() {
		if err := g.rbRound(cmds); err != nil {
			return err
		}
	} else {
		g.diplomacy(cmds)
		g.military(cmds)
		if err := g.afterMilitary(); err != nil {
			return err
		}
		if err := g.production(); err != nil {
			return err
		}
		g.discover(PhaseDiscovery)
		g.checkWinner()
	}
	if g.runner != nil && len(g.cfg.Victories) > 0 {
		won, err := g.hookVictory()
		if err != nil {
			return err
		}
		if won {
			if g.cfg.Rulebook() {
				g.rbRank()
			}
			g.goalFirst()
			if !st.Over {
				st.Over = true
				g.emit(Event{Phase: PhaseEnd, Kind: EvEnd, Player: st.Ranking[0]})
			}
		}
	}
	st.Checksum = g.checksum()
	return nil
}

// afterMilitary runs the effects' after-military step, if any.
func (g *Game) afterMilitary() error {
	if g.runner == nil {
		return nil
	}
	return g.hookAfterMilitary()
}

// income is player p's income from resources res after the effects.
func (g *Game) income(p, res int) (int, error) {
	if g.runner == nil {
		return res, nil
	}
	return g.hookIncome(p, res)
}

// checksum is the original's map checksum (facts §16).
func (g *Game) checksum() int32 {
	sum := int32(47831)
	for x := range g.cfg.Cols {
		for y := range g.cfg.Rows {
			sum = sum*17 + int32(g.st.Owner[g.idx(x, y)])
		}
	}
	return sum
}
