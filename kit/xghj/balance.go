package xghj

import (
	"fmt"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/hooks"
	"github.com/sandtable/sandtable/kit/sim"
)

// playOutcome plays one game of the simulator like playGame, step by
// step, and returns its outcome with the balance report's Lead and
// Content: the leader after every step (the spawn, then each round) by
// area, then income, and the content each player used.
func (s Sim) playOutcome(r *hooks.Runner, seed uint64, agents []string) (sim.Outcome, error) {
	if len(agents) != len(s.cfg.Players) {
		return sim.Outcome{}, fmt.Errorf("xghj: %d agents for %d players", len(agents), len(s.cfg.Players))
	}
	var runner engine.HookRunner
	if r != nil {
		runner = r
	}
	g, err := engine.NewWithHooks(s.cfg, runner, seed)
	if err != nil {
		return sim.Outcome{}, err
	}
	for p, name := range agents {
		d, err := NewAgent(s.cfg, name, seed, p)
		if err != nil {
			return sim.Outcome{}, err
		}
		g.Orders.Deciders = append(g.Orders.Deciders, d)
	}
	var leaders []int
	for {
		over, err := g.Step()
		if err != nil {
			return sim.Outcome{}, err
		}
		leaders = append(leaders, leader(g.State()))
		if over {
			break
		}
	}
	st := g.State()
	// Orders are free-form, so the events (captures, diplomacy, deaths)
	// stand for the game.
	var print sim.Print
	for _, e := range g.Events() {
		print.Int(e.Round, e.Player, e.Other, e.X, e.Y, e.Value)
		print.String(e.Kind)
	}
	return sim.Outcome{Winner: st.Ranking[0], Reason: endReason(st), Turns: st.Round, Leaders: leaders, Uses: uses(s.cfg, g.Events()),
		Print: print.Sum()}, nil
}

// leader is the alive player with the most land, then the highest
// income; -1 when two share both.
func leader(st *engine.State) int {
	best, tied := -1, false
	for p, ps := range st.Players {
		if !ps.Alive {
			continue
		}
		if best < 0 {
			best = p
			continue
		}
		b := st.Players[best]
		switch {
		case ps.Area > b.Area || ps.Area == b.Area && ps.Income > b.Income:
			best, tied = p, false
		case ps.Area == b.Area && ps.Income == b.Income:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return best
}

// uses counts the content each player used: "region R" for every cell of
// a named region it took, "victory V" when it met the victory condition
// V (the first of the scenario's conditions; several share one event).
func uses(cfg *engine.Config, events []engine.Event) []sim.Use {
	regionOf := make([][]string, len(cfg.Cells))
	for _, reg := range cfg.Regions {
		for _, c := range reg.Cells {
			if c >= 0 && c < len(regionOf) {
				regionOf[c] = append(regionOf[c], reg.Name)
			}
		}
	}
	var u sim.Uses
	for _, e := range events {
		switch e.Kind {
		case engine.EvCapture:
			if e.Player < 0 || e.Player >= len(cfg.Players) {
				continue
			}
			if c := e.Y*cfg.Cols + e.X; c >= 0 && c < len(regionOf) {
				for _, name := range regionOf[c] {
					u.Add("region "+name, e.Player)
				}
			}
		case engine.EvGoal:
			if len(cfg.Victories) > 0 {
				u.Add("victory "+cfg.Victories[0].Hook, e.Player)
			}
		}
	}
	return u.List()
}
