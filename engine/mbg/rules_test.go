package mbg

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Rule tests. Expected values come from the seed (manual 000, its constant
// table and formulas) and rules/mbg.facts.md, worked out by hand; the
// comments show the arithmetic.

// fullConstants is the seed's constant table (facts §1) with the manual's
// mayor_heal_scale 1.5.
func fullConstants() Constants {
	return Constants{
		TrainRound: 6, TrainPlus: 3, StudyScale: 1, PHPBase: 1000, PHPScale: 20, PPriceScale: 30,
		PPoisonPropScale: 0.75, DefSmall: 500, DefMedium: 800, DefBig: 1200, DefPlusScale: 0.05,
		FengshuiRound: 5, MinEarn: 20, MaxStep: 6, FastScale: 2, SlowScale: 2, RobberSteal: 2000,
		MeetionSteal: 0.04, TaxScale: 6, OwnTaxScale: 3, HPPlusScale: 1.5, AllocateTurn: 8,
		BattleRoundMin: 40, BattleRoundStep: 30, BurnHurt: 20, CardStealMoney: 1500,
		CardHPRecoverScale: 0.1, MayorHealScale: 1.5,
	}
}

// Officers of the rule tests: hpmax = 1000 + 4 × sum, level by facts §11.
const (
	caoCao = iota // 72 91 99 94 91: sum 447, max 99; hpmax 2788, high
	xuChu         // 96 70 36 20 24: sum 246; hpmax 1984, low (avg 49.2)
	xunYu         // 14 56 97 98 92: sum 357; hpmax 2428, high
	miZhu         // 30 32 50 60 95: sum 267; hpmax 2068, mid (95 > 85, avg 53.4)
	liuBei        // 75 78 76 80 75: sum 384; hpmax 2536, mid (avg 76.8)
	guanYu        // 97 94 75 62 60: sum 388; hpmax 2552, high
)

// ruleConfig is a 10-square board: 0 empty, 1 city 0 (medium), 2 hall,
// 3 institute 0 (tech 0), 4 training room 0 (economy), 5 chance, 6 city 1
// (small), 7 empty, 8 city 2 (large), 9 empty. Role A (0) starts on 0 with
// 许褚 and 刘备; role B (1) starts on 7 with 关羽 and owns city 2, whose
// garrison 糜竺 is treasurer. 曹操 and 荀彧 are free. No techs, no cards.
func ruleConfig() *Config {
	off := func(name string, hpmax float64, level int, p ...float64) Officer {
		return Officer{Name: name, Props: [NumProps]float64(p), HPMax: hpmax, HP: hpmax, Level: level}
	}
	sq := func(class string, i int) Square { return Square{Class: class, Index: i} }
	return &Config{
		Version: ConfigVersion, Game: "mbg", Name: "rules", WinMoney: 30000, MaxTurn: 50,
		Constants: fullConstants(),
		Rules:     Rules{TollToOwner: true, MoneyVictory: VictoryRichest, StatusBlocksTechs: true},
		Robber:    Robber{Name: "robber", Props: [5]float64{60, 50, 10, 20, 30}, HPMax: 1800, HP: 1500, Scale: 1},
		Board: []Square{
			sq(SquareEmpty, 0), sq(SquareCity, 0), sq(SquareHall, 0), sq(SquareInstitute, 0), sq(SquareTraining, 0),
			sq(SquareChance, 0), sq(SquareCity, 1), sq(SquareEmpty, 0), sq(SquareCity, 2), sq(SquareEmpty, 0),
		},
		Officers: []Officer{
			off("曹操", 2788, 2, 72, 91, 99, 94, 91),
			off("许褚", 1984, 0, 96, 70, 36, 20, 24),
			off("荀彧", 2428, 2, 14, 56, 97, 98, 92),
			off("糜竺", 2068, 1, 30, 32, 50, 60, 95),
			off("刘备", 2536, 1, 75, 78, 76, 80, 75),
			off("关羽", 2552, 2, 97, 94, 75, 62, 60),
		},
		Cities: []City{
			{Name: "许昌", Scope: 1, DefMax: 800, Garrison: []int{}, Mayor: -1, Treasurer: -1},
			{Name: "新野", Scope: 0, DefMax: 500, Garrison: []int{}, Mayor: -1, Treasurer: -1},
			{Name: "建业", Scope: 2, DefMax: 1200, Garrison: []int{miZhu}, Mayor: -1, Treasurer: miZhu},
		},
		Institutes: []Institute{{Name: "水镜", Techs: []int{0}}},
		Trainings:  []Training{{Name: "商馆", Prop: Jing}},
		Roles: []Role{
			{Name: "A", Start: 0, Techs: []int{}, Retinue: []int{xuChu, liuBei}, Cities: []int{}, Money: 10000, Dir: 1},
			{Name: "B", Start: 7, Techs: []int{}, Retinue: []int{guanYu}, Cities: []int{2}, Money: 10000, Dir: 1},
		},
		Techs: []Tech{{ID: "弓箭", Hook: "arrows", Study: 350, Trigger: TriggerAny, Cooldown: 2}},
		Cards: []Card{},
	}
}

// noTechs is a tech runner for configs whose techs never fire in a test.
type noTechs struct{}

func (noTechs) Effect(int, *TechCall, TechHost) (float64, float64, error) { return 0, 0, nil }

// newRuleGame starts a game of cfg with seed 1 and deciders ds (nil: every
// role takes the defaults).
func newRuleGame(t *testing.T, cfg *Config, cards CardRunner, ds ...Decider) *Game {
	t.Helper()
	g, err := New(cfg, noTechs{}, cards, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ds == nil {
		ds = make([]Decider, len(cfg.Roles))
	}
	g.seats.Deciders = ds
	return g
}

// decideFunc is a Decider from a function.
type decideFunc func(v *View, req *Request) int

func (f decideFunc) Decide(v *View, req *Request) (int, error) { return f(v, req), nil }

// prefer answers every request with the first of ids that is offered, else
// the request's default.
func prefer(ids ...string) Decider {
	return decideFunc(func(_ *View, req *Request) int {
		for _, id := range ids {
			for i, o := range req.Options {
				if o.ID() == id {
					return i
				}
			}
		}
		return req.Default
	})
}

// kinds returns the kinds of the events logged since mark.
func kinds(g *Game, mark int) []EventKind {
	var ks []EventKind
	for _, e := range g.events.Since(mark) {
		ks = append(ks, e.Kind)
	}
	return ks
}

// last returns the last event of kind, failing the test if there is none.
func last(t *testing.T, g *Game, kind EventKind) Event {
	t.Helper()
	for i := g.events.Len() - 1; i >= 0; i-- {
		if g.events.All()[i].Kind == kind {
			return g.events.All()[i]
		}
	}
	t.Fatalf("no %s event", kind)
	return Event{}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9*math.Max(1, math.Abs(b)) }

func TestLoadRules(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	// City 0 is unowned but lists 曹操 as garrison and mayor: he is freed
	// and the post emptied (facts §3). Role C never plays (start -1) but
	// keeps 荀彧, who is therefore not in the free pool.
	cfg.Cities[0].Garrison, cfg.Cities[0].Mayor = []int{caoCao}, caoCao
	cfg.Roles = append(cfg.Roles, Role{Name: "C", Start: -1, Techs: []int{0, 0}, Retinue: []int{xunYu}, Cities: []int{}, Money: 5000, Dir: -1})
	g := newRuleGame(t, cfg, nil)
	st := &g.st
	if o := st.Officers[caoCao]; o.Role != -1 || o.Job != JobNone || o.Loc != -1 || st.Cities[0].Mayor != -1 || len(st.Cities[0].Garrison) != 0 {
		t.Errorf("garrison of an unowned city: 曹操 %+v, city %+v", o, st.Cities[0])
	}
	if o := st.Officers[miZhu]; o.Role != 1 || o.Job != JobTreasurer || o.Loc != 2 || st.Cities[2].Treasurer != miZhu || st.Cities[2].Owner != 1 {
		t.Errorf("garrison of an owned city: 糜竺 %+v, city %+v", o, st.Cities[2])
	}
	if diff := cmp.Diff([3][]int{nil, nil, {caoCao}}, st.Free); diff != "" {
		t.Errorf("free pools (-want +got):\n%s", diff)
	}
	if st.Officers[xunYu].Role != 2 || st.Roles[2].alive() || !slices.Equal(st.Roles[2].Techs, []int{0}) {
		t.Errorf("role that never plays: 荀彧 %+v, role %+v", st.Officers[xunYu], st.Roles[2])
	}
	if !slices.Equal(st.Roles[0].Retinue, []int{xuChu, liuBei}) || !slices.Equal(st.Roles[1].Cities, []int{2}) || st.Turn != 1 || st.Next != 0 {
		t.Errorf("roles %+v, turn %d, next %d", st.Roles[:2], st.Turn, st.Next)
	}
	if err := g.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

func TestConfigErrors(t *testing.T) {
	t.Parallel()
	cases := map[string]func(c *Config){
		"version":            func(c *Config) { c.Version = 2 },
		"game":               func(c *Config) { c.Game = "ftbt" },
		"max turn":           func(c *Config) { c.MaxTurn = 0 },
		"win money NaN":      func(c *Config) { c.WinMoney = math.NaN() },
		"max step":           func(c *Config) { c.Constants.MaxStep = 0 },
		"slow die empty":     func(c *Config) { c.Constants.MaxStep, c.Constants.SlowScale = 1, 2 },
		"poison scale":       func(c *Config) { c.Constants.PPoisonPropScale = 2 },
		"money victory":      func(c *Config) { c.Rules.MoneyVictory = "most" },
		"square class":       func(c *Config) { c.Board[0].Class = "lake" },
		"square index":       func(c *Config) { c.Board[1].Index = 9 },
		"officer hp":         func(c *Config) { c.Officers[0].HP = c.Officers[0].HPMax + 1 },
		"officer level":      func(c *Config) { c.Officers[0].Level = 3 },
		"garrison index":     func(c *Config) { c.Cities[0].Garrison = []int{99} },
		"mayor not garrison": func(c *Config) { c.Cities[2].Mayor = caoCao },
		"mayor = treasurer":  func(c *Config) { c.Cities[2].Mayor = miZhu },
		"officer twice":      func(c *Config) { c.Roles[0].Retinue = []int{xuChu, miZhu} },
		"city owned twice":   func(c *Config) { c.Roles[0].Cities = []int{2} },
		"city index":         func(c *Config) { c.Roles[0].Cities = []int{-1} },
		"start square":       func(c *Config) { c.Roles[0].Start = 10 },
		"direction":          func(c *Config) { c.Roles[0].Dir = 2 },
		"role tech":          func(c *Config) { c.Roles[0].Techs = []int{1} },
		"institute tech":     func(c *Config) { c.Institutes[0].Techs = []int{0, 0} },
		"training prop":      func(c *Config) { c.Trainings[0].Prop = 5 },
		"no roles":           func(c *Config) { c.Roles = nil },
		"no board":           func(c *Config) { c.Board = nil },
		"tech trigger":       func(c *Config) { c.Techs[0].Trigger = "never" },
		"card target":        func(c *Config) { c.Cards = []Card{{ID: "x", Target: "city", Side: SideAny}} },
		"card side":          func(c *Config) { c.Cards = []Card{{ID: "x", Target: TargetRole, Side: "mine"}} },
		"card param": func(c *Config) {
			c.Cards = []Card{{ID: "x", Target: TargetRole, Side: SideAny, Params: map[string]float64{"t": math.Inf(1)}}}
		},
		"self for others": func(c *Config) { c.Cards = []Card{{ID: "x", Target: TargetSelf, Side: SideOthers}} },
	}
	for name, edit := range cases {
		cfg := ruleConfig()
		edit(cfg)
		if _, err := New(cfg, noTechs{}, stubCards{}, 1); err == nil {
			t.Errorf("%s: New accepted the config", name)
		}
	}
	if _, err := New(nil, nil, nil, 1); err == nil {
		t.Error("New accepted a nil config")
	}
	cfg := ruleConfig()
	cfg.Cards = []Card{{ID: "x", Target: TargetRole, Side: SideAny}}
	if _, err := New(cfg, noTechs{}, nil, 1); err == nil {
		t.Error("New accepted cards without a card runner")
	}
}

func TestHirePrice(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, ruleConfig(), nil)
	// 曹操: sum 447, max 99 → 30 × (44.7 + 49.5) = 2826, × [0.9, 1.1).
	if got := g.Price(caoCao, 0); !near(got, 2826*0.9) {
		t.Errorf("price at u=0: %g, want %g", got, 2826*0.9)
	}
	if got := g.Price(caoCao, 0.5); !near(got, 2826) {
		t.Errorf("price at u=0.5: %g, want 2826", got)
	}
	// Poison does not change the price (raw properties).
	g.st.Officers[caoCao].Poison = 3
	if got := g.Price(caoCao, 0.5); !near(got, 2826) {
		t.Errorf("poisoned price: %g, want 2826", got)
	}
	for seed := range uint64(200) {
		g.rng = NewRNG(seed)
		mark := g.events.Len()
		if err := g.visitHall(0); err != nil {
			t.Fatal(err)
		}
		for _, e := range g.events.Since(mark) {
			if e.Kind == EvOffered && e.Officer == caoCao && (e.Amount < 2826*0.9 || e.Amount >= 2826*1.1) {
				t.Fatalf("offered 曹操 for %g, outside [2543.4, 3108.6)", e.Amount)
			}
		}
	}
}

func TestHallOffersOnePerLevel(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.Roles[0].Retinue = []int{xuChu} // 刘备 (mid) is free too now
	g := newRuleGame(t, cfg, nil)
	mark := g.events.Len()
	if err := g.visitHall(0); err != nil {
		t.Fatal(err)
	}
	// Free: low none, mid 刘备, high 曹操 and 荀彧: two candidates.
	var levels []int
	for _, e := range g.events.Since(mark) {
		if e.Kind == EvOffered {
			levels = append(levels, g.st.Officers[e.Officer].Level)
		}
	}
	if !slices.Equal(levels, []int{1, 2}) {
		t.Errorf("offered levels %v, want [1 2]", levels)
	}
}

func TestHireNeedsMoreThanPrice(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	g := newRuleGame(t, cfg, nil, prefer("officer/0", "officer/2"), nil)
	saved := *g.rng
	// Look at the offer without money, then replay the same draws.
	g.st.Roles[0].Money = 0
	if err := g.visitHall(0); err != nil {
		t.Fatal(err)
	}
	offer := last(t, g, EvOffered)
	for _, tc := range []struct {
		money float64
		hired bool
	}{{offer.Amount, false}, {math.Nextafter(offer.Amount, math.Inf(1)), true}} {
		*g.rng = saved
		g.st.Roles[0].Money = tc.money
		mark := g.events.Len()
		if err := g.visitHall(0); err != nil {
			t.Fatal(err)
		}
		hired := slices.Contains(kinds(g, mark), EvHired)
		if hired != tc.hired {
			t.Fatalf("money %v, price %v: hired %v, want %v", tc.money, offer.Amount, hired, tc.hired)
		}
		if hired {
			o := offer.Officer
			if g.st.Officers[o].Role != 0 || !slices.Contains(g.st.Roles[0].Retinue, o) || slices.Contains(g.st.Free[g.st.Officers[o].Level], o) {
				t.Errorf("hired officer %d: %+v", o, g.st.Officers[o])
			}
			if !near(g.st.Roles[0].Money, tc.money-offer.Amount) {
				t.Errorf("money after hiring %g, want %g", g.st.Roles[0].Money, tc.money-offer.Amount)
			}
		}
	}
}

func TestEffectiveProps(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, ruleConfig(), nil)
	raw := g.st.Officers[liuBei].Props
	g.st.Officers[liuBei].Poison = 2
	for p := range NumProps {
		if got, want := g.effective(liuBei, p), raw[p]*0.75; !near(got, want) {
			t.Errorf("poisoned %s: %g, want %g", PropNames[p], got, want)
		}
	}
	// A poisoned main general fights with 0.75 of his tactics, martial and
	// strategy; his vice's are read through the same filter.
	s := g.side(0, liuBei, xuChu, 0)
	want := BattleSide{Winp: 78 * 0.75, Power: 96, Celve: 76 * 0.75, HP: 2536, Techs: []int{}}
	if diff := cmp.Diff(want, s); diff != "" {
		t.Errorf("battle side (-want +got):\n%s", diff)
	}
	g.st.Officers[liuBei].Poison = 0
	if got := g.effective(liuBei, Wu); got != 75 {
		t.Errorf("healthy Wu %g, want 75", got)
	}
}

func TestCityIncome(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, ruleConfig(), nil)
	cs := &g.st.Cities[2] // large: × (1.5 + 0.5·2) = × 2.5
	for _, tc := range []struct {
		name      string
		treasurer int
		rumour    int
		poison    int
		jing      float64
		fengshui  float64
		want      float64
	}{
		{"treasurer Jing 95", miZhu, 0, 0, 95, 0, 95 * 2.5},
		{"with fengshui 0.3", miZhu, 0, 0, 95, 0.3, 95 * 2.8},
		{"poisoned treasurer", miZhu, 0, 3, 95, 0, 95 * 0.75 * 2.5},
		{"rumoured treasurer counts as min_earn", miZhu, 2, 0, 95, 0, 20 * 2.5},
		{"poor treasurer counts as min_earn", miZhu, 0, 0, 12, 0, 20 * 2.5},
		{"no treasurer", -1, 0, 0, 95, 0, 20 * 2.5},
	} {
		of := &g.st.Officers[miZhu]
		of.Rumour, of.Poison, of.Props[Jing] = tc.rumour, tc.poison, tc.jing
		cs.Treasurer, cs.Fengshui = tc.treasurer, tc.fengshui
		if got := g.earn(2); !near(got, tc.want) {
			t.Errorf("%s: earn %g, want %g", tc.name, got, tc.want)
		}
	}
	// The settlement pays it to the owner: a medium city without treasurer
	// earns 20 × 2 = 40.
	g2 := newRuleGame(t, ruleConfig(), nil)
	g2.own(0, 0)
	g2.garrison(xuChu, 0)
	before := g2.st.Roles[0].Money
	g2.settleCities()
	if got := g2.st.Roles[0].Money - before; !near(got, 40) {
		t.Errorf("settlement income %g, want 40", got)
	}
}

