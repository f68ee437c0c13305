package agent

import "github.com/sandtable/sandtable/engine/ftbt"

// AI is the scoring AI of the original engine (facts §9.2–§9.3), for
// either side. It reads each person's factors and goal from Person.AI; a
// person without (nil) is played simply: it stays and uses no tech, so a
// whole side can still be played.
//
// Its quirks are the original's: people act in increasing index order, each
// once; a person never stays put voluntarily (its own cell is skipped like
// every occupied cell), and stays without using a tech when no empty cell is
// reachable; for each candidate cell the first tech candidate is taken even
// with score 0 and replaced only by a strictly greater one; the destination
// is the first strictly greatest total in the range list's pop order; the
// dynamic goal is the nearest enemy by static distance (ties to the lowest
// index), recomputed every decision; the defence score grows with the
// distance from the enemies, as the code has it; and the distances from the
// people (move_dist) are those of their cells at the start of the turn.
//
// Tech scores come from the game's EffectRunner.Score (View.Score), so a
// new class is understood as soon as its hook scores it.
//
// An AI keeps distance maps and scratch between decisions and allocates
// nothing once they have grown; it may play several games in turn, not at
// the same time.
type AI struct {
	cfg    *ftbt.Config
	search *ftbt.Searcher
	cells  int

	// dist[p] is the static distance map from distCell[p] (-1: none yet);
	// goal[p] is person p's fixed-goal distance map from goalCell[p]. Static
	// distances depend on the cell alone, so the maps stay valid for as long
	// as the person's cell is the same.
	dist     [][]int
	distCell []int
	goal     [][]int
	goalCell []int

	// memo[slot][cell] caches a tech score of the decision in progress:
	// valid when memoAt[slot][cell] == stamp.
	memo   [][]int
	memoAt [][]uint32
	stamp  uint32
	call   ftbt.EffectCall

	// plan is the decision of the activation in progress.
	plan   plan
	scores []CellScore

	// Trace, when set, is told every tech use Evaluate scores, in
	// evaluation order: from cell, slot, target cell and score (tools
	// explaining a decision; nil in play).
	Trace func(cell, slot, target, score int)
}

// plan is one decided activation: destination, tech slot and target (-1:
// none).
type plan struct {
	view                       *ftbt.View
	round, person, slot, where int
	// gaveUp: the planned target was not offered, so no tech is used.
	gaveUp bool
}

// NewAI returns the scoring AI.
func NewAI() *AI { return &AI{plan: plan{person: -1}} }

// Decide implements ftbt.Decider.
func (a *AI) Decide(v *ftbt.View, req *ftbt.Request) (int, error) {
	switch req.Kind {
	case ftbt.AskPerson:
		// The cursor of facts §9.2 visits the side's people in index order,
		// each once: the first unfinished one listed.
		for i, o := range req.Options {
			if o.Kind == ftbt.OptPerson {
				return i, nil
			}
		}
		return find(req, ftbt.OptEndTurn, -1), nil
	case ftbt.AskMove:
		dest, slot, target, err := a.Choose(v, req.Person)
		if err != nil {
			return -1, err
		}
		a.plan = plan{view: v, round: v.Round(), person: req.Person, slot: slot, where: target}
		if i := find(req, ftbt.OptCell, dest); i >= 0 {
			return i, nil
		}
		a.plan.slot = -1
		return 0, nil // the own cell
	case ftbt.AskTech:
		if err := a.planHere(v, req.Person, -1); err != nil {
			return -1, err
		}
		if a.plan.view == v && a.plan.person == req.Person && a.plan.slot >= 0 {
			if i := find(req, ftbt.OptSlot, a.plan.slot); i >= 0 {
				return i, nil
			}
		}
		return find(req, ftbt.OptNone, -1), nil
	case ftbt.AskTarget:
		// Another decider may have chosen the slot: aim it as well as it goes.
		if a.plan.slot != req.Slot && !a.plan.gaveUp && a.plan.view == v {
			a.plan.view = nil
		}
		if err := a.planHere(v, req.Person, req.Slot); err != nil {
			return -1, err
		}
		if a.plan.view == v && a.plan.person == req.Person && a.plan.slot == req.Slot {
			if i := find(req, ftbt.OptCell, a.plan.where); i >= 0 {
				return i, nil
			}
		}
		a.plan.slot, a.plan.gaveUp = -1, true // so the slot choice is not offered again
		return req.Default, nil
	}
	return req.Default, nil
}

