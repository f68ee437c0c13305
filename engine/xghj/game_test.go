package xghj

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
)

// spawnAt is a decider that bids and spawns as given and then passes.
func spawnAt(bid int, at Pos) scripted {
	return func(v *View) Commands {
		switch v.Phase {
		case PhaseBid:
			return Commands{Bid: bid}
		case PhaseSpawn:
			return Commands{Spawn: &at}
		}
		return Commands{}
	}
}

func deciders(ds ...scripted) []OrderDecider {
	out := make([]OrderDecider, len(ds))
	for i, d := range ds {
		out[i] = d
	}
	return out
}

// The spawn (facts §3): bids clamped to [0, 50], the choose order by bid,
// saving 50 − bid, the distance rule checked in choose order (the fix) or
// in id order against lower ids (the original).
func TestSpawn(t *testing.T) {
	g, err := New(testConfig(t, fill("g", 10, 10), 4, false), 7)
	if err != nil {
		t.Fatal(err)
	}
	var seen [][]Pos
	look := func(d scripted) scripted {
		return func(v *View) Commands {
			if v.Phase == PhaseSpawn {
				seen = append(seen, v.Selected)
			}
			return d(v)
		}
	}
	g.Orders.Deciders = deciders(look(spawnAt(10, Pos{9, 9})), look(spawnAt(30, Pos{5, 5})), look(spawnAt(-3, Pos{1, 1})), look(spawnAt(60, Pos{0, 0})))
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	st := g.State()
	if !equal(st.ChooseOrder, []int{3, 1, 0, 2}) {
		t.Errorf("choose order %v, want 3 1 0 2", st.ChooseOrder)
	}
	if len(seen) != 4 || len(seen[0]) != 0 || len(seen[3]) != 3 || seen[3][0] != (Pos{0, 0}) {
		t.Errorf("selected lists %v", seen)
	}
	// Player 2 bid −3 (0), chose last, at distance 2 of player 3: killed.
	wantSaving := []int{40, 20, 0, 0}
	for p, w := range wantSaving {
		if st.Players[p].Saving != w {
			t.Errorf("player %d saving %d, want %d", p, st.Players[p].Saving, w)
		}
	}
	if st.Players[2].Alive || !st.Players[2].KilledAtSpawn || st.Ranking[3] != 2 || st.AliveCount != 3 {
		t.Errorf("spawn kill: %+v ranking %v", st.Players[2], st.Ranking)
	}
	if g.owner(0, 0) != 3 || g.owner(5, 5) != 1 || g.owner(1, 1) != Neutral || st.Round != 1 {
		t.Errorf("owners %d %d %d round %d", g.owner(0, 0), g.owner(5, 5), g.owner(1, 1), st.Round)
	}

	// The original's quirk: player 0 (low bid, lower id) spawns next to
	// player 3, who chose first; checked in id order, 3 is the one killed.
	for _, exact := range []bool{false, true} {
		g, err := New(testConfig(t, fill("g", 10, 10), 4, exact), 7)
		if err != nil {
			t.Fatal(err)
		}
		g.Orders.Deciders = deciders(spawnAt(0, Pos{1, 0}), spawnAt(30, Pos{5, 5}), spawnAt(20, Pos{9, 9}), spawnAt(40, Pos{0, 0}))
		if _, err := g.Step(); err != nil {
			t.Fatal(err)
		}
		killed := 0
		if exact {
			killed = 3
		}
		if g.State().Players[killed].Alive || !g.State().Players[3-killed].Alive {
			t.Errorf("bit_exact=%v: player %d should be the one killed", exact, killed)
		}
		// Bit exact leaves the killed player out of the ranking: the slot
		// array keeps its identity entries.
		if exact && !equal(g.State().Ranking, []int{0, 1, 2, 3}) {
			t.Errorf("bit_exact ranking %v", g.State().Ranking)
		}
	}
}

// A fixed choose order (a replay of an original log) replaces the bid
// order.
func TestChooseOrderOverride(t *testing.T) {
	g, err := New(testConfig(t, fill("g", 10, 10), 2, false), 7)
	if err != nil {
		t.Fatal(err)
	}
	g.ChooseOrder = []int{1, 0}
	g.Orders.Deciders = deciders(spawnAt(50, Pos{0, 0}), spawnAt(0, Pos{9, 9}))
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	if !equal(g.State().ChooseOrder, []int{1, 0}) {
		t.Errorf("choose order %v", g.State().ChooseOrder)
	}
	bad, _ := New(testConfig(t, fill("g", 10, 10), 2, false), 7)
	bad.ChooseOrder = []int{1, 1}
	if _, err := bad.Step(); err == nil {
		t.Error("a choose order that is not a permutation was accepted")
	}
}

