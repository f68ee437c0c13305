package mbg

import (
	"errors"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests of the engine's side of cards: targets and side rules, spending,
// failures, the host's checks, and the status lengths (rules/mbg.md: a
// status set for N turns affects exactly N turns). The 14 seed cards
// themselves are tested in package native.

// stubCards plays card i with fn[i]; a missing entry succeeds and does nothing.
type stubCards map[int]func(c *CardCall, h CardHost) (bool, error)

func (s stubCards) Play(card int, c *CardCall, h CardHost) (bool, error) {
	if fn := s[card]; fn != nil {
		return fn(c, h)
	}
	return true, nil
}

// cardConfig is ruleConfig with four test cards: one per target kind, with
// the given side for the role and officer cards, and a third role C.
func cardConfig(side string) *Config {
	cfg := ruleConfig()
	cfg.Cards = []Card{
		{ID: "self", Hook: "self", Target: TargetSelf, Side: SideSelf},
		{ID: "role", Hook: "role", Target: TargetRole, Side: side},
		{ID: "square", Hook: "square", Target: TargetSquare, Side: SideAny},
		{ID: "officer", Hook: "officer", Target: TargetOfficer, Side: side},
	}
	cfg.Roles = append(cfg.Roles, Role{Name: "C", Start: 2, Techs: []int{}, Retinue: []int{xunYu}, Cities: []int{}, Money: 10000, Dir: 1})
	return cfg
}

// targets returns the target option IDs role r is offered for card k.
func targets(g *Game, r, k int) []string {
	req := g.ask(AskCardTarget, r)
	g.cardTargets(req, &g.cfg.Cards[k], r)
	var ids []string
	for _, o := range req.Options {
		ids = append(ids, o.ID())
	}
	return ids
}

func TestCardTargets(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		side     string
		roles    []string
		officers []string
	}{
		// Officers: 许褚 1, 刘备 4 (A); 糜竺 3 in B's city, 关羽 5 (B); 荀彧 2 (C).
		{SideAny, []string{"role/0", "role/1", "role/2"}, []string{"officer/1/0", "officer/2/2", "officer/3/1", "officer/4/0", "officer/5/1"}},
		{SideSelf, []string{"role/0"}, []string{"officer/1/0", "officer/4/0"}},
		{SideOthers, []string{"role/1", "role/2"}, []string{"officer/2/2", "officer/3/1", "officer/5/1"}},
	} {
		g := newRuleGame(t, cardConfig(tc.side), stubCards{})
		if diff := cmp.Diff(tc.roles, targets(g, 0, 1)); diff != "" {
			t.Errorf("%s role targets (-want +got):\n%s", tc.side, diff)
		}
		if diff := cmp.Diff(tc.officers, targets(g, 0, 3)); diff != "" {
			t.Errorf("%s officer targets (-want +got):\n%s", tc.side, diff)
		}
		if got := targets(g, 0, 2); len(got) != 10 {
			t.Errorf("square targets %v, want all 10", got)
		}
		// A role out of the game is no target, nor are its officers.
		g.bankrupt(2)
		if slices.Contains(targets(g, 0, 1), "role/2") || slices.Contains(targets(g, 0, 3), "officer/2/2") {
			t.Errorf("%s: bankrupt role still a target", tc.side)
		}
	}
	// Researchers and trainees are targets too.
	g := newRuleGame(t, cardConfig(SideOthers), stubCards{}, nil, prefer("research/5/0"), nil)
	if err := g.visitInstitute(1, 0); err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(targets(g, 0, 3), "officer/5/1") {
		t.Error("researcher is no target")
	}
}

