package mbg

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/sandtable/sandtable/engine/play"
)

// SaveFormat is the version of the save file written by Save (2: the
// shared play.Envelope).
const SaveFormat = 2

// SaveFile is the JSON form of a saved game: the shared envelope (game,
// config fingerprint, seed, RNG, decision and event logs) around the
// complete state. It is exported so tools (and tests) can read and write
// saves; Load checks everything in it.
type SaveFile = play.Envelope[*SavedState, Decision, Event]

// SavedState is the game state as saved: the state and the battle
// summaries the events refer to.
type SavedState struct {
	*State
	Battles []BattleSummary `json:"battles"`
}

// Save returns the game as JSON: state, RNG and logs. A game can be saved
// between steps (Step never leaves an action half done); a loaded game
// continues exactly as the saved one would have.
func (g *Game) Save() ([]byte, error) {
	if err := g.loop.Err(); err != nil {
		return nil, fmt.Errorf("mbg: cannot save a game stopped by an error: %w", err)
	}
	return play.Seal(&SaveFile{
		Format: SaveFormat, Game: "mbg", Config: g.cfg.Name, Seed: g.seed, RNG: g.rng,
		State: &SavedState{State: &g.st, Battles: g.battles}, Decisions: g.seats.Log, Events: g.events.All(),
	}, g.cfg)
}

// Load restores a game saved by Save for the same config, with the given
// providers. It checks the saved state against the config as carefully as
// New checks the config.
func Load(cfg *Config, techs TechRunner, cards CardRunner, data []byte) (*Game, error) {
	g, err := prepare(cfg, techs, cards)
	if err != nil {
		return nil, err
	}
	f, err := play.Open[*SavedState, Decision, Event](data, "mbg", SaveFormat, cfg)
	if err != nil {
		return nil, err
	}
	if f.State == nil || f.State.State == nil {
		return nil, errors.New("load mbg save: missing state")
	}
	g.seed, g.rng, g.st = f.Seed, f.RNG, *f.State.State
	g.seats.Log, g.battles = f.Decisions, f.State.Battles
	g.events.Set(f.Events)
	if err := g.restore(); err != nil {
		return nil, fmt.Errorf("load mbg save: %w", err)
	}
	g.shareRNG()
	return g, nil
}

