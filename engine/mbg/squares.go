package mbg

import "fmt"

// This file is one role's action (facts §5): cards, the move, and what the
// landing square does (§6), including the battles it starts (§7).

// action plays role r's action: unless stopped, the role plays any number of
// cards, then moves and resolves the square it lands on.
func (g *Game) action(r int) error {
	rs := &g.st.Roles[r]
	if g.moveState(r) == MoveStop {
		// A stopped role does nothing at all: no cards, no move (facts §5.2).
		e := ev(EvStopped)
		e.Role, e.N = r, rs.MoveLeft
		g.emit(e)
		return nil
	}
	// failures counts cards that were cancelled or had no effect; past
	// MaxAttempts only moving is offered, so a decider that keeps choosing a
	// card that cannot work does not loop the action.
	failures := 0
	for {
		req := g.ask(AskAction, r)
		req.Options = append(req.Options, opt(OptMove))
		if failures < MaxAttempts {
			for k, n := range rs.Cards {
				if n > 0 {
					req.Options = append(req.Options, opt1(OptCard, k))
				}
			}
		}
		o, err := g.choose(req)
		if err != nil {
			return err
		}
		if o.Kind == OptMove {
			break
		}
		played, err := g.playCard(r, o.A)
		if err != nil {
			return err
		}
		if !played {
			failures++
		}
	}
	return g.move(r)
}

// moveState returns the movement state that applies to role r now. The first
// use in a turn uses up one of the state's turns; a state whose turns are
// used up returns to normal (see RoleState.Move).
func (g *Game) moveState(r int) string {
	rs := &g.st.Roles[r]
	if rs.Move == MoveNormal || rs.MoveTurn == g.st.Turn {
		return rs.Move
	}
	if rs.MoveLeft <= 0 {
		g.endMove(r)
		return MoveNormal
	}
	rs.MoveLeft--
	rs.MoveTurn = g.st.Turn
	return rs.Move
}

// endMove returns role r to normal movement.
func (g *Game) endMove(r int) {
	rs := &g.st.Roles[r]
	rs.Move, rs.MoveLeft, rs.MoveTurn = MoveNormal, 0, 0
	e := ev(EvMoveState)
	e.Role, e.Note = r, NoteNormal
	g.emit(e)
}

// move throws the die and walks role r (facts §5.4).
func (g *Game) move(r int) error {
	rs := &g.st.Roles[r]
	c := &g.cfg.Constants
	state := g.moveState(r)
	steps := 0
	switch state {
	case MoveStop:
		// Stopped by a card played in this very action: a move of 0 steps,
		// which resolves the current square again, as in the original.
	case MoveSlow:
		steps = g.rng.IntN(int(float64(c.MaxStep)/c.SlowScale)) + 1
	case MoveFast:
		steps = g.rng.IntN(int(float64(c.MaxStep)*c.FastScale)) + 1
	default:
		steps = g.rng.IntN(c.MaxStep) + 1
	}
	n := len(g.st.Squares)
	from := rs.Loc
	loc, walked := from, 0
	for walked < steps {
		loc = ((loc+rs.Dir)%n + n) % n
		walked++
		if sq := &g.st.Squares[loc]; sq.Barrier || sq.Robber {
			e := ev(EvBlocked)
			e.Role, e.Place, e.Note = r, loc, NoteBarrier
			if sq.Robber {
				e.Note = NoteRobber
			}
			g.emit(e)
			break
		}
	}
	rs.Loc = loc
	e := ev(EvMoved)
	e.Role, e.Index, e.Place, e.N, e.Note = r, from, loc, steps, moveNote(state)
	g.emit(e)
	return g.land(r)
}

