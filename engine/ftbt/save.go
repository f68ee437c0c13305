package ftbt

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
)

// SaveFormat is the version of the save file written by Save.
const SaveFormat = 1

// SaveFile is the JSON form of a saved game: the complete state (round,
// side and phase included), the RNG state, and the logs. It is exported so
// tools (and tests) can read and write saves; Load checks everything in it.
type SaveFile struct {
	Format int `json:"format"`
	// Config names the config and fingerprints it (sha256 of its JSON), so
	// a save is not loaded against another level.
	Config       string     `json:"config"`
	ConfigSHA256 string     `json:"config_sha256"`
	Seed         uint64     `json:"seed"`
	RNG          *RNG       `json:"rng"`
	State        *State     `json:"state"`
	Decisions    []Decision `json:"decisions"`
	Events       []Event    `json:"events"`
}

// fingerprint is the sha256 of the config's JSON.
func fingerprint(cfg *Config) (string, error) {
	data, err := json.Marshal(cfg)
	if err != nil {
		return "", fmt.Errorf("fingerprint config: %w", err)
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]), nil
}

// Save returns the game as JSON: state, RNG and logs. A game can be saved
// between steps (Step never leaves an activation half done); a loaded game
// continues exactly as the saved one would have.
func (g *Game) Save() ([]byte, error) {
	if g.err != nil {
		return nil, fmt.Errorf("ftbt: cannot save a game stopped by an error: %w", g.err)
	}
	fp, err := fingerprint(g.cfg)
	if err != nil {
		return nil, err
	}
	st := g.st
	st.Effects = make([]CellEffect, 0, 16)
	for i, e := range g.eff {
		if e != (effect{}) {
			st.Effects = append(st.Effects, CellEffect{
				Cell: i / (2 * NumSlots), Side: (i / NumSlots) % 2, Slot: EffectSlot(i % NumSlots), Value: e.value, Left: e.left,
			})
		}
	}
	return json.Marshal(&SaveFile{
		Format: SaveFormat, Config: g.cfg.Name, ConfigSHA256: fp, Seed: g.seed,
		RNG: g.rng, State: &st, Decisions: g.decisions, Events: g.events,
	})
}

// Load restores a game saved by Save for the same config, with the given
// effect runner. It checks the saved state against the config as carefully
// as New checks the config.
func Load(cfg *Config, runner EffectRunner, data []byte) (*Game, error) {
	g, err := prepare(cfg, runner)
	if err != nil {
		return nil, err
	}
	var f SaveFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("load ftbt save: %w", err)
	}
	if f.Format != SaveFormat {
		return nil, fmt.Errorf("load ftbt save: format %d, this engine reads %d", f.Format, SaveFormat)
	}
	fp, err := fingerprint(cfg)
	if err != nil {
		return nil, err
	}
	if f.ConfigSHA256 != fp {
		return nil, fmt.Errorf("load ftbt save: it was made with another config (%q, sha256 %s)", f.Config, f.ConfigSHA256)
	}
	if f.RNG == nil || f.State == nil {
		return nil, errors.New("load ftbt save: missing rng or state")
	}
	g.seed, g.rng, g.st = f.Seed, f.RNG, *f.State
	g.decisions, g.events = f.Decisions, f.Events
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
		case g.eff[effIndex(e.Cell, e.Side, e.Slot)] != effect{}:
			bad("effect %+v given twice", e)
		default:
			g.eff[effIndex(e.Cell, e.Side, e.Slot)] = effect{value: e.Value, left: e.Left}
		}
	}
	st.Effects = nil
	return errors.Join(errs...)
}
