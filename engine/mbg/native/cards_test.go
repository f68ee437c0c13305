package native_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/native"
)

// The 14 seed cards played through the engine (manual §卡牌系统, facts §12,
// rules/mbg.md for 恢复's scope). Expected values are the cards' parameters
// from scripts/mbg/standard.toml.

// Indices of the seed cards in StandardCards.
const (
	cBarrier = iota
	cSlow
	cFast
	cStop
	cDouble
	cSteal
	cRecover
	cRumour
	cPoison
	cDefect
	cRobber
	cAlliance
	cPublicEnemy
	cReverse
)

// cardConfig: 12 squares (all empty but city 0 on square 6), three roles A
// (square 0, officers 0 and 1), B (square 4, officer 2, city 0 garrisoned by
// officer 3), C (square 8, officer 4); officer 5 is free.
func cardConfig() *mbg.Config {
	board := make([]mbg.Square, 12)
	for i := range board {
		board[i] = mbg.Square{Class: mbg.SquareEmpty}
	}
	board[6] = mbg.Square{Class: mbg.SquareCity}
	off := func(name string) mbg.Officer {
		return mbg.Officer{Name: name, Props: [5]float64{60, 60, 60, 60, 60}, HPMax: 2200, HP: 2200, Level: 1}
	}
	return &mbg.Config{
		Version: mbg.ConfigVersion, Game: "mbg", Name: "cards", WinMoney: 1e6, MaxTurn: 50,
		Constants: mbg.Constants{
			TrainRound: 6, TrainPlus: 3, StudyScale: 1, PHPBase: 1000, PHPScale: 20, PPriceScale: 30,
			PPoisonPropScale: 0.75, DefSmall: 500, DefMedium: 800, DefBig: 1200, DefPlusScale: 0.05,
			FengshuiRound: 5, MinEarn: 20, MaxStep: 6, FastScale: 2, SlowScale: 2, RobberSteal: 2000,
			MeetionSteal: 0.04, TaxScale: 6, OwnTaxScale: 3, HPPlusScale: 1.5, AllocateTurn: 8,
			BattleRoundMin: 40, BattleRoundStep: 30, BurnHurt: 20, CardStealMoney: 1500,
			CardHPRecoverScale: 0.1, MayorHealScale: 1.5,
		},
		Rules:    mbg.Rules{TollToOwner: true, MoneyVictory: mbg.VictoryRichest, StatusBlocksTechs: true},
		Robber:   mbg.Robber{Name: "robber", Props: [5]float64{60, 50, 10, 20, 30}, HPMax: 1800, HP: 1500, Scale: 1},
		Board:    board,
		Officers: []mbg.Officer{off("a0"), off("a1"), off("b0"), off("b1"), off("c0"), off("free")},
		Cities:   []mbg.City{{Name: "city", Scope: 1, DefMax: 800, Garrison: []int{3}, Mayor: -1, Treasurer: 3}},
		Roles: []mbg.Role{
			{Name: "A", Start: 0, Techs: []int{}, Retinue: []int{0, 1}, Cities: []int{}, Money: 10000, Dir: 1},
			{Name: "B", Start: 4, Techs: []int{}, Retinue: []int{2}, Cities: []int{0}, Money: 1000, Dir: 1},
			{Name: "C", Start: 8, Techs: []int{}, Retinue: []int{4}, Cities: []int{}, Money: 10000, Dir: 1},
		},
		Techs: native.StandardTechs(),
		Cards: native.StandardCards(),
	}
}

// script answers with the listed option IDs in order (each as soon as it is
// offered), then with each request's default. It records the options it saw.
type script struct {
	ids  []string
	seen map[mbg.RequestKind][]string // request kind → option IDs of its last request
}

func (s *script) Decide(_ *mbg.View, req *mbg.Request) (int, error) {
	var ids []string
	for _, o := range req.Options {
		ids = append(ids, o.ID())
	}
	s.seen[req.Kind] = ids
	if len(s.ids) > 0 {
		if i := slices.Index(ids, s.ids[0]); i >= 0 {
			s.ids = s.ids[1:]
			return i, nil
		}
	}
	return req.Default, nil
}

