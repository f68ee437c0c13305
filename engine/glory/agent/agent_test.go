package agent_test

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/glory/internal/fixture"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/scripts"
)

func setup(t testing.TB) (*glory.Config, *hooks.Runner) {
	t.Helper()
	cfg, err := fixture.Config(true)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Rules.MaxRounds = 40
	reg, _, err := hooks.NewRegistry(scripts.FS, "builtin", nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return cfg, r
}

// TestHeuristicBeatsRandom: over 20 games with sides alternating, the
// heuristic agent wins clearly against the random one.
func TestHeuristicBeatsRandom(t *testing.T) {
	cfg, runner := setup(t)
	wins, draws := 0, 0
	const n = 20
	for i := range n {
		h := i % 2
		ds := make([]glory.Decider, 2)
		ds[h] = agent.NewHeuristic(uint64(i) + 200)
		ds[1-h] = agent.NewRandom(uint64(i) + 100)
		g, err := glory.New(cfg, runner, uint64(i)+1, ds...)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Run(); err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		switch g.Winner() {
		case h:
			wins++
		case -1:
			draws++
		}
	}
	if wins < 16 {
		t.Errorf("heuristic won %d of %d (%d draws); want at least 16", wins, n, draws)
	}
}

// TestPreviewLeavesTheGame: Preview reports the outcome of 581's 偏移 on YR
// at 2 steps (44 HP, 1 G) and leaves state, RNG and events as they were.
func TestPreviewLeavesTheGame(t *testing.T) {
	cfg, runner := setup(t)
	m, _ := fixture.StandardMap()
	b, err := glory.NewBoard(m)
	if err != nil {
		t.Fatal(err)
	}
	g, err := glory.NewPosition(cfg, runner, 1, 15, []glory.Placement{
		{Hero: fixture.H581, Side: glory.Red, Point: b.Index(47), Weapon: -1},
		{Hero: fixture.YR, Side: glory.Blue, Point: b.Index(67), Weapon: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := g.Save()
	o := glory.Option{Kind: glory.OptSkill, Hero: 0, A: 1, B: 1, C: -1}
	if _, err := g.View().Preview(o); err == nil {
		t.Errorf("preview outside a decision")
	}
	if _, err := g.Legal(glory.Red); err != nil { // lists the operations, as a decision does
		t.Fatal(err)
	}
	if _, err := g.View().Preview(glory.Option{Kind: glory.OptMove, Hero: 7, A: 3, B: -1, C: -1}); err == nil {
		t.Errorf("preview of an operation that is not offered")
	}
	out, err := g.View().Preview(o)
	if err != nil {
		t.Fatal(err)
	}
	if out.HeroLoss != [2]int{0, 44} || out.Spent != [2]int{1, 0} || out.Winner != -1 {
		t.Errorf("outcome %+v", out)
	}
	after, _ := g.Save()
	if string(before) != string(after) {
		t.Errorf("Preview changed the game")
	}
	// Every option previewed, twice over (the second round reuses the
	// first's copies), leaves the game as it was; so does playing one
	// afterwards, against the same position that saw no preview.
	opts, err := g.Legal(glory.Red)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		for _, o := range opts {
			if _, err := g.View().Preview(o); err != nil {
				t.Fatalf("preview of %s: %v", o.ID(), err)
			}
		}
	}
	if after, _ := g.Save(); string(before) != string(after) {
		t.Errorf("previews of every option changed the game")
	}
	fresh, err := glory.NewPosition(cfg, runner, 1, 15, []glory.Placement{
		{Hero: fixture.H581, Side: glory.Red, Point: b.Index(47), Weapon: -1},
		{Hero: fixture.YR, Side: glory.Blue, Point: b.Index(67), Weapon: -1},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fresh.Legal(glory.Red); err != nil {
		t.Fatal(err)
	}
	for _, gm := range []*glory.Game{g, fresh} {
		if err := gm.Play(glory.Red, o); err != nil {
			t.Fatal(err)
		}
	}
	played, _ := g.Save()
	want, _ := fresh.Save()
	if string(played) != string(want) {
		t.Errorf("after previews, playing %s gives another game than without them", o.ID())
	}
}

// TestRandomIsLegalAndSeeded: the random agent plays whole games; the same
// seeds give the same game.
func TestRandomIsLegalAndSeeded(t *testing.T) {
	cfg, runner := setup(t)
	play := func() string {
		g, err := glory.New(cfg, runner, 9, agent.NewRandom(1), agent.NewRandom(2))
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		data, _ := g.Save()
		return string(data)
	}
	first, second := play(), play()
	if first != second {
		t.Errorf("two runs with the same seeds differ")
	}
}

// startOnly lets the heuristic answer turn-start requests only and passes
// every operation, so a test sets the position with Play.
type startOnly struct {
	h     *agent.Heuristic
	asked int
}

func (d *startOnly) Decide(v *glory.View, r *glory.Request) (int, error) {
	if r.Kind != glory.AskStart {
		return r.Default, nil
	}
	d.asked++
	return d.h.Decide(v, r)
}

// TestHeuristicSummon: SJK hits YR on 45 from 48 (RPG, 3 steps). Red's BM
// with an RPG on 42 sees the row 41…49: at SJK's 48 (6 steps) his RPG does
// 10, at the 约谈 destinations 44, 45 and 46 25, 20 and 20 (facts §5), and
// 35 and 55 are out of his lines. The heuristic pulls SJK to 44. Without
// an armed ally nothing is gained and it declines.
func TestHeuristicSummon(t *testing.T) {
	cfg, runner := setup(t)
	m, _ := fixture.StandardMap()
	b, err := glory.NewBoard(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, armed := range []bool{true, false} {
		w := -1
		if armed {
			w = fixture.RPG
		}
		d := &startOnly{h: agent.NewHeuristic(1)}
		g, err := glory.NewPosition(cfg, runner, 1, 15, []glory.Placement{
			{Hero: fixture.YR, Side: glory.Red, Point: b.Index(45), Weapon: -1},
			{Hero: fixture.BM, Side: glory.Red, Point: b.Index(42), Weapon: w},
			{Hero: fixture.SJK, Side: glory.Blue, Point: b.Index(48), Weapon: fixture.RPG},
		}, d)
		if err != nil {
			t.Fatal(err)
		}
		for g.State().Side == glory.Red {
			if err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Play(glory.Blue, glory.Option{Kind: glory.OptFire, Hero: 2, A: fixture.RPG, B: b.Index(45), C: -1}); err != nil {
			t.Fatal(err)
		}
		for !(g.State().Side == glory.Red && g.State().Started) {
			if err := g.Step(); err != nil {
				t.Fatal(err)
			}
		}
		want := 48
		if armed {
			want = 44
		}
		if d.asked != 1 {
			t.Errorf("armed %v: asked %d times, want 1", armed, d.asked)
		}
		if got := b.ID(g.State().Heroes[2].Point); got != want {
			t.Errorf("armed %v: SJK at %d, want %d", armed, got, want)
		}
	}
}

// TestAgentsPlaySummons: in whole games with YR in the pool (24 random
// ones, 12 heuristic ones), both agents meet turn-start requests and pull
// with 约谈; the games replay from their logs.
func TestAgentsPlaySummons(t *testing.T) {
	cfg, runner := setup(t)
	kinds := map[string]int{}
	for seed := uint64(1); seed <= 24; seed++ {
		games := [][]glory.Decider{{agent.NewRandom(seed), agent.NewRandom(seed + 50)}}
		if seed <= 12 {
			games = append(games, []glory.Decider{agent.NewHeuristic(seed), agent.NewHeuristic(seed + 50)})
		}
		for _, ds := range games {
			name := fmt.Sprintf("%T", ds[0])
			g, err := glory.New(cfg, runner, seed, ds...)
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Run(); err != nil {
				t.Fatalf("seed %d %s: %v", seed, name, err)
			}
			for _, d := range g.Decisions() {
				if d.Kind == glory.AskStart && d.Option.Kind == glory.OptSkill {
					kinds[name]++
				}
			}
			r, err := glory.ReplayGame(cfg, runner, seed, g.Decisions())
			if err != nil {
				t.Fatalf("seed %d %s: replay: %v", seed, name, err)
			}
			if len(r.Events()) != len(g.Events()) {
				t.Errorf("seed %d %s: the replay differs", seed, name)
			}
		}
	}
	for _, name := range []string{"*agent.Random", "*agent.Heuristic"} {
		if kinds[name] == 0 {
			t.Errorf("%s never used 约谈", name)
		}
	}
}
