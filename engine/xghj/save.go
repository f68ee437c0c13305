package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// GameName is the game's name in saves.
const GameName = "xghj"

// SaveFormat is the version of the save written by Save.
const SaveFormat = 1

// SaveFile is the JSON form of a saved game.
type SaveFile = play.Envelope[*State, OrderRecord, Event]

// Save returns the game as JSON: config fingerprint, seed, RNG, state,
// order log and events. A loaded game continues exactly as this one would.
func (g *Game) Save() ([]byte, error) {
	if g.err != nil {
		return nil, fmt.Errorf("xghj: cannot save a game stopped by an error: %w", g.err)
	}
	st := g.st
	return play.Seal(&SaveFile{
		Format: SaveFormat, Game: GameName, Config: g.cfg.Name, Seed: g.seed, RNG: g.rng,
		State: &st, Decisions: g.Orders.Log, Events: g.events.All(),
	}, g.cfg)
}

// Load restores a game saved by Save for the same config. The deciders
// are not part of a save: set Orders.Deciders before stepping.
func Load(cfg *Config, data []byte) (*Game, error) {
	g, err := prepare(cfg)
	if err != nil {
		return nil, err
	}
	e, err := play.Open[*State, OrderRecord, Event](data, GameName, SaveFormat, cfg)
	if err != nil {
		return nil, err
	}
	if err := g.checkState(e.State); err != nil {
		return nil, fmt.Errorf("load xghj save: %w", err)
	}
	g.seed, g.rng, g.st = e.Seed, e.RNG, *e.State
	g.Orders.Log = e.Decisions
	g.events.Set(e.Events)
	return g, nil
}

// checkState checks a loaded state against the config, so a damaged save
// cannot make the engine index out of range.
func (g *Game) checkState(s *State) error {
	if s == nil {
		return fmt.Errorf("no state")
	}
	cells := len(g.cfg.Cells)
	if len(s.Owner) != cells || len(s.Sieged) != cells {
		return fmt.Errorf("state has %d owners and %d siege flags for %d cells", len(s.Owner), len(s.Sieged), cells)
	}
	for c, o := range s.Owner {
		if !g.isPlayer(o) && o != Neutral {
			return fmt.Errorf("cell %d has owner %d", c, o)
		}
	}
	if len(s.Players) != g.n || len(s.Dip) != g.n || len(s.JW) != g.n || len(s.Ranking) != g.n {
		return fmt.Errorf("state is not for %d players", g.n)
	}
	for p := range g.n {
		if len(s.Dip[p]) != g.n || len(s.JW[p]) != g.n {
			return fmt.Errorf("diplomacy of player %d is not for %d players", p, g.n)
		}
		if r := s.Ranking[p]; r < 0 || r >= g.n {
			return fmt.Errorf("ranking slot %d holds %d", p, r)
		}
		top := AtWar
		if g.cfg.Rulebook() {
			top = Truce
		}
		for q := range g.n {
			if s.Dip[p][q] > top {
				return fmt.Errorf("diplomacy %d→%d is %d", p, q, s.Dip[p][q])
			}
		}
	}
	if err := g.checkRulebook(s); err != nil {
		return err
	}
	vs := s.HookVars
	if len(vs) > MaxHookVars {
		return fmt.Errorf("the hooks keep %d variables", len(vs))
	}
	for j := 1; j < len(vs); j++ {
		if vs[j-1].Key >= vs[j].Key {
			return fmt.Errorf("hook variables are not sorted by key")
		}
	}
	alive := 0
	for _, p := range s.Players {
		if p.Alive {
			alive++
		}
	}
	// Players killed at the spawn count as dead; the alive count is the
	// number of alive players (eliminations index the ranking by it).
	if s.AliveCount != alive || s.Round < 0 {
		return fmt.Errorf("alive count %d for %d alive players, round %d", s.AliveCount, alive, s.Round)
	}
	return nil
}

// checkRulebook checks the rulebook's parts of a loaded state: cities on
// the map, of a player, with a positive level, sorted by cell and player
// without repeats; progress and truce counters for every player.
func (g *Game) checkRulebook(s *State) error {
	if !g.cfg.Rulebook() {
		if len(s.Cities) > 0 || len(s.Progress) > 0 || len(s.TruceLeft) > 0 {
			return fmt.Errorf("rulebook state in a %s game", g.cfg.Rules.Set)
		}
		return nil
	}
	cells := len(g.cfg.Cells)
	for i, c := range s.Cities {
		if c.Cell < 0 || c.Cell >= cells || !g.isPlayer(c.Player) || c.Level < 1 {
			return fmt.Errorf("city %d: cell %d, player %d, level %d", i, c.Cell, c.Player, c.Level)
		}
		if i > 0 {
			b := s.Cities[i-1]
			if b.Cell > c.Cell || (b.Cell == c.Cell && b.Player >= c.Player) {
				return fmt.Errorf("cities are not sorted by cell and player at %d", i)
			}
		}
	}
	if len(s.Progress) != g.n || len(s.TruceLeft) != g.n {
		return fmt.Errorf("progress or truce counters are not for %d players", g.n)
	}
	for p := range g.n {
		if len(s.Progress[p]) != cells || len(s.TruceLeft[p]) != g.n {
			return fmt.Errorf("progress or truce counters of player %d have the wrong size", p)
		}
		for _, v := range s.Progress[p] {
			if v < 0 {
				return fmt.Errorf("negative progress of player %d", p)
			}
		}
	}
	return nil
}
