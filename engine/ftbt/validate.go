package ftbt

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
)

// MaxCells bounds Width·Height (512×512), so a bad config cannot make the
// engine allocate without limit; the original's levels have 2,000 cells.
const MaxCells = 1 << 18

// Validate checks everything the engine relies on, so a bad config is an
// error here and never an index panic later. The schema and the kit's lint
// rules check most of this already; the engine does not trust them. New and
// Load call it; tools may call it directly.
func Validate(cfg *Config) error {
	if cfg == nil {
		return errors.New("nil config")
	}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }

	if cfg.Version != ConfigVersion {
		bad("config version %d, this engine reads version %d", cfg.Version, ConfigVersion)
	}
	if cfg.Game != "ftbt" {
		bad("config is for game %q, not ftbt", cfg.Game)
	}
	nCell := 0
	switch {
	case cfg.Width < 1 || cfg.Height < 1:
		bad("map size %d×%d, want at least 1×1", cfg.Width, cfg.Height)
	case cfg.Width > MaxCells/cfg.Height:
		bad("map size %d×%d is larger than %d cells", cfg.Width, cfg.Height, MaxCells)
	default:
		nCell = cfg.Width * cfg.Height
	}
	nTerr := len(cfg.Terrains)
	if nTerr == 0 {
		bad("no terrains")
	}
	for i, t := range cfg.Terrains {
		if t.Weight < -1 {
			bad("terrain %d (%s): weight %d, want ≥ 0 or -1 (impassable)", i, t.Name, t.Weight)
		}
	}
	if nCell > 0 && len(cfg.Cells) != nCell {
		bad("%d cells for a %d×%d map, want %d", len(cfg.Cells), cfg.Width, cfg.Height, nCell)
	}
	for i, t := range cfg.Cells {
		if t < 0 || t >= nTerr {
			bad("cell %d: terrain %d out of range (0..%d)", i, t, nTerr-1)
			break // one is enough: a wrong map is usually wrong everywhere
		}
	}

	if cfg.Constants.MaxAbi < 1 {
		bad("constant max_abi = %d, want ≥ 1", cfg.Constants.MaxAbi)
	}
	if cfg.Rules.MaxRounds < 0 {
		bad("rules.max_rounds = %d, want ≥ 0 (0: no limit)", cfg.Rules.MaxRounds)
	}
	switch cfg.Rules.BothWiped {
	case "", BothWipedDraw, BothWipedAttacker:
	default:
		bad("rules.both_wiped = %q, want %q or %q", cfg.Rules.BothWiped, BothWipedDraw, BothWipedAttacker)
	}

	for i, c := range cfg.Classes {
		if c.Hook == "" {
			bad("class %d (%s): no hook", i, c.ID)
		}
		if c.Target != TargetEnemy && c.Target != TargetCell {
			bad("class %d (%s): target %q, want %q or %q", i, c.ID, c.Target, TargetEnemy, TargetCell)
		}
		checkParams(bad, fmt.Sprintf("class %d (%s)", i, c.ID), c.Params)
	}
	for i, t := range cfg.Techs {
		where := fmt.Sprintf("tech %d (%s)", i, t.ID)
		if t.Class < 0 || t.Class >= len(cfg.Classes) {
			bad("%s: class %d out of range (0..%d)", where, t.Class, len(cfg.Classes)-1)
		}
		if len(t.Mask) != nTerr {
			bad("%s: %d terrain mask entries for %d terrains", where, len(t.Mask), nTerr)
		}
		if t.Duration < 0 {
			bad("%s: duration %d, want ≥ 0 (0: permanent)", where, t.Duration)
		}
		for _, o := range t.Offsets {
			if o[0] < -MaxCells || o[0] > MaxCells || o[1] < -MaxCells || o[1] > MaxCells {
				bad("%s: offset (%d, %d) is out of any map", where, o[0], o[1])
				break
			}
		}
		checkParams(bad, where, t.Params)
	}

	anyAI := false
	seen := make(map[int]int, len(cfg.People))
	for i, p := range cfg.People {
		where := fmt.Sprintf("person %d (%s)", i, p.Name)
		if p.Side != 0 && p.Side != 1 {
			bad("%s: side %d, want 0 or 1", where, p.Side)
		}
		if p.HP < 1 {
			bad("%s: hp %d, want ≥ 1", where, p.HP)
		}
		if nCell > 0 {
			if p.X < 0 || p.X >= cfg.Width || p.Y < 0 || p.Y >= cfg.Height {
				bad("%s: position (%d, %d) is off the %d×%d map", where, p.X, p.Y, cfg.Width, cfg.Height)
			} else {
				c := p.Y*cfg.Width + p.X
				if q, ok := seen[c]; ok {
					bad("%s: cell (%d, %d) is already held by person %d", where, p.X, p.Y, q)
				} else {
					seen[c] = i
				}
			}
		}
		for _, t := range p.Techs {
			if t < 0 || t >= len(cfg.Techs) {
				bad("%s: tech %d out of range (0..%d)", where, t, len(cfg.Techs)-1)
			}
		}
		if a := p.AI; a != nil {
			anyAI = true
			if a.GoalX >= 0 && a.GoalY >= 0 && (a.GoalX >= cfg.Width || a.GoalY >= cfg.Height) {
				bad("%s: AI goal (%d, %d) is off the map", where, a.GoalX, a.GoalY)
			}
		}
	}
	if anyAI {
		ai := &cfg.AI
		for _, x := range []struct {
			name string
			v    int
		}{
			{"move_dist", ai.MoveDist}, {"buf_value", ai.BufValue}, {"def_dist", ai.DefDist},
			{"tech_dist", ai.TechDist}, {"buf_vmd", ai.BufVMD}, {"fly_vmd", ai.FlyVMD}, {"dl_vmd", ai.DLVMD},
		} {
			if x.v < 1 {
				bad("AI constant %s = %d, want ≥ 1 (it divides)", x.name, x.v)
			}
		}
	}
	return errors.Join(errs...)
}

// checkParams reports non-finite parameters.
func checkParams(bad func(string, ...any), where string, params map[string]float64) {
	for _, k := range slices.Sorted(maps.Keys(params)) {
		if v := params[k]; math.IsNaN(v) || math.IsInf(v, 0) {
			bad("%s: parameter %q = %g, want a finite number", where, k, v)
		}
	}
}
