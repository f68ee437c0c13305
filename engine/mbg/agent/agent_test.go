package agent_test

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/native"
)

// config is a 20-square board with 5 cities, 2 halls, an institute with
// every tech, a training room, chance squares, 14 officers and 3 roles, with
// the seed's constants, techs and cards.
func config() *mbg.Config {
	sq := func(class string, i int) mbg.Square { return mbg.Square{Class: class, Index: i} }
	cfg := &mbg.Config{
		Version: mbg.ConfigVersion, Game: "mbg", Name: "agents", WinMoney: 30000, MaxTurn: 40,
		Constants: mbg.Constants{
			TrainRound: 6, TrainPlus: 3, StudyScale: 1, PHPBase: 1000, PHPScale: 20, PPriceScale: 30,
			PPoisonPropScale: 0.75, DefSmall: 500, DefMedium: 800, DefBig: 1200, DefPlusScale: 0.05,
			FengshuiRound: 5, MinEarn: 20, MaxStep: 6, FastScale: 2, SlowScale: 2, RobberSteal: 2000,
			MeetionSteal: 0.04, TaxScale: 6, OwnTaxScale: 3, HPPlusScale: 1.5, AllocateTurn: 8,
			BattleRoundMin: 40, BattleRoundStep: 30, BurnHurt: 20, CardStealMoney: 1500,
			CardHPRecoverScale: 0.1, MayorHealScale: 1.5,
		},
		Rules:  mbg.Rules{TollToOwner: true, MoneyVictory: mbg.VictoryRichest, StatusBlocksTechs: true},
		Robber: mbg.Robber{Name: "robber", Props: [5]float64{60, 50, 10, 20, 30}, HPMax: 1800, HP: 1500, Scale: 1},
		Board: []mbg.Square{
			sq(mbg.SquareEmpty, 0), sq(mbg.SquareCity, 0), sq(mbg.SquareCity, 0), sq(mbg.SquareHall, 0), sq(mbg.SquareChance, 0),
			sq(mbg.SquareCity, 1), sq(mbg.SquareInstitute, 0), sq(mbg.SquareChance, 0), sq(mbg.SquareCity, 2), sq(mbg.SquareTraining, 0),
			sq(mbg.SquareEmpty, 0), sq(mbg.SquareCity, 3), sq(mbg.SquareCity, 3), sq(mbg.SquareHall, 0), sq(mbg.SquareChance, 0),
			sq(mbg.SquareCity, 4), sq(mbg.SquareChance, 0), sq(mbg.SquareEmpty, 0), sq(mbg.SquareChance, 0), sq(mbg.SquareEmpty, 0),
		},
		Institutes: []mbg.Institute{{Name: "academy", Techs: []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}}},
		Trainings:  []mbg.Training{{Name: "dojo", Prop: mbg.Wu}},
		Techs:      native.StandardTechs(),
		Cards:      native.StandardCards(),
	}
	for i := range 14 {
		p := [5]float64{}
		sum := 0.0
		for j := range p {
			p[j] = float64(30 + (i*37+j*23)%70)
			sum += p[j]
		}
		hp := 1000 + 4*sum
		cfg.Officers = append(cfg.Officers, mbg.Officer{Name: fmt.Sprint("o", i), Props: p, HPMax: hp, HP: hp, Level: i % 3})
	}
	for i, s := range []int{2, 0, 1, 2, 1} {
		cfg.Cities = append(cfg.Cities, mbg.City{Name: fmt.Sprint("c", i), Scope: s, DefMax: []float64{500, 800, 1200}[s], Garrison: []int{}, Mayor: -1, Treasurer: -1})
	}
	for r := range 3 {
		cfg.Roles = append(cfg.Roles, mbg.Role{Name: fmt.Sprint("r", r), Start: 7 * r, Techs: []int{}, Retinue: []int{3 * r, 3*r + 1}, Cities: []int{}, Money: 10000, Dir: 1})
	}
	return cfg
}