func TestOwnCityBonus(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, ruleConfig(), nil)
	before := g.st.Roles[1].Money
	if err := g.visitCity(1, 2); err != nil {
		t.Fatal(err)
	}
	// 3 × earn, earn = 95 × 2.5 = 237.5.
	if got := g.st.Roles[1].Money - before; !near(got, 3*237.5) {
		t.Errorf("own city bonus %g, want %g", got, 3*237.5)
	}
}

func TestToll(t *testing.T) {
	t.Parallel()
	for _, toOwner := range []bool{true, false} {
		cfg := ruleConfig()
		cfg.Rules.TollToOwner = toOwner
		g := newRuleGame(t, cfg, nil) // A declines battle (default)
		if err := g.visitCity(0, 2); err != nil {
			t.Fatal(err)
		}
		toll := 6 * 237.5 // 6 × earn of city 2
		if got := g.st.Roles[0].Money; !near(got, 10000-toll) {
			t.Errorf("toll_to_owner %v: visitor has %g, want %g", toOwner, got, 10000-toll)
		}
		wantOwner := 10000.0
		if toOwner {
			wantOwner += toll
		}
		if got := g.st.Roles[1].Money; !near(got, wantOwner) {
			t.Errorf("toll_to_owner %v: owner has %g, want %g", toOwner, got, wantOwner)
		}
		// A visitor who cannot pay pays what he has.
		g.st.Roles[0].Money = 100
		if err := g.visitCity(0, 2); err != nil {
			t.Fatal(err)
		}
		if e := last(t, g, EvToll); g.st.Roles[0].Money != 0 || e.Amount != 100 {
			t.Errorf("poor visitor: money %g, toll %g", g.st.Roles[0].Money, e.Amount)
		}
	}
}

