package mbg

// This file is the end-of-turn settlement (facts §10), in the original's
// order, which matters: research, then training, then cities (def, mayor
// heal, income, fengshui), then officers (status counters, quitting), then
// roles (movement and alliance counters, victory, bankruptcy); then the
// allocation phase and the next turn.

// endTurn runs the settlement of the current turn.
func (g *Game) endTurn() error {
	g.settleInstitutes()
	g.settleTrainings()
	g.settleCities()
	g.settleOfficers()
	if g.settleRoles() {
		return nil
	}
	e := ev(EvTurnEnd)
	g.emit(e)
	if g.st.Turn%g.cfg.Constants.AllocateTurn == 0 {
		for r := range g.st.Roles {
			if g.st.Roles[r].alive() {
				if err := g.allocate(r); err != nil {
					return err
				}
			}
		}
	}
	if g.st.Turn >= g.cfg.MaxTurn {
		g.finish(g.richest(), NoteTurnLimit)
		return nil
	}
	g.st.Turn++
	g.st.Next = 0
	g.skipOut()
	return nil
}

// settleInstitutes advances research: a researcher not under a rumour
// studies effective strategy × study_scale points, and his role pays exactly
// the points studied (the last turn only what was left), clamped at its
// money. A finished tech is learned and the researcher returns.
func (g *Game) settleInstitutes() {
	scale := g.cfg.Constants.StudyScale
	for k := range g.st.Institutes {
		is := &g.st.Institutes[k]
		for r, o := range is.Researcher {
			if o < 0 {
				continue
			}
			if g.st.Officers[o].Rumour > 0 {
				g.stalled(r, o, k, NoteInstitute)
				continue
			}
			step := min(g.effective(o, Mou)*scale, is.Points[r])
			is.Points[r] -= step
			paid := g.pay(r, step)
			e := ev(EvResearched)
			e.Role, e.Officer, e.Place, e.Index, e.Amount, e.Value = r, o, k, is.Tech[r], paid, is.Points[r]
			g.emit(e)
			if is.Points[r] > 0 {
				continue
			}
			t := is.Tech[r]
			rs := &g.st.Roles[r]
			rs.Techs = insertSorted(rs.Techs, t)
			g.leavePost(o)
			g.toRetinue(o, r)
			e = ev(EvLearned)
			e.Role, e.Officer, e.Place, e.Index = r, o, k, t
			g.emit(e)
		}
	}
}

// stalled reports an officer under a rumour who did no work.
func (g *Game) stalled(r, o, place int, what Note) {
	e := ev(EvStalled)
	e.Role, e.Officer, e.Place, e.Note = r, o, place, what
	g.emit(e)
}

// settleTrainings advances training: a trainee not under a rumour has one
// turn less; when done he gains 1..train_plus in the room's property, capped
// at 100 (hpmax and level stay), and returns.
func (g *Game) settleTrainings() {
	for k := range g.st.Trainings {
		ts := &g.st.Trainings[k]
		p := g.cfg.Trainings[k].Prop
		for r, o := range ts.Trainee {
			if o < 0 {
				continue
			}
			if g.st.Officers[o].Rumour > 0 {
				g.stalled(r, o, k, NoteTraining)
				continue
			}
			ts.Left[r]--
			if ts.Left[r] > 0 {
				e := ev(EvTraining)
				e.Role, e.Officer, e.Place, e.N = r, o, k, ts.Left[r]
				g.emit(e)
				continue
			}
			gain := g.rng.IntN(g.cfg.Constants.TrainPlus) + 1
			of := &g.st.Officers[o]
			old := of.Props[p]
			of.Props[p] = min(old+float64(gain), 100)
			g.leavePost(o)
			g.toRetinue(o, r)
			e := ev(EvTrained)
			e.Role, e.Officer, e.Place, e.Index, e.N, e.Value = r, o, k, int(p), gain, of.Props[p]
			g.emit(e)
		}
	}
}

