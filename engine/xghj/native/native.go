// Package native holds the Go twins of the shipped xghj scenario hooks
// (scripts/xghj): the same effects and victory conditions written in Go,
// run by a Runner that implements xghj.HookRunner without Lua. They are
// the test oracle of the Lua scripts (a game gives the same bytes with
// either) and the baseline of their benchmarks.
package native

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/engine/xghj"
)

// Hook ids of the shipped scripts.
const (
	CardMachines       = "card_machines"
	ScoreQuery         = "score_query"
	RegistrationCentre = "registration_centre"
	PrintShop          = "print_shop"
	HoldMachines       = "hold_machines"
	EverControlled     = "ever_controlled"
)

var machineRegions = []string{"card_machine_south", "card_machine_north", "card_machine_sculpture"}

// Runner runs a config's hooks with the Go twins.
type Runner struct {
	cfg *xghj.Config
	rnd *rand.Rand
}

// New returns a runner for cfg; every hook must have a twin.
func New(cfg *xghj.Config) (*Runner, error) {
	for _, h := range cfg.Effects {
		switch h.Hook {
		case CardMachines, ScoreQuery, RegistrationCentre, PrintShop:
		default:
			return nil, fmt.Errorf("native: no Go twin of xghj.effect %q", h.Hook)
		}
	}
	for _, h := range cfg.Victories {
		switch h.Hook {
		case HoldMachines, EverControlled:
		default:
			return nil, fmt.Errorf("native: no Go twin of xghj.victory %q", h.Hook)
		}
	}
	return &Runner{cfg: cfg}, nil
}

// UseRNG implements xghj.RandomUser: draws come from the game's stream,
// as Lua's math.random does.
func (r *Runner) UseRNG(g *rng.RNG) { r.rnd = g.Rand() }

func param(h xghj.Hook, name string, def float64) float64 {
	if v, ok := h.Params[name]; ok {
		return v
	}
	return def
}

// region returns a region's cells; a missing region is an error, as
// xghj.region raises one.
func region(h xghj.HookReader, name string) ([]int, error) {
	cells, ok := h.Region(name)
	if !ok {
		return nil, fmt.Errorf("no region %q", name)
	}
	return cells, nil
}

func owns(h xghj.HookReader, name string, p int) (bool, error) {
	cells, err := region(h, name)
	for _, c := range cells {
		if h.Owner(c) == p {
			return true, nil
		}
	}
	return false, err
}

func brokenKey(c int) string { return "broken." + strconv.Itoa(c) }

// RoundStart implements xghj.HookRunner.
func (r *Runner) RoundStart(i int, h xghj.HookHost) error {
	use := r.cfg.Effects[i]
	if use.Hook != CardMachines {
		return nil
	}
	breaks, repairs := param(use, "break_prob", 0.35), param(use, "repair_prob", 0)
	for _, name := range machineRegions {
		cells, err := region(h, name)
		if err != nil {
			return err
		}
		for _, c := range cells {
			key := brokenKey(c)
			if h.Get(key) == 1 {
				if repairs > 0 && r.rnd.Float64() < repairs {
					h.Set(key, 0)
				}
			} else if breaks > 0 && r.rnd.Float64() < breaks {
				h.Set(key, 1)
			}
		}
	}
	return nil
}

// Income implements xghj.HookRunner.
func (r *Runner) Income(i, player, income int, h xghj.HookReader) (int, error) {
	use := r.cfg.Effects[i]
	switch use.Hook {
	case CardMachines:
		for _, name := range machineRegions {
			cells, err := region(h, name)
			if err != nil {
				return 0, err
			}
			for _, c := range cells {
				if h.Get(brokenKey(c)) == 1 && h.Owner(c) == player {
					res := h.Res(c)
					income -= res - res/2
				}
			}
		}
	case PrintShop:
		ok, err := owns(h, "print_shop", player)
		if err != nil || !ok {
			return income, err
		}
		pct := 100 + param(use, "bonus_percent", 5)
		return int(math.Floor(float64(income) * pct / 100)), nil
	}
	return income, nil
}

// FullVision implements xghj.HookRunner.
func (r *Runner) FullVision(i, viewer int, h xghj.HookReader) (bool, error) {
	use := r.cfg.Effects[i]
	switch use.Hook {
	case ScoreQuery:
		return owns(h, "score_query", viewer)
	case RegistrationCentre:
		if param(use, "full_vision", 0) == 0 {
			return false, nil
		}
		return owns(h, "registration_centre", viewer)
	}
	return false, nil
}

// FullInfo implements xghj.HookRunner.
func (r *Runner) FullInfo(i, viewer int, h xghj.HookReader) (bool, error) {
	if r.cfg.Effects[i].Hook == RegistrationCentre {
		return owns(h, "registration_centre", viewer)
	}
	return false, nil
}

// AfterMilitary implements xghj.HookRunner (no shipped effect has one).
func (r *Runner) AfterMilitary(int, xghj.HookHost) error { return nil }

// Victory implements xghj.HookRunner.
func (r *Runner) Victory(i int, h xghj.HookHost) error {
	use := r.cfg.Victories[i]
	if use.Hook == HoldMachines {
		return holdMachines(use, h)
	}
	return everControlled(use, h)
}

func working(h xghj.HookReader, name string, p int) (int, error) {
	cells, err := region(h, name)
	n := 0
	for _, c := range cells {
		if h.Owner(c) == p && h.Get(brokenKey(c)) != 1 {
			n++
		}
	}
	return n, err
}

func holdMachines(use xghj.Hook, h xghj.HookHost) error {
	need := param(use, "hold_rounds", 20)
	for p := range h.Players() {
		key := "hold." + strconv.Itoa(p)
		s, err1 := working(h, "card_machine_south", p)
		n, err2 := working(h, "card_machine_north", p)
		sc, err3 := working(h, "card_machine_sculpture", p)
		for _, err := range []error{err1, err2, err3} {
			if err != nil {
				return err
			}
		}
		count := 0
		if h.Alive(p) && ((s >= 2 && n >= 1) || (s >= 1 && n >= 2) || sc >= 2) {
			count = h.Get(key) + 1
		}
		h.Set(key, count)
		if float64(count) >= need {
			h.Win(p, count)
		}
	}
	return nil
}

func everControlled(use xghj.Hook, h xghj.HookHost) error {
	count := int(param(use, "buildings", 11))
	majority := param(use, "majority", 0) != 0
	key := func(p, k int) string { return "ever." + strconv.Itoa(p) + "." + strconv.Itoa(k) }
	for k := 1; k <= count; k++ {
		cells, err := region(h, "study_"+strconv.Itoa(k))
		if err != nil {
			return err
		}
		for p := range h.Players() {
			owned := 0
			for _, c := range cells {
				if h.Owner(c) == p {
					owned++
				}
			}
			if h.Alive(p) && ((majority && owned*2 > len(cells)) || (!majority && owned > 0)) {
				h.Set(key(p, k), 1)
			}
		}
	}
	for p := range h.Players() {
		all := true
		for k := 1; k <= count; k++ {
			if h.Get(key(p, k)) != 1 {
				all = false
				break
			}
		}
		if all {
			h.Win(p, 0)
		}
	}
	return nil
}
