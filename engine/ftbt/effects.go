package ftbt

import "fmt"

// reader implements EffectReader over the live game for the tech in
// progress. It records the first bad index or argument instead of
// panicking, and answers it with a zero value; Err reports it (the plugin
// layer's HostErr), and the engine checks it after every hook call.
type reader struct {
	g    *Game
	tech int
	aoe  []int
	err  error
}

// Err returns the first bad call recorded since the hook call began.
func (r *reader) Err() error { return r.err }

// fail records a bad call (the first one wins).
func (r *reader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf(format, args...)
	}
}

// begin prepares the reader for a hook call of tech.
func (r *reader) begin(tech int) {
	r.tech, r.err = tech, nil
}

func (r *reader) cellOK(what string, cell int) bool {
	if cell < 0 || cell >= len(r.g.occ) {
		r.fail("%s: cell %d out of range (0..%d)", what, cell, len(r.g.occ)-1)
		return false
	}
	return true
}

func (r *reader) personOK(what string, p int) bool {
	if p < 0 || p >= len(r.g.st.People) {
		r.fail("%s: person %d out of range (0..%d)", what, p, len(r.g.st.People)-1)
		return false
	}
	return true
}

// AOE implements EffectReader (facts §8): the Manhattan diamond, clipped,
// scanned row by row from the top and each row from the left, filtered by
// the terrain mask of the tech in progress.
func (r *reader) AOE(center, radius int) []int {
	r.aoe = r.aoe[:0]
	if !r.cellOK("AOE", center) || radius < 0 {
		return r.aoe
	}
	g := r.g
	w, h := g.cfg.Width, g.cfg.Height
	radius = min(radius, w+h) // no overflow below; the map ends sooner
	cx, cy := center%w, center/w
	mask := g.cfg.Techs[r.tech].Mask
	for y := max(cy-radius, 0); y <= min(cy+radius, h-1); y++ {
		dy := y - cy
		if dy < 0 {
			dy = -dy
		}
		span := radius - dy
		for x := max(cx-span, 0); x <= min(cx+span, w-1); x++ {
			if c := y*w + x; mask[g.cfg.Cells[c]] {
				r.aoe = append(r.aoe, c)
			}
		}
	}
	return r.aoe
}

// Occupant implements EffectReader.
func (r *reader) Occupant(cell int) int {
	if !r.cellOK("Occupant", cell) {
		return -1
	}
	return r.g.occ[cell]
}

// Person implements EffectReader.
func (r *reader) Person(p int) PersonView {
	if !r.personOK("Person", p) {
		return PersonView{Index: -1, Side: -1, Cell: -1}
	}
	return r.g.personView(p)
}

// Effect implements EffectReader.
func (r *reader) Effect(cell, side int, slot string) (value, remaining int) {
	s, ok := ParseSlot(slot)
	switch {
	case !ok:
		r.fail("Effect: unknown slot %q", slot)
	case side != 0 && side != 1:
		r.fail("Effect: side %d, want 0 or 1", side)
	case r.cellOK("Effect", cell):
		e := r.g.effAt(effIndex(cell, side, s))
		return e.value, e.left
	}
	return 0, 0
}

// applyHost implements EffectHost for one use of a tech.
type applyHost struct {
	reader
	caster, side int
}

// SetEffect implements EffectHost: the caster's side slot at cell,
// overwritten (facts §7), with a LocBuf event.
func (h *applyHost) SetEffect(cell int, slot string, value, duration int) {
	s, ok := ParseSlot(slot)
	switch {
	case !ok:
		h.fail("SetEffect: unknown slot %q", slot)
	case duration < 0:
		h.fail("SetEffect: duration %d, want ≥ 0 (0: permanent)", duration)
	case h.cellOK("SetEffect", cell):
		h.g.setEffect(cell, h.side, s, value, duration)
	}
}

// Damage implements EffectHost.
func (h *applyHost) Damage(p, amount int) {
	switch {
	case !h.personOK("Damage", p):
	case amount < 1:
		h.fail("Damage: amount %d, want ≥ 1", amount)
	case h.g.st.People[p].Cell < 0:
		h.fail("Damage: person %d is off the map", p)
	default:
		h.g.damage(p, amount)
	}
}

// Heal implements EffectHost.
func (h *applyHost) Heal(p, amount int) {
	switch {
	case !h.personOK("Heal", p):
	case amount < 0:
		h.fail("Heal: amount %d, want ≥ 0", amount)
	case h.g.st.People[p].Cell < 0:
		h.fail("Heal: person %d is off the map", p)
	default:
		h.g.heal(p, amount)
	}
}

