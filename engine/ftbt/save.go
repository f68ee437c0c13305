package ftbt

import (
	"errors"
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// SaveFormat is the version of the save file written by Save (2: the
// shared play.Envelope).
const SaveFormat = 2

// SaveFile is the JSON form of a saved game: the shared envelope (game,
// config fingerprint, seed, RNG, decision and event logs) around the
// complete state (round, side and phase included). It is exported so tools
// (and tests) can read and write saves; Load checks everything in it.
type SaveFile = play.Envelope[*State, Decision, Event]

// Save returns the game as JSON: state, RNG and logs. A game can be saved
// between steps (Step never leaves an activation half done); a loaded game
// continues exactly as the saved one would have.
func (g *Game) Save() ([]byte, error) {
	if err := g.loop.Err(); err != nil {
		return nil, fmt.Errorf("ftbt: cannot save a game stopped by an error: %w", err)
	}
	st := g.st
	st.Effects = make([]CellEffect, 0, 16)
	for i := range len(g.eff) / 2 {
		if e := g.effAt(i); e != (effect{}) {
			st.Effects = append(st.Effects, CellEffect{
				Cell: i / (2 * NumSlots), Side: (i / NumSlots) % 2, Slot: EffectSlot(i % NumSlots), Value: e.value, Left: e.left,
			})
		}
	}
	return play.Seal(&SaveFile{
		Format: SaveFormat, Game: "ftbt", Config: g.cfg.Name, Seed: g.seed, RNG: g.rng,
		State: &st, Decisions: g.seats.Log, Events: g.events.All(),
	}, g.cfg)
}

// Load restores a game saved by Save for the same config, with the given
// effect runner. It checks the saved state against the config as carefully
// as New checks the config.
func Load(cfg *Config, runner EffectRunner, data []byte) (*Game, error) {
	g, err := prepare(cfg, runner)
	if err != nil {
		return nil, err
	}
	f, err := play.Open[*State, Decision, Event](data, "ftbt", SaveFormat, cfg)
	if err != nil {
		return nil, err
	}
	if f.State == nil {
		return nil, errors.New("load ftbt save: missing state")
	}
	g.seed, g.rng, g.st = f.Seed, f.RNG, *f.State
	g.seats.Log = f.Decisions
	g.events.Set(f.Events)
	if err := g.restore(); err != nil {
		return nil, fmt.Errorf("load ftbt save: %w", err)
	}
	g.shareRNG()
	return g, nil
}

// restore checks a loaded state against the config and rebuilds what is
// not saved: occupancy, counters, the effect table and the weight maps.
func (g *Game) restore() error {
	cfg, st := g.cfg, &g.st
	n := len(g.occ)
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if len(st.People) != len(cfg.People) {
		return fmt.Errorf("%d people for %d in the config", len(st.People), len(cfg.People))
	}
	if st.Round < 0 || (st.Side != 0 && st.Side != 1) || st.Phase >= numPhases || (st.Round == 0 && st.Phase != PhaseRound) {
		bad("round %d, side %d, phase %s", st.Round, st.Side, st.Phase)
	}
	for p := range st.People {
		ps, pc := &st.People[p], &cfg.People[p]
		switch {
		case ps.Cell < -1 || ps.Cell >= n || ps.TurnCell < -1 || ps.TurnCell >= n:
			bad("person %d: cell %d, turn cell %d out of range", p, ps.Cell, ps.TurnCell)
			continue
		case ps.HP < 0 || ps.HP > pc.HP || (ps.HP == 0) != (ps.Cell < 0):
			bad("person %d: hp %d (of %d) on cell %d", p, ps.HP, pc.HP, ps.Cell)
			continue
		case ps.Cell < 0:
			continue
		case g.occ[ps.Cell] >= 0:
			bad("person %d: cell %d is already held by person %d", p, ps.Cell, g.occ[ps.Cell])
			continue
		}
		g.occ[ps.Cell] = p
		g.nIn[pc.Side]++
		if ps.Finished {
			g.nFin[pc.Side]++
		}
	}
	for _, e := range st.Effects {
		switch {
		case e.Cell < 0 || e.Cell >= n || (e.Side != 0 && e.Side != 1) || e.Slot >= NumSlots || e.Left < 0:
			bad("effect %+v out of range", e)
		case g.effAt(effIndex(e.Cell, e.Side, e.Slot)) != effect{}:
			bad("effect %+v given twice", e)
		default:
			g.setEff(effIndex(e.Cell, e.Side, e.Slot), effect{value: e.Value, left: e.Left})
		}
	}
	st.Effects = nil
	return errors.Join(errs...)
}