func TestCardSpendAndFail(t *testing.T) {
	t.Parallel()
	plays := 0
	cards := stubCards{
		1: func(c *CardCall, h CardHost) (bool, error) {
			plays++
			return c.Target == 2, nil // works on C only
		},
	}
	cfg := cardConfig(SideOthers)
	cfg.Cards[1].Params = map[string]float64{"x": 1}
	// A plays the role card on B (fails, asked again), then on C (works).
	answers := []string{"card/1", "role/1", "role/2", "move"}
	a := decideFunc(func(_ *View, req *Request) int {
		for i, o := range req.Options {
			if o.ID() == answers[0] {
				answers = answers[1:]
				return i
			}
		}
		return req.Default
	})
	g := newRuleGame(t, cfg, cards, a, nil, nil)
	g.st.Roles[0].Cards[1] = 2
	g.st.Turn = 3
	var call CardCall
	cards[0] = func(c *CardCall, h CardHost) (bool, error) { call = *c; return true, nil }
	if err := g.action(0); err != nil {
		t.Fatal(err)
	}
	if plays != 2 || g.st.Roles[0].Cards[1] != 1 || len(answers) != 0 {
		t.Errorf("plays %d, cards left %d, answers left %v", plays, g.st.Roles[0].Cards[1], answers)
	}
	want := []EventKind{EvCardPlayed, EvCardFailed, EvCardPlayed, EvMoved}
	if got := slices.DeleteFunc(kinds(g, 0), func(k EventKind) bool { return !slices.Contains(want, k) }); !slices.Equal(got, want) {
		t.Errorf("events %v, want %v", got, want)
	}
	// Self cards have no target and see the user.
	g.st.Roles[0].Cards[0] = 1
	if ok, err := g.playCard(0, 0); err != nil || !ok || call.User != 0 || call.Target != -1 {
		t.Errorf("self card: %v %v, call %+v", ok, err, call)
	}
	// Cancel keeps the card; so does a card never held.
	g.seats.Deciders[0] = prefer("cancel")
	if ok, err := g.playCard(0, 1); err != nil || ok || g.st.Roles[0].Cards[1] != 1 {
		t.Errorf("cancel: %v %v, %d left", ok, err, g.st.Roles[0].Cards[1])
	}
	if ok, _ := g.playCard(0, 3); ok {
		t.Error("played a card not held")
	}
}

func TestCardFailureBounded(t *testing.T) {
	t.Parallel()
	plays := 0
	cards := stubCards{1: func(*CardCall, CardHost) (bool, error) { plays++; return false, nil }}
	// A keeps choosing the failing card: each choice tries MaxAttempts
	// targets, and after MaxAttempts failed cards only moving is offered.
	g := newRuleGame(t, cardConfig(SideAny), cards, prefer("card/1", "role/1"), nil, nil)
	g.st.Roles[0].Cards[1] = 1
	if err := g.action(0); err != nil {
		t.Fatal(err)
	}
	if plays != MaxAttempts*MaxAttempts || g.st.Roles[0].Cards[1] != 1 || last(t, g, EvMoved).Role != 0 {
		t.Errorf("plays %d, cards %d", plays, g.st.Roles[0].Cards[1])
	}
}

func TestCardErrors(t *testing.T) {
	t.Parallel()
	for name, fn := range map[string]func(c *CardCall, h CardHost) (bool, error){
		"runner error":  func(*CardCall, CardHost) (bool, error) { return false, errors.New("boom") },
		"bad role":      func(_ *CardCall, h CardHost) (bool, error) { h.Reverse(9); return true, nil },
		"bad officer":   func(_ *CardCall, h CardHost) (bool, error) { h.Poison(-1, 2); return true, nil },
		"bad square":    func(_ *CardCall, h CardHost) (bool, error) { h.Place(10, "barrier"); return true, nil },
		"bad thing":     func(_ *CardCall, h CardHost) (bool, error) { h.Place(1, "wall"); return true, nil },
		"bad state":     func(_ *CardCall, h CardHost) (bool, error) { h.SetMove(0, "fly", 2); return true, nil },
		"bad turns":     func(_ *CardCall, h CardHost) (bool, error) { h.Rumour(1, -1); return true, nil },
		"bad amount":    func(_ *CardCall, h CardHost) (bool, error) { h.Steal(1, 0, -5); return true, nil },
		"bad fraction":  func(_ *CardCall, h CardHost) (bool, error) { h.Heal(0, -0.5, true); return true, nil },
		"bad alliance":  func(_ *CardCall, h CardHost) (bool, error) { h.Alliance(0, 7, 2); return true, nil },
		"bad money":     func(_ *CardCall, h CardHost) (bool, error) { h.Money(-1); return true, nil },
		"bad extra":     func(_ *CardCall, h CardHost) (bool, error) { h.ExtraAction(3); return true, nil },
		"bad defect":    func(_ *CardCall, h CardHost) (bool, error) { h.Defect(6); return true, nil },
		"bad enemy":     func(_ *CardCall, h CardHost) (bool, error) { h.PublicEnemy(0, -2); return true, nil },
		"first counts":  func(_ *CardCall, h CardHost) (bool, error) { h.Reverse(9); h.Reverse(0); return true, nil },
		"bad heal role": func(_ *CardCall, h CardHost) (bool, error) { h.Heal(5, 0.1, false); return true, nil },
	} {
		g := newRuleGame(t, cardConfig(SideAny), stubCards{0: fn})
		g.st.Roles[0].Cards[0] = 1
		dir := g.st.Roles[0].Dir
		if _, err := g.playCard(0, 0); err == nil {
			t.Errorf("%s: no error", name)
		}
		if g.st.Roles[0].Dir != dir {
			t.Errorf("%s: a call after the error took effect", name)
		}
	}
}

