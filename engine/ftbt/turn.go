package ftbt

import "fmt"

// step runs the phases due and one choice of the acting side (facts §4).
func (g *Game) step() error {
	st := &g.st
	if st.Phase == PhaseRound {
		g.startRound()
	}
	if st.Phase == PhaseTurn {
		g.startTurn()
	}
	return g.choose()
}

// startRound begins a round: everyone unfinished, then the timers tick.
func (g *Game) startRound() {
	st := &g.st
	st.Round++
	st.Side, st.Phase = 0, PhaseTurn
	g.emit(ev(EvRoundStart))
	for p := range st.People {
		st.People[p].Finished = false
	}
	g.nFin = [2]int{}
	g.tick()
}

// startTurn begins the acting side's turn: its weight map is current (see
// weights), the people's turn cells are recorded, and TurnStart fires.
func (g *Game) startTurn() {
	st := &g.st
	for p := range st.People {
		st.People[p].TurnCell = st.People[p].Cell
	}
	g.weights(st.Side)
	e := ev(EvTurnStart)
	e.Side = st.Side
	g.emit(e)
	st.Phase = PhaseSelect
}

// choose asks the acting side who acts, then runs that person's activation
// and the win checks, or ends the turn, or quits.
func (g *Game) choose() error {
	st := &g.st
	side := st.Side
	req := g.ask(AskPerson, -1)
	for p := range st.People {
		if ps := &st.People[p]; ps.Cell >= 0 && !ps.Finished && g.cfg.People[p].Side == side {
			req.Options = append(req.Options, Option{Kind: OptPerson, A: p, B: ps.Cell})
		}
	}
	req.Default = len(req.Options)
	req.Options = append(req.Options, Option{Kind: OptEndTurn, A: -1, B: -1}, Option{Kind: OptQuit, A: -1, B: -1})
	i, err := g.decide(req)
	if err != nil {
		return err
	}
	switch o := req.Options[i]; o.Kind {
	case OptQuit:
		g.finish(-1, NoteQuit)
		return nil
	case OptEndTurn:
		g.endTurn()
		return nil
	default:
		if err := g.activate(o.A); err != nil {
			return err
		}
	}
	// Win checks after every activation, the opponent first (facts §4).
	other := 1 - side
	switch {
	case g.nIn[other] == 0 && g.nIn[side] == 0:
		if g.cfg.Rules.BothWiped == BothWipedAttacker {
			g.finish(side, NoteBothWiped)
		} else {
			g.finish(-1, NoteBothWiped)
		}
	case g.nIn[other] == 0:
		g.finish(side, NoteWiped)
	case g.nIn[side] == 0:
		g.finish(other, NoteWiped)
	case g.nFin[side] == g.nIn[side]:
		g.endTurn()
	}
	return nil
}

// endTurn ends the acting side's turn; after side 1 the round is over, and
// with it the game when Rules.MaxRounds rounds have been played.
func (g *Game) endTurn() {
	st := &g.st
	e := ev(EvTurnEnd)
	e.Side = st.Side
	g.emit(e)
	if st.Side == 0 {
		st.Side, st.Phase = 1, PhaseTurn
		return
	}
	st.Phase = PhaseRound
	if m := g.cfg.Rules.MaxRounds; m > 0 && st.Round >= m {
		g.finish(-1, NoteMaxRounds)
	}
}

// finish ends the game.
func (g *Game) finish(winner int, reason Note) {
	st := &g.st
	st.Over = true
	st.Result = Result{Winner: winner, Reason: reason.String(), Rounds: st.Round, Side: st.Side}
	e := ev(EvGameOver)
	e.Side, e.Note = winner, reason
	g.emit(e)
}

// activate runs person p's activation (facts §4 DoPeople): destination,
// move, at most one tech, finished. Going back from the destination choice
// aborts it; the person stays unfinished.
func (g *Game) activate(p int) error {
	st := &g.st
	ps := &st.People[p]
	start := ps.Cell
	g.reach = g.rangeOf(p, g.reach[:0])
	req := g.ask(AskMove, p)
	for _, r := range g.reach {
		if r.Cell == start || g.occ[r.Cell] < 0 {
			req.Options = append(req.Options, Option{Kind: OptCell, A: r.Cell, B: r.Cost})
		}
	}
	req.Options = append(req.Options, Option{Kind: OptBack, A: -1, B: -1})
	i, err := g.decide(req)
	if err != nil {
		return err
	}
	o := req.Options[i]
	if o.Kind == OptBack {
		return nil
	}
	if dest := o.A; dest != start {
		g.move(p, start, dest)
	}
	if err := g.techPhase(p); err != nil {
		return err
	}
	if ps.Cell >= 0 {
		ps.Finished = true
		side := g.cfg.People[p].Side
		g.nFin[side]++
		e := ev(EvDone)
		e.Person, e.Side, e.Cell = p, side, ps.Cell
		g.emit(e)
	}
	return nil
}

