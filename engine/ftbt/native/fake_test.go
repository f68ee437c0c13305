package native_test

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/ftbt"
)

// fakeHost is an EffectHost and ScoreHost over a plain copy of a level's
// people and effects, recording what an effect does, with scripted random
// draws. It reimplements the host contract of effect.go independently of
// the engine's host.
type fakeHost struct {
	cfg    *ftbt.Config
	tech   int
	side   int // the caster's side (SetEffect)
	people []ftbt.PersonView
	occ    []int
	eff    map[effKey][2]int
	draws  []float64
	nDraw  int
	goal   []int
	aoe    []int
	err    error

	damaged [][2]int // person, amount
	healed  [][2]int
	set     []setCall
}

type effKey struct {
	cell, side int
	slot       string
}

type setCall struct {
	Cell  int
	Slot  string
	Value int
	Dur   int
}

// newFake returns a host over cfg's initial people for a use of tech by
// caster; every draw returns u unless draws are set.
func newFake(cfg *ftbt.Config, tech, caster int) *fakeHost {
	h := &fakeHost{cfg: cfg, tech: tech, occ: make([]int, cfg.Width*cfg.Height), eff: map[effKey][2]int{}}
	for i := range h.occ {
		h.occ[i] = -1
	}
	for i, p := range cfg.People {
		c := p.Y*cfg.Width + p.X
		h.people = append(h.people, ftbt.PersonView{Index: i, Side: p.Side, Abi: p.Abi, Def: p.Def, HP: p.HP, MaxHP: p.HP, Speed: p.Speed, Cell: c})
		h.occ[c] = i
	}
	h.side = cfg.People[caster].Side
	h.goal = make([]int, len(h.occ))
	return h
}

func (h *fakeHost) Err() error { return h.err }

func (h *fakeHost) AOE(center, radius int) []int {
	h.aoe = h.aoe[:0]
	w, ht := h.cfg.Width, h.cfg.Height
	cx, cy := center%w, center/w
	for dy := -radius; dy <= radius; dy++ {
		span := radius - max(dy, -dy)
		for dx := -span; dx <= span; dx++ {
			x, y := cx+dx, cy+dy
			if x < 0 || x >= w || y < 0 || y >= ht {
				continue
			}
			if c := y*w + x; h.cfg.Techs[h.tech].Mask[h.cfg.Cells[c]] {
				h.aoe = append(h.aoe, c)
			}
		}
	}
	return h.aoe
}

func (h *fakeHost) Occupant(cell int) int { return h.occ[cell] }

func (h *fakeHost) Person(p int) ftbt.PersonView { return h.people[p] }

func (h *fakeHost) Effect(cell, side int, slot string) (int, int) {
	e := h.eff[effKey{cell, side, slot}]
	return e[0], e[1]
}

func (h *fakeHost) put(cell, side int, slot string, value, left int) {
	h.eff[effKey{cell, side, slot}] = [2]int{value, left}
}

func (h *fakeHost) SetEffect(cell int, slot string, value, duration int) {
	h.set = append(h.set, setCall{cell, slot, value, duration})
	h.put(cell, h.side, slot, value, duration)
}

func (h *fakeHost) Damage(p, amount int) {
	if amount < 1 {
		h.err = fmt.Errorf("damage %d", amount)
	}
	h.damaged = append(h.damaged, [2]int{p, amount})
	pv := &h.people[p]
	pv.HP -= amount
	if pv.HP <= 0 {
		pv.HP = 0
		h.occ[pv.Cell] = -1
		pv.Cell = -1
	}
}

func (h *fakeHost) Heal(p, amount int) {
	h.healed = append(h.healed, [2]int{p, amount})
	pv := &h.people[p]
	pv.HP = min(pv.HP+amount, pv.MaxHP)
}

func (h *fakeHost) Random() float64 {
	u := 0.0
	if h.nDraw < len(h.draws) {
		u = h.draws[h.nDraw]
	}
	h.nDraw++
	return u
}

func (h *fakeHost) GoalDist(cell int) int { return h.goal[cell] }

func (h *fakeHost) StaticWeight(cell int) int { return h.cfg.Terrains[h.cfg.Cells[cell]].Weight }