// settleCities regains def, lets mayors heal their garrisons, pays income,
// and re-rolls fengshui every fengshui_round turns, city by city.
func (g *Game) settleCities() {
	k := &g.cfg.Constants
	reroll := g.st.Turn%k.FengshuiRound == 0
	clear(g.income)
	clear(g.incomeFrom)
	for c := range g.st.Cities {
		cs := &g.st.Cities[c]
		if cs.Def < cs.DefMax {
			old := cs.Def
			cs.Def = min(cs.Def+k.DefPlusScale*cs.DefMax, cs.DefMax)
			e := ev(EvDefence)
			e.Place, e.Amount, e.Value = c, cs.Def-old, cs.Def
			g.emit(e)
		}
		if m := cs.Mayor; m >= 0 {
			if g.st.Officers[m].Rumour > 0 {
				g.stalled(cs.Owner, m, c, NoteMayor)
			} else {
				amount := g.effective(m, Zheng) * k.MayorHealScale
				healed := 0.0
				for _, o := range cs.Garrison {
					healed += g.heal(o, amount)
				}
				if healed > 0 {
					e := ev(EvCityHeal)
					e.Role, e.Officer, e.Place, e.Amount = cs.Owner, m, c, amount
					g.emit(e)
				}
			}
		}
		if r := cs.Owner; r >= 0 {
			if t := cs.Treasurer; t >= 0 && g.st.Officers[t].Rumour > 0 {
				g.stalled(r, t, c, NoteTreasurer)
			}
			income := g.earn(c)
			g.st.Roles[r].Money += income
			g.income[r] += income
			g.incomeFrom[r]++
		}
		if reroll {
			cs.Fengshui = 0.5 * g.rng.Float()
			e := ev(EvFengshui)
			e.Place, e.Value = c, cs.Fengshui
			g.emit(e)
		}
	}
	// Income is reported per role once every city has paid: one event per
	// role, not one per city, keeps the log short.
	for r, x := range g.income {
		if g.incomeFrom[r] > 0 {
			e := ev(EvIncome)
			e.Role, e.Amount, e.N = r, x, g.incomeFrom[r]
			g.emit(e)
		}
	}
}

// settleOfficers counts down rumours and poisons and lets quitting officers
// go (facts §10.4).
func (g *Game) settleOfficers() {
	for o := range g.st.Officers {
		of := &g.st.Officers[o]
		if of.Rumour > 0 {
			if of.Rumour--; of.Rumour == 0 {
				e := ev(EvRumour)
				e.Role, e.Officer = of.Role, o
				e.N = 0
				g.emit(e)
			}
		}
		if of.Poison > 0 {
			if of.Poison--; of.Poison == 0 {
				e := ev(EvPoison)
				e.Role, e.Officer = of.Role, o
				e.N = 0
				g.emit(e)
			}
		}
		if of.Quit {
			r := of.Role
			if r < 0 {
				of.Quit = false
				continue
			}
			e := ev(EvQuit)
			e.Role, e.Officer = r, o
			g.emit(e)
			g.release(o)
		}
	}
}

// settleRoles counts down movement states and alliances, decides money
// victory and bankruptcy, and ends the game when it is decided. It reports
// whether the game is over.
func (g *Game) settleRoles() bool {
	first := g.cfg.Rules.MoneyVictory == VictoryFirst
	target := g.cfg.WinMoney
	reached := false
	for r := range g.st.Roles {
		rs := &g.st.Roles[r]
		if !rs.alive() {
			continue
		}
		if rs.Move != MoveNormal && rs.MoveLeft <= 0 {
			g.endMove(r) // its last turn was this one
		}
		if rs.Ally != NoAlly {
			if rs.AllyLeft--; rs.AllyLeft <= 0 {
				kind := EvAlliance
				if rs.Ally == PublicEnemy {
					kind = EvEnemy
				}
				e := ev(kind)
				e.Role, e.Other = r, rs.Ally
				if rs.Ally == PublicEnemy {
					e.Other = -1
				}
				g.emit(e)
				rs.Ally, rs.AllyLeft = NoAlly, 0
			}
		}
		rs.Extra = false
		switch {
		case rs.Money >= target:
			if first {
				g.finish(r, NoteMoney)
				return true
			}
			reached = true
		case rs.Money <= 0:
			g.bankrupt(r)
		}
	}
	if reached {
		g.finish(g.richest(), NoteMoney)
		return true
	}
	alive, last := 0, -1
	for r := range g.st.Roles {
		if g.st.Roles[r].alive() {
			alive++
			last = r
		}
	}
	switch alive {
	case 0:
		g.finish(-1, NoteDraw)
		return true
	case 1:
		g.finish(last, NoteLastAlive)
		return true
	}
	return false
}