// cardGame starts a game of cfg with A holding one card of kind k, with
// edit applied to the state through a save file (the public way to set up a
// position).
func cardGame(t *testing.T, cfg *mbg.Config, k int, edit func(st *mbg.State)) *mbg.Game {
	t.Helper()
	techs, err := native.New(cfg.Techs)
	if err != nil {
		t.Fatal(err)
	}
	cards, err := native.NewCards(cfg.Cards)
	if err != nil {
		t.Fatal(err)
	}
	g, err := mbg.New(cfg, techs, cards, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	var f mbg.SaveFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	f.State.Roles[0].Cards[k] = 1
	if edit != nil {
		edit(f.State.State)
	}
	if data, err = json.Marshal(&f); err != nil {
		t.Fatal(err)
	}
	if g, err = mbg.Load(cfg, techs, cards, data); err != nil {
		t.Fatal(err)
	}
	return g
}

// playA lets A play its card with the answers given (card, target), then
// move, and returns A's script.
func playA(t *testing.T, g *mbg.Game, answers ...string) *script {
	t.Helper()
	a := &script{ids: answers, seen: map[mbg.RequestKind][]string{}}
	b := &script{seen: map[mbg.RequestKind][]string{}}
	if _, err := g.Step([]mbg.Decider{a, b, b}); err != nil {
		t.Fatal(err)
	}
	return a
}

// spent reports whether A's card k is gone.
func spent(g *mbg.Game, k int) bool { return g.View().Role(0).Cards[k] == 0 }

func TestCardHooksComplete(t *testing.T) {
	t.Parallel()
	want := []string{"alliance", "barrier", "defect", "double", "fast", "poison", "public_enemy", "recover", "reverse", "robber", "rumour", "slow", "steal", "stop"}
	if diff := cmp.Diff(want, native.CardHooks()); diff != "" {
		t.Errorf("hooks (-want +got):\n%s", diff)
	}
	if _, err := native.NewCards([]mbg.Card{{ID: "x", Hook: "nope"}}); err == nil {
		t.Error("unknown hook accepted")
	}
	p, err := native.NewCards(native.StandardCards())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Play(14, &mbg.CardCall{}, nil); err == nil {
		t.Error("card index out of range accepted")
	}
}

func TestSquareCards(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		card    int
		barrier bool
	}{{cBarrier, true}, {cRobber, false}} {
		// Square cards may target any square, occupied ones included; A
		// blocks square 3 and then walks into its own barrier/robber
		// (square 3 is within reach of a die from 0 only if the die ≥ 3).
		g := cardGame(t, cardConfig(), tc.card, nil)
		a := playA(t, g, "card/"+strconv.Itoa(tc.card), "square/4")
		if len(a.seen[mbg.AskCardTarget]) != 13 { // 12 squares + cancel
			t.Errorf("card %d: targets %v", tc.card, a.seen[mbg.AskCardTarget])
		}
		if !spent(g, tc.card) {
			t.Errorf("card %d not spent", tc.card)
		}
		sq := g.View().Square(4)
		loc := g.View().Role(0).Loc
		if loc > 4 {
			t.Errorf("card %d: A walked past square 4 to %d", tc.card, loc)
		}
		// Landing on it removed it; otherwise it is still there.
		if loc != 4 && (sq.Barrier != tc.barrier || sq.Robber == tc.barrier) {
			t.Errorf("card %d: square 4 %+v", tc.card, sq)
		}
		if loc == 4 && (sq.Barrier || sq.Robber) {
			t.Errorf("card %d: landed on square 4 but it is %+v", tc.card, sq)
		}
	}
}

func TestMoveCards(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		card  int
		state string
	}{{cSlow, mbg.MoveSlow}, {cFast, mbg.MoveFast}, {cStop, mbg.MoveStop}} {
		g := cardGame(t, cardConfig(), tc.card, nil)
		a := playA(t, g, "card/"+strconv.Itoa(tc.card), "role/1")
		if diff := cmp.Diff([]string{"cancel", "role/0", "role/1", "role/2"}, a.seen[mbg.AskCardTarget]); diff != "" {
			t.Errorf("card %d targets (side any, self allowed):\n%s", tc.card, diff)
		}
		if rs := g.View().Role(1); rs.Move != tc.state || rs.MoveLeft != 3 || !spent(g, tc.card) {
			t.Errorf("card %d: B %+v", tc.card, rs)
		}
	}
}

