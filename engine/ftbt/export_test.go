package ftbt

import (
	"fmt"
	"slices"
)

// PutEffect sets side's slot at cell directly (tests build states with it).
func (g *Game) PutEffect(cell, side int, s EffectSlot, value, left int) {
	g.setEff(effIndex(cell, side, s), effect{value: value, left: left})
	g.wDirty[side] = true
}

// Weights returns side's weight map.
func (g *Game) Weights(side int) []int { return slices.Clone(g.weights(side)) }

// Tick runs the round-start countdown of the timers.
func (g *Game) Tick() { g.tick() }

// Counters returns np_in and np_finish.
func (g *Game) Counters() (in, fin [2]int) { return g.nIn, g.nFin }

// HeapOrder pushes items 0, 1, … with the given lengths into the engine's
// queue, in order, then pops them all and returns their numbers in pop
// order.
func HeapOrder(lengths []int) []int {
	var q queue
	for i, l := range lengths {
		q.push(qItem{from: int32(i), length: l})
	}
	var out []int
	for q.len() > 0 {
		out = append(out, int(q.pop().from))
	}
	return out
}

// CheckInvariants rebuilds occupancy and counters from the people (as Load
// does) and reports any difference from the live values, and checks the
// live weight maps against fresh ones.
func (g *Game) CheckInvariants() error {
	c, err := prepare(g.cfg, g.runner)
	if err != nil {
		return err
	}
	c.st = g.st
	c.st.People = slices.Clone(g.st.People)
	if err := c.restore(); err != nil {
		return err
	}
	if !slices.Equal(c.occ, g.occ) {
		return fmt.Errorf("occupancy differs from the rebuilt one")
	}
	if c.nIn != g.nIn || c.nFin != g.nFin {
		return fmt.Errorf("counters in %v fin %v, rebuilt in %v fin %v", g.nIn, g.nFin, c.nIn, c.nFin)
	}
	copy(c.eff, g.eff)
	for s := range 2 {
		c.wDirty[s] = true
		if !g.wDirty[s] && !slices.Equal(c.weights(s), g.w[s]) {
			return fmt.Errorf("side %d weight map is stale", s)
		}
	}
	return nil
}

// State returns the live state (effects are in the per-cell table).
func (g *Game) State() *State { return &g.st }