// planHere plans the tech use of person p's activation in progress when
// the AI did not choose its move (another decider did, a search say): the
// best use from the cell it stands on (facts §9.3 step 6), limited to slot
// only when only >= 0 (the slot already chosen). A plan the AI made in this
// activation is kept.
func (a *AI) planHere(v *ftbt.View, p, only int) error {
	if a.plan.view == v && a.plan.round == v.Round() && a.plan.person == p {
		return nil
	}
	a.plan = plan{view: v, round: v.Round(), person: p, slot: -1, where: -1}
	cfg := v.Config()
	me := v.Person(p)
	if me.Cell < 0 || cfg.People[p].AI == nil {
		return nil
	}
	a.sync(cfg)
	goal, enemies := a.goalMaps(v, p)
	if enemies == 0 {
		return nil
	}
	a.beginMemo(len(cfg.People[p].Techs))
	_, slot, target, err := a.bestTech(v, p, me.Cell, only, goal)
	if err != nil {
		return err
	}
	a.plan.slot, a.plan.where = slot, target
	return nil
}

// find returns the index of the option of kind with subject subj (any
// subject for -1), or -1.
func find(req *ftbt.Request, kind ftbt.OptionKind, subj int) int {
	for i, o := range req.Options {
		if o.Kind == kind && (subj < 0 || o.A == subj) {
			return i
		}
	}
	return -1
}

// Forget drops the cached distance maps (they are recomputed when next
// needed; the buffers are kept). Decisions do not change: the maps depend
// only on the config and the cells. Benchmarks use it to measure the cost of
// a decision that starts from nothing.
func (a *AI) Forget() {
	for p := range a.distCell {
		a.distCell[p], a.goalCell[p] = -1, -1
	}
}

// sync prepares the caches for cfg.
func (a *AI) sync(cfg *ftbt.Config) {
	if a.cfg == cfg {
		return
	}
	a.cfg = cfg
	a.cells = cfg.Width * cfg.Height
	a.search = ftbt.NewSearcher(cfg.Width, cfg.Height)
	np := len(cfg.People)
	a.dist, a.distCell = make([][]int, np), make([]int, np)
	a.goal, a.goalCell = make([][]int, np), make([]int, np)
	for p := range np {
		a.distCell[p], a.goalCell[p] = -1, -1
	}
	a.memo, a.memoAt = nil, nil
}

// distFrom returns the static distance map from cell, cached in person p's
// slot (dist) or fixed-goal slot (goal).
func (a *AI) distFrom(v *ftbt.View, maps [][]int, at []int, p, cell int) []int {
	if maps[p] == nil {
		maps[p] = make([]int, a.cells)
	}
	if at[p] != cell {
		a.search.CalDist(v.StaticWeights(), cell, maps[p])
		at[p] = cell
	}
	return maps[p]
}

// CellScore is the AI's evaluation of one candidate destination (facts
// §9.3 steps 3–7): the best tech use from there (Att, with its Slot and
// Target; 0, -1, -1 for none), the defence and location scores, and Total =
// Att × att factor + Def × def factor + Loc × move factor.
type CellScore struct {
	Cell   int `json:"cell"`
	Att    int `json:"att"`
	Slot   int `json:"slot"`
	Target int `json:"target"`
	Def    int `json:"def"`
	Loc    int `json:"loc"`
	Total  int `json:"total"`
}