func TestOccupy(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	a := prefer("yes", "officer/4", "done")
	g := newRuleGame(t, cfg, nil, a, nil)
	if err := g.visitCity(0, 1); err != nil {
		t.Fatal(err)
	}
	// 刘备 garrisons alone, becomes mayor (the first option after none),
	// and the treasurer request offers him again: appointing the mayor as
	// treasurer empties the mayor post, as in the original.
	cs := g.st.Cities[1]
	if cs.Owner != 0 || !slices.Equal(cs.Garrison, []int{liuBei}) || cs.Mayor != -1 || cs.Treasurer != liuBei {
		t.Errorf("city after occupation: %+v", cs)
	}
	if g.st.Officers[liuBei].Job != JobTreasurer || slices.Contains(g.st.Roles[0].Retinue, liuBei) {
		t.Errorf("刘备 %+v", g.st.Officers[liuBei])
	}
	// Sending nobody leaves the city unowned.
	g = newRuleGame(t, cfg, nil, prefer("yes", "done"), nil)
	if err := g.visitCity(0, 0); err != nil {
		t.Fatal(err)
	}
	if g.st.Cities[0].Owner != -1 || last(t, g, EvOccupyFailed).Place != 0 {
		t.Errorf("empty occupation: city %+v", g.st.Cities[0])
	}
}