// land resolves the square role r stands on: barrier, robber, meetings, then
// the square's own effect.
func (g *Game) land(r int) error {
	loc := g.st.Roles[r].Loc
	sq := &g.st.Squares[loc]
	if sq.Barrier {
		sq.Barrier = false
		e := ev(EvRemoved)
		e.Place, e.Note = loc, NoteBarrier
		g.emit(e)
	}
	if sq.Robber {
		sq.Robber = false
		e := ev(EvRemoved)
		e.Place, e.Note = loc, NoteRobber
		g.emit(e)
		out, err := g.fight(BattleRobber, r, -1, -1, g.cfg.Robber.Scale)
		if err != nil {
			return err
		}
		if out != AttackerWon {
			if paid := g.pay(r, g.cfg.Constants.RobberSteal); paid > 0 {
				e := ev(EvRobbed)
				e.Role, e.Amount = r, paid
				g.emit(e)
			}
		}
	}
	if err := g.meetings(r, loc); err != nil {
		return err
	}
	s := g.cfg.Board[loc]
	switch s.Class {
	case SquareCity:
		return g.visitCity(r, s.Index)
	case SquareHall:
		return g.visitHall(r)
	case SquareInstitute:
		return g.visitInstitute(r, s.Index)
	case SquareTraining:
		return g.visitTraining(r, s.Index)
	case SquareChance:
		if n := len(g.cfg.Cards); n > 0 {
			k := g.rng.IntN(n)
			g.st.Roles[r].Cards[k]++
			e := ev(EvCardGained)
			e.Role, e.Index, e.Place = r, k, loc
			g.emit(e)
		}
	}
	return nil
}

// meetings offers role r a battle with every other role on square loc, in
// index order (facts §5.4).
func (g *Game) meetings(r, loc int) error {
	for i := range g.st.Roles {
		other := &g.st.Roles[i]
		if i == r || !other.alive() || other.Loc != loc {
			continue
		}
		scale, err := g.attackScale(r, i, -1)
		if err != nil {
			return err
		}
		if scale < 0 {
			continue
		}
		out, err := g.fight(BattleMeeting, r, i, -1, scale)
		if err != nil {
			return err
		}
		w, l := r, i
		switch out {
		case BattleDrawn:
			continue
		case AttackerLost:
			w, l = i, r
		}
		if amount := g.pay(l, g.cfg.Constants.MeetionSteal*g.st.Roles[l].Money); amount > 0 {
			g.st.Roles[w].Money += amount
			e := ev(EvSpoils)
			e.Role, e.Other, e.Amount = w, l, amount
			g.emit(e)
		}
	}
	return nil
}

// attackScale asks role r whether and at which scale to attack role d (at
// city c, or -1 for a meeting). It returns -1 for no battle: allies never
// fight; declining is not possible when either side is a public enemy (the
// battle is then forced at scale 0).
func (g *Game) attackScale(r, d, c int) (int, error) {
	if g.st.Roles[r].Ally == d {
		e := ev(EvAllySpare)
		e.Role, e.Other, e.Place = r, d, c
		g.emit(e)
		return -1, nil
	}
	req := g.ask(AskScale, r)
	req.Place, req.Other = c, d
	req.Options = append(req.Options, opt(OptNone), opt1(OptScale, 0), opt1(OptScale, 1), opt1(OptScale, 2))
	o, err := g.choose(req)
	if err != nil {
		return -1, err
	}
	if o.Kind == OptScale {
		return o.A, nil
	}
	if g.st.Roles[r].Ally == PublicEnemy || g.st.Roles[d].Ally == PublicEnemy {
		e := ev(EvForced)
		e.Role, e.Other, e.Place = r, d, c
		g.emit(e)
		return 0, nil
	}
	return -1, nil
}