// Choose runs AIMakeDecision (facts §9.3) for person p over the range list
// of the activation in progress (View.Range): the destination, and the tech
// slot and target cell to use there (-1, -1 for none). It stays without a
// tech for a person that is not AI-controlled, and for one that can reach
// no empty cell.
func (a *AI) Choose(v *ftbt.View, p int) (dest, slot, target int, err error) {
	me := v.Person(p)
	scores, err := a.Evaluate(v, p, v.Range(), a.scores[:0])
	a.scores = scores
	if err != nil || len(scores) == 0 {
		return me.Cell, -1, -1, err
	}
	best := 0
	for i := range scores {
		if scores[i].Total > scores[best].Total {
			best = i
		}
	}
	s := &scores[best]
	return s.Cell, s.Slot, s.Target, nil
}

// Evaluate appends to dst the evaluation of every empty cell of reach (the
// range list of person p, in pop order), as AIMakeDecision computes it in
// the current state; the destination is the first entry with the greatest
// Total. It appends nothing for a person that is off the map or not
// AI-controlled, or when no enemy is left.
func (a *AI) Evaluate(v *ftbt.View, p int, reach []ftbt.Reach, dst []CellScore) ([]CellScore, error) {
	cfg := v.Config()
	me := v.Person(p)
	pc := &cfg.People[p]
	if me.Cell < 0 || pc.AI == nil {
		return dst, nil
	}
	a.sync(cfg)
	ai := &cfg.AI
	side := me.Side
	goal, enemies := a.goalMaps(v, p)
	if enemies == 0 {
		return dst, nil
	}

	a.beginMemo(len(pc.Techs))
	for _, r := range reach {
		c := r.Cell
		if c < 0 || c >= a.cells || v.Occupant(c) >= 0 {
			continue // occupied, the own cell included (step 7)
		}
		cs := CellScore{Cell: c}
		// Defence score (step 3): higher means farther from the enemies.
		for e := range cfg.People {
			if ev := v.Person(e); ev.Cell >= 0 && ev.Side != side {
				if d := a.dist[e][c]; d < ai.DefDist {
					cs.Def += d * ai.DefScore / ai.DefDist
				} else {
					cs.Def += ai.DefScore
				}
			}
		}
		cs.Def /= enemies
		// Location score (step 4); the buff terms are not capped.
		if gd := goal[c]; gd <= ai.MoveDist {
			cs.Loc = (ai.MoveDist - gd) * ai.MoveScore / ai.MoveDist
		}
		att, _ := v.Effect(c, side, ftbt.AttackSlot)
		dfb, _ := v.Effect(c, side, ftbt.DefenceSlot)
		cs.Loc += att*ai.BufScore/ai.BufValue + dfb*ai.BufScore/ai.BufValue
		// Best tech from c (step 6).
		var err error
		if cs.Att, cs.Slot, cs.Target, err = a.bestTech(v, p, c, -1, goal); err != nil {
			return dst, err
		}
		cs.Total = cs.Att*pc.AI.Att + cs.Def*pc.AI.Def + cs.Loc*pc.AI.Move
		dst = append(dst, cs)
	}
	return dst, nil
}