// Random implements EffectHost: the game RNG's next draw.
func (h *applyHost) Random() float64 { return h.g.rng.Float() }

// OccupantArray implements EffectArrays.
func (r *reader) OccupantArray() []int { return r.g.occ }

// EffectArray implements EffectArrays.
func (r *reader) EffectArray(side int, slot EffectSlot) (xs []int, off, stride int) {
	return r.g.eff, 2 * effIndex(0, side, slot), 2 * effIndex(1, 0, 0)
}

// GoalArray implements ScoreArrays.
func (h *scoreHost) GoalArray() []int { return h.goal[:min(len(h.goal), len(h.g.occ))] }

// StaticArray implements ScoreArrays.
func (h *scoreHost) StaticArray() []int { return h.g.static }

// scoreHost implements ScoreHost for the AI's scoring of one tech use.
type scoreHost struct {
	reader
	goal []int
}

// GoalDist implements ScoreHost.
func (h *scoreHost) GoalDist(cell int) int {
	if !h.cellOK("GoalDist", cell) {
		return -1
	}
	if cell >= len(h.goal) {
		return -1
	}
	return h.goal[cell]
}

// StaticWeight implements ScoreHost.
func (h *scoreHost) StaticWeight(cell int) int {
	if !h.cellOK("StaticWeight", cell) {
		return 0
	}
	return h.g.static[cell]
}

// personView returns person p's snapshot.
func (g *Game) personView(p int) PersonView {
	pc, ps := &g.cfg.People[p], &g.st.People[p]
	return PersonView{Index: p, Side: pc.Side, Abi: pc.Abi, Def: pc.Def, HP: ps.HP, MaxHP: pc.HP, Speed: pc.Speed, Cell: ps.Cell}
}

// setEffect writes side's slot at cell (facts §7: overwrite, no stacking).
// The disable-long flag is stored as 0 or 1.
func (g *Game) setEffect(cell, side int, s EffectSlot, value, duration int) {
	if s == DisableLongSlot && value != 0 {
		value = 1
	}
	e := ev(EvLocBuf)
	e.Cell, e.Side, e.Note, e.Value, e.N = cell, side, s.Note(), value, duration
	g.emit(e)
	g.setEff(effIndex(cell, side, s), effect{value: value, left: duration})
	if s == FlySlot {
		g.wDirty[side] = true
	}
}

// tick counts every timed effect down once (facts §7): a remaining
// duration > 0 drops by 1, and at 0 the effect is cleared. Duration 0 is
// permanent.
func (g *Game) tick() {
	for i := range len(g.eff) / 2 {
		e := effPair(g.eff[2*i:])
		if e.left() <= 0 {
			continue
		}
		e[1]--
		if e.left() > 0 {
			continue
		}
		s := EffectSlot(i % NumSlots)
		side := (i / NumSlots) % 2
		x := ev(EvEffectEnd)
		x.Cell, x.Side, x.Note, x.Value = i/(2*NumSlots), side, s.Note(), e.value()
		g.emit(x)
		e[0] = 0
		if s == FlySlot {
			g.wDirty[side] = true
		}
	}
}

// damage takes amount hp from person p (facts §8.1 step 7) and removes it
// at 0 (§8.5).
func (g *Game) damage(p, amount int) {
	ps, side := &g.st.People[p], g.cfg.People[p].Side
	e := ev(EvHPDown)
	e.Person, e.Side, e.Cell, e.N, e.Value = p, side, ps.Cell, ps.HP, amount
	g.emit(e)
	ps.HP -= amount
	if ps.HP > 0 {
		return
	}
	ps.HP = 0
	e = ev(EvPeopleOut)
	e.Person, e.Side, e.Cell = p, side, ps.Cell
	g.emit(e)
	g.occ[ps.Cell] = -1
	ps.Cell = -1
	g.nIn[side]--
	if ps.Finished {
		g.nFin[side]--
	}
	g.wDirty[1-side] = true
}

// heal gives person p up to amount hp, capped at its starting hp.
func (g *Game) heal(p, amount int) {
	ps, pc := &g.st.People[p], &g.cfg.People[p]
	gain := min(amount, pc.HP-ps.HP)
	if gain <= 0 {
		return
	}
	e := ev(EvHPUp)
	e.Person, e.Side, e.Cell, e.N, e.Value = p, pc.Side, ps.Cell, ps.HP, gain
	g.emit(e)
	ps.HP += gain
}