func TestSiegeCapture(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	// B's city 2 has no one to defend it: 糜竺 is under a rumour, so the
	// defence forfeits and A captures the city without being asked to
	// occupy; 糜竺 goes back to B's retinue.
	a := prefer("scale/0", "officer/1", "none")
	g := newRuleGame(t, cfg, nil, a, nil)
	g.st.Officers[miZhu].Rumour = 2
	g.st.Cities[2].Def = 700
	if err := g.visitCity(0, 2); err != nil {
		t.Fatal(err)
	}
	if cs := g.st.Cities[2]; cs.Owner != 0 || !slices.Equal(cs.Garrison, []int{xuChu}) || cs.Def != 700 {
		t.Errorf("captured city %+v", cs)
	}
	if of := g.st.Officers[miZhu]; of.Role != 1 || of.Job != JobNone || !slices.Contains(g.st.Roles[1].Retinue, miZhu) {
		t.Errorf("former garrison %+v", of)
	}
	if b := g.battles[last(t, g, EvBattle).Index]; !b.Forfeit || b.Outcome != AttackerWon {
		t.Errorf("battle %+v", b)
	}
	if !slices.Contains(kinds(g, 0), EvCityLost) || slices.Contains(kinds(g, 0), EvOccupyFailed) {
		t.Errorf("events %v", kinds(g, 0))
	}
}

func TestSiegeWriteBack(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.Constants.BattleRoundMin = 1 // one round: the attacker hits the wall
	a := prefer("scale/0", "officer/1", "none")
	b := prefer("officer/3", "none")
	g := newRuleGame(t, cfg, nil, a, b)
	if err := g.visitCity(0, 2); err != nil {
		t.Fatal(err)
	}
	bt := g.battles[last(t, g, EvBattle).Index]
	if bt.Outcome != BattleDrawn || bt.Rounds != 1 {
		t.Fatalf("one-round battle: %+v", bt)
	}
	// 许褚 (Wu 96) attacks 糜竺 (Wu 30) behind 1200 of wall: the round's hit
	// goes to the wall (1200 − 96 = 1104) if A wins it, else to 许褚
	// (1984 − 30); the write-back keeps both.
	cs := g.st.Cities[2]
	if cs.Def != bt.DefAfter || g.st.Officers[xuChu].HP != bt.HPAfter[0] || g.st.Officers[miZhu].HP != bt.HPAfter[1] {
		t.Errorf("write-back: def %g hp %g/%g, battle %+v", cs.Def, g.st.Officers[xuChu].HP, g.st.Officers[miZhu].HP, bt)
	}
	if !(cs.Def == 1104 && g.st.Officers[xuChu].HP == 1984) && !(cs.Def == 1200 && g.st.Officers[xuChu].HP == 1954) {
		t.Errorf("after one round: def %g, 许褚 hp %g", cs.Def, g.st.Officers[xuChu].HP)
	}
}