// run1 plays the rest of the turn (every role moves) and the settlement.
func run1(t *testing.T, g *Game) {
	t.Helper()
	turn := g.st.Turn
	for g.st.Turn == turn && !g.st.Over {
		if _, err := g.Step(g.seats.Deciders); err != nil {
			t.Fatal(err)
		}
	}
}

func TestMoveStateLastsExactlyNTurns(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		before bool // set before A has moved this turn (else after)
		state  string
	}{
		{"slow before moving", true, MoveSlow},
		{"slow after moving", false, MoveSlow},
		{"fast before moving", true, MoveFast},
		{"stop after moving", false, MoveStop},
		{"stop before moving", true, MoveStop},
	} {
		g := newRuleGame(t, cardConfig(SideAny), stubCards{}, prefer("move"), prefer("move"), prefer("move"))
		if !tc.before {
			run1(t, g) // turn 1 played normally
			if _, err := g.Step(g.seats.Deciders); err != nil {
				t.Fatal(err) // A moves in turn 2; the card comes after
			}
		}
		g.host.SetMove(0, tc.state, 3)
		if !tc.before {
			run1(t, g) // the rest of turn 2: A does not act again
		}
		var states []Note
		for range 5 {
			mark := g.events.Len()
			run1(t, g)
			st := NoteNormal
			for _, e := range g.events.Since(mark) {
				if e.Kind == EvMoved && e.Role == 0 {
					st = e.Note
				}
				if e.Kind == EvStopped && e.Role == 0 {
					st = NoteStop
				}
			}
			states = append(states, st)
		}
		n := moveNote(tc.state)
		want := []Note{n, n, n, NoteNormal, NoteNormal}
		if diff := cmp.Diff(want, states); diff != "" {
			t.Errorf("%s: A's turns (-want +got):\n%s", tc.name, diff)
		}
	}
}

func TestStopOnSelfMidAction(t *testing.T) {
	t.Parallel()
	// A plays stop on itself before moving: this move is 0 steps (the
	// current square again), then two turns with no action at all.
	cards := stubCards{1: func(c *CardCall, h CardHost) (bool, error) { h.SetMove(c.Target, MoveStop, 3); return true, nil }}
	g := newRuleGame(t, cardConfig(SideAny), cards, prefer("card/1", "role/0", "move"), prefer("move"), prefer("move"))
	g.st.Roles[0].Cards[1] = 1
	run1(t, g)
	if e := last(t, g, EvMoved); e.Role != 0 && e.Role != 1 && e.Role != 2 {
		t.Fatal("no move")
	}
	var a []Event
	for _, e := range g.events.All() {
		if e.Role == 0 && (e.Kind == EvMoved || e.Kind == EvStopped) {
			a = append(a, e)
		}
	}
	if len(a) != 1 || a[0].Kind != EvMoved || a[0].N != 0 || a[0].Place != 0 {
		t.Fatalf("turn 1: %+v", a)
	}
	g.st.Roles[0].Cards[1] = 5 // a stopped role plays no cards
	for turn := 2; turn <= 4; turn++ {
		mark := g.events.Len()
		run1(t, g)
		ks := kinds(g, mark)
		stopped := slices.Contains(ks, EvStopped)
		if stopped != (turn < 4) {
			t.Errorf("turn %d: stopped %v (%v)", turn, stopped, ks)
		}
		if turn < 4 && slices.Contains(ks, EvCardPlayed) {
			t.Errorf("turn %d: a stopped role played a card", turn)
		}
	}
}

func TestOfficerStatusLastsExactlyNTurns(t *testing.T) {
	t.Parallel()
	// A rumour set for 4 turns in turn 1 covers exactly 4 settlements (the
	// current one included): 糜竺 earns min_earn in turns 1–4, his own
	// economy from turn 5. Poison set for 6 turns covers turns 1–6.
	g := newRuleGame(t, cardConfig(SideAny), stubCards{}, prefer("move"), prefer("move"), prefer("move"))
	g.host.Rumour(miZhu, 4)
	g.host.Poison(miZhu, 6)
	var earns []float64
	for range 7 {
		run1(t, g)
		for i := g.events.Len() - 1; i >= 0; i-- {
			if e := g.events.All()[i]; e.Kind == EvIncome && e.Role == 1 {
				earns = append(earns, e.Amount)
				break
			}
		}
	}
	// City 2 is large (× 2.5 + fengshui). Rumoured in the settlements of
	// turns 1–4: min_earn, 20 × 2.5. Poisoned in those of turns 1–6: turn 5
	// earns 95 × 0.75 × 2.5 (fengshui is re-rolled after turn 5's income),
	// turn 6 95 × 0.75 × (2.5 + fengshui), turn 7 the full 95 × (2.5 + fengshui).
	fs := g.st.Cities[2].Fengshui
	want := []float64{50, 50, 50, 50, 95 * 0.75 * 2.5, 95 * 0.75 * (2.5 + fs), 95 * (2.5 + fs)}
	if diff := cmp.Diff(want, earns, cmp.Comparer(near)); diff != "" {
		t.Errorf("B's income per turn (-want +got):\n%s", diff)
	}
	if g.st.Officers[miZhu].Rumour != 0 || g.st.Officers[miZhu].Poison != 0 {
		t.Errorf("statuses left: %+v", g.st.Officers[miZhu])
	}
}