// visitCity resolves a city square (facts §6.1).
func (g *Game) visitCity(r, c int) error {
	cs := &g.st.Cities[c]
	k := &g.cfg.Constants
	switch owner := cs.Owner; {
	case owner == r:
		bonus := k.OwnTaxScale * g.earn(c)
		g.st.Roles[r].Money += bonus
		e := ev(EvOwnBonus)
		e.Role, e.Place, e.Amount = r, c, bonus
		g.emit(e)
		return nil
	case owner < 0:
		if len(g.st.Roles[r].Retinue) == 0 {
			return nil // nobody to send
		}
		req := g.ask(AskOccupy, r)
		req.Place = c
		req.Options = append(req.Options, opt(OptNo), opt(OptYes))
		o, err := g.choose(req)
		if err != nil || o.Kind != OptYes {
			return err
		}
		return g.occupy(r, c)
	default:
		toll := g.pay(r, k.TaxScale*g.earn(c))
		e := ev(EvToll)
		e.Role, e.Other, e.Place, e.Amount = r, owner, c, toll
		if g.cfg.Rules.TollToOwner {
			g.st.Roles[owner].Money += toll
			e.Value = 1
		}
		g.emit(e)
		scale, err := g.attackScale(r, owner, c)
		if err != nil || scale < 0 {
			return err
		}
		out, err := g.fight(BattleCity, r, owner, c, scale)
		if err != nil || out != AttackerWon {
			return err
		}
		// Captured: the garrison goes back to its owner's retinue and the
		// winner occupies without being asked; the damaged def stays.
		g.unown(c)
		for len(cs.Garrison) > 0 {
			o := cs.Garrison[0]
			g.leavePost(o)
			g.toRetinue(o, owner)
		}
		e = ev(EvCityLost)
		e.Role, e.Other, e.Place = owner, r, c
		g.emit(e)
		return g.occupy(r, c)
	}
}

// occupy lets role r send retinue officers into the unowned city c and
// appoint a mayor and a treasurer. Sending nobody leaves the city unowned.
func (g *Game) occupy(r, c int) error {
	rs := &g.st.Roles[r]
	chosen := g.scratch[:0]
	for {
		req := g.ask(AskGarrison, r)
		req.Place = c
		req.Options = append(req.Options, opt(OptDone))
		for _, o := range rs.Retinue {
			if !containsInt(chosen, o) {
				req.Options = append(req.Options, opt1(OptOfficer, o))
			}
		}
		if len(req.Options) == 1 {
			break
		}
		o, err := g.choose(req)
		if err != nil {
			return err
		}
		if o.Kind == OptDone {
			break
		}
		chosen = append(chosen, o.A)
	}
	g.scratch = chosen[:0]
	if len(chosen) == 0 {
		e := ev(EvOccupyFailed)
		e.Role, e.Place = r, c
		g.emit(e)
		return nil
	}
	g.own(c, r)
	e := ev(EvOccupied)
	e.Role, e.Place = r, c
	g.emit(e)
	for _, o := range chosen {
		g.garrison(o, c)
		e := ev(EvGarrisoned)
		e.Role, e.Officer, e.Place = r, o, c
		g.emit(e)
	}
	for _, job := range [...]int{JobMayor, JobTreasurer} {
		kind := AskMayor
		if job == JobTreasurer {
			kind = AskTreasurer
		}
		req := g.ask(kind, r)
		req.Place = c
		req.Options = append(req.Options, opt(OptNone))
		for _, o := range g.st.Cities[c].Garrison {
			req.Options = append(req.Options, opt1(OptOfficer, o))
		}
		o, err := g.choose(req)
		if err != nil {
			return err
		}
		if o.Kind == OptOfficer {
			g.appointEvent(o.A, c, job)
		}
	}
	return nil
}

// appointEvent appoints and reports.
func (g *Game) appointEvent(o, c, job int) {
	g.appoint(o, c, job)
	e := ev(EvMayor)
	if job == JobTreasurer {
		e.Kind = EvTreasurer
	}
	e.Role, e.Officer, e.Place = g.st.Cities[c].Owner, o, c
	g.emit(e)
}

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// Price returns the hiring price of officer o for a uniform draw u in [0, 1):
// p_price_scale × (0.1 × sum + 0.5 × max) × (0.9 + 0.2·u), from the raw
// properties (facts §6.2).
func (g *Game) Price(o int, u float64) float64 {
	props := &g.st.Officers[o].Props
	sum, top := 0.0, 0.0
	for _, v := range props {
		sum += v
		top = max(top, v)
	}
	return g.cfg.Constants.PPriceScale * (0.1*sum + 0.5*top) * (0.9 + 0.2*u)
}