func TestMeeting(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	// B has nobody able to fight: A wins the meeting and takes 4 % of B's money.
	a := prefer("scale/0", "officer/1", "none")
	g := newRuleGame(t, cfg, nil, a, nil)
	g.st.Officers[guanYu].Rumour = 1
	g.st.Roles[0].Loc, g.st.Roles[1].Loc = 7, 7
	if err := g.meetings(0, 7); err != nil {
		t.Fatal(err)
	}
	if !near(g.st.Roles[0].Money, 10400) || !near(g.st.Roles[1].Money, 9600) {
		t.Errorf("after the meeting: %g, %g; want 10400, 9600", g.st.Roles[0].Money, g.st.Roles[1].Money)
	}
	// Allies never fight; a public enemy is fought even when declined.
	g = newRuleGame(t, cfg, nil, prefer("none"), nil)
	g.st.Roles[0].Ally, g.st.Roles[1].Ally = 1, 0
	if err := g.meetings(0, g.st.Roles[1].Loc); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(kinds(g, 0), EvBattle) || !slices.Contains(kinds(g, 0), EvAllySpare) {
		t.Errorf("allies: %v", kinds(g, 0))
	}
	g.st.Roles[0].Ally, g.st.Roles[1].Ally = NoAlly, PublicEnemy
	mark := g.events.Len()
	if err := g.meetings(0, g.st.Roles[1].Loc); err != nil {
		t.Fatal(err)
	}
	if ks := kinds(g, mark); !slices.Contains(ks, EvForced) || last(t, g, EvBattle).N != 0 {
		t.Errorf("public enemy: %v", ks)
	}
}

func TestRobber(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	// A declines to name a general: the robber battle is lost and costs
	// min(2000, money); the robber is gone afterwards.
	g := newRuleGame(t, cfg, nil, prefer("none"), nil)
	g.st.Squares[9].Robber = true
	g.st.Roles[0].Loc = 9
	g.st.Roles[0].Money = 1500
	if err := g.land(0); err != nil {
		t.Fatal(err)
	}
	if g.st.Roles[0].Money != 0 || g.st.Squares[9].Robber || last(t, g, EvRobbed).Amount != 1500 {
		t.Errorf("money %g, robber %v", g.st.Roles[0].Money, g.st.Squares[9].Robber)
	}
	// A robber fight uses the Robber config at its scale: 70 rounds.
	g = newRuleGame(t, cfg, nil, prefer("officer/1", "none"), nil)
	g.st.Squares[9].Robber = true
	g.st.Roles[0].Loc = 9
	if err := g.land(0); err != nil {
		t.Fatal(err)
	}
	if b := g.battles[last(t, g, EvBattle).Index]; b.Kind != BattleRobber || b.Scale != 1 || b.HPBefore[1] != 1500 || b.Defender != -1 {
		t.Errorf("robber battle %+v", b)
	}
}

func TestMovement(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	g := newRuleGame(t, cfg, nil)
	// A barrier 2 squares ahead stops the role there and is removed.
	for seed := range uint64(50) {
		g.rng = NewRNG(seed)
		g.st.Roles[0].Loc, g.st.Roles[0].Dir = 8, 1
		g.st.Squares[0].Barrier = true // 8 → 9 → 0
		mark := g.events.Len()
		if err := g.move(0); err != nil {
			t.Fatal(err)
		}
		mv := g.events.All()[mark]
		if mv.Kind == EvBlocked {
			if g.st.Roles[0].Loc != 0 || g.st.Squares[0].Barrier {
				t.Fatalf("blocked at %d, barrier %v", g.st.Roles[0].Loc, g.st.Squares[0].Barrier)
			}
		} else if mv.N != 1 {
			t.Fatalf("die %d passed the barrier: %v", mv.N, kinds(g, mark))
		}
	}
	// Dice: normal 1..6, slow 1..3, fast 1..12, backwards too.
	for _, tc := range []struct {
		state string
		max   int
	}{{MoveNormal, 6}, {MoveSlow, 3}, {MoveFast, 12}} {
		seen := map[int]bool{}
		for seed := range uint64(400) {
			g.rng = NewRNG(seed)
			g.st.Roles[0].Loc, g.st.Roles[0].Dir = 5, -1
			g.st.Roles[0].Move, g.st.Roles[0].MoveLeft, g.st.Roles[0].MoveTurn = tc.state, 100, 0
			if tc.state == MoveNormal {
				g.st.Roles[0].MoveLeft = 0
			}
			if err := g.move(0); err != nil {
				t.Fatal(err)
			}
			e := last(t, g, EvMoved)
			seen[e.N] = true
			if want := ((5-e.N)%10 + 10) % 10; e.Place != want {
				t.Fatalf("%s: moved %d back from 5 to %d, want %d", tc.state, e.N, e.Place, want)
			}
		}
		for n := 1; n <= tc.max; n++ {
			if !seen[n] {
				t.Errorf("%s die never showed %d", tc.state, n)
			}
		}
		if len(seen) != tc.max {
			t.Errorf("%s die showed %v", tc.state, seen)
		}
	}
}

