package glory

import (
	"fmt"
	"slices"
)

// order returns the side opening round and the other.
func (g *Game) first(round int) int {
	switch g.cfg.Rules.First {
	case FirstBlue:
		return Blue
	case FirstAlternate:
		if round%2 == 0 {
			return Blue
		}
	}
	return Red
}

// playStep runs one unit of a round: a turn's start, one operation, or the
// turn's end.
func (g *Game) playStep() error {
	s := g.st.Side
	if !g.st.Started {
		g.st.Started = true
		g.st.Turns[s]++
		for i := range g.st.Heroes {
			if h := &g.st.Heroes[i]; h.Side == s {
				h.Acted, h.Boost, h.Extra, h.Bonus, h.Rest = false, false, false, false, 0
			}
		}
		clear(g.st.Econ[s])
		g.emit(ev(EvTurn, s, -1, -1, -1, g.st.Turns[s], 0))
		return g.startSkills(s)
	}
	if g.unacted(s) {
		if err := g.operate(s); err != nil {
			return err
		}
		g.checkEnd(s)
		return nil
	}
	g.endTurn(s)
	return nil
}

func (g *Game) unacted(s int) bool {
	for _, h := range g.st.Heroes {
		if h.Side == s && h.Alive && !h.Acted {
			return true
		}
	}
	return false
}

// endTurn pays the economy zones (facts §6, §11.6) and hands the turn on.
func (g *Game) endTurn(s int) {
	for z, p := range g.board.EconPoints() {
		if !g.st.Econ[s][z] {
			continue
		}
		pay := g.cfg.Rules.EconPay
		for _, o := range g.occ[p] {
			if g.st.Heroes[o].Side != s {
				pay = g.cfg.Rules.EconShared
				break
			}
		}
		g.st.G[s] += pay
		g.emit(ev(EvEcon, s, -1, -1, p, z, pay))
	}
	g.st.Started = false
	if s == g.first(g.st.Round) {
		g.st.Side = 1 - s
		return
	}
	if g.cfg.Rules.MaxRounds > 0 && g.st.Round >= g.cfg.Rules.MaxRounds {
		g.roundCap()
		return
	}
	g.st.Round++
	g.st.Side = g.first(g.st.Round)
}

// roundCap decides a game that reached the round cap (§11.28) by
// Rules.TieBreak: by default more summed tower HP wins, then more summed
// hero HP, otherwise a draw.
func (g *Game) roundCap() {
	var towers, heroes [2]int
	for _, t := range g.st.Towers {
		towers[t.Side] += max(t.HP, 0)
	}
	for _, h := range g.st.Heroes {
		if h.Alive {
			heroes[h.Side] += h.HP
		}
	}
	first, second := towers, heroes
	names := [2]string{"round cap: tower hp", "round cap: hero hp"}
	if g.cfg.Rules.TieBreak == TieHeroes {
		first, second = heroes, towers
		names[0], names[1] = names[1], names[0]
	}
	switch {
	case g.cfg.Rules.TieBreak == TieDraw:
		g.finish(-1, "round cap: draw")
	case first[0] != first[1]:
		g.finish(winnerOf(first), names[0])
	case second[0] != second[1]:
		g.finish(winnerOf(second), names[1])
	default:
		g.finish(-1, "round cap: draw")
	}
}

func winnerOf(v [2]int) int {
	if v[0] > v[1] {
		return Red
	}
	return Blue
}

func (g *Game) finish(winner int, why string) {
	g.st.Phase, g.st.Winner, g.st.Reason = PhaseOver, winner, why
	e := ev(EvEnd, winner, -1, -1, -1, -1, 0)
	e.Text = why
	g.emit(e)
}

// lost reports whether side meets a lose condition (facts §8): all its
// heroes dead, or all its towers at HP ≤ 0.
func (g *Game) lost(side int) (bool, string) {
	alive := false
	for _, h := range g.st.Heroes {
		alive = alive || (h.Side == side && h.Alive)
	}
	if !alive {
		return true, "all heroes dead"
	}
	towers, standing := 0, 0
	for _, t := range g.st.Towers {
		if t.Side == side {
			towers++
			if t.HP > 0 {
				standing++
			}
		}
	}
	if towers > 0 && standing == 0 {
		return true, "all towers destroyed"
	}
	return false, ""
}

