package mcts

import (
	"testing"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

// The toy engine is Nim in the engines' pull style: a step is one player's
// move, asked as two decisions (take 1 to 3 stones, then whether to take
// one more), so a searched decision can lie in the middle of a step. Who
// takes the last stone wins; a move takes 1 to 4 stones, so a position is
// lost for the player to move exactly when its stones are a multiple of 5.

type toyKind uint8

func (k toyKind) String() string { return [...]string{"take", "bonus"}[k] }

type toyReq struct {
	play.Ask[toyKind, int]
}

type toyGame struct {
	stones, next int
	over         bool
	winner       int
	seats        play.Seats[*toyGame, *toyReq, toyKind, int]
	req          toyReq
	// start is the state at the start of the step in progress.
	start [2]int
	log   int
}

func (g *toyGame) Step(ds []play.Decider[*toyGame, *toyReq]) (bool, error) {
	g.seats.Deciders = ds
	g.start, g.log = [2]int{g.stones, g.next}, len(g.seats.Log)
	r := &g.req
	r.Reset(0, g.next)
	for k := 1; k <= min(3, g.stones); k++ {
		r.Options = append(r.Options, k)
	}
	i, err := g.seats.Decide(g, 0, r)
	if err != nil {
		return false, err
	}
	g.stones -= r.Options[i]
	if g.stones > 0 {
		r.Reset(1, g.next)
		r.Options = append(r.Options, 0, 1)
		i, err := g.seats.Decide(g, 0, r)
		if err != nil {
			return false, err
		}
		g.stones -= r.Options[i]
	}
	if g.stones == 0 {
		g.over, g.winner = true, g.next
	}
	g.next = 1 - g.next
	return g.over, nil
}

func (g *toyGame) Reseed(uint64) {}

// imagine copies the game at the start of its step in progress.
func (g *toyGame) imagine() (*toyGame, []play.Decision[toyKind, int], bool) {
	return &toyGame{stones: g.start[0], next: g.start[1]}, g.seats.Log[g.log:], true
}

// searcher is a decider that searches with Sequential.
type searcher struct {
	t     *testing.T
	stats []Stats[int]
}

func (s *searcher) Decide(g *toyGame, req *toyReq) (int, error) {
	seq := &Sequential[*toyGame, *toyGame, *toyReq, toyKind, int]{
		Players: 2, Root: req, Imagine: g.imagine,
		Score: func(im *toyGame) []float64 {
			out := []float64{0, 0}
			if im.over {
				out[im.winner] = 1
			}
			return out
		},
	}
	search := New[int](Options{Iters: 2000, C: 1, Rollout: RolloutRandom}, rng.New(3))
	key, ok, err := search.Run(seq)
	if err != nil || !ok {
		s.t.Fatalf("search: %v %v", ok, err)
	}
	s.stats = search.RootStats()
	return Index(req, key), nil
}

// first always answers the first option.
type first struct{}

func (first) Decide(*toyGame, *toyReq) (int, error) { return 0, nil }

// TestSequentialMidStep: asked the second decision of a step (the first,
// taking one of 12 stones, already made), the search replays the first in
// each imagined game and takes the bonus stone, leaving 10, a lost position
// for the opponent.
func TestSequentialMidStep(t *testing.T) {
	g := &toyGame{stones: 12}
	s := &searcher{t: t}
	// Player 0 takes 1 (the first option) and then searches the bonus.
	mid := &midStep{search: s}
	if _, err := g.Step([]play.Decider[*toyGame, *toyReq]{mid, first{}}); err != nil {
		t.Fatal(err)
	}
	if g.stones != 10 {
		t.Errorf("%d stones left, want 10 (stats %+v)", g.stones, s.stats)
	}
	// Search the first decision too: from 12 the winning move takes 2
	// (then no bonus), or 1 and the bonus.
	g = &toyGame{stones: 12}
	if _, err := g.Step([]play.Decider[*toyGame, *toyReq]{s, first{}}); err != nil {
		t.Fatal(err)
	}
	if g.stones != 10 {
		t.Errorf("%d stones left after a searched move, want 10", g.stones)
	}
}

// midStep answers the take with the first option and searches the bonus.
type midStep struct{ search *searcher }

func (m *midStep) Decide(g *toyGame, req *toyReq) (int, error) {
	if req.Kind == 0 {
		return 0, nil
	}
	return m.search.Decide(g, req)
}