// move walks person p from start to dest along the path of the range
// search: one PeopleStep per step, then PeopleMove, then the state changes.
func (g *Game) move(p, start, dest int) {
	for _, r := range g.reach {
		g.pred[r.Cell] = int32(r.From)
	}
	path := g.path[:0]
	for c := dest; c != start && c >= 0; c = int(g.pred[c]) {
		path = append(path, c)
	}
	g.path = path
	side := g.cfg.People[p].Side
	from := start
	for k := len(path) - 1; k >= 0; k-- {
		e := ev(EvPeopleStep)
		e.Person, e.Side, e.Cell, e.N = p, side, from, g.stepDir(from, path[k])
		g.emit(e)
		from = path[k]
	}
	e := ev(EvPeopleMove)
	e.Person, e.Side, e.Cell, e.To = p, side, start, dest
	g.emit(e)
	g.occ[start], g.occ[dest] = -1, p
	g.st.People[p].Cell = dest
	g.wDirty[1-side] = true
}

// techPhase asks person p for at most one tech and its target (facts §4
// step 4): only slots with a valid target from the new cell are offered;
// going back from the target returns to the slot choice, at most
// MaxAttempts times.
func (g *Game) techPhase(p int) error {
	pc := &g.cfg.People[p]
	for back := 0; back < MaxAttempts; back++ {
		req := g.ask(AskTech, p)
		req.Options = append(req.Options, Option{Kind: OptNone, A: -1, B: -1})
		for slot, t := range pc.Techs {
			if g.targets = g.validTargets(p, slot, g.targets[:0]); len(g.targets) > 0 {
				req.Options = append(req.Options, Option{Kind: OptSlot, A: slot, B: t})
			}
		}
		i, err := g.decide(req)
		if err != nil {
			return err
		}
		o := req.Options[i]
		if o.Kind == OptNone {
			return nil
		}
		slot, tech := o.A, o.B
		g.targets = g.validTargets(p, slot, g.targets[:0])
		req = g.ask(AskTarget, p)
		req.Slot, req.Tech = slot, tech
		for _, c := range g.targets {
			req.Options = append(req.Options, Option{Kind: OptCell, A: c, B: g.occ[c]})
		}
		req.Default = len(req.Options)
		req.Options = append(req.Options, Option{Kind: OptBack, A: -1, B: -1})
		if i, err = g.decide(req); err != nil {
			return err
		}
		if o = req.Options[i]; o.Kind == OptCell {
			return g.resolve(p, slot, tech, o.A)
		}
	}
	return nil
}

// resolve uses tech (in slot of person p) on cell (facts §8): DoTech, then
// the class's effect. The host applies what the effect does; the weight
// maps follow (see weights).
func (g *Game) resolve(p, slot, tech, cell int) error {
	pc := &g.cfg.People[p]
	class := g.cfg.Techs[tech].Class
	target := -1
	if g.cfg.Classes[class].Target == TargetEnemy {
		target = g.occ[cell]
	}
	e := ev(EvDoTech)
	e.Person, e.Side, e.Tech, e.N, e.To, e.Target = p, pc.Side, tech, slot, cell, target
	g.emit(e)
	h := &g.apply
	h.begin(tech)
	h.caster, h.side = p, pc.Side
	g.call = EffectCall{Tech: tech, Caster: p, Target: cell}
	err := g.runner.Apply(class, &g.call, h)
	if err == nil {
		err = h.err
	}
	if err != nil {
		return fmt.Errorf("round %d: %s of %s (class %s): %w",
			g.st.Round, g.cfg.Techs[tech].ID, pc.Name, g.cfg.Classes[class].ID, err)
	}
	return nil
}

// score runs the AI's scoring of a tech use (View.Score).
func (g *Game) score(call *EffectCall, goal []int) (int, error) {
	n := len(g.occ)
	switch {
	case call.Tech < 0 || call.Tech >= len(g.cfg.Techs):
		return 0, fmt.Errorf("score: tech %d out of range", call.Tech)
	case call.Caster < 0 || call.Caster >= len(g.st.People):
		return 0, fmt.Errorf("score: person %d out of range", call.Caster)
	case call.Target < 0 || call.Target >= n:
		return 0, fmt.Errorf("score: cell %d out of range", call.Target)
	case len(goal) != n:
		return 0, fmt.Errorf("score: %d goal distances for %d cells", len(goal), n)
	case g.runner == nil:
		return 0, fmt.Errorf("score: no effect runner")
	}
	h := &g.scoring
	h.begin(call.Tech)
	h.goal = goal
	class := g.cfg.Techs[call.Tech].Class
	v, err := g.runner.Score(class, call, h)
	if err == nil {
		err = h.err
	}
	h.goal = nil
	if err != nil {
		return 0, fmt.Errorf("score %s of person %d: %w", g.cfg.Techs[call.Tech].ID, call.Caster, err)
	}
	return v, nil
}