// A player's view hides what its vision does not reach (facts §8): two
// games that differ only out of player 0's sight give it byte-identical
// views, and hidden cells read Unknown.
func TestVisionHidesCells(t *testing.T) {
	mk := func(extra bool) *View {
		g := testGame(t, fill("g", 12, 3), 2, false)
		g.set(0, 1, 0)
		g.set(11, 1, 1)
		if extra {
			g.set(10, 1, 1)
			g.set(11, 0, 1)
			g.st.Sieged[g.idx(11, 1)] = true
			g.st.Players[1].Saving, g.st.Players[1].Income, g.st.Players[1].Area = 999, 77, 3
			g.st.Players[1].Capital = Pos{11, 1}
		}
		return g.view(0, PhaseRound)
	}
	a, b := mk(false), mk(true)
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if !bytes.Equal(ja, jb) {
		t.Errorf("hidden changes leak into the view:\n%s\n%s", ja, jb)
	}
	if a.At(11, 1).Owner != Unknown || a.At(2, 1).Owner != Neutral || !a.At(2, 1).Visible || a.At(3, 1).Visible || a.At(0, 1).Owner != 0 {
		t.Errorf("cells: (11,1) %+v (2,1) %+v (3,1) %+v", a.At(11, 1), a.At(2, 1), a.At(3, 1))
	}
	if b.Info[1].Visible || b.Info[1].Income != 0 || b.Info[1].Capital != Invalid {
		t.Errorf("undiscovered player's info leaks: %+v", b.Info[1])
	}
	// Discovered (neutral): income and area, not saving or capital;
	// allied: saving and capital too.
	g := testGame(t, fill("g", 12, 3), 2, false)
	g.neutral(0, 1)
	g.st.Players[1].Saving, g.st.Players[1].Income, g.st.Players[1].Capital = 999, 77, Pos{5, 5}
	if in := g.view(0, PhaseRound).Info[1]; !in.Visible || in.Income != 77 || in.Union || in.Saving != 0 || in.Capital != Invalid {
		t.Errorf("neutral info %+v", in)
	}
	g.ally(0, 1)
	if in := g.view(0, PhaseRound).Info[1]; !in.Union || in.Saving != 999 || in.Capital != (Pos{5, 5}) {
		t.Errorf("allied info %+v", in)
	}
}

// pusher is a deterministic decider using only its view: it bids its id,
// spawns on the first free cell of a diagonal, justifies war on everyone
// it sees from round 3, and spends its saving on bombs at its border.
func pusher(v *View) Commands {
	switch v.Phase {
	case PhaseBid:
		return Commands{Bid: v.Me}
	case PhaseSpawn:
		at := Pos{(v.Me * 5) % v.Cols, (v.Me * 7) % v.Rows}
		return Commands{Spawn: &at}
	}
	c := v.Defaults
	c.Diplomacy = append([]Dip(nil), c.Diplomacy...)
	for q := range v.Players {
		if q != v.Me && v.Info[q].Visible && v.Round >= 3 && (v.Round+q+v.Me)%4 != 0 {
			c.Diplomacy[q] = JustifyWar
		}
		if q != v.Me && v.Round%9 == 0 {
			c.Diplomacy[q] = FormAlliance
		}
	}
	var border []Pos
	for y := range v.Rows {
		for x := range v.Cols {
			if v.At(x, y).Owner != v.Me {
				continue
			}
			for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				if v.In(x+d[0], y+d[1]) && v.At(x+d[0], y+d[1]).Owner != v.Me {
					border = append(border, Pos{x, y})
					break
				}
			}
		}
	}
	saving := v.Info[v.Me].Saving - 20
	for i, b := range border {
		if i >= 8 || saving <= 0 {
			break
		}
		c.Bombs = append(c.Bombs, Bomb{b.X, b.Y, saving / min(len(border), 8)})
	}
	return c
}

func pushers(n int) []OrderDecider {
	out := make([]OrderDecider, n)
	for i := range out {
		out[i] = scripted(pusher)
	}
	return out
}

