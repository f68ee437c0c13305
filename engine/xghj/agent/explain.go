package agent

import (
	"slices"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/xghj"
)

// Trace is what the heuristic considered for one ask, term by term, and
// what it chose (mapc inspect --ai).
type Trace struct {
	Phase xghj.Phase `json:"phase"`
	// Boldness is the player's temper (0.5 without Vary); WarChest the
	// money (fc14) or city levels (rulebook) a war on a weaker neighbour
	// waits for.
	Boldness float64 `json:"boldness"`
	WarChest int     `json:"war_chest"`
	// Bid: the bid.
	Bid *int `json:"bid,omitempty"`
	// Spawn: the best cells scored, best first, and the one taken.
	Spawns []SpawnTerm `json:"spawns,omitempty"`
	// Round: one entry per other player, the placements considered in
	// order, the capital.
	Diplomacy []DipTerm     `json:"diplomacy,omitempty"`
	Strength  int           `json:"strength,omitempty"` // own income (fc14) or area + city levels (rulebook)
	Budget    int           `json:"budget,omitempty"`   // money (fc14) or city levels (rulebook) for placements
	Defence   *Placement    `json:"defence,omitempty"`
	Targets   []TargetTerm  `json:"targets,omitempty"`
	Capital   string        `json:"capital,omitempty"`
	Orders    xghj.Commands `json:"orders"`
}

// SpawnTerm is one spawn cell: the resources within distance 3, weighted
// by closeness, and whether it is at least twice the minimum distance
// from the spawns chosen before (preferred).
type SpawnTerm struct {
	Cell      xghj.Pos `json:"cell"`
	Resources int      `json:"resources"`
	Far       bool     `json:"far"`
	Chosen    bool     `json:"chosen,omitempty"`
}

// DipTerm is the command toward one other player and why.
type DipTerm struct {
	Player   int         `json:"player"`
	Status   xghj.Status `json:"status"`
	Strength int         `json:"strength"` // theirs, as the viewer knows it
	Near     bool        `json:"near"`     // they hold a cell next to ours
	Command  xghj.Dip    `json:"command"`
	Rule     string      `json:"rule"`
}

// Placement is a bomb or a city raise: where and how big.
type Placement struct {
	Cell xghj.Pos `json:"cell"`
	Size int      `json:"size"`
	Why  string   `json:"why"`
}

// TargetTerm is one cell the heuristic could take, its score terms
// (resources·100 − defence + 150 for enemy land + the random tie-break),
// what taking it needs and what the heuristic did.
type TargetTerm struct {
	Cell     xghj.Pos `json:"cell"`
	From     xghj.Pos `json:"from"`
	Owner    int      `json:"owner"`
	ResTerm  int      `json:"res_term"`
	DefTerm  int      `json:"def_term"`
	Enemy    int      `json:"enemy_term"`
	TieBreak int      `json:"tie_break"`
	Score    int      `json:"score"`
	Size     int      `json:"size,omitempty"`
	Result   string   `json:"result"`
}

// Explain returns the heuristic's orders for the view with the trace of
// how it chose them; the orders are those Orders gives.
func (a Heuristic) Explain(v *xghj.View, req *play.OrderRequest) (xghj.Commands, *Trace, error) {
	a.trace = &Trace{Phase: v.Phase, Boldness: a.boldness()}
	c, err := a.Orders(v, req)
	a.trace.Orders = c
	return c, a.trace, err
}

// targetTerm starts the trace entry of target t.
func targetTerm(v *xghj.View, t target) TargetTerm {
	terr := v.Terrain[t.cell]
	tt := TargetTerm{Cell: pos(v, t.cell), From: pos(v, t.from), Owner: v.Cells[t.cell].Owner,
		ResTerm: terr.Res * 100, DefTerm: -terr.Def, Score: t.score, Result: "not reached: the budget or the placement limit ran out"}
	if tt.Owner != xghj.Neutral {
		tt.Enemy = 150
	}
	tt.TieBreak = t.score - tt.ResTerm - tt.DefTerm - tt.Enemy
	return tt
}

func pos(v *xghj.View, i int) xghj.Pos { return xghj.Pos{X: i % v.Cols, Y: i / v.Cols} }

// targetTrace records the targets' results in the trace (nil: none).
type targetTrace struct{ tr *Trace }

func (a Heuristic) traceTargets(v *xghj.View, targets []target) targetTrace {
	if a.trace == nil {
		return targetTrace{}
	}
	for _, t := range targets {
		a.trace.Targets = append(a.trace.Targets, targetTerm(v, t))
	}
	return targetTrace{a.trace}
}

func (t targetTrace) result(i, size int, why string) {
	if t.tr != nil {
		t.tr.Targets[i].Size, t.tr.Targets[i].Result = size, why
	}
}

// markSpawn marks the chosen spawn among the scored ones.
func markSpawn(tr *Trace, at xghj.Pos) {
	if tr == nil {
		return
	}
	for i := range tr.Spawns {
		tr.Spawns[i].Chosen = tr.Spawns[i].Cell == at
	}
}

// topSpawns keeps the n best scored spawns (the chosen one always),
// best first.
func topSpawns(all []SpawnTerm, n int) []SpawnTerm {
	s := slices.Clone(all)
	slices.SortStableFunc(s, func(p, q SpawnTerm) int {
		if p.Far != q.Far {
			if p.Far {
				return -1
			}
			return 1
		}
		return q.Resources - p.Resources
	})
	var out []SpawnTerm
	for i, st := range s {
		if i < n || st.Chosen {
			out = append(out, st)
		}
	}
	return out
}
