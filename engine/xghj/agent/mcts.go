package agent

import (
	"errors"
	"reflect"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/xghj"
)

// MCTSDefaults are the options of a bare `mcts` agent: 60 imagined games
// per round, each cut after 4 rounds, the heuristic playing every player
// after the searched orders.
var MCTSDefaults = mcts.Options{Iters: 60, C: 0.7, Rollout: mcts.RolloutHeuristic, Depth: 4}

// MCTS chooses a round's orders by Monte Carlo search among candidate
// orders generated from the view (the heuristic's, passing, the heuristic's
// without its diplomacy or with half its bombs, two random ones): each
// imagined game starts from a determinization of the view
// (xghj.Determinize: the hidden part guessed from the view alone), plays
// the candidate and then the heuristic for everyone for Depth rounds, and
// scores the player's area against the largest. Everything it uses is the
// view and the public config, and its random stream is drawn from its seed
// and the view, so equal views give equal orders whatever is hidden. The
// bid, the spawn and the rulebook rules are the heuristic's.
type MCTS struct {
	Cfg  *xghj.Config
	Opt  mcts.Options
	Seed uint64

	searches, iterations int
}

// NewMCTS returns a search agent for games of cfg.
func NewMCTS(cfg *xghj.Config, seed uint64, opt mcts.Options) *MCTS {
	return &MCTS{Cfg: cfg, Opt: opt, Seed: seed}
}

// Stats are what the agent's searches did: rounds searched and imagined
// games played, for benchmarks.
func (a *MCTS) Stats() (searches, iterations int) { return a.searches, a.iterations }

// Orders implements xghj.OrderDecider.
func (a *MCTS) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	h := Heuristic{}
	if v.Phase != xghj.PhaseRound || v.Rulebook || req.Attempt > 0 {
		return h.Orders(v, req)
	}
	if a.Cfg == nil {
		// Playing the heuristic instead would pass it off as the search.
		return xghj.Commands{}, errNoConfig
	}
	cands := candidates(v, a.Seed)
	if len(cands) == 1 {
		return cands[0], nil
	}
	s := mcts.New[int](a.Opt, stream(a.Seed, v, req.Attempt))
	key, ok, err := s.Run(&flat{cfg: a.Cfg, v: v, cands: cands})
	a.searches++
	a.iterations += s.Iterations
	if err != nil || !ok {
		return cands[0], nil
	}
	return cands[key], nil
}

// candidates are the orders the search chooses among, the heuristic's
// first, without duplicates.
func candidates(v *xghj.View, seed uint64) []xghj.Commands {
	req := &play.OrderRequest{}
	h, _ := Heuristic{}.Orders(v, req)
	out := []xghj.Commands{h}
	add := func(c xghj.Commands) {
		for _, o := range out {
			if reflect.DeepEqual(o, c) {
				return
			}
		}
		out = append(out, c)
	}
	add(v.Defaults)
	noDip := h
	noDip.Diplomacy = nil
	add(noDip)
	half := h
	half.Bombs = h.Bombs[:len(h.Bombs)/2]
	add(half)
	for i := range uint64(2) {
		if r, err := (Random{Seed: seed*3 + i + 1}).Orders(v, req); err == nil {
			add(r)
		}
	}
	return out
}

// flat is the search's game: one imagined game per iteration.
type flat struct {
	cfg   *xghj.Config
	v     *xghj.View
	cands []xghj.Commands
	keys  []int
}

var (
	errDeterminize = errors.New("mcts: no determinization")
	errNoConfig    = errors.New("mcts: the search agent has no config to imagine games of")
)

// Simulate implements mcts.Game.
func (f *flat) Simulate(it *mcts.Iter[int]) ([]float64, error) {
	if f.keys == nil {
		for i := range f.cands {
			f.keys = append(f.keys, i)
		}
	}
	me := f.v.Me
	c := it.Choose(me, f.keys, func() int { return 0 })
	g, err := xghj.Determinize(f.cfg, f.v, it.Rand().Source().Uint64())
	if err != nil {
		return nil, errDeterminize
	}
	n := f.v.Players
	ds := make([]xghj.OrderDecider, n)
	for p := range ds {
		if it.Options().Rollout == mcts.RolloutRandom {
			ds[p] = Random{Seed: it.Rand().Source().Uint64()}
		} else {
			ds[p] = Heuristic{}
		}
	}
	ds[me] = &firstThen{first: f.cands[c], then: ds[me]}
	g.Orders.Deciders = ds
	depth := it.Options().Depth
	for r := 0; depth <= 0 || r < depth; r++ {
		over, err := g.Step()
		if err != nil {
			return nil, err
		}
		if over {
			break
		}
	}
	res := make([]float64, n)
	st := g.State()
	if st.Over {
		for k, p := range st.Ranking {
			res[p] = 1 - float64(k)/float64(max(n-1, 1))
		}
		return res, nil
	}
	top := 0
	for p := range n {
		if st.Players[p].Alive {
			top = max(top, st.Players[p].Area)
		}
	}
	for p := range n {
		if st.Players[p].Alive && top > 0 {
			res[p] = float64(st.Players[p].Area) / float64(top)
		}
	}
	return res, nil
}

// firstThen gives the searched orders in the imagined game's first round
// (its default orders if the imagined game refuses them) and then plays as
// its rollout agent.
type firstThen struct {
	first xghj.Commands
	done  bool
	round int
	then  xghj.OrderDecider
}

func (d *firstThen) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	switch {
	case !d.done:
		d.done, d.round = true, v.Round
		return d.first, nil
	case v.Round == d.round:
		return xghj.Commands{}, play.ErrDefault
	}
	return d.then.Orders(v, req)
}