func playAll(t *testing.T, g *Game) {
	t.Helper()
	if _, err := g.Run(); err != nil {
		t.Fatal(err)
	}
}

func saved(t *testing.T, g *Game) []byte {
	t.Helper()
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Same config, seed and deciders: the same game byte for byte; saving
// after any round and continuing a loaded copy gives the same game; the
// order log replays it.
func TestDeterminismSaveReplay(t *testing.T) {
	for _, exact := range []bool{false, true} {
		cfg := testConfig(t, []string{
			"rrrrgggrrrrhhhh",
			"rTTrggg~~rrhhhh",
			"rTTrggg~~rrhPPh",
			"rrrrBsrrrrrhPPh",
			"ggggggrDDrrhhhh",
			"ggggggrDDrrrrrr",
			"hhhhrrrrrrTTggg",
			"hPPhr~~~rrTTggg",
			"hhhhrrrrrrrrggg",
		}, 4, exact)
		cfg.Constants.MaxRound = 30
		run := func() *Game {
			g, err := New(cfg, 42)
			if err != nil {
				t.Fatal(err)
			}
			g.Orders.Deciders = pushers(4)
			playAll(t, g)
			return g
		}
		a, b := run(), run()
		full := saved(t, a)
		if !bytes.Equal(full, saved(t, b)) {
			t.Fatalf("bit_exact=%v: two runs differ", exact)
		}
		captures := 0
		kinds := map[string]bool{}
		for _, e := range a.Events() {
			if e.Kind == EvCapture {
				captures++
			}
			kinds[e.Phase+"/"+e.Kind] = true
		}
		for _, k := range []string{"start/bid", "start/spawn", "military/capture", "production/production", "check_winner/end"} {
			if !kinds[k] {
				t.Errorf("bit_exact=%v: no %s event", exact, k)
			}
		}
		if captures == 0 || a.State().Round < 5 {
			t.Fatalf("bit_exact=%v: the game is too dull to test (%d captures, %d rounds)", exact, captures, a.State().Round)
		}
		for _, stop := range []int{1, 4, 9} {
			g, _ := New(cfg, 42)
			g.Orders.Deciders = pushers(4)
			for range stop {
				if over, err := g.Step(); err != nil || over {
					t.Fatalf("stopped early: %v", err)
				}
			}
			l, err := Load(cfg, saved(t, g))
			if err != nil {
				t.Fatal(err)
			}
			l.Orders.Deciders = pushers(4)
			playAll(t, l)
			if !bytes.Equal(full, saved(t, l)) {
				t.Errorf("bit_exact=%v: loaded after %d steps, the game differs", exact, stop)
			}
		}
		r, _ := New(cfg, 42)
		rep := play.NewOrderReplay[*View](a.Orders.Log)
		r.Orders.Deciders = rep.Deciders(4)
		playAll(t, r)
		if !bytes.Equal(full, saved(t, r)) || rep.Remaining() != 0 {
			t.Errorf("bit_exact=%v: the replay differs", exact)
		}
	}
}

// A save is refused for another config, and a damaged state is refused.
func TestLoadChecks(t *testing.T) {
	cfg := testConfig(t, fill("g", 6, 6), 2, false)
	g, _ := New(cfg, 1)
	g.Orders.Deciders = pushers(2)
	g.Step()
	data := saved(t, g)
	other := testConfig(t, fill("r", 6, 6), 2, false)
	if _, err := Load(other, data); err == nil {
		t.Error("a save loaded against another config")
	}
	var e SaveFile
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	e.State.Owner[3] = 99
	bad, err := play.Seal(&e, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Load(cfg, bad); err == nil {
		t.Error("a state with an impossible owner loaded")
	}
}

// Orders the rules cannot read are refused and re-asked, then defaulted.
func TestRefusedOrders(t *testing.T) {
	g := testGame(t, fill("g", 6, 6), 2, false)
	g.set(0, 0, 0)
	g.set(5, 5, 1)
	g.st.Players[0].Capital, g.st.Players[1].Capital = Pos{0, 0}, Pos{5, 5}
	asks := 0
	g.Orders.Deciders = deciders(func(v *View) Commands {
		asks++
		return Commands{Diplomacy: []Dip{KeepNeutral}}
	}, func(v *View) Commands { return Commands{Diplomacy: []Dip{Dip(9), KeepNeutral}} })
	if _, err := g.Step(); err != nil {
		t.Fatal(err)
	}
	if asks != play.MaxAttempts {
		t.Errorf("asked %d times, want %d", asks, play.MaxAttempts)
	}
	for _, r := range g.Orders.Log {
		if !r.Defaulted || r.Rejected != play.MaxAttempts {
			t.Errorf("log entry %+v", r)
		}
	}
}

// Config validation refuses broken configs with a message, never a panic.
func TestValidate(t *testing.T) {
	base := func() *Config { return testConfig(t, fill("g", 3, 3), 2, false) }
	cases := map[string]func(c *Config){
		"rule set":           func(c *Config) { c.Rules.Set = "classic" },
		"rulebook bit exact": func(c *Config) { c.Rules.Set, c.Rules.BitExact = RuleSetRulebook, true },
		"rulebook vision":    func(c *Config) { c.Rules.Set, c.Constants.VisionRadius = RuleSetRulebook, 0 },
		"rulebook city cost": func(c *Config) { c.Rules.Set, c.Constants.CityCost = RuleSetRulebook, 0 },
		"cells":              func(c *Config) { c.Cells = c.Cells[:5] },
		"size":               func(c *Config) { c.Cols = 255 },
		"one player":         func(c *Config) { c.Players = c.Players[:1] },
		"kernel size":        func(c *Config) { c.Constants.MilitaryKernelSize = 4 },
		"kernel row":         func(c *Config) { c.Kernel[3] = c.Kernel[3][:2] },
		"negative":           func(c *Config) { c.Cells[0].Atk = -1 },
		"coef":               func(c *Config) { c.Constants.CorruptionCoef = -1 },
		"max round":          func(c *Config) { c.Constants.MaxRound = 0 },
		"game":               func(c *Config) { c.Game = "mbg" },
		"region":             func(c *Config) { c.Regions = []Region{{Name: "r", Cells: []int{0, 9}}} },
	}
	for name, f := range cases {
		c := base()
		f(c)
		if _, err := New(c, 1); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := New(base(), 1); err != nil {
		t.Error(err)
	}
	if _, err := New(nil, 1); err == nil {
		t.Error("nil config accepted")
	}
}

// After an elimination the original keeps area and capital (facts §16);
// the fix clears them.
func TestStaleAfterElimination(t *testing.T) {
	for _, exact := range []bool{false, true} {
		g := testGame(t, fill("g", 4, 1), 3, exact)
		g.set(0, 0, 0)
		g.st.Players[0].Area, g.st.Players[0].Income, g.st.Players[0].Capital = 1, 2, Pos{0, 0}
		g.st.Round = 15 // income 2 < 5: strict elimination
		g.checkWinner()
		p := g.st.Players[0]
		if p.Alive || p.Saving != 0 || p.Income != 0 || g.owner(0, 0) != Neutral {
			t.Errorf("bit_exact=%v: killed player %+v, cell %d", exact, p, g.owner(0, 0))
		}
		stale := p.Area == 1 && p.Capital == (Pos{0, 0})
		if stale != exact {
			t.Errorf("bit_exact=%v: area %d capital %v", exact, p.Area, p.Capital)
		}
	}
}

// Sight is what a player's view marks visible (facts §8): player 0 on
// (0,1) of a 12-wide strip with field_boundary 2 sees x ≤ 2 of its row
// and x ≤ 1 of the rows beside it; an ally's land and its ring are seen
// too; a player out of range sees nothing.
func TestSight(t *testing.T) {
	g := testGame(t, fill("g", 12, 3), 2, false)
	g.set(0, 1, 0)
	g.set(11, 1, 1)
	want := func(x, y int) bool { return abs(x-0)+abs(y-1) <= g.cfg.Constants.FieldBoundary }
	s := g.Sight(0)
	for c, vis := range s {
		x, y := c%12, c/12
		if vis != want(x, y) || vis != g.view(0, PhaseRound).Cells[c].Visible {
			t.Fatalf("cell %d,%d: sight %v", x, y, vis)
		}
	}
	g.ally(0, 1)
	if s := g.Sight(0); !s[g.idx(11, 1)] || !s[g.idx(10, 0)] || s[g.idx(6, 1)] {
		t.Errorf("allied sight %v", s)
	}
	if s := g.Sight(5); len(s) != 36 || s[0] {
		t.Errorf("no player's sight %v", s)
	}
}