func TestDoubleCard(t *testing.T) {
	t.Parallel()
	g := cardGame(t, cardConfig(), cDouble, nil)
	a := playA(t, g, "card/4")
	if _, asked := a.seen[mbg.AskCardTarget]; asked || !spent(g, cDouble) {
		t.Errorf("self card asked for a target, or not spent")
	}
	if g.NextRole() != 0 {
		t.Errorf("next role %d, want A again", g.NextRole())
	}
	playA(t, g)
	if g.NextRole() != 1 {
		t.Errorf("after the extra action, next role %d, want B", g.NextRole())
	}
}

func TestStealCard(t *testing.T) {
	t.Parallel()
	g := cardGame(t, cardConfig(), cSteal, nil)
	a := playA(t, g, "card/5", "role/1")
	if diff := cmp.Diff([]string{"cancel", "role/1", "role/2"}, a.seen[mbg.AskCardTarget]); diff != "" {
		t.Errorf("targets (others only):\n%s", diff)
	}
	// B has 1000 < 1500: all of it moves.
	if a, b := g.View().Role(0).Money, g.View().Role(1).Money; a != 11000 || b != 0 {
		t.Errorf("money A %g, B %g; want 11000, 0", a, b)
	}
	g = cardGame(t, cardConfig(), cSteal, nil)
	playA(t, g, "card/5", "role/2")
	if a, c := g.View().Role(0).Money, g.View().Role(2).Money; a != 11500 || c != 8500 {
		t.Errorf("money A %g, C %g; want 11500, 8500", a, c)
	}
}

func TestRecoverCard(t *testing.T) {
	t.Parallel()
	for _, whole := range []float64{1, 0} {
		cfg := cardConfig()
		cfg.Cards[cRecover].Params["whole_role"] = whole
		// A: officer 1 in the retinue at 1000 hp, officer 3 moved into A's
		// city as treasurer at 1000 hp.
		g := cardGame(t, cfg, cRecover, func(st *mbg.State) {
			st.Officers[1].HP = 1000
			st.Officers[3].Role, st.Officers[3].HP = 0, 1000
			st.Cities[0].Owner = 0
		})
		playA(t, g, "card/6")
		retinue, garrison := g.View().Officer(1).HP, g.View().Officer(3).HP
		wantGarrison := 1000.0
		if whole == 1 {
			wantGarrison = 1220 // 10 % of 2200
		}
		if retinue != 1220 || garrison != wantGarrison || g.View().Officer(0).HP != 2200 {
			t.Errorf("whole_role %g: retinue %g, garrison %g; want 1220, %g", whole, retinue, garrison, wantGarrison)
		}
	}
}

func TestOfficerCards(t *testing.T) {
	t.Parallel()
	for _, k := range []int{cRumour, cPoison, cDefect} {
		g := cardGame(t, cardConfig(), k, nil)
		a := playA(t, g, "card/"+strconv.Itoa(k), "officer/3/1")
		// Others only: B's retinue and garrison, C's retinue; not A's, not the free officer.
		if diff := cmp.Diff([]string{"cancel", "officer/2/1", "officer/3/1", "officer/4/2"}, a.seen[mbg.AskCardTarget]); diff != "" {
			t.Errorf("card %d targets:\n%s", k, diff)
		}
		of := g.View().Officer(3)
		switch k {
		case cRumour:
			if of.Rumour != 4 {
				t.Errorf("rumour %d, want 4", of.Rumour)
			}
		case cPoison:
			if of.Poison != 8 {
				t.Errorf("poison %d, want 8", of.Poison)
			}
		case cDefect:
			if !of.Quit || of.Role != 1 {
				t.Errorf("defect: %+v", of)
			}
			// He leaves at the end of the turn; the city is left empty.
			for g.Turn() == 1 {
				playA(t, g)
			}
			if of := g.View().Officer(3); of.Role != -1 || g.View().City(0).Owner != -1 {
				t.Errorf("after the turn: %+v, city %+v", of, g.View().City(0))
			}
		}
	}
}

