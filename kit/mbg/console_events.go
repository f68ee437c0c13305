package mbg

import (
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
)

// describe tells one event in words, with every id named (squares, cities,
// institutes, training rooms, officers, techs, cards) and a battle's result
// from its summary.
func (t *table) describe(battles []engine.BattleSummary, e engine.Event) string {
	role, other, officer := t.role(e.Role), t.role(e.Other), t.officer(e.Officer)
	city := func() string { return t.city(e.Place) }
	institute := func() string {
		return t.named(e.Place, len(t.cfg.Institutes), func(i int) string { return t.cfg.Institutes[i].Name })
	}
	room := func() string {
		return t.named(e.Place, len(t.cfg.Trainings), func(i int) string { return t.cfg.Trainings[i].Name })
	}
	tech := func() string {
		return t.named(e.Index, len(t.cfg.Techs), func(i int) string { return t.cfg.Techs[i].ID })
	}
	card := func() string {
		return t.named(e.Index, len(t.cfg.Cards), func(i int) string { return t.cfg.Cards[i].ID })
	}
	turns := func(n int) string {
		if n == 1 {
			return "1 turn"
		}
		return fmt.Sprintf("%d turns", n)
	}
	switch e.Kind {
	case engine.EvStart:
		return "the game begins"
	case engine.EvTurnEnd:
		return "end of the turn"
	case engine.EvStopped:
		return fmt.Sprintf("%s cannot move this turn (%s more)", role, turns(e.N))
	case engine.EvMoved:
		how := ""
		if e.Note != engine.NoteNormal && e.Note != engine.NoteNone {
			how = ", moving " + e.Note.String()
		}
		return fmt.Sprintf("%s throws %d%s and goes from square %d (%s) to square %d (%s)", role, e.N, how, e.Index, t.square(e.Index), e.Place, t.square(e.Place))
	case engine.EvBlocked:
		return fmt.Sprintf("%s is stopped by a %s on square %d (%s)", role, e.Note, e.Place, t.square(e.Place))
	case engine.EvRemoved:
		return fmt.Sprintf("the %s on square %d (%s) is gone", e.Note, e.Place, t.square(e.Place))
	case engine.EvRobbed:
		return fmt.Sprintf("the robber takes %.0f from %s", e.Amount, role)
	case engine.EvAllySpare:
		return fmt.Sprintf("%s and %s are allies: no battle", role, other)
	case engine.EvForced:
		return fmt.Sprintf("a public enemy is involved: %s must fight %s", role, other)
	case engine.EvBattle:
		return t.battle(battles, e)
	case engine.EvSpoils:
		return fmt.Sprintf("%s wins the meeting and takes %.0f from %s", role, e.Amount, other)
	case engine.EvOwnBonus:
		return fmt.Sprintf("%s earns %.0f on its own city %s", role, e.Amount, city())
	case engine.EvToll:
		return fmt.Sprintf("%s pays %s a toll of %.0f at %s", role, other, e.Amount, city())
	case engine.EvOccupied:
		return fmt.Sprintf("%s occupies %s", role, city())
	case engine.EvOccupyFailed:
		return fmt.Sprintf("%s sends nobody into %s, so it stays unowned", role, city())
	case engine.EvGarrisoned:
		return fmt.Sprintf("%s (%s) moves into %s", officer, role, city())
	case engine.EvWithdrawn:
		return fmt.Sprintf("%s (%s) leaves %s for the retinue", officer, role, city())
	case engine.EvMayor:
		return fmt.Sprintf("%s becomes mayor of %s", officer, city())
	case engine.EvTreasurer:
		return fmt.Sprintf("%s becomes treasurer of %s", officer, city())
	case engine.EvCityLost:
		return fmt.Sprintf("%s takes %s from %s; its garrison returns to %s's retinue", other, city(), role, role)
	case engine.EvCityAbandoned:
		return fmt.Sprintf("%s has no garrison left: %s loses it", city(), role)
	case engine.EvOffered:
		return fmt.Sprintf("the hall offers %s to %s for %.0f", officer, role, e.Amount)
	case engine.EvHired:
		return fmt.Sprintf("%s hires %s for %.0f", role, officer, e.Amount)
	case engine.EvResearchStart:
		return fmt.Sprintf("%s (%s) starts researching %s at %s", officer, role, tech(), institute())
	case engine.EvTrainStart:
		return fmt.Sprintf("%s (%s) trains at %s for %s", officer, role, room(), turns(e.N))
	case engine.EvCardGained:
		return fmt.Sprintf("%s draws the card %s", role, card())
	case engine.EvCardPlayed:
		return fmt.Sprintf("%s plays %s%s", role, card(), t.cardTarget(e.Index, e.N))
	case engine.EvCardFailed:
		return fmt.Sprintf("%s's %s has no effect%s; the card is kept", role, card(), t.cardTarget(e.Index, e.N))
	case engine.EvMoveState:
		if e.Note == engine.NoteNormal {
			return fmt.Sprintf("%s moves normally again", role)
		}
		return fmt.Sprintf("%s moves %s for %s", role, e.Note, turns(e.N))
	case engine.EvExtraAction:
		return fmt.Sprintf("%s acts once more this turn", role)
	case engine.EvStolen:
		return fmt.Sprintf("%.0f moves from %s to %s", e.Amount, role, other)
	case engine.EvHealed:
		return fmt.Sprintf("%s (%s) regains %.0f hp", officer, role, e.Amount)
	case engine.EvRumour:
		if e.N == 0 {
			return fmt.Sprintf("the rumour about %s (%s) is over", officer, role)
		}
		return fmt.Sprintf("%s (%s) is under a rumour for %s", officer, role, turns(e.N))
	case engine.EvPoison:
		if e.N == 0 {
			return fmt.Sprintf("%s (%s) is no longer poisoned", officer, role)
		}
		return fmt.Sprintf("%s (%s) is poisoned for %s", officer, role, turns(e.N))
	case engine.EvDefect:
		return fmt.Sprintf("%s will leave %s at the end of the turn", officer, role)
	case engine.EvPlaced:
		return fmt.Sprintf("a %s is put on square %d (%s)", e.Note, e.Place, t.square(e.Place))
	case engine.EvAlliance:
		if e.N == 0 {
			return fmt.Sprintf("the alliance of %s and %s ends", role, other)
		}
		return fmt.Sprintf("%s and %s are allied for %s", role, other, turns(e.N))
	case engine.EvEnemy:
		if e.N == 0 {
			return fmt.Sprintf("%s is no longer a public enemy", role)
		}
		return fmt.Sprintf("%s is a public enemy for %s", role, turns(e.N))
	case engine.EvReversed:
		return fmt.Sprintf("%s turns round", role)
	case engine.EvResearched:
		return fmt.Sprintf("%s (%s) studies %s at %s: %.0f points, %.0f to go", officer, role, tech(), institute(), e.Amount, e.Value)
	case engine.EvStalled:
		return fmt.Sprintf("%s (%s), under a rumour, does no work as %s", officer, role, e.Note)
	case engine.EvLearned:
		return fmt.Sprintf("%s learns %s at %s; %s returns to the retinue", role, tech(), institute(), officer)
	case engine.EvTrained:
		prop := "?"
		if e.Index >= 0 && e.Index < int(engine.NumProps) {
			prop = engine.PropNames[e.Index]
		}
		return fmt.Sprintf("%s (%s) gains %d %s at %s (now %.0f) and returns", officer, role, e.N, prop, room(), e.Value)
	case engine.EvTraining:
		return fmt.Sprintf("%s (%s) trains at %s, %s left", officer, role, room(), turns(e.N))
	case engine.EvDefence:
		return fmt.Sprintf("%s regains %.0f def (now %.0f)", city(), e.Amount, e.Value)
	case engine.EvCityHeal:
		return fmt.Sprintf("%s, mayor of %s, heals its garrison by up to %.0f hp", officer, city(), e.Amount)
	case engine.EvIncome:
		return fmt.Sprintf("%s earns %.0f from %d cities", role, e.Amount, e.N)
	case engine.EvFengshui:
		return fmt.Sprintf("%s has fengshui %.0f", city(), e.Value)
	case engine.EvQuit:
		return fmt.Sprintf("%s leaves %s and is free again", officer, role)
	case engine.EvCancelled:
		where := institute()
		if e.Note == engine.NoteTraining {
			where = room()
		}
		return fmt.Sprintf("%s calls %s back from %s; the progress is lost", role, officer, where)
	case engine.EvBankrupt:
		return fmt.Sprintf("%s is out of the game", role)
	case engine.EvAllocation:
		return fmt.Sprintf("%s allocates its officers", role)
	case engine.EvGameOver:
		if e.Role < 0 {
			return fmt.Sprintf("the game is over: a draw (%s)", e.Note)
		}
		return fmt.Sprintf("the game is over: %s wins (%s)", role, e.Note)
	}
	return e.Kind.String()
}