// restore checks a loaded state against the config and rebuilds what is
// not saved: config-fixed values and every membership list.
func (g *Game) restore() error {
	cfg, st := g.cfg, &g.st
	nRole, nOff, nCity := len(cfg.Roles), len(cfg.Officers), len(cfg.Cities)
	nInst, nTrain, nTech, nCard := len(cfg.Institutes), len(cfg.Trainings), len(cfg.Techs), len(cfg.Cards)
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

	if len(st.Officers) != nOff || len(st.Cities) != nCity || len(st.Institutes) != nInst ||
		len(st.Trainings) != nTrain || len(st.Squares) != len(cfg.Board) || len(st.Roles) != nRole {
		return errors.New("state sizes do not match the config")
	}
	if st.Turn < 1 || st.Next < 0 || st.Next > nRole {
		bad("turn %d, next role %d out of range", st.Turn, st.Next)
	}
	for i := range st.Roles {
		rs := &st.Roles[i]
		switch {
		case rs.Loc < -1 || rs.Loc >= len(cfg.Board):
			bad("role %d: square %d out of range", i, rs.Loc)
		case !finite(rs.Money) || rs.Money < 0:
			bad("role %d: money %g", i, rs.Money)
		case rs.Dir != 1 && rs.Dir != -1:
			bad("role %d: direction %d", i, rs.Dir)
		case rs.Move != MoveNormal && rs.Move != MoveSlow && rs.Move != MoveFast && rs.Move != MoveStop:
			bad("role %d: movement state %q", i, rs.Move)
		case rs.MoveLeft < 0 || rs.MoveTurn < 0 || rs.AllyLeft < 0:
			bad("role %d: negative counter", i)
		case rs.Ally < PublicEnemy || rs.Ally >= nRole || rs.Ally == i:
			bad("role %d: alliance %d", i, rs.Ally)
		case rs.Ally >= 0 && st.Roles[rs.Ally].Ally != i:
			bad("role %d: alliance with %d is not mutual", i, rs.Ally)
		case len(rs.Cards) != nCard:
			bad("role %d: %d card counts for %d cards", i, len(rs.Cards), nCard)
		case !slices.IsSorted(rs.Techs) || len(slices.Compact(slices.Clone(rs.Techs))) != len(rs.Techs):
			bad("role %d: techs %v not ascending", i, rs.Techs)
		}
		for _, t := range rs.Techs {
			if t < 0 || t >= nTech {
				bad("role %d: tech %d out of range", i, t)
			}
		}
		for _, n := range rs.Cards {
			if n < 0 {
				bad("role %d: negative card count", i)
			}
		}
		rs.Retinue, rs.Cities = nil, nil
	}
	for c := range st.Cities {
		cs := &st.Cities[c]
		cs.DefMax = cfg.Cities[c].DefMax
		if cs.Owner < -1 || cs.Owner >= nRole || !finite(cs.Def) || cs.Def < 0 || cs.Def > cs.DefMax || !finite(cs.Fengshui) {
			bad("city %d: owner %d, def %g, fengshui %g", c, cs.Owner, cs.Def, cs.Fengshui)
			continue
		}
		cs.Garrison, cs.Mayor, cs.Treasurer = nil, -1, -1
		if cs.Owner >= 0 {
			st.Roles[cs.Owner].Cities = append(st.Roles[cs.Owner].Cities, c)
		}
	}
	for k := range st.Institutes {
		is := &st.Institutes[k]
		if len(is.Tech) != nRole || len(is.Points) != nRole {
			return fmt.Errorf("institute %d: slots do not match %d roles", k, nRole)
		}
		is.Researcher = make([]int, nRole)
		for r := range nRole {
			is.Researcher[r] = -1
			if is.Tech[r] < -1 || is.Tech[r] >= nTech || !finite(is.Points[r]) {
				bad("institute %d: role %d studies tech %d, %g points", k, r, is.Tech[r], is.Points[r])
			}
		}
	}
	for k := range st.Trainings {
		ts := &st.Trainings[k]
		if len(ts.Left) != nRole {
			return fmt.Errorf("training room %d: slots do not match %d roles", k, nRole)
		}
		ts.Trainee = make([]int, nRole)
		for r := range nRole {
			ts.Trainee[r] = -1
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}

	for o := range st.Officers {
		of := &st.Officers[o]
		of.HPMax, of.Level = cfg.Officers[o].HPMax, cfg.Officers[o].Level
		if !finite(of.HP) || of.HP < 0 || of.HP > of.HPMax || of.Rumour < 0 || of.Poison < 0 {
			bad("officer %d: hp %g, rumour %d, poison %d", o, of.HP, of.Rumour, of.Poison)
		}
		for _, v := range of.Props {
			if !finite(v) || v < 0 {
				bad("officer %d: property %g", o, v)
			}
		}
		r := of.Role
		if r < -1 || r >= nRole {
			bad("officer %d: role %d out of range", o, r)
			continue
		}
		if r < 0 {
			if of.Job != JobNone || of.Loc != -1 {
				bad("officer %d: free but has job %d at %d", o, of.Job, of.Loc)
			}
			continue
		}
		switch of.Job {
		case JobNone:
			if of.Loc != -1 {
				bad("officer %d: retinue member at %d", o, of.Loc)
				continue
			}
			st.Roles[r].Retinue = append(st.Roles[r].Retinue, o)
		case JobMayor, JobTreasurer, JobCitizen:
			if of.Loc < 0 || of.Loc >= nCity || st.Cities[of.Loc].Owner != r {
				bad("officer %d of role %d: city %d is not his role's", o, r, of.Loc)
				continue
			}
			cs := &st.Cities[of.Loc]
			cs.Garrison = append(cs.Garrison, o)
			post := &cs.Mayor
			if of.Job == JobTreasurer {
				post = &cs.Treasurer
			}
			if of.Job != JobCitizen {
				if *post >= 0 {
					bad("city %d: two officers in one post", of.Loc)
				}
				*post = o
			}
		case JobResearcher:
			if of.Loc < 0 || of.Loc >= nInst || st.Institutes[of.Loc].Researcher[r] >= 0 || st.Institutes[of.Loc].Tech[r] < 0 {
				bad("officer %d of role %d: no research slot at institute %d", o, r, of.Loc)
				continue
			}
			st.Institutes[of.Loc].Researcher[r] = o
		case JobTrainee:
			if of.Loc < 0 || of.Loc >= nTrain || st.Trainings[of.Loc].Trainee[r] >= 0 {
				bad("officer %d of role %d: no training slot at room %d", o, r, of.Loc)
				continue
			}
			st.Trainings[of.Loc].Trainee[r] = o
		default:
			bad("officer %d: job %d", o, of.Job)
		}
	}
	for k := range st.Institutes {
		is := &st.Institutes[k]
		for r := range nRole {
			if (is.Tech[r] >= 0) != (is.Researcher[r] >= 0) {
				bad("institute %d: role %d studies tech %d without a researcher", k, r, is.Tech[r])
			}
		}
	}
	g.rebuildFree()
	return errors.Join(errs...)
}