func TestAllianceCard(t *testing.T) {
	t.Parallel()
	g := cardGame(t, cardConfig(), cAlliance, nil)
	a := playA(t, g, "card/11", "role/1")
	if diff := cmp.Diff([]string{"cancel", "role/1", "role/2"}, a.seen[mbg.AskCardTarget]); diff != "" {
		t.Errorf("targets:\n%s", diff)
	}
	if a, b := g.View().Role(0), g.View().Role(1); a.Ally != 1 || b.Ally != 0 || a.AllyLeft != 7 || b.AllyLeft != 7 || !spent(g, cAlliance) {
		t.Errorf("A %+v, B %+v", a, b)
	}
	// Fails when the target is allied (B with C) or a public enemy: the card
	// is kept and A is asked again; it then tries C (allied too), cancels.
	g = cardGame(t, cardConfig(), cAlliance, func(st *mbg.State) {
		st.Roles[1].Ally, st.Roles[1].AllyLeft, st.Roles[2].Ally, st.Roles[2].AllyLeft = 2, 3, 1, 3
	})
	a = playA(t, g, "card/11", "role/1", "role/2", "cancel")
	if len(a.ids) != 0 || spent(g, cAlliance) || g.View().Role(0).Ally != mbg.NoAlly {
		t.Errorf("failed alliance: answers left %v, spent %v, A %+v", a.ids, spent(g, cAlliance), g.View().Role(0))
	}
	// Fails when the user is a public enemy.
	g = cardGame(t, cardConfig(), cAlliance, func(st *mbg.State) { st.Roles[0].Ally, st.Roles[0].AllyLeft = mbg.PublicEnemy, 2 })
	playA(t, g, "card/11", "role/2", "cancel")
	if spent(g, cAlliance) || g.View().Role(2).Ally != mbg.NoAlly {
		t.Error("a public enemy made an alliance")
	}
}

func TestPublicEnemyCard(t *testing.T) {
	t.Parallel()
	g := cardGame(t, cardConfig(), cPublicEnemy, nil)
	playA(t, g, "card/12", "role/2")
	if c := g.View().Role(2); c.Ally != mbg.PublicEnemy || c.AllyLeft != 5 || !spent(g, cPublicEnemy) {
		t.Errorf("C %+v", c)
	}
	// Fails on an allied role; the card is kept.
	g = cardGame(t, cardConfig(), cPublicEnemy, func(st *mbg.State) {
		st.Roles[1].Ally, st.Roles[1].AllyLeft, st.Roles[2].Ally, st.Roles[2].AllyLeft = 2, 3, 1, 3
	})
	a := playA(t, g, "card/12", "role/1", "cancel")
	if len(a.ids) != 0 || spent(g, cPublicEnemy) || g.View().Role(1).Ally != 2 {
		t.Errorf("public enemy on an ally: answers left %v, B %+v", a.ids, g.View().Role(1))
	}
}

func TestReverseCard(t *testing.T) {
	t.Parallel()
	g := cardGame(t, cardConfig(), cReverse, nil)
	a := playA(t, g, "card/13", "role/0")
	if diff := cmp.Diff([]string{"cancel", "role/0", "role/1", "role/2"}, a.seen[mbg.AskCardTarget]); diff != "" {
		t.Errorf("targets:\n%s", diff)
	}
	// A turned around before moving: it walks backwards from 0.
	if rs := g.View().Role(0); rs.Dir != -1 || rs.Loc < 6 {
		t.Errorf("A %+v", rs)
	}
}

func TestCardParamErrors(t *testing.T) {
	t.Parallel()
	cfg := cardConfig()
	cfg.Cards[cSlow].Params["turns"] = 2.5
	g := cardGame(t, cfg, cSlow, nil)
	a := &script{ids: []string{"card/1", "role/1"}, seen: map[mbg.RequestKind][]string{}}
	if _, err := g.Step([]mbg.Decider{a, a, a}); err == nil {
		t.Error("fractional turns accepted")
	}
}