// goalMaps returns person p's goal distance map (facts §9.3 step 2) and the
// number of enemies on the map (0: no goal), and fills the enemies'
// distance maps from their turn-start cells (step 3).
func (a *AI) goalMaps(v *ftbt.View, p int) (goal []int, enemies int) {
	cfg := v.Config()
	me := v.Person(p)
	pc := &cfg.People[p]
	side := me.Side

	// Goal distance (step 2).
	if fx := pc.AI; fx.GoalX >= 0 && fx.GoalY >= 0 {
		goal = a.distFrom(v, a.goal, a.goalCell, p, fx.GoalY*cfg.Width+fx.GoalX)
	}
	start := v.TurnCell(p)
	if start < 0 {
		start = me.Cell
	}
	mine := a.distFrom(v, a.dist, a.distCell, p, start)
	enemies, nearest, best := 0, -1, -1
	for e := range cfg.People {
		ev := v.Person(e)
		if ev.Cell < 0 || ev.Side == side {
			continue
		}
		enemies++
		// An unreachable enemy (-1) counts as the farthest.
		if d := mine[ev.Cell]; nearest < 0 || (d >= 0 && (best < 0 || d < best)) {
			nearest, best = e, d
		}
	}
	if enemies == 0 {
		return nil, 0
	}
	if goal == nil {
		// CalDist from the nearest enemy's cell. During the side's turn the
		// enemies stand where they stood at its start, so this is that
		// enemy's own distance map; a separate buffer keeps it apart if not.
		if c := v.Person(nearest).Cell; c == v.TurnCell(nearest) {
			goal = a.distFrom(v, a.dist, a.distCell, nearest, c)
		} else {
			goal = a.distFrom(v, a.goal, a.goalCell, p, c)
		}
	}
	// Enemy distance maps, from their turn-start cells (step 3).
	for e := range cfg.People {
		if ev := v.Person(e); ev.Cell >= 0 && ev.Side != side {
			c := v.TurnCell(e)
			if c < 0 {
				c = ev.Cell
			}
			a.distFrom(v, a.dist, a.distCell, e, c)
		}
	}

	return goal, enemies
}

// beginMemo starts a decision's score cache for slots slots.
func (a *AI) beginMemo(slots int) {
	for len(a.memo) < slots {
		a.memo = append(a.memo, make([]int, a.cells))
		a.memoAt = append(a.memoAt, make([]uint32, a.cells))
	}
	a.stamp++
	if a.stamp == 0 {
		for _, m := range a.memoAt {
			clear(m)
		}
		a.stamp = 1
	}
}

// bestTech returns the best tech use of person p from cell c (facts §9.3
// step 6): slots in order, offsets in file order; a candidate must be on
// the map and allowed by the mask, and for TargetEnemy classes hold an
// enemy that is not shielded by disable-long from a long tech. The first
// candidate is taken even with score 0; a later one replaces it only if
// strictly greater. It returns 0, -1, -1 without a candidate. only >= 0
// limits it to that slot.
func (a *AI) bestTech(v *ftbt.View, p, c, only int, goal []int) (score, slot, target int, err error) {
	cfg := v.Config()
	pc := &cfg.People[p]
	w, h := cfg.Width, cfg.Height
	x0, y0 := c%w, c/w
	score, slot, target = 0, -1, -1
	for s, ti := range pc.Techs {
		if only >= 0 && s != only {
			continue
		}
		tech := &cfg.Techs[ti]
		enemy := cfg.Classes[tech.Class].Target == ftbt.TargetEnemy
		for _, off := range tech.Offsets {
			x, y := x0+off[0], y0+off[1]
			if x < 0 || x >= w || y < 0 || y >= h {
				continue
			}
			t := y*w + x
			if !tech.Mask[cfg.Cells[t]] {
				continue
			}
			if enemy {
				o := v.Occupant(t)
				if o < 0 {
					continue
				}
				os := cfg.People[o].Side
				if os == pc.Side {
					continue
				}
				if dl, _ := v.Effect(t, os, ftbt.DisableLongSlot); tech.Long && dl != 0 {
					continue
				}
			}
			sc, err := a.score(v, p, s, ti, t, goal)
			if err != nil {
				return 0, -1, -1, err
			}
			if a.Trace != nil {
				a.Trace(c, s, t, sc)
			}
			if slot < 0 || sc > score {
				score, slot, target = sc, s, t
			}
		}
	}
	return score, slot, target, nil
}

// score returns the (cached) score of person p using tech ti (slot s) on
// cell t.
func (a *AI) score(v *ftbt.View, p, s, ti, t int, goal []int) (int, error) {
	if a.memoAt[s][t] == a.stamp {
		return a.memo[s][t], nil
	}
	a.call = ftbt.EffectCall{Tech: ti, Caster: p, Target: t}
	sc, err := v.Score(&a.call, goal)
	if err != nil {
		return 0, err
	}
	a.memo[s][t], a.memoAt[s][t] = sc, a.stamp
	return sc, nil
}