func newGame(t *testing.T, cfg *mbg.Config, seed uint64) *mbg.Game {
	t.Helper()
	techs, err := native.New(cfg.Techs)
	if err != nil {
		t.Fatal(err)
	}
	cards, err := native.NewCards(cfg.Cards)
	if err != nil {
		t.Fatal(err)
	}
	g, err := mbg.New(cfg, techs, cards, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// checked wraps a decider and checks every answer it gives.
type checked struct {
	t     *testing.T
	d     mbg.Decider
	check func(v *mbg.View, req *mbg.Request, choice int)
}

func (c *checked) Decide(v *mbg.View, req *mbg.Request) (int, error) {
	i, err := c.d.Decide(v, req)
	if err != nil {
		c.t.Fatalf("%s: %v", req.Kind, err)
	}
	if i < 0 || i >= len(req.Options) {
		c.t.Fatalf("%s: choice %d of %d options", req.Kind, i, len(req.Options))
	}
	if c.check != nil {
		c.check(v, req, i)
	}
	return i, nil
}

func TestRandomUniform(t *testing.T) {
	t.Parallel()
	a := agent.NewRandom(1)
	req := &mbg.Request{}
	req.Options = make([]mbg.Option, 4)
	counts := make([]int, 4)
	for range 4000 {
		i, err := a.Decide(nil, req)
		if err != nil {
			t.Fatal(err)
		}
		counts[i]++
	}
	for i, n := range counts {
		if n < 850 || n > 1150 {
			t.Errorf("option %d chosen %d times of 4000", i, n)
		}
	}
	// Same seed, same answers.
	b, c := agent.NewRandom(7), agent.NewRandom(7)
	for range 100 {
		x, _ := b.Decide(nil, req)
		y, _ := c.Decide(nil, req)
		if x != y {
			t.Fatal("same seed, different answers")
		}
	}
}

// TestHeuristicRules plays heuristic agents against random ones and checks
// the heuristic's answers against its stated rules.
func TestHeuristicRules(t *testing.T) {
	t.Parallel()
	cfg := config()
	h := agent.NewHeuristic()
	kinds := map[mbg.RequestKind]int{}
	check := func(v *mbg.View, req *mbg.Request, i int) {
		kinds[req.Kind]++
		o := req.Options[i]
		switch req.Kind {
		case mbg.AskHire:
			if o.Kind == mbg.OptOfficer && v.Role(req.Player).Money-o.Price < h.Reserve {
				t.Errorf("hired for %g with %g money, reserve %g", o.Price, v.Role(req.Player).Money, h.Reserve)
			}
		case mbg.AskTreasurer:
			for _, p := range req.Options {
				if p.Kind == mbg.OptOfficer && (o.Kind != mbg.OptOfficer || v.Effective(p.A, mbg.Jing) > v.Effective(o.A, mbg.Jing)) {
					t.Errorf("treasurer %s while %s is the better economist", o.ID(), p.ID())
				}
			}
		case mbg.AskGeneral:
			if o.Kind != mbg.OptOfficer {
				t.Errorf("no general out of %d options", len(req.Options))
			}
		case mbg.AskResearch:
			if o.Kind == mbg.OptResearch && v.Role(req.Player).Money-v.Config().Techs[o.B].Study < h.Reserve {
				t.Errorf("researched below the reserve")
			}
		case mbg.AskCardTarget:
			card := v.Config().Cards[req.Card]
			if o.Kind == mbg.OptRole && card.Side == mbg.SideOthers && o.A == req.Player {
				t.Errorf("card %s aimed at itself", card.ID)
			}
		}
	}
	wins := 0
	const games = 60
	for seed := range uint64(games) {
		seat := int(seed % 3)
		ds := make([]mbg.Decider, 3)
		for r := range ds {
			ds[r] = &checked{t: t, d: agent.NewRandom(seed*3 + uint64(r))}
		}
		h = agent.NewHeuristic()
		ds[seat] = &checked{t: t, d: h, check: check}
		g := newGame(t, cfg, seed)
		res, err := g.Run(ds)
		if err != nil {
			t.Fatal(err)
		}
		if res.Winner == seat {
			wins++
		}
	}
	// Against two random players, a sensible player should win far more than
	// its third.
	if wins < games/2 {
		t.Errorf("heuristic won %d of %d games against two random agents", wins, games)
	}
	for _, k := range []mbg.RequestKind{mbg.AskAction, mbg.AskCardTarget, mbg.AskOccupy, mbg.AskGarrison, mbg.AskTreasurer, mbg.AskHire, mbg.AskResearch, mbg.AskScale, mbg.AskGeneral} {
		if kinds[k] == 0 {
			t.Errorf("the heuristic was never asked %s (asked %v)", k, kinds)
		}
	}
	t.Logf("heuristic won %d of %d; requests %v", wins, games, kinds)
}

// TestHeuristicNeverRefused plays heuristic agents against each other: none
// of their answers is ever refused by the engine.
func TestHeuristicNeverRefused(t *testing.T) {
	t.Parallel()
	cfg := config()
	for seed := range uint64(30) {
		g := newGame(t, cfg, seed)
		if _, err := g.Run([]mbg.Decider{agent.NewHeuristic(), agent.NewHeuristic(), agent.NewHeuristic()}); err != nil {
			t.Fatal(err)
		}
		for _, d := range g.Decisions() {
			if d.Rejected > 0 {
				t.Fatalf("seed %d: %+v", seed, d)
			}
		}
	}
}
