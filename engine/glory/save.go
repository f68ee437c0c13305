package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// SaveFormat is the version of the save written by Save.
const SaveFormat = 1

// SaveFile is the JSON form of a saved game.
type SaveFile = play.Envelope[*State, Decision, Event]

// Save returns the game as JSON. A game can be saved between steps; a
// loaded game continues exactly as the saved one would have.
func (g *Game) Save() ([]byte, error) {
	if g.err != nil {
		return nil, fmt.Errorf("glory: cannot save a game stopped by an error: %w", g.err)
	}
	st := g.st
	return play.Seal(&SaveFile{
		Format: SaveFormat, Game: "glory", Config: g.cfg.Name, Seed: g.seed, RNG: g.rng,
		State: &st, Decisions: g.seats.Log, Events: g.events.All(),
	}, g.cfg)
}

// Load restores a saved game of cfg; deciders play on from there.
func Load(cfg *Config, skills SkillRunner, data []byte, deciders ...Decider) (*Game, error) {
	e, err := play.Open[*State, Decision, Event](data, "glory", SaveFormat, cfg)
	if err != nil {
		return nil, err
	}
	if e.State == nil {
		return nil, fmt.Errorf("load glory save: missing state")
	}
	g, err := newGame(cfg, skills, e.Seed, deciders)
	if err != nil {
		return nil, err
	}
	if err := g.checkState(e.State); err != nil {
		return nil, fmt.Errorf("load glory save: %w", err)
	}
	g.st = *e.State
	g.rng = e.RNG
	if u, ok := skills.(RandomUser); ok {
		u.UseRNG(g.rng)
	}
	g.seats.Log = e.Decisions
	g.events.Set(e.Events)
	if len(g.st.Heroes) > 0 {
		g.index()
	}
	return g, nil
}

// checkState checks a loaded state's references, so a tampered save fails
// with an error rather than a panic.
func (g *Game) checkState(st *State) error {
	if st.Phase > PhaseOver || st.Side < 0 || st.Side > 1 {
		return fmt.Errorf("phase %d or side %d out of range", st.Phase, st.Side)
	}
	n := len(g.cfg.Heroes)
	for _, h := range append(append([]int{}, st.Draft.Main[:]...), st.Draft.Ban[:]...) {
		if h < -1 || h >= n {
			return fmt.Errorf("draft names hero %d", h)
		}
	}
	if st.Phase > PhasePicks && len(st.Heroes) == 0 {
		return fmt.Errorf("phase %d without heroes", st.Phase)
	}
	for i, h := range st.Heroes {
		if h.Hero < 0 || h.Hero >= n || h.Side < 0 || h.Side > 1 || h.Point < 0 || h.Point >= g.board.Len() ||
			h.Weapon < -1 || h.Weapon >= len(g.cfg.Weapons) || len(h.Uses) != len(g.cfg.Heroes[h.Hero].Skills) ||
			len(h.Next) != len(h.Uses) || (len(h.FireNext) != 0 && len(h.FireNext) != len(g.cfg.Weapons)) {
			return fmt.Errorf("hero %d is inconsistent with the config", i)
		}
	}
	for i, t := range st.Towers {
		if t.Point < 0 || t.Point >= g.board.Len() || t.Side < 0 || t.Side > 1 {
			return fmt.Errorf("tower %d is inconsistent with the map", i)
		}
	}
	for s := range 2 {
		if len(st.Heroes) > 0 && len(st.Econ[s]) != len(g.board.EconPoints()) {
			return fmt.Errorf("economy flags of side %d do not match the map", s)
		}
	}
	return nil
}