// visitHall offers role r one free officer per non-empty level and lets it
// hire at most one it can afford: money strictly above the price (facts §6.2).
func (g *Game) visitHall(r int) error {
	var cand [3]Option
	n := 0
	for level := range g.st.Free {
		pool := g.st.Free[level]
		if len(pool) == 0 {
			continue
		}
		o := pool[g.rng.IntN(len(pool))]
		price := g.Price(o, g.rng.Float())
		cand[n] = Option{Kind: OptOfficer, A: o, B: -1, Price: price}
		n++
		e := ev(EvOffered)
		e.Role, e.Officer, e.Amount = r, o, price
		g.emit(e)
	}
	req := g.ask(AskHire, r)
	req.Options = append(req.Options, opt(OptNone))
	money := g.st.Roles[r].Money
	for _, c := range cand[:n] {
		if money > c.Price {
			req.Options = append(req.Options, c)
		}
	}
	o, err := g.choose(req)
	if err != nil || o.Kind != OptOfficer {
		return err
	}
	g.pay(r, o.Price)
	lv := g.st.Officers[o.A].Level
	g.st.Free[lv] = removeSorted(g.st.Free[lv], o.A)
	g.toRetinue(o.A, r)
	e := ev(EvHired)
	e.Role, e.Officer, e.Amount = r, o.A, o.Price
	g.emit(e)
	return nil
}

// visitInstitute lets role r, if it has nobody studying here, send a retinue
// officer to research a tech of the institute it does not know (facts §6.3).
func (g *Game) visitInstitute(r, k int) error {
	is := &g.st.Institutes[k]
	if is.Researcher[r] >= 0 {
		return nil
	}
	rs := &g.st.Roles[r]
	req := g.ask(AskResearch, r)
	req.Place = k
	req.Options = append(req.Options, opt(OptNone))
	for _, t := range g.cfg.Institutes[k].Techs {
		if containsInt(rs.Techs, t) {
			continue
		}
		for _, o := range rs.Retinue {
			req.Options = append(req.Options, Option{Kind: OptResearch, A: o, B: t})
		}
	}
	o, err := g.choose(req)
	if err != nil || o.Kind != OptResearch {
		return err
	}
	g.leavePost(o.A)
	of := &g.st.Officers[o.A]
	of.Job, of.Loc = JobResearcher, k
	is.Researcher[r], is.Tech[r], is.Points[r] = o.A, o.B, g.cfg.Techs[o.B].Study
	e := ev(EvResearchStart)
	e.Role, e.Officer, e.Place, e.Index = r, o.A, k, o.B
	g.emit(e)
	return nil
}

// visitTraining lets role r, if it has nobody training here, send a retinue
// officer to train for train_round turns (facts §6.4).
func (g *Game) visitTraining(r, k int) error {
	ts := &g.st.Trainings[k]
	if ts.Trainee[r] >= 0 {
		return nil
	}
	req := g.ask(AskTrain, r)
	req.Place = k
	req.Options = append(req.Options, opt(OptNone))
	for _, o := range g.st.Roles[r].Retinue {
		req.Options = append(req.Options, opt1(OptOfficer, o))
	}
	o, err := g.choose(req)
	if err != nil || o.Kind != OptOfficer {
		return err
	}
	g.leavePost(o.A)
	of := &g.st.Officers[o.A]
	of.Job, of.Loc = JobTrainee, k
	ts.Trainee[r], ts.Left[r] = o.A, g.cfg.Constants.TrainRound
	e := ev(EvTrainStart)
	e.Role, e.Officer, e.Place, e.N = r, o.A, k, ts.Left[r]
	g.emit(e)
	return nil
}