// checkEnd checks both sides' lose conditions after an operation of
// acting; if both lose at once the acting side wins (§11.28).
func (g *Game) checkEnd(acting int) {
	l0, why0 := g.lost(Red)
	l1, why1 := g.lost(Blue)
	switch {
	case l0 && l1:
		g.finish(acting, "both sides lost at once; the acting side wins")
	case l0:
		g.finish(Blue, "red: "+why0)
	case l1:
		g.finish(Red, "blue: "+why1)
	}
}

// operate asks side for one operation of one of its unacted heroes and
// carries it out.
func (g *Game) operate(s int) error {
	r := g.ask(AskAction, s, -1)
	for i := range g.st.Heroes {
		h := &g.st.Heroes[i]
		if h.Side == s && h.Alive && !h.Acted {
			if err := g.actions(r, i); err != nil {
				return err
			}
		}
	}
	o, err := g.decide(r)
	if err != nil {
		return err
	}
	return g.apply(s, o)
}

// actions appends hero i's legal operations to r: pass first (the
// default), then moves, shots, preparations, handovers and skills.
func (g *Game) actions(r *Request, i int) error {
	h := &g.st.Heroes[i]
	c := &g.cfg.Heroes[h.Hero]
	r.Options = append(r.Options, opt(OptPass, i, -1, -1, -1))
	if h.Stunned {
		return nil
	}
	if g.finishing(h) {
		for _, q := range g.moveTargets(h.Point, h.Rest) {
			r.Options = append(r.Options, opt(OptMove, i, q, -1, -1))
		}
		return nil
	}
	for _, q := range g.moveTargets(h.Point, g.speed(h)) {
		r.Options = append(r.Options, opt(OptMove, i, q, -1, -1))
	}
	for _, w := range g.heldWeapons(i) {
		g.fireOptions(r, i, w)
	}
	if len(c.Weapons) == 0 && !h.Bonus {
		for w, wc := range g.cfg.Weapons {
			if !wc.Fixed && w != h.Weapon && wc.PrepareCost <= g.st.G[h.Side] {
				r.Options = append(r.Options, opt(OptPrepare, i, w, -1, -1))
			}
		}
		if h.Weapon >= 0 {
			for a := range g.st.Heroes {
				o := &g.st.Heroes[a]
				if a == i || o.Side != h.Side || !o.Alive || len(g.cfg.Heroes[o.Hero].Weapons) > 0 ||
					g.board.Steps(h.Point, o.Point) > g.cfg.Rules.HandoverSteps || g.board.Steps(h.Point, o.Point) < 0 {
					continue
				}
				r.Options = append(r.Options, opt(OptGive, i, a, -1, -1))
				if o.Weapon >= 0 && !o.Acted {
					r.Options = append(r.Options, opt(OptSwap, i, a, -1, -1))
				}
			}
		}
	}
	return g.skillOptions(r, i)
}

// speed returns h's move units per move operation now.
func (g *Game) speed(h *HeroState) int {
	if h.Boost {
		return 2
	}
	return h.Speed
}

// finishing reports whether h has done its extra operation in the middle
// of a move and may still move the move's rest (or stop: pass).
func (g *Game) finishing(h *HeroState) bool { return h.Rest > 0 && !h.Bonus && !h.Extra }