func TestBankruptcy(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.Roles = append(cfg.Roles, Role{Name: "C", Start: 2, Techs: []int{}, Retinue: []int{caoCao}, Cities: []int{}, Money: 100, Dir: 1})
	g := newRuleGame(t, cfg, nil)
	// B goes bankrupt: its city is unowned, 关羽 and 糜竺 are free, its
	// alliance with C is dissolved on both sides.
	g.st.Roles[1].Money = 0
	g.st.Roles[1].Ally, g.st.Roles[2].Ally = 2, 1
	g.st.Roles[1].AllyLeft, g.st.Roles[2].AllyLeft = 5, 5
	if g.settleRoles() {
		t.Fatal("game over with two roles left")
	}
	rs := g.st.Roles[1]
	if rs.alive() || !rs.Bankrupt || len(rs.Cities) != 0 || len(rs.Retinue) != 0 || g.st.Cities[2].Owner != -1 {
		t.Errorf("bankrupt role %+v, city %+v", rs, g.st.Cities[2])
	}
	for _, o := range []int{guanYu, miZhu} {
		of := g.st.Officers[o]
		if of.Role != -1 || of.Job != JobNone || !slices.Contains(g.st.Free[of.Level], o) {
			t.Errorf("officer %d after bankruptcy: %+v", o, of)
		}
	}
	if g.st.Roles[2].Ally != NoAlly {
		t.Errorf("C still allied: %+v", g.st.Roles[2])
	}
	// Next settlement: A is the last role if C goes too.
	g.st.Roles[2].Money = 0
	if !g.settleRoles() {
		t.Fatal("game not over")
	}
	if res := g.st.Result; res.Winner != 0 || res.Reason != ReasonLastAlive || !slices.Equal(res.Bankrupt, []bool{false, true, true}) {
		t.Errorf("result %+v", res)
	}
}

func TestDraw(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.Roles[0].Money, cfg.Roles[1].Money = 0, 0
	cfg.Roles[1].Cities, cfg.Cities[2].Garrison, cfg.Cities[2].Treasurer = []int{}, []int{}, -1
	g := newRuleGame(t, cfg, nil)
	res, err := g.Run(make([]Decider, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Winner != -1 || res.Reason != ReasonDraw || res.Turns != 1 {
		t.Errorf("result %+v", res)
	}
}

func TestMoneyVictory(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode   string
		money  []float64
		winner int
	}{
		// Both reach the target; the richest (B) wins in the manual's mode,
		// the first in index order (A) in the original's.
		{VictoryRichest, []float64{30010, 30100, 500}, 1},
		{VictoryFirst, []float64{30010, 30100, 500}, 0},
		// Only A reaches it but C is richer? Impossible: the richest is then
		// at the target too; C reaches it alone and is not first in order.
		{VictoryFirst, []float64{100, 200, 30000}, 2},
		{VictoryRichest, []float64{30000, 29999, 30000}, 0}, // tie → lowest index
	} {
		cfg := ruleConfig()
		cfg.Rules.MoneyVictory = tc.mode
		cfg.Roles = append(cfg.Roles, Role{Name: "C", Start: 2, Techs: []int{}, Retinue: []int{}, Cities: []int{}, Money: 1, Dir: 1})
		g := newRuleGame(t, cfg, nil)
		for r, m := range tc.money {
			g.st.Roles[r].Money = m
		}
		if !g.settleRoles() {
			t.Fatalf("%s %v: no winner", tc.mode, tc.money)
		}
		if res := g.st.Result; res.Winner != tc.winner || res.Reason != ReasonMoney {
			t.Errorf("%s %v: result %+v, want winner %d", tc.mode, tc.money, res, tc.winner)
		}
	}
}

func TestTurnLimit(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.MaxTurn = 3
	g := newRuleGame(t, cfg, nil)
	res, err := g.Run([]Decider{prefer("move"), prefer("move")})
	if err != nil {
		t.Fatal(err)
	}
	// B owns a city and earns every turn; A owns none: B is richer.
	if res.Reason != ReasonTurnLimit || res.Turns != 3 || res.Winner != slices.Index(res.Money, slices.Max(res.Money)) {
		t.Errorf("result %+v", res)
	}
	turnEnds := 0
	for _, e := range g.events.All() {
		if e.Kind == EvTurnEnd {
			turnEnds++
		}
	}
	if turnEnds != 3 {
		t.Errorf("%d turns settled, want 3", turnEnds)
	}
}

func TestTurnLimitTies(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.MaxTurn = 1
	cfg.Roles[1].Cities, cfg.Cities[2].Garrison, cfg.Cities[2].Treasurer = []int{}, []int{}, -1
	// C never plays: however rich, it does not win (the original compared
	// every role; a role that never played is out of the game here).
	cfg.Roles = append(cfg.Roles, Role{Name: "C", Start: -1, Techs: []int{}, Retinue: []int{}, Cities: []int{}, Money: 99999, Dir: 1})
	g := newRuleGame(t, cfg, nil)
	g.st.Next = 3
	if err := g.endTurn(); err != nil {
		t.Fatal(err)
	}
	// A and B tie at 10000: the lower index wins.
	if res := g.st.Result; res.Winner != 0 || res.Reason != ReasonTurnLimit || res.Turns != 1 {
		t.Errorf("result %+v, want A by the turn limit after 1 turn", res)
	}
}

func TestResearch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		poison   int
		payments []float64
	}{
		// 刘备's strategy 76: ceil(350 / 76) = 5 turns, paying 76 × 4 + 46.
		{0, []float64{76, 76, 76, 76, 46}},
		// Poisoned: 57 a turn, ceil(350 / 57) = 7 turns (57 × 6 + 8).
		{99, []float64{57, 57, 57, 57, 57, 57, 8}},
	} {
		cfg := ruleConfig()
		g := newRuleGame(t, cfg, nil, prefer("research/4/0"), nil)
		g.st.Officers[liuBei].Poison = tc.poison
		if err := g.visitInstitute(0, 0); err != nil {
			t.Fatal(err)
		}
		if of := g.st.Officers[liuBei]; of.Job != JobResearcher || g.st.Institutes[0].Points[0] != 350 {
			t.Fatalf("researcher %+v, points %g", of, g.st.Institutes[0].Points[0])
		}
		var paid []float64
		for turn := 1; len(g.st.Roles[0].Techs) == 0; turn++ {
			if turn > 20 {
				t.Fatal("research never ends")
			}
			before := g.st.Roles[0].Money
			g.settleInstitutes()
			paid = append(paid, before-g.st.Roles[0].Money)
		}
		if diff := cmp.Diff(tc.payments, paid, cmp.Comparer(near)); diff != "" {
			t.Errorf("poison %d: payments (-want +got):\n%s", tc.poison, diff)
		}
		if of := g.st.Officers[liuBei]; of.Job != JobNone || !slices.Contains(g.st.Roles[0].Retinue, liuBei) || !slices.Equal(g.st.Roles[0].Techs, []int{0}) {
			t.Errorf("after research: %+v, techs %v", of, g.st.Roles[0].Techs)
		}
	}
	// A researcher under a rumour neither studies nor costs.
	g := newRuleGame(t, ruleConfig(), nil, prefer("research/4/0"), nil)
	if err := g.visitInstitute(0, 0); err != nil {
		t.Fatal(err)
	}
	g.st.Officers[liuBei].Rumour = 1
	g.settleInstitutes()
	if g.st.Institutes[0].Points[0] != 350 || g.st.Roles[0].Money != 10000 {
		t.Errorf("rumoured research: points %g, money %g", g.st.Institutes[0].Points[0], g.st.Roles[0].Money)
	}
}

