package xghj

import (
	"cmp"
	"errors"
	"fmt"
	"slices"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

// Scenario hooks (facts §13): brawl effects and victory conditions. The
// engine knows them by index into Config.Effects and Config.Victories and
// calls them through a HookRunner (engine/xghj/hooks adapts Lua or Go
// hooks); both rule sets call them:
//
//   - at the start of every round, after the orders: each effect's round
//     start (random breakdowns draw from the game's RNG);
//   - in production: each effect may change every player's income from
//     its land's resources (before fc14's +1);
//   - whenever a view is built: an effect may give the viewer full vision
//     (every cell visible, owners shown) or full information (every
//     player's info at the union level);
//   - after the military phase: each effect's after-military step
//     (ever-controlled sets, hold counters);
//   - at the end of the round, after the eliminations: each victory
//     condition, which names winners; a round with alive winners ends the
//     game with them ranked first (by their score, then the rule set's
//     ranking).
//
// Hooks keep their state as named integers in State.HookVars, one store
// shared by every hook of the game (so a victory condition reads the
// marks an effect sets), so a save holds it and a loaded game continues
// exactly.

// Hook is one use of a scenario hook: its id and its parameters.
type Hook struct {
	Hook   string             `json:"hook"`
	Params map[string]float64 `json:"params,omitempty"`
}

// Script is a bundled hook script (xghj.effect, xghj.victory).
type Script = play.Script

// HookVar is one named integer of a hook's state.
type HookVar struct {
	Key   string `json:"key"`
	Value int    `json:"value"`
}

// MaxHookVars bounds the variables the hooks of a game may keep.
const MaxHookVars = 4096

// HookReader is what every hook function may read.
type HookReader interface {
	Round() int
	Players() int
	Cols() int
	Rows() int
	// Region returns the cells of a named region (the scenario's tags).
	Region(name string) ([]int, bool)
	// Owner returns the owner of a cell: a player, or -1 for neutral.
	Owner(cell int) int
	// Res returns a cell's resource.
	Res(cell int) int
	Alive(p int) bool
	// Get returns the hooks' variable key (0 when unset).
	Get(key string) int
	// Err is the first bad call's error (a cell off the map, say).
	Err() error
}

// HookHost is what the round start, after-military and victory steps may
// do besides reading: set the hook's variables and name winners.
type HookHost interface {
	HookReader
	Set(key string, value int)
	// Win names p a winner of this round with score (victory checks only).
	Win(p, score int)
}

// HookRunner runs a config's hooks; effect and victory are indices into
// Config.Effects and Config.Victories.
type HookRunner interface {
	RoundStart(effect int, h HookHost) error
	Income(effect, player, income int, h HookReader) (int, error)
	FullVision(effect, viewer int, h HookReader) (bool, error)
	FullInfo(effect, viewer int, h HookReader) (bool, error)
	AfterMilitary(effect int, h HookHost) error
	Victory(victory int, h HookHost) error
}

// RandomUser is implemented by runners whose hooks draw random numbers
// (Lua's math.random): New and Load hand them the game's RNG.
type RandomUser interface {
	UseRNG(*rng.RNG)
}

// NewWithHooks makes a game of cfg whose scenario hooks run on runner
// (nil only for a config without effects and victories).
func NewWithHooks(cfg *Config, runner HookRunner, seed uint64) (*Game, error) {
	g, err := New(cfg, seed)
	if err != nil {
		return nil, err
	}
	return g, g.useRunner(runner)
}

// LoadWithHooks is Load for a config with scenario hooks.
func LoadWithHooks(cfg *Config, runner HookRunner, data []byte) (*Game, error) {
	g, err := Load(cfg, data)
	if err != nil {
		return nil, err
	}
	return g, g.useRunner(runner)
}

func (g *Game) useRunner(r HookRunner) error {
	if r == nil && g.hooked() {
		return errors.New("xghj: the config has scenario hooks and no runner was given")
	}
	g.runner = r
	if u, ok := r.(RandomUser); ok {
		u.UseRNG(g.rng)
	}
	return nil
}

// hooked reports whether the config uses any scenario hook.
func (g *Game) hooked() bool { return len(g.cfg.Effects)+len(g.cfg.Victories) > 0 }

// hookHost is the engine's side of a hook call: it reads the game and
// keeps the hooks' variables.
type hookHost struct {
	g       *Game
	winners *[]winner
	err     error
}

type winner struct{ p, score int }

func (h *hookHost) Round() int   { return h.g.st.Round }
func (h *hookHost) Players() int { return h.g.n }
func (h *hookHost) Cols() int    { return h.g.cfg.Cols }
func (h *hookHost) Rows() int    { return h.g.cfg.Rows }
func (h *hookHost) Err() error   { return h.err }

func (h *hookHost) fail(format string, args ...any) {
	if h.err == nil {
		h.err = fmt.Errorf(format, args...)
	}
}

func (h *hookHost) cell(c int) bool {
	if c < 0 || c >= len(h.g.cfg.Cells) {
		h.fail("cell %d is not on the map (0 to %d)", c, len(h.g.cfg.Cells)-1)
		return false
	}
	return true
}

func (h *hookHost) Region(name string) ([]int, bool) {
	for _, r := range h.g.cfg.Regions {
		if r.Name == name {
			return r.Cells, true
		}
	}
	return nil, false
}

func (h *hookHost) Owner(c int) int {
	if !h.cell(c) {
		return -1
	}
	if o := h.g.st.Owner[c]; h.g.isPlayer(o) {
		return o
	}
	return -1
}

func (h *hookHost) Res(c int) int {
	if !h.cell(c) {
		return 0
	}
	return h.g.cfg.Cells[c].Res
}

func (h *hookHost) Alive(p int) bool { return h.g.isPlayer(p) && h.g.st.Players[p].Alive }

func (h *hookHost) vars() *[]HookVar { return &h.g.st.HookVars }

func (h *hookHost) Get(key string) int {
	vs := *h.vars()
	if i, ok := slices.BinarySearchFunc(vs, key, func(v HookVar, k string) int { return cmp.Compare(v.Key, k) }); ok {
		return vs[i].Value
	}
	return 0
}

func (h *hookHost) Set(key string, value int) {
	vs := h.vars()
	i, ok := slices.BinarySearchFunc(*vs, key, func(v HookVar, k string) int { return cmp.Compare(v.Key, k) })
	switch {
	case ok:
		(*vs)[i].Value = value
	case len(*vs) >= MaxHookVars:
		h.fail("the hooks of a game may keep at most %d variables", MaxHookVars)
	default:
		*vs = slices.Insert(*vs, i, HookVar{Key: key, Value: value})
	}
}

func (h *hookHost) Win(p, score int) {
	if h.winners == nil {
		h.fail("only a victory check may name winners")
		return
	}
	if !h.g.isPlayer(p) {
		h.fail("player %d does not exist (0 to %d)", p, h.g.n-1)
		return
	}
	*h.winners = append(*h.winners, winner{p, score})
}

// host returns the host of a hook call (winners: a victory check's).
func (g *Game) host(winners *[]winner) *hookHost {
	return &hookHost{g: g, winners: winners}
}

func hookErr(what string, i int, err error, h *hookHost) error {
	if err == nil {
		err = h.err
	}
	if err != nil {
		return fmt.Errorf("xghj: %s %d: %w", what, i, err)
	}
	return nil
}

// hookRoundStart runs every effect's round start.
func (g *Game) hookRoundStart() error {
	for i := range g.cfg.Effects {
		h := g.host(nil)
		if err := hookErr("effect", i, g.runner.RoundStart(i, h), h); err != nil {
			return err
		}
	}
	return nil
}

// hookAfterMilitary runs every effect's after-military step.
func (g *Game) hookAfterMilitary() error {
	for i := range g.cfg.Effects {
		h := g.host(nil)
		if err := hookErr("effect", i, g.runner.AfterMilitary(i, h), h); err != nil {
			return err
		}
	}
	return nil
}

// hookIncome passes player p's income from its land through every effect.
func (g *Game) hookIncome(p, income int) (int, error) {
	for i := range g.cfg.Effects {
		h := g.host(nil)
		v, err := g.runner.Income(i, p, income, h)
		if err := hookErr("effect", i, err, h); err != nil {
			return 0, err
		}
		income = max(v, 0)
	}
	return income, nil
}

// hookView reports whether some effect gives viewer full vision and full
// information. An error stops the game at the round's end.
func (g *Game) hookView(viewer int) (vision, info bool) {
	if g.runner == nil {
		return false, false
	}
	for i := range g.cfg.Effects {
		h := g.host(nil)
		v, err := g.runner.FullVision(i, viewer, h)
		if err = hookErr("effect", i, err, h); err != nil {
			g.hookFail = cmp.Or(g.hookFail, err)
			return false, false
		}
		in, err := g.runner.FullInfo(i, viewer, h)
		if err = hookErr("effect", i, err, h); err != nil {
			g.hookFail = cmp.Or(g.hookFail, err)
			return false, false
		}
		vision, info = vision || v, info || in
	}
	return vision, info
}

// hookVictory runs every victory check; alive winners meet the goal and
// end the game.
func (g *Game) hookVictory() (bool, error) {
	var ws []winner
	for i := range g.cfg.Victories {
		h := g.host(&ws)
		if err := hookErr("victory", i, g.runner.Victory(i, h), h); err != nil {
			return false, err
		}
	}
	won := false
	for _, w := range ws {
		ps := &g.st.Players[w.p]
		if !ps.Alive {
			continue
		}
		if !ps.Goal || w.score > ps.GoalScore {
			ps.GoalScore = w.score
		}
		ps.Goal = true
		won = true
		g.emit(Event{Phase: PhaseEnd, Kind: EvGoal, Player: w.p, Value: w.score})
	}
	return won, nil
}

// goalFirst moves the players who met the goal to the front of the
// ranking, by goal score (higher first), keeping the ranking's order
// otherwise.
func (g *Game) goalFirst() {
	st := &g.st
	slices.SortStableFunc(st.Ranking, func(a, b int) int {
		pa, pb := &st.Players[a], &st.Players[b]
		switch {
		case pa.Goal != pb.Goal:
			if pa.Goal {
				return -1
			}
			return 1
		case pa.Goal:
			return cmp.Compare(pb.GoalScore, pa.GoalScore)
		}
		return 0
	})
}