// bankrupt takes role r out of the game: all its officers go free, its cities
// become unowned, its research and training end, and its alliance is
// dissolved on both sides.
func (g *Game) bankrupt(r int) {
	rs := &g.st.Roles[r]
	rs.Money, rs.Bankrupt, rs.Loc = 0, true, -1
	rs.Move, rs.MoveLeft, rs.MoveTurn, rs.Extra = MoveNormal, 0, 0, false
	if a := rs.Ally; a >= 0 {
		g.st.Roles[a].Ally, g.st.Roles[a].AllyLeft = NoAlly, 0
	}
	rs.Ally, rs.AllyLeft = NoAlly, 0
	e := ev(EvBankrupt)
	e.Role = r
	g.emit(e)
	g.scratch = append(g.scratch[:0], rs.Cities...)
	for _, c := range g.scratch {
		g.unown(c)
		e := ev(EvCityAbandoned)
		e.Role, e.Place = r, c
		g.emit(e)
	}
	for o := range g.st.Officers {
		if g.st.Officers[o].Role == r {
			e := ev(EvQuit)
			e.Role, e.Officer = r, o
			g.emit(e)
			g.release(o)
		}
	}
}

// allocate runs role r's allocation phase (facts §10.7): one change at a
// time until the role is done. The number of changes is bounded (the role's
// officers plus twice its cities, plus two: enough to move every officer
// and fill every post), so a decider that never says "done" cannot stall
// the game.
func (g *Game) allocate(r int) error {
	e := ev(EvAllocation)
	e.Role = r
	g.emit(e)
	rs := &g.st.Roles[r]
	budget := 2 + 2*len(rs.Cities)
	for o := range g.st.Officers {
		if g.st.Officers[o].Role == r {
			budget++
		}
	}
	for range budget {
		req := g.ask(AskAllocate, r)
		req.Options = append(req.Options, opt(OptDone))
		for _, c := range rs.Cities {
			for _, o := range rs.Retinue {
				req.Options = append(req.Options, Option{Kind: OptGarrison, A: o, B: c})
			}
		}
		for _, c := range rs.Cities {
			cs := &g.st.Cities[c]
			for _, o := range cs.Garrison {
				req.Options = append(req.Options, Option{Kind: OptWithdraw, A: o, B: c})
				if o != cs.Mayor {
					req.Options = append(req.Options, Option{Kind: OptMayor, A: o, B: c})
				}
				if o != cs.Treasurer {
					req.Options = append(req.Options, Option{Kind: OptTreasurer, A: o, B: c})
				}
			}
		}
		for k := range g.st.Institutes {
			if o := g.st.Institutes[k].Researcher[r]; o >= 0 {
				req.Options = append(req.Options, Option{Kind: OptRecallResearch, A: o, B: k})
			}
		}
		for k := range g.st.Trainings {
			if o := g.st.Trainings[k].Trainee[r]; o >= 0 {
				req.Options = append(req.Options, Option{Kind: OptRecallTraining, A: o, B: k})
			}
		}
		if len(req.Options) == 1 {
			return nil
		}
		o, err := g.choose(req)
		if err != nil {
			return err
		}
		e := ev(EvGarrisoned)
		e.Role, e.Officer, e.Place = r, o.A, o.B
		// Each change is reported before it is made, so a city abandoned by
		// its last officer's withdrawal is reported after the withdrawal.
		switch o.Kind {
		case OptDone:
			return nil
		case OptGarrison:
			g.emit(e)
			g.garrison(o.A, o.B)
		case OptWithdraw:
			e.Kind = EvWithdrawn
			g.emit(e)
			g.leavePost(o.A)
			g.toRetinue(o.A, r)
		case OptMayor, OptTreasurer:
			job := JobMayor
			if o.Kind == OptTreasurer {
				job = JobTreasurer
			}
			g.appointEvent(o.A, o.B, job)
		case OptRecallResearch, OptRecallTraining:
			e.Kind, e.Note = EvCancelled, NoteInstitute
			if o.Kind == OptRecallTraining {
				e.Note = NoteTraining
			}
			g.emit(e)
			g.leavePost(o.A)
			g.toRetinue(o.A, r)
		}
	}
	return nil
}