func TestTraining(t *testing.T) {
	t.Parallel()
	gains := map[int]int{}
	for seed := range uint64(60) {
		g := newRuleGame(t, ruleConfig(), nil, prefer("officer/4"), nil)
		g.rng = NewRNG(seed)
		jing := 75.0
		if seed%2 == 1 {
			jing = 99 // capped at 100
		}
		g.st.Officers[liuBei].Props[Jing] = jing
		if err := g.visitTraining(0, 0); err != nil {
			t.Fatal(err)
		}
		for turn := 1; turn <= 6; turn++ {
			if g.st.Officers[liuBei].Job != JobTrainee {
				t.Fatalf("training ended after %d settlements, want 6", turn-1)
			}
			g.settleTrainings()
		}
		of := g.st.Officers[liuBei]
		if of.Job != JobNone || !slices.Contains(g.st.Roles[0].Retinue, liuBei) || of.HPMax != 2536 {
			t.Fatalf("after training: %+v", of)
		}
		gain := int(of.Props[Jing] - jing)
		if jing == 99 {
			if of.Props[Jing] != 100 {
				t.Fatalf("99 + gain = %g, want the cap 100", of.Props[Jing])
			}
			continue
		}
		gains[gain]++
	}
	if len(gains) != 3 || gains[1] == 0 || gains[2] == 0 || gains[3] == 0 {
		t.Errorf("gains %v, want 1, 2 and 3", gains)
	}
}

func TestMayorHeal(t *testing.T) {
	t.Parallel()
	for _, scale := range []float64{1.5, 1} {
		cfg := ruleConfig()
		cfg.Constants.MayorHealScale = scale
		g := newRuleGame(t, cfg, nil)
		g.garrison(guanYu, 2)
		g.appoint(guanYu, 2, JobMayor)
		g.st.Officers[miZhu].HP = 1000
		g.st.Officers[guanYu].HP = 2550
		g.settleCities()
		// 关羽's politics 62 × scale; capped at his own hpmax 2552.
		if got, want := g.st.Officers[miZhu].HP, 1000+62*scale; !near(got, want) {
			t.Errorf("scale %g: garrison hp %g, want %g", scale, got, want)
		}
		if g.st.Officers[guanYu].HP != 2552 {
			t.Errorf("mayor hp %g, want the cap 2552", g.st.Officers[guanYu].HP)
		}
	}
}

func TestCityDefenceRegen(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, ruleConfig(), nil)
	g.st.Cities[2].Def = 100
	g.st.Cities[1].Def = 490
	g.settleCities()
	// 5 % of the max: 1200 → +60; 500 → +25 but capped at 500.
	if g.st.Cities[2].Def != 160 || g.st.Cities[1].Def != 500 {
		t.Errorf("defences %g, %g; want 160, 500", g.st.Cities[2].Def, g.st.Cities[1].Def)
	}
}

func TestFengshui(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, ruleConfig(), nil)
	for turn := 1; turn <= 10; turn++ {
		g.st.Turn = turn
		g.settleCities()
		for c := range g.st.Cities {
			f := g.st.Cities[c].Fengshui
			if turn < 5 && f != 0 || f < 0 || f >= 0.5 {
				t.Fatalf("turn %d: fengshui %g", turn, f)
			}
		}
	}
	if g.st.Cities[0].Fengshui == 0 {
		t.Error("fengshui never re-rolled")
	}
}

