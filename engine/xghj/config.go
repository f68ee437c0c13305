package xghj

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
)

// Owner values of cells (facts §1).
const (
	Neutral = 233 // owner of neutral land
	Unknown = 213 // owner shown for cells a player cannot see
	// MaxPlayers keeps player ids below Unknown.
	MaxPlayers = 200
	// MaxSide keeps positions below the invalid position (255, 255).
	MaxSide = 254
)

// The rule sets.
const (
	// RuleSetFC14 names the contest engine's rules (facts §1–§11).
	RuleSetFC14 = "fc14"
	// RuleSetRulebook names the seed rulebook's rules (facts §12, rules
	// sheet "Rule set rulebook"): persistent cities, attack progress,
	// 军通, overrun, truce and recall.
	RuleSetRulebook = "rulebook"
)

// Cell is the terrain of one map cell: resource (income), attack ratio
// and defence ratio. Atk ≤ 0 marks water, which nobody can hold.
type Cell struct {
	Res int `json:"res"`
	Atk int `json:"atk"`
	Def int `json:"def"`
}

// Player is one seat of the game.
type Player struct {
	Name string `json:"name"`
}

// Region is a named set of cells.
type Region struct {
	Name  string `json:"name"`
	Cells []int  `json:"cells"`
}

// Constants are the numbers of facts §1, with the contest's values as
// defaults (DefaultConstants).
type Constants struct {
	MaxRound           int     `json:"max_round"`
	StrictRoundStart   int     `json:"strict_round_start"`
	WarJustifyTime     int     `json:"war_justify_time"`
	WarJustifyPrice    int     `json:"war_justify_price"`
	UnitAreaAllyCost   float64 `json:"unit_area_ally_cost"`
	MilitaryCountLimit int     `json:"military_count_limit"`
	MilitaryKernelSize int     `json:"military_kernel_size"`
	SuppressLimit      int     `json:"suppress_limit"`
	CapitalInfluence   float64 `json:"capital_influence"`
	InitialPlayerMoney int     `json:"initial_player_money"`
	UnitCityIncome     int     `json:"unit_city_income"`
	CorruptionCoef     float64 `json:"corruption_coef"`
	UnitBombCost       int     `json:"unit_bomb_cost"`
	MinAbsDistBetween  int     `json:"min_abs_dist_between_cap"`
	FieldBoundary      int     `json:"field_boundary"`

	// The numbers of the rulebook rule set (rules sheet "Rule set
	// rulebook"); the fc14 rules do not read them.

	// CityCost is the price of one city level.
	CityCost int `json:"city_cost"`
	// InfluencePerLevel scales the kernel: a level-L city projects
	// InfluencePerLevel·L times the kernel.
	InfluencePerLevel int `json:"influence_per_level"`
	// CaptureThreshold is the attack progress a cell falls above.
	CaptureThreshold int `json:"capture_threshold"`
	// TruceRounds is how many rounds a truce forbids war.
	TruceRounds int `json:"truce_rounds"`
	// RecallValue is the share of a recalled city's value refunded when a
	// union ends.
	RecallValue float64 `json:"recall_value"`
	// VisionRadius is how far (Manhattan) a player sees, and meets other
	// players, around its own and allied land.
	VisionRadius int `json:"vision_radius"`
	// StartLevel is the level of the city on a player's spawn.
	StartLevel int `json:"start_level"`
}

// DefaultConstants returns the constants of the contest engine (facts §1).
func DefaultConstants() Constants {
	return Constants{
		MaxRound: 50, StrictRoundStart: 10, WarJustifyTime: 3, WarJustifyPrice: 5,
		UnitAreaAllyCost: 0.05, MilitaryCountLimit: 32, MilitaryKernelSize: 5, SuppressLimit: 400,
		CapitalInfluence: 0.3, InitialPlayerMoney: 50, UnitCityIncome: 1, CorruptionCoef: 0.0003,
		UnitBombCost: 1, MinAbsDistBetween: 3, FieldBoundary: 2,
		CityCost: 10, InfluencePerLevel: 10, CaptureThreshold: 400, TruceRounds: 5, RecallValue: 0.5,
		VisionRadius: 1, StartLevel: 1,
	}
}

// Rules selects the rule set and its variants.
type Rules struct {
	Set string `json:"set"`
	// BitExact reproduces the original engine bit for bit (see the package
	// documentation); it implies the original's slips.
	BitExact bool `json:"bit_exact"`
}

// Config is everything a game is made from besides the seed.
type Config struct {
	Game string `json:"game"` // always "xghj"
	Name string `json:"name"`
	Cols int    `json:"cols"`
	Rows int    `json:"rows"`
	// Cells is row-major: cell (x, y) is Cells[y·Cols+x].
	Cells []Cell `json:"cells"`
	// Kernel is the influence kernel, (2·MilitaryKernelSize−1) square:
	// Kernel[n][m] is the weight at x offset n−r and y offset m−r, r =
	// MilitaryKernelSize−1.
	Kernel [][]float64 `json:"kernel"`
	// Regions are named sets of cells (indices into Cells), for scenario
	// hooks; the fc14 rules do not read them.
	Regions   []Region  `json:"regions,omitempty"`
	Players   []Player  `json:"players"`
	Constants Constants `json:"constants"`
	Rules     Rules     `json:"rules"`
	// Effects and Victories are the scenario's hooks (xghj.effect and
	// xghj.victory ids with their parameters), called in this order;
	// Scripts bundles their Lua sources.
	Effects   []Hook   `json:"effects,omitempty"`
	Victories []Hook   `json:"victories,omitempty"`
	Scripts   []Script `json:"scripts,omitempty"`
}

