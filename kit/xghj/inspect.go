package xghj

import (
	"fmt"
	"math"
	"slices"

	engine "github.com/sandtable/sandtable/engine/xghj"
)

// Inspection is what mapc inspect prints for an xghj config: the map's
// totals, the terrain classes, where players may spawn and the kernel's
// figures.
type Inspection struct {
	Cols  int `json:"cols"`
	Rows  int `json:"rows"`
	Cells int `json:"cells"`
	Land  int `json:"land"`
	Water int `json:"water"`
	// TotalRes is the income of a player holding every cell (1 + Σres).
	TotalRes int            `json:"total_res"`
	Classes  []ClassSummary `json:"classes"`
	// Spawnable counts the land cells; MaxSpawns how many spawns fit at
	// min_abs_dist_between_cap from each other when packed greedily row by
	// row.
	Spawnable int `json:"spawnable"`
	MaxSpawns int `json:"max_spawns"`
	Players   int `json:"players"`
	// KernelSum is the total weight of the kernel, KernelSide its side.
	KernelSum  float64 `json:"kernel_sum"`
	KernelSide int     `json:"kernel_side"`
	// Capture lists, per attack ratio on the map, the influence an
	// attacker needs on an undefended cell: ⌈suppress_limit / atk⌉.
	Capture []CaptureNeed `json:"capture"`
}

// ClassSummary is one terrain class (res, atk, def) and its cell count.
type ClassSummary struct {
	Res   int `json:"res"`
	Atk   int `json:"atk"`
	Def   int `json:"def"`
	Count int `json:"count"`
}

// CaptureNeed is the influence needed to take a neutral cell of an attack
// ratio.
type CaptureNeed struct {
	Atk       int `json:"atk"`
	Influence int `json:"influence"`
}

// Inspect implements build.Inspector.
func (Game) Inspect(config any) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("xghj: cannot inspect a %T", config)
	}
	return Inspect(cfg), nil
}

// Inspect describes a config.
func Inspect(cfg *engine.Config) *Inspection {
	in := &Inspection{Cols: cfg.Cols, Rows: cfg.Rows, Cells: len(cfg.Cells), TotalRes: 1, Players: len(cfg.Players), KernelSide: len(cfg.Kernel)}
	count := map[engine.Cell]int{}
	atks := map[int]bool{}
	for _, c := range cfg.Cells {
		count[c]++
		in.TotalRes += c.Res
		if c.Atk > 0 {
			in.Land++
			atks[c.Atk] = true
		} else {
			in.Water++
		}
	}
	for c, n := range count {
		in.Classes = append(in.Classes, ClassSummary{c.Res, c.Atk, c.Def, n})
	}
	slices.SortFunc(in.Classes, func(a, b ClassSummary) int {
		if a.Count != b.Count {
			return b.Count - a.Count
		}
		if a.Res != b.Res {
			return a.Res - b.Res
		}
		if a.Atk != b.Atk {
			return a.Atk - b.Atk
		}
		return a.Def - b.Def
	})
	in.Spawnable = in.Land
	in.MaxSpawns = maxSpawns(cfg, 0)
	for _, row := range cfg.Kernel {
		for _, w := range row {
			in.KernelSum += w
		}
	}
	in.KernelSum = math.Round(in.KernelSum*1e6) / 1e6
	for a := range atks {
		in.Capture = append(in.Capture, CaptureNeed{a, (cfg.Constants.SuppressLimit + a - 1) / a})
	}
	slices.SortFunc(in.Capture, func(a, b CaptureNeed) int { return a.Atk - b.Atk })
	return in
}