// TestSettlementOrder builds a turn where the order of the settlement steps
// shows in the results (facts §10).
func TestSettlementOrder(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	g := newRuleGame(t, cfg, nil, prefer("research/1/0"), nil)
	// A: no money, 许褚 researching (36 points, clamped to 0 money), owns
	// city 1 (income 20 × 1.5 = 30). Research before cities: A pays 0
	// then earns 30 and stays. (Cities first would earn 30 and pay it all,
	// leaving 0: bankrupt.)
	if err := g.visitInstitute(0, 0); err != nil {
		t.Fatal(err)
	}
	g.own(1, 0)
	g.garrison(liuBei, 1)
	g.st.Roles[0].Money = 0
	// B: 糜竺 (treasurer) under a rumour for one more settlement: cities
	// before officers, so city 2 still pays min_earn (20 × 2.5 = 50), and
	// the rumour is over afterwards. 关羽 trains with one turn left and a
	// one-turn rumour: training before officers, so he does not finish.
	g.st.Officers[miZhu].Rumour = 1
	g.leavePost(guanYu)
	g.st.Officers[guanYu].Job, g.st.Officers[guanYu].Loc = JobTrainee, 0
	g.st.Trainings[0].Trainee[1], g.st.Trainings[0].Left[1] = guanYu, 1
	g.st.Officers[guanYu].Rumour = 1
	// B also reaches the target exactly through this income: cities before
	// roles.
	g.st.Roles[1].Money = cfg.WinMoney - 50
	g.st.Next = 2
	mark := g.events.Len()
	if err := g.endTurn(); err != nil {
		t.Fatal(err)
	}
	if got := g.st.Roles[0].Money; got != 30 || !g.st.Roles[0].alive() {
		t.Errorf("A: money %g, alive %v; want 30, alive", got, g.st.Roles[0].alive())
	}
	if g.st.Officers[miZhu].Rumour != 0 || g.st.Officers[guanYu].Job != JobTrainee || g.st.Trainings[0].Left[1] != 1 {
		t.Errorf("rumours: 糜竺 %+v, 关羽 %+v", g.st.Officers[miZhu], g.st.Officers[guanYu])
	}
	if res := g.st.Result; !g.st.Over || res.Winner != 1 || res.Reason != ReasonMoney {
		t.Errorf("result %+v", res)
	}
	// And the log shows the steps in order.
	rank := map[EventKind]int{EvResearched: 1, EvStalled: 2, EvIncome: 3, EvRumour: 4, EvGameOver: 5}
	prev := 0
	for _, e := range g.events.Since(mark) {
		r := rank[e.Kind]
		if e.Kind == EvStalled && e.Note != NoteTraining {
			r = 3 // a rumoured treasurer stalls in the city step
		}
		if r == 0 {
			continue
		}
		if r < prev {
			t.Errorf("%s after a later step: %v", e.Kind, kinds(g, mark))
		}
		prev = r
	}
}

func TestAllocation(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	cfg.MaxTurn = 8
	// At the end of turn 8, B withdraws 糜竺 from city 2: the city is left
	// empty and unowned. Then it is done (no more options).
	b := prefer("withdraw/3/2")
	g := newRuleGame(t, cfg, nil)
	g.seats.Deciders = []Decider{nil, b}
	g.st.Turn, g.st.Next = 8, 2
	if err := g.endTurn(); err != nil {
		t.Fatal(err)
	}
	if g.st.Cities[2].Owner != -1 || g.st.Officers[miZhu].Job != JobNone || !slices.Contains(g.st.Roles[1].Retinue, miZhu) {
		t.Errorf("after allocation: city %+v, 糜竺 %+v", g.st.Cities[2], g.st.Officers[miZhu])
	}
	ks := kinds(g, 0)
	if i, j := slices.Index(ks, EvWithdrawn), slices.Index(ks, EvCityAbandoned); i < 0 || j < i {
		t.Errorf("events %v", ks)
	}
}

func TestAllocationBounded(t *testing.T) {
	t.Parallel()
	cfg := ruleConfig()
	asked := 0
	// A decider that never says done: it moves 关羽 in and out forever.
	b := decideFunc(func(_ *View, req *Request) int {
		asked++
		for i, o := range req.Options {
			if o.Kind == OptGarrison || o.Kind == OptWithdraw {
				return i
			}
		}
		return req.Default
	})
	g := newRuleGame(t, cfg, nil, nil, b)
	g.st.Turn, g.st.Next = 8, 2
	if err := g.endTurn(); err != nil {
		t.Fatal(err)
	}
	// B has 2 officers and 1 city: 2 + 2 + 2 = 6 changes at most.
	if asked != 6 {
		t.Errorf("asked %d times, want 6", asked)
	}
	if err := g.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

func TestBoundedReask(t *testing.T) {
	t.Parallel()
	asked := 0
	bad := decideFunc(func(_ *View, req *Request) int {
		asked++
		if req.Attempt > 0 && !strings.Contains(req.Rejected, "not an option") {
			t.Errorf("rejection reason %q", req.Rejected)
		}
		return len(req.Options) + asked
	})
	g := newRuleGame(t, ruleConfig(), nil, bad, nil)
	if err := g.visitCity(0, 2); err != nil { // attack scale: default none
		t.Fatal(err)
	}
	if asked != MaxAttempts {
		t.Errorf("asked %d times, want %d", asked, MaxAttempts)
	}
	d := g.seats.Log[len(g.seats.Log)-1]
	if d.Kind != AskScale || d.Choice != 0 || d.Rejected != MaxAttempts {
		t.Errorf("logged %+v", d)
	}
	if slices.Contains(kinds(g, 0), EvBattle) {
		t.Error("the default (no battle) was not taken")
	}
}

func TestDeciderErrorStopsGame(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, cardConfig(SideAny), stubCards{})
	g.st.Roles[0].Cards[0] = 1 // so the action is a real choice
	failing := errDecider{}
	if _, err := g.Step([]Decider{failing, failing, failing}); !errors.Is(err, errTest) {
		t.Fatalf("error %v, want the decider's", err)
	}
	if _, err := g.Step([]Decider{nil, nil, nil}); !errors.Is(err, errTest) {
		t.Fatal("the game went on after an error")
	}
	g = newRuleGame(t, ruleConfig(), nil)
	if _, err := g.Step([]Decider{nil}); err == nil {
		t.Fatal("one decider for two roles accepted")
	}
}

type errDecider struct{}

func (errDecider) Decide(*View, *Request) (int, error) { return 0, errTest }

var errTest = errors.New("test decider fails")

func TestOptionIDs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		o    Option
		want string
	}{
		{opt(OptMove), "move"},
		{opt1(OptCard, 3), "card/3"},
		{Option{Kind: OptGarrison, A: 12, B: 4}, "garrison/12/4"},
		{Option{Kind: OptRecallTraining, A: 7, B: 2}, "recall_training/7/2"},
	} {
		if got := tc.o.ID(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.o, got, tc.want)
		}
	}
}