// Rulebook reports whether the config plays the rulebook rule set.
func (c *Config) Rulebook() bool { return c.Rules.Set == RuleSetRulebook }

// fixed is the scale of the fixed-point coefficients of exact mode.
const fixed = 1000000

// Validate reports everything wrong with c that would stop a game.
func (c *Config) Validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.Game != GameName {
		bad("game %q: this is the %s engine", c.Game, GameName)
	}
	for _, r := range c.Regions {
		for _, i := range r.Cells {
			if i < 0 || i >= len(c.Cells) {
				bad("region %q: cell %d is not on the map", r.Name, i)
				break
			}
		}
	}
	for _, h := range append(slices.Clone(c.Effects), c.Victories...) {
		if h.Hook == "" {
			bad("a scenario hook has no id")
		}
		for _, k := range slices.Sorted(maps.Keys(h.Params)) {
			if v := h.Params[k]; math.IsNaN(v) || math.IsInf(v, 0) {
				bad("hook %q: parameter %s = %v is not a number", h.Hook, k, v)
			}
		}
	}
	if c.Rules.Set != RuleSetFC14 && c.Rules.Set != RuleSetRulebook {
		bad("rules.set %q: this engine runs %q and %q", c.Rules.Set, RuleSetFC14, RuleSetRulebook)
	}
	if c.Rules.Set == RuleSetRulebook && c.Rules.BitExact {
		bad("rules.bit_exact: only the fc14 rule set has a bit-exact mode")
	}
	if c.Cols < 1 || c.Cols > MaxSide || c.Rows < 1 || c.Rows > MaxSide {
		bad("map size %d×%d: each side must be 1 to %d", c.Cols, c.Rows, MaxSide)
	} else if len(c.Cells) != c.Cols*c.Rows {
		bad("%d cells for a %d×%d map", len(c.Cells), c.Cols, c.Rows)
	}
	for i, cl := range c.Cells {
		if cl.Res < 0 || cl.Atk < 0 || cl.Def < 0 || cl.Res > 1e6 || cl.Atk > 1e6 || cl.Def > 1e6 {
			bad("cell %d (%d, %d): res, atk and def must be 0 to 1000000", i, i%max(c.Cols, 1), i/max(c.Cols, 1))
			break
		}
	}
	if n := len(c.Players); n < 2 || n > MaxPlayers {
		bad("%d players: 2 to %d play", n, MaxPlayers)
	}
	k := c.Constants
	positive := []struct {
		name string
		v    int
	}{{"max_round", k.MaxRound}, {"war_justify_time", k.WarJustifyTime}, {"military_count_limit", k.MilitaryCountLimit},
		{"military_kernel_size", k.MilitaryKernelSize}, {"field_boundary", k.FieldBoundary}}
	for _, p := range positive {
		if p.v < 1 || p.v > 100000 {
			bad("constants.%s = %d: must be 1 to 100000", p.name, p.v)
		}
	}
	nonneg := []struct {
		name string
		v    int
	}{{"strict_round_start", k.StrictRoundStart}, {"war_justify_price", k.WarJustifyPrice}, {"suppress_limit", k.SuppressLimit},
		{"initial_player_money", k.InitialPlayerMoney}, {"unit_city_income", k.UnitCityIncome}, {"unit_bomb_cost", k.UnitBombCost},
		{"min_abs_dist_between_cap", k.MinAbsDistBetween}, {"city_cost", k.CityCost}, {"influence_per_level", k.InfluencePerLevel},
		{"capture_threshold", k.CaptureThreshold}, {"truce_rounds", k.TruceRounds}, {"vision_radius", k.VisionRadius}, {"start_level", k.StartLevel}}
	for _, p := range nonneg {
		if p.v < 0 || p.v > 1000000 {
			bad("constants.%s = %d: must be 0 to 1000000", p.name, p.v)
		}
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"unit_area_ally_cost", k.UnitAreaAllyCost}, {"capital_influence", k.CapitalInfluence}, {"corruption_coef", k.CorruptionCoef}, {"recall_value", k.RecallValue}} {
		if math.IsNaN(f.v) || f.v < 0 || f.v > 1000 {
			bad("constants.%s = %v: must be 0 to 1000", f.name, f.v)
		}
	}
	if k.VisionRadius > 100 || (c.Rulebook() && k.VisionRadius < 1) {
		bad("constants.vision_radius = %d: must be 1 to 100", k.VisionRadius)
	}
	if c.Rulebook() && (k.CityCost < 1 || k.StartLevel < 1) {
		bad("constants.city_cost = %d, start_level = %d: the rulebook rules need both at least 1", k.CityCost, k.StartLevel)
	}
	if k.MilitaryKernelSize >= 1 && k.MilitaryKernelSize <= 100000 {
		side := 2*k.MilitaryKernelSize - 1
		if len(c.Kernel) != side {
			bad("kernel has %d rows; military_kernel_size %d needs %d", len(c.Kernel), k.MilitaryKernelSize, side)
		}
		for n, row := range c.Kernel {
			if len(row) != side {
				bad("kernel row %d has %d weights; it needs %d", n, len(row), side)
				break
			}
			for m, w := range row {
				if math.IsNaN(w) || w < 0 || w > 1000 {
					bad("kernel weight [%d][%d] = %v: must be 0 to 1000", n, m, w)
				}
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("xghj config %q: %w", c.Name, err)
	}
	return nil
}
