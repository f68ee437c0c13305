package xghj

import (
	"fmt"
	"slices"
	"unicode/utf8"

	engine "github.com/sandtable/sandtable/engine/xghj"
)

// Setting is one key of [constants]: its engine field, default (the
// contest's, facts §1) and the range outside which lint warns.
type Setting struct {
	Key      string
	Float    bool
	Default  float64
	Min, Max float64 // sane range (lint warning outside)
	Doc      string
	set      func(k *engine.Constants, v float64)
}

// Settings lists every constant, in facts §1 order.
var Settings = []Setting{
	{Key: "max_round", Default: 50, Min: 2, Max: 1000, Doc: "the game ends when the engine round reaches it (49 playable turns)", set: func(k *engine.Constants, v float64) { k.MaxRound = int(v) }},
	{Key: "strict_round_start", Default: 10, Min: 0, Max: 1000, Doc: "income elimination starts after this engine round", set: func(k *engine.Constants, v float64) { k.StrictRoundStart = int(v) }},
	{Key: "war_justify_time", Default: 3, Min: 1, Max: 50, Doc: "consecutive JustifyWar commands that start a war", set: func(k *engine.Constants, v float64) { k.WarJustifyTime = int(v) }},
	{Key: "war_justify_price", Default: 5, Min: 0, Max: 1000, Doc: "cost of each JustifyWar command", set: func(k *engine.Constants, v float64) { k.WarJustifyPrice = int(v) }},
	{Key: "unit_area_ally_cost", Float: true, Default: 0.05, Min: 0, Max: 1, Doc: "FormAlliance costs ⌊this·partner income⌋", set: func(k *engine.Constants, v float64) { k.UnitAreaAllyCost = v }},
	{Key: "military_count_limit", Default: 32, Min: 1, Max: 1000, Doc: "effective bombs per player and round", set: func(k *engine.Constants, v float64) { k.MilitaryCountLimit = int(v) }},
	{Key: "military_kernel_size", Default: 5, Min: 1, Max: 20, Doc: "the kernel is (2·this−1) square", set: func(k *engine.Constants, v float64) { k.MilitaryKernelSize = int(v) }},
	{Key: "suppress_limit", Default: 400, Min: 1, Max: 100000, Doc: "capture margin of the break rule", set: func(k *engine.Constants, v float64) { k.SuppressLimit = int(v) }},
	{Key: "capital_influence", Float: true, Default: 0.3, Min: 0, Max: 10, Doc: "free capital bomb = ⌊this·income⌋", set: func(k *engine.Constants, v float64) { k.CapitalInfluence = v }},
	{Key: "initial_player_money", Default: 50, Min: 0, Max: 100000, Doc: "starting saving before the bid", set: func(k *engine.Constants, v float64) { k.InitialPlayerMoney = int(v) }},
	{Key: "unit_city_income", Default: 1, Min: 0, Max: 1000, Doc: "welfare per round number with a capital", set: func(k *engine.Constants, v float64) { k.UnitCityIncome = int(v) }},
	{Key: "corruption_coef", Float: true, Default: 0.0003, Min: 0, Max: 0.01, Doc: "saving decay per unit of income", set: func(k *engine.Constants, v float64) { k.CorruptionCoef = v }},
	{Key: "unit_bomb_cost", Default: 1, Min: 1, Max: 1000, Doc: "price of one unit of bomb size", set: func(k *engine.Constants, v float64) { k.UnitBombCost = int(v) }},
	{Key: "min_abs_dist_between_cap", Default: 3, Min: 0, Max: 100, Doc: "minimum Manhattan distance between spawns", set: func(k *engine.Constants, v float64) { k.MinAbsDistBetween = int(v) }},
	{Key: "field_boundary", Default: 2, Min: 1, Max: 20, Doc: "vision and discovery radius (Manhattan)", set: func(k *engine.Constants, v float64) { k.FieldBoundary = int(v) }},
	// The rulebook rule set's numbers (rules sheet "Rule set rulebook").
	{Key: "city_cost", Default: 10, Min: 1, Max: 1000, Doc: "rulebook: price of one city level", set: func(k *engine.Constants, v float64) { k.CityCost = int(v) }},
	{Key: "influence_per_level", Default: 10, Min: 1, Max: 1000, Doc: "rulebook: a level-L city projects this·L times the kernel", set: func(k *engine.Constants, v float64) { k.InfluencePerLevel = int(v) }},
	{Key: "capture_threshold", Default: 400, Min: 1, Max: 100000, Doc: "rulebook: attack progress a cell falls above", set: func(k *engine.Constants, v float64) { k.CaptureThreshold = int(v) }},
	{Key: "truce_rounds", Default: 5, Min: 0, Max: 100, Doc: "rulebook: rounds a truce forbids war", set: func(k *engine.Constants, v float64) { k.TruceRounds = int(v) }},
	{Key: "recall_value", Float: true, Default: 0.5, Min: 0, Max: 1, Doc: "rulebook: share of a city's value refunded when a union ends", set: func(k *engine.Constants, v float64) { k.RecallValue = v }},
	{Key: "vision_radius", Default: 1, Min: 1, Max: 20, Doc: "rulebook: vision and discovery radius around own and union land (Manhattan)", set: func(k *engine.Constants, v float64) { k.VisionRadius = int(v) }},
	{Key: "start_level", Default: 1, Min: 1, Max: 100, Doc: "rulebook: level of the city on the spawn", set: func(k *engine.Constants, v float64) { k.StartLevel = int(v) }},
}