// named returns name(i) when i indexes a list of n, else "?".
func (t *table) named(i, n int, name func(int) string) string {
	if i < 0 || i >= n {
		return "?"
	}
	return name(i)
}

// cardTarget names the target n of card c: a role, a square or an
// officer, as the card says.
func (t *table) cardTarget(c, n int) string {
	if n < 0 || c < 0 || c >= len(t.cfg.Cards) {
		return ""
	}
	switch t.cfg.Cards[c].Target {
	case engine.TargetRole:
		return " on " + t.role(n)
	case engine.TargetSquare:
		return fmt.Sprintf(" on square %d (%s)", n, t.square(n))
	case engine.TargetOfficer:
		return " on " + t.officer(n)
	}
	return ""
}

// battle tells a battle from its summary: who fought whom where, with which
// generals at which scale, the result and the generals' hp.
func (t *table) battle(battles []engine.BattleSummary, e engine.Event) string {
	where := ""
	if e.Place >= 0 {
		where = " at " + t.city(e.Place)
	}
	if e.Index < 0 || e.Index >= len(battles) {
		return fmt.Sprintf("%s fights %s%s", t.role(e.Role), t.role(e.Other), where)
	}
	b := battles[e.Index]
	side := func(i int) string {
		name := "the robber"
		if r := []int{b.Attacker, b.Defender}[i]; r >= 0 {
			name = t.role(r)
		}
		if b.Main[i] < 0 {
			return name + " (no general)"
		}
		gen := t.officer(b.Main[i])
		if !b.Forfeit {
			gen += fmt.Sprintf(" %.0f→%.0f hp", b.HPBefore[i], b.HPAfter[i])
		}
		if b.Vice[i] >= 0 {
			gen += ", vice " + t.officer(b.Vice[i])
		}
		return name + " (" + gen + ")"
	}
	var result string
	switch {
	case b.Forfeit && b.Outcome == engine.AttackerWon:
		result = "the defender had no general: the attacker wins"
	case b.Forfeit:
		result = "the attacker had no general: the defender wins"
	case b.Outcome == engine.AttackerWon:
		result = fmt.Sprintf("the attacker wins in %d rounds", b.Rounds)
	case b.Outcome == engine.AttackerLost:
		result = fmt.Sprintf("the defender wins in %d rounds", b.Rounds)
	default:
		result = fmt.Sprintf("a draw after %d rounds", b.Rounds)
	}
	var extra []string
	if b.City >= 0 {
		extra = append(extra, fmt.Sprintf("%s's def is now %.0f", t.city(b.City), b.DefAfter))
	}
	for i, ex := range b.Exiled {
		if ex {
			extra = append(extra, []string{"the attacker's", "the defender's"}[i]+" general is exiled")
		}
	}
	s := fmt.Sprintf("battle%s at scale %d: %s against %s; %s", where, b.Scale, side(0), side(1), result)
	if len(extra) > 0 {
		s += "; " + strings.Join(extra, ", ")
	}
	return s
}