// moveTargets returns the points reachable with speed move units from p,
// in index order, p itself excluded.
func (g *Game) moveTargets(p, speed int) []int {
	one := g.board.MoveTargets(p)
	if speed <= 1 {
		return one
	}
	seen := make([]bool, g.board.Len())
	seen[p] = true
	var out []int
	for _, q := range one {
		seen[q] = true
	}
	out = append(out, one...)
	for _, q := range one {
		for _, r := range g.board.MoveTargets(q) {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	slices.Sort(out)
	return out
}

// heldWeapons returns the weapons hero i can fire: its fixed weapons, then
// its main weapon.
func (g *Game) heldWeapons(i int) []int {
	h := &g.st.Heroes[i]
	ws := g.cfg.Heroes[h.Hero].Weapons
	if h.Weapon >= 0 {
		ws = append(ws[:len(ws):len(ws)], h.Weapon)
	}
	return ws
}

func (g *Game) weaponDamage(w, steps int) int {
	d := g.cfg.Weapons[w].Damage
	return d[min(steps, len(d)-1)]
}

// fireOptions appends hero i's shots with weapon w: target points in its
// 视域 holding an enemy hero or a standing enemy tower (§11.8); a
// single-target weapon names each target.
func (g *Game) fireOptions(r *Request, i, w int) {
	h := &g.st.Heroes[i]
	wc := &g.cfg.Weapons[w]
	if wc.FireCost > g.st.G[h.Side] || (len(h.FireNext) > w && g.st.Turns[h.Side] < h.FireNext[w]) {
		return
	}
	for q := range g.board.Len() {
		ls := g.board.LineSteps(h.Point, q)
		if ls < 0 || (wc.MaxSteps > 0 && ls > wc.MaxSteps) {
			continue
		}
		enemy := false
		for _, o := range g.occ[q] {
			if g.st.Heroes[o].Side != h.Side {
				enemy = true
				if wc.Single {
					r.Options = append(r.Options, opt(OptFire, i, w, q, o))
				}
			}
		}
		tower := false
		if t := g.towerAt[q]; t >= 0 && g.st.Towers[t].Side != h.Side && g.st.Towers[t].HP > 0 {
			tower = true
		}
		if wc.Single && tower || !wc.Single && (enemy || tower) {
			r.Options = append(r.Options, opt(OptFire, i, w, q, -1))
		}
	}
}

// apply carries out operation o of side s.
func (g *Game) apply(s int, o Option) error {
	if o.Kind == OptSkill {
		return g.useSkill(o)
	}
	i := o.Hero
	h := &g.st.Heroes[i]
	rest := 0
	if o.Kind == OptMove {
		// A move before a granted extra operation may stop after its first
		// unit: the extra operation comes in the middle of the move and the
		// rest follows it. Any other move ends a cut-short one.
		if h.Extra && g.speed(h) > 1 && slices.Contains(g.board.MoveTargets(h.Point), o.A) {
			rest = g.speed(h) - 1
		}
		h.Rest = 0
	}
	g.spend(i)
	h.Rest = max(h.Rest, rest)
	switch o.Kind {
	case OptPass:
		g.emit(ev(EvPass, s, i, -1, h.Point, -1, 0))
		g.earn(i)
	case OptMove:
		g.moveHero(i, o.A)
		g.emit(ev(EvMove, s, i, -1, o.A, -1, 0))
		g.earn(i)
	case OptFire:
		g.fire(i, o.A, o.B, o.C)
		return g.takeHookErr()
	case OptPrepare:
		g.st.G[s] -= g.cfg.Weapons[o.A].PrepareCost
		h.Weapon = o.A
		g.emit(ev(EvPrepare, s, i, -1, -1, o.A, g.cfg.Weapons[o.A].PrepareCost))
	case OptGive:
		g.st.Heroes[o.A].Weapon, h.Weapon = h.Weapon, -1
		g.emit(ev(EvGive, s, i, o.A, -1, g.st.Heroes[o.A].Weapon, 0))
	case OptSwap:
		a := &g.st.Heroes[o.A]
		a.Weapon, h.Weapon = h.Weapon, a.Weapon
		g.spend(o.A)
		g.emit(ev(EvSwap, s, i, o.A, -1, -1, 0))
	default:
		return fmt.Errorf("glory: option %s is not an operation", o.ID())
	}
	return nil
}

// spend uses hero i's operation: a pending extra operation (Extra)
// follows it, a stun is served by it; after an extra operation that came
// in the middle of a move, the move's rest (Rest) is still to go.
func (g *Game) spend(i int) {
	h := &g.st.Heroes[i]
	h.Stunned = false
	if h.Extra {
		h.Extra, h.Bonus = false, true
		return
	}
	if h.Bonus && h.Rest > 0 {
		h.Bonus = false
		return
	}
	h.Acted, h.Bonus, h.Rest = true, false, 0
}

// earn marks the economy zone under hero i as earned by its side this turn.
func (g *Game) earn(i int) {
	h := &g.st.Heroes[i]
	for z, p := range g.board.EconPoints() {
		if p == h.Point {
			g.st.Econ[h.Side][z] = true
		}
	}
}

func (g *Game) moveHero(i, q int) {
	h := &g.st.Heroes[i]
	if h.Point == q {
		return
	}
	h.Point = q
	g.index()
}

// fire resolves a shot of hero i with weapon w at point q (facts §5): a
// blast weapon hits every hero on q and the enemy tower there, then
// splashes every hero on points joined to q by one drawn edge within q's
// rail class (r = 1 and r = √2 values, never modified); a single-target
// weapon hits target (a hero, or the tower when -1).
func (g *Game) fire(i, w, q, target int) {
	h := &g.st.Heroes[i]
	wc := &g.cfg.Weapons[w]
	s := h.Side
	g.st.G[s] -= wc.FireCost
	if wc.Cooldown > 0 {
		if len(h.FireNext) < len(g.cfg.Weapons) {
			h.FireNext = append(h.FireNext, make([]int, len(g.cfg.Weapons)-len(h.FireNext))...)
		}
		h.FireNext[w] = g.st.Turns[s] + wc.Cooldown + 1
	}
	g.shoot(i, w, q, target, g.weaponDamage(w, g.board.LineSteps(h.Point, q)))
}

// shoot resolves the hit of hero i's weapon w at point q with main damage
// d (target: the single target's hero, -1 the tower or the blast).
func (g *Game) shoot(i, w, q, target, d int) {
	wc := &g.cfg.Weapons[w]
	s := g.st.Heroes[i].Side
	g.emit(ev(EvFire, s, i, target, q, w, d))
	if wc.Single {
		if target >= 0 {
			g.hit(i, target, d, DamageHit)
		} else {
			g.hitTower(i, g.towerAt[q], d)
		}
		return
	}
	victims := append([]int(nil), g.occ[q]...)
	for _, v := range victims {
		if v != i || g.cfg.Rules.ShooterHit {
			g.hit(i, v, d, DamageHit)
		}
	}
	if t := g.towerAt[q]; t >= 0 && g.st.Towers[t].Side != s && g.st.Towers[t].HP > 0 {
		g.hitTower(i, t, d)
	}
	for _, l := range g.board.Links(q) {
		if !g.board.Near(q, l.To) {
			continue
		}
		amount := wc.Splash[0]
		if g.board.R2(q, l.To) == 2 {
			amount = wc.Splash[1]
		}
		if amount <= 0 {
			continue
		}
		for _, v := range append([]int(nil), g.occ[l.To]...) {
			if v != i || g.cfg.Rules.ShooterHit {
				g.hit(i, v, amount, DamageSplash)
			}
		}
	}
}

// hit deals amount of kind from hero src (-1: none) to hero v; weapon hits
// and skill damage pass through the passive skills first (splash never
// does, facts §5). It returns the damage dealt.
func (g *Game) hit(src, v, amount, kind int) int {
	h := &g.st.Heroes[v]
	if !h.Alive {
		return 0
	}
	if kind != DamageSplash {
		amount = g.modify(src, v, amount, kind)
	}
	if amount <= 0 {
		return 0
	}
	h.HP -= amount
	if g.st.Side != h.Side { // only the opponent's turn counts (§11.17, §11.21)
		h.Taken += amount
		if src >= 0 && !slices.Contains(h.HitBy, src) {
			h.HitBy = append(h.HitBy, src)
		}
	}
	side := -1
	if src >= 0 {
		side = g.st.Heroes[src].Side
	}
	g.emit(ev(EvDamage, side, src, v, h.Point, kind, amount))
	if h.HP <= 0 {
		h.Alive, h.Weapon = false, -1
		g.index()
		g.emit(ev(EvDeath, h.Side, src, v, h.Point, -1, 0))
	}
	return amount
}

func (g *Game) hitTower(src, t, amount int) {
	tw := &g.st.Towers[t]
	tw.HP -= amount
	g.emit(ev(EvTower, g.st.Heroes[src].Side, src, -1, tw.Point, t, amount))
}

// heal restores up to amount HP to living hero v, never above its maximum
// (facts §8). It returns the HP restored.
func (g *Game) heal(src, v, amount int) int {
	h := &g.st.Heroes[v]
	if !h.Alive || amount <= 0 {
		return 0
	}
	amount = min(amount, h.MaxHP-h.HP)
	h.HP += amount
	g.emit(ev(EvHeal, h.Side, src, v, h.Point, -1, amount))
	return amount
}