// Value returns the setting's value in m (the default when not written).
func (s Setting) Value(m *Model) float64 {
	switch v := m.Constants[s.Key].(type) {
	case int64:
		return float64(v)
	case float64:
		return v
	}
	return s.Default
}

// ShippedKernel is the contest's kernel by (|dx|, |dy|) (facts §4).
var ShippedKernel = [5][5]float64{
	{1.0, 0.9, 0.8, 0.7, 0.4},
	{0.9, 0.8, 0.5, 0.3, 0.2},
	{0.8, 0.5, 0.3, 0.2, 0.1},
	{0.7, 0.3, 0.2, 0.1, 0.1},
	{0.4, 0.2, 0.1, 0.1, 0.05},
}

// Resolved is a model turned into an engine config, with what rules need
// to point back at the source.
type Resolved struct {
	Config *engine.Config
	// Terrain is the terrain index of every cell (-1: unknown glyph).
	Terrain []int
	// Width is the map width (the first row's glyph count).
	Width, Height int
}

// Resolve builds the engine config. Unknown names resolve to zero values;
// the rules report them.
func Resolve(m *Model) *Resolved {
	r := &Resolved{}
	cfg := &engine.Config{Game: engine.GameName, Name: m.Scenario.Name, Rules: engine.Rules{Set: m.Rules.Set, BitExact: m.Rules.BitExact}}
	r.Config = cfg
	if cfg.Rules.Set == "" {
		cfg.Rules.Set = engine.RuleSetRulebook
	}
	byGlyph := map[string]int{}
	for i, t := range m.Terrains {
		if _, dup := byGlyph[t.Glyph]; !dup && t.Glyph != "" {
			byGlyph[t.Glyph] = i
		}
	}
	rows := m.Map.Rows
	if len(rows) > 0 {
		r.Width = utf8.RuneCountInString(rows[0])
	}
	r.Height = len(rows)
	cfg.Cols, cfg.Rows = r.Width, r.Height
	if r.Width > engine.MaxSide || r.Height > engine.MaxSide {
		// Too large to play (xghj-map-width says so); nothing is drawn, so
		// a hostile source cannot make the resolver allocate without bound.
		rows = nil
		r.Width, r.Height = 0, 0
	}
	cfg.Cells = make([]engine.Cell, r.Width*r.Height)
	r.Terrain = make([]int, len(cfg.Cells))
	for y, row := range rows {
		for x, g := range glyphs(row) {
			if x >= r.Width {
				break
			}
			i := y*r.Width + x
			t, ok := byGlyph[g]
			if !ok {
				r.Terrain[i] = -1
				continue
			}
			r.Terrain[i] = t
			tt := m.Terrains[t]
			cfg.Cells[i] = engine.Cell{Res: tt.Res, Atk: tt.Atk, Def: tt.Def}
		}
		for x := utf8.RuneCountInString(row); x < r.Width; x++ {
			r.Terrain[y*r.Width+x] = -1
		}
	}
	for _, o := range m.Map.Overrides {
		i, ok := r.cell(o.At)
		if !ok {
			continue
		}
		if o.Res != nil {
			cfg.Cells[i].Res = *o.Res
		}
		if o.Atk != nil {
			cfg.Cells[i].Atk = *o.Atk
		}
		if o.Def != nil {
			cfg.Cells[i].Def = *o.Def
		}
	}
	for _, reg := range m.Regions {
		set := map[int]bool{}
		if reg.Glyph != "" {
			for y, row := range m.Map.Regions {
				for x, g := range glyphs(row) {
					if g == reg.Glyph && x < r.Width && y < r.Height {
						set[y*r.Width+x] = true
					}
				}
			}
		}
		for _, at := range reg.Cells {
			if i, ok := r.cell(at); ok {
				set[i] = true
			}
		}
		cells := make([]int, 0, len(set))
		for i := range set {
			cells = append(cells, i)
		}
		slices.Sort(cells)
		cfg.Regions = append(cfg.Regions, engine.Region{Name: reg.Name, Cells: cells})
	}
	k := engine.DefaultConstants()
	for _, s := range Settings {
		s.set(&k, s.Value(m))
	}
	cfg.Constants = k
	cfg.Kernel = kernelOf(m)
	resolveHooks(m, cfg)
	n := min(m.Players.Count, engine.MaxPlayers+1)
	for p := range max(n, 0) {
		name := fmt.Sprintf("P%d", p+1)
		if p < len(m.Players.Names) && m.Players.Names[p] != "" {
			name = m.Players.Names[p]
		}
		cfg.Players = append(cfg.Players, engine.Player{Name: name})
	}
	return r
}

