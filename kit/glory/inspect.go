package glory

import (
	engine "github.com/sandtable/sandtable/engine/glory"
)

// Inspection is what mapc inspect shows of a compiled glory config: the
// map's derived geometry and each hero's derived numbers.
type Inspection struct {
	Points int            `json:"points"`
	Edges  map[string]int `json:"edges"`
	// Chains are the maximal straight chains of drawn edges (point ids).
	Chains [][]int        `json:"chains"`
	Table  []PointInspect `json:"table"`
	Heroes []HeroInspect  `json:"heroes"`
}

// PointInspect is one point's steps to the towers and its 视域.
type PointInspect struct {
	ID         int   `json:"id"`
	StepsRed   int   `json:"steps_to_red_spawn"`
	StepsBlue  int   `json:"steps_to_blue_spawn"`
	Sees       []int `json:"sees"`
	MoveTo     []int `json:"moves"`
	Neighbours []int `json:"near"`
}

// HeroInspect is one hero's derived numbers.
type HeroInspect struct {
	ID   string `json:"id"`
	HP   int    `json:"hp"`
	Math string `json:"math"`
	// ExtremePoint is the 极值点 class of a female with 极值 7–14 (weak,
	// strong, super), "" otherwise.
	ExtremePoint string `json:"extreme_point,omitempty"`
	// ShiftVsZero is the 偏移 damage on a male of 极值 0 at 0…6 steps
	// (for a hero with 极值 ≥ 7).
	ShiftVsZero []int    `json:"shift_vs_zero,omitempty"`
	Skills      []string `json:"skills,omitempty"`
}

// Inspect derives the inspection of cfg.
func Inspect(cfg *engine.Config) (*Inspection, error) {
	b, err := engine.NewBoard(cfg.Map)
	if err != nil {
		return nil, err
	}
	in := &Inspection{Points: b.Len(), Edges: map[string]int{}}
	for _, e := range cfg.Map.Edges {
		in.Edges[e.Kind]++
	}
	ids := func(ps []int) []int {
		out := make([]int, len(ps))
		for i, p := range ps {
			out[i] = b.ID(p)
		}
		return out
	}
	for _, c := range b.Chains() {
		in.Chains = append(in.Chains, ids(c))
	}
	for p := range b.Len() {
		pi := PointInspect{ID: b.ID(p), StepsRed: b.Steps(p, b.Spawn(engine.Red)), StepsBlue: b.Steps(p, b.Spawn(engine.Blue)),
			Sees: []int{}, MoveTo: ids(b.MoveTargets(p)), Neighbours: []int{}}
		for q := range b.Len() {
			if q != p && b.Sees(p, q) {
				pi.Sees = append(pi.Sees, b.ID(q))
			}
			if q != p && b.Near(p, q) {
				pi.Neighbours = append(pi.Neighbours, b.ID(q))
			}
		}
		in.Table = append(in.Table, pi)
	}
	for _, h := range cfg.Heroes {
		hi := HeroInspect{ID: h.ID, HP: h.HP, Math: engine.MathTierNames[min(max(h.Math, 0), engine.MathTiers-1)]}
		if h.Gender == engine.Female && h.Extreme >= 7 && h.Extreme <= 14 {
			switch {
			case h.Extreme <= 8:
				hi.ExtremePoint = "weak"
			case h.Extreme <= 10:
				hi.ExtremePoint = "strong"
			default:
				hi.ExtremePoint = "super"
			}
		}
		if h.Extreme >= 7 && !h.Imaginary && len(cfg.Shift) > 0 {
			for steps := 0; steps <= 6; steps++ {
				m := cfg.Shift[min(steps, len(cfg.Shift)-1)]
				hi.ShiftVsZero = append(hi.ShiftVsZero, engine.Floor(m*float64(h.Extreme)))
			}
		}
		for _, s := range h.Skills {
			hi.Skills = append(hi.Skills, s.ID+" ("+s.Hook+")")
		}
		in.Heroes = append(in.Heroes, hi)
	}
	return in, nil
}