func TestAllianceAndEnemyLength(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, cardConfig(SideAny), stubCards{}, prefer("move"), prefer("move"), prefer("move"))
	if !g.host.Alliance(0, 1, 2) {
		t.Fatal("alliance failed")
	}
	// Both allied, so neither can ally again, nor be made a public enemy.
	if g.host.Alliance(0, 2, 5) || g.host.Alliance(2, 1, 5) || g.host.PublicEnemy(1, 3) || g.host.Alliance(2, 2, 1) {
		t.Error("a second alliance or public enemy succeeded")
	}
	if !g.host.PublicEnemy(2, 1) || g.host.Alliance(2, 0, 1) {
		t.Error("public enemy: set failed, or allied afterwards")
	}
	var allied, enemy []bool
	for range 3 {
		run1(t, g)
		allied = append(allied, g.st.Roles[0].Ally == 1 && g.st.Roles[1].Ally == 0)
		enemy = append(enemy, g.st.Roles[2].Ally == PublicEnemy)
	}
	// Counted in settlements, the current turn's included: 2 and 1.
	if !slices.Equal(allied, []bool{true, false, false}) || !slices.Equal(enemy, []bool{false, false, false}) {
		t.Errorf("allied %v, enemy %v", allied, enemy)
	}
}

func TestExtraAction(t *testing.T) {
	t.Parallel()
	cards := stubCards{0: func(c *CardCall, h CardHost) (bool, error) { h.ExtraAction(c.User); return true, nil }}
	g := newRuleGame(t, cardConfig(SideAny), cards, prefer("card/0", "move"), prefer("move"), prefer("move"))
	g.st.Roles[0].Cards[0] = 1
	run1(t, g)
	var movers []int
	for _, e := range g.events.All() {
		if e.Kind == EvMoved {
			movers = append(movers, e.Role)
		}
	}
	if !slices.Equal(movers, []int{0, 0, 1, 2}) {
		t.Errorf("movers %v, want A twice then B and C", movers)
	}
}

func TestHostEffects(t *testing.T) {
	t.Parallel()
	g := newRuleGame(t, cardConfig(SideAny), stubCards{})
	h := &g.host
	g.st.Roles[1].Money = 1000
	if moved := h.Steal(1, 0, 1500); moved != 1000 || g.st.Roles[0].Money != 11000 || g.st.Roles[1].Money != 0 {
		t.Errorf("steal moved %g: %g, %g", moved, g.st.Roles[0].Money, g.st.Roles[1].Money)
	}
	h.Reverse(2)
	if g.st.Roles[2].Dir != -1 {
		t.Error("reverse")
	}
	h.Place(4, "robber")
	h.Place(5, "barrier")
	if !g.st.Squares[4].Robber || !g.st.Squares[5].Barrier {
		t.Error("place")
	}
	h.Defect(guanYu)
	g.settleOfficers()
	if g.st.Officers[guanYu].Role != -1 || !slices.Contains(g.st.Free[2], guanYu) {
		t.Errorf("defected officer %+v", g.st.Officers[guanYu])
	}
	// Heal: whole role (garrison included) or retinue only.
	for _, whole := range []bool{true, false} {
		g.st.Officers[miZhu].HP, g.st.Officers[caoCao].HP = 1000, 1000
		g.own(0, 1)
		g.toRetinue(caoCao, 1)
		h.Heal(1, 0.1, whole)
		wantGarrison := 1000.0
		if whole {
			wantGarrison += 206.8 // 10 % of 2068
		}
		if !near(g.st.Officers[miZhu].HP, wantGarrison) || !near(g.st.Officers[caoCao].HP, 1278.8) {
			t.Errorf("heal whole=%v: garrison %g, retinue %g", whole, g.st.Officers[miZhu].HP, g.st.Officers[caoCao].HP)
		}
		g.leavePost(caoCao)
		g.st.Officers[caoCao].Role = -1
		g.unown(0)
	}
	if h.err != nil {
		t.Fatal(h.err)
	}
}