// kernelOf returns the engine kernel (Kernel[dx+r][dy+r]) of m: the
// source rows transposed, or the contest's kernel.
func kernelOf(m *Model) [][]float64 {
	if m.Kernel == nil {
		out := make([][]float64, 9)
		for n := range out {
			out[n] = make([]float64, 9)
			for j := range out[n] {
				out[n][j] = ShippedKernel[iabs(n-4)][iabs(j-4)]
			}
		}
		return out
	}
	rows := m.Kernel.Rows
	if len(rows) > maxKernelSide {
		rows = rows[:maxKernelSide] // xghj-kernel-size reports the size
	}
	out := make([][]float64, 0, len(rows))
	for i := range rows {
		col := make([]float64, len(rows))
		for j := range rows {
			if i < len(rows[j]) {
				col[j] = rows[j][i]
			}
		}
		out = append(out, col)
	}
	return out
}

// maxKernelSide bounds the kernel the resolver builds (the schema allows
// 39 = 2·20 − 1).
const maxKernelSide = 39

// maxSpawns counts the spawns that fit on cfg's land at
// min_abs_dist_between_cap from each other, packed greedily row by row,
// stopping at limit (0: no limit).
func maxSpawns(cfg *engine.Config, limit int) int {
	dist := cfg.Constants.MinAbsDistBetween
	placed := make([]bool, len(cfg.Cells))
	n := 0
	for y := range cfg.Rows {
		for x := range cfg.Cols {
			i := y*cfg.Cols + x
			if i >= len(cfg.Cells) || cfg.Cells[i].Atk <= 0 {
				continue
			}
			ok := true
			for dy := -(dist - 1); dy <= 0 && ok; dy++ {
				span := dist - 1 - iabs(dy)
				for dx := -span; dx <= span; dx++ {
					px, py := x+dx, y+dy
					if (dy == 0 && dx >= 0) || px < 0 || py < 0 || px >= cfg.Cols {
						continue
					}
					if placed[py*cfg.Cols+px] {
						ok = false
						break
					}
				}
			}
			if ok {
				placed[i] = true
				n++
				if n == limit {
					return n
				}
			}
		}
	}
	return n
}

// cell returns the index of an [x, y] pair on the map.
func (r *Resolved) cell(at []int) (int, bool) {
	if len(at) != 2 || at[0] < 0 || at[1] < 0 || at[0] >= r.Width || at[1] >= r.Height {
		return 0, false
	}
	return at[1]*r.Width + at[0], true
}

func iabs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