// fight runs a battle of role att against role def (or the robber, def -1),
// defending city c (or -1), at scale, and writes back hp, def and exile
// (facts §7). A side without a general loses without a fight.
func (g *Game) fight(kind string, att, def, c, scale int) (Outcome, error) {
	sum := &BattleSummary{
		Kind: kind, Attacker: att, Defender: def, City: c, Scale: scale,
		Main: [2]int{-1, -1}, Vice: [2]int{-1, -1},
	}
	var sides [2]BattleSide
	var err error
	sum.Main[0], sum.Vice[0], err = g.generals(att, def, c, g.st.Roles[att].Retinue)
	if err != nil {
		return 0, err
	}
	if sum.Main[0] < 0 {
		return g.forfeit(sum, AttackerLost), nil
	}
	sides[0] = g.side(att, sum.Main[0], sum.Vice[0], 0)
	if def < 0 {
		rb := &g.cfg.Robber
		sides[1] = BattleSide{Winp: rb.Props[Zhan], Power: rb.Props[Wu], Celve: rb.Props[Mou], HP: rb.HP}
	} else {
		cands := g.st.Roles[def].Retinue
		wall := 0.0
		if c >= 0 {
			cands, wall = g.st.Cities[c].Garrison, g.st.Cities[c].Def
		}
		sum.Main[1], sum.Vice[1], err = g.generals(def, att, c, cands)
		if err != nil {
			return 0, err
		}
		if sum.Main[1] < 0 {
			return g.forfeit(sum, AttackerWon), nil
		}
		sides[1] = g.side(def, sum.Main[1], sum.Vice[1], wall)
	}
	sum.HPBefore = [2]float64{sides[0].HP, sides[1].HP}
	res, err := g.battle.Run(sides, scale, g.rng)
	if err != nil {
		return 0, fmt.Errorf("turn %d: %s battle of role %d: %w", g.st.Turn, kind, att, err)
	}
	for j := range 2 {
		if o := sum.Main[j]; o >= 0 {
			of := &g.st.Officers[o]
			of.HP = res.HP[j]
			of.Quit = of.Quit || res.Exiled[j]
		}
	}
	if c >= 0 {
		g.st.Cities[c].Def = res.Def[1]
		sum.DefAfter = res.Def[1]
	}
	sum.Outcome, sum.Rounds, sum.HPAfter, sum.Exiled = res.Outcome, res.Rounds, res.HP, res.Exiled
	g.logBattle(sum)
	return res.Outcome, nil
}

// forfeit records a battle lost for want of a general.
func (g *Game) forfeit(sum *BattleSummary, out Outcome) Outcome {
	sum.Outcome, sum.Forfeit = out, true
	if sum.City >= 0 {
		sum.DefAfter = g.st.Cities[sum.City].Def
	}
	g.logBattle(sum)
	return out
}

// logBattle keeps a battle's summary and reports it.
func (g *Game) logBattle(sum *BattleSummary) {
	e := ev(EvBattle)
	e.Role, e.Other, e.Place, e.N, e.Index = sum.Attacker, sum.Defender, sum.City, sum.Scale, len(g.battles)
	g.battles = append(g.battles, *sum)
	g.emit(e)
}

// generals asks role r for its main and vice general from cands, leaving out
// officers under a rumour (facts §7.1). Main -1 means no general.
func (g *Game) generals(r, other, c int, cands []int) (main, vice int, err error) {
	req := g.ask(AskGeneral, r)
	req.Place, req.Other = c, other
	req.Options = append(req.Options, opt(OptNone))
	for _, o := range cands {
		if g.st.Officers[o].Rumour == 0 {
			req.Options = append(req.Options, opt1(OptOfficer, o))
		}
	}
	if len(req.Options) > 1 {
		req.Default = 1 // fight rather than forfeit
	}
	o, err := g.choose(req)
	if err != nil || o.Kind != OptOfficer {
		return -1, -1, err
	}
	main = o.A
	req = g.ask(AskVice, r)
	req.Place, req.Other, req.Officer = c, other, main
	req.Options = append(req.Options, opt(OptNone))
	for _, o := range cands {
		if o != main && g.st.Officers[o].Rumour == 0 {
			req.Options = append(req.Options, opt1(OptOfficer, o))
		}
	}
	o, err = g.choose(req)
	if err != nil || o.Kind != OptOfficer {
		return main, -1, err
	}
	return main, o.A, nil
}

// side is role r's battle input with the given generals (facts §7.2): win
// weight from the main general's tactics, power and strategy the better of
// main and vice, hp the main general's current hp.
func (g *Game) side(r, main, vice int, wall float64) BattleSide {
	s := BattleSide{
		Winp:  g.effective(main, Zhan),
		Power: g.effective(main, Wu),
		Celve: g.effective(main, Mou),
		HP:    g.st.Officers[main].HP,
		Def:   wall,
		Techs: g.st.Roles[r].Techs,
	}
	if vice >= 0 {
		s.Power = max(s.Power, g.effective(vice, Wu))
		s.Celve = max(s.Celve, g.effective(vice, Mou))
	}
	return s
}
