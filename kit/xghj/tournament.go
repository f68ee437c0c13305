package xghj

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"golang.org/x/sync/errgroup"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/agent"
	"github.com/sandtable/sandtable/kit/sim"
)

// SwissPoints are the points of the final places of one game (facts §11;
// the readme's 5,3,2,1,1,1,0,0 is not what the code awards). Places past
// the table get 0.
var SwissPoints = []int{5, 3, 2, 2, 1, 1, 0, 0}

// AgentDummy pads a tournament to whole games: it spawns like the
// heuristic bot and then gives its default orders.
const AgentDummy = "dummy"

// TournamentOptions configure Tournament.
type TournamentOptions struct {
	Rounds  int      // Swiss rounds (the original plays 30)
	Seed    uint64   // everything random derives from it
	Bots    []string // one entrant per agent name
	Workers int      // games played in parallel; results do not depend on it
}

// Entrant is one tournament entrant and its standing.
type Entrant struct {
	ID     int    `json:"id"`
	Bot    string `json:"bot"`
	Points int    `json:"points"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"`
}

// Standings are a tournament's result: the entrants by points (then id).
type Standings struct {
	Rounds   int       `json:"rounds"`
	Seed     uint64    `json:"seed"`
	Players  int       `json:"players_per_game"`
	Entrants []Entrant `json:"standings"`
}

type dummy struct{}

func (dummy) Orders(v *engine.View, req *play.OrderRequest) (engine.Commands, error) {
	if v.Phase == engine.PhaseRound {
		return engine.Commands{}, play.ErrDefault
	}
	return agent.Heuristic{}.Orders(v, req)
}

func newEntrantAgent(cfg *engine.Config, name string, seed uint64, p int) (engine.OrderDecider, error) {
	if name == AgentDummy {
		return dummy{}, nil
	}
	return NewAgent(cfg, name, seed, p)
}

// Tournament runs the Swiss system of facts §11 on cfg: entrants padded
// with dummies to a multiple of the game's player count; each round they
// are ordered by points with a random tie-break and every consecutive
// block plays one game; places earn SwissPoints.
func Tournament(cfg *engine.Config, opts TournamentOptions) (*Standings, error) {
	k := len(cfg.Players)
	if opts.Rounds <= 0 {
		return nil, errors.New("xghj tournament: the number of rounds must be positive")
	}
	if len(opts.Bots) == 0 {
		return nil, errors.New("xghj tournament: no bots")
	}
	for _, b := range opts.Bots {
		if _, err := newEntrantAgent(cfg, b, 0, 0); err != nil {
			return nil, err
		}
	}
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	es := make([]Entrant, 0, len(opts.Bots)+k)
	for i, b := range opts.Bots {
		es = append(es, Entrant{ID: i, Bot: b})
	}
	for len(es)%k != 0 {
		es = append(es, Entrant{ID: len(es), Bot: AgentDummy})
	}
	r := rng.New(opts.Seed)
	workers := max(opts.Workers, 1)
	order := make([]int, len(es))
	for i := range order {
		order[i] = i
	}
	blocks := len(es) / k
	for round := range opts.Rounds {
		key := make([]float64, len(es))
		for i := range es {
			key[i] = float64(es[i].Points) + r.Float()
		}
		slices.SortStableFunc(order, func(a, b int) int {
			switch {
			case key[a] > key[b]:
				return -1
			case key[a] < key[b]:
				return 1
			}
			return a - b
		})
		results := make([][]int, blocks)
		errs := make([]error, blocks)
		var g errgroup.Group
		g.SetLimit(workers)
		for b := range blocks {
			g.Go(func() error {
				results[b], errs[b] = playBlock(cfg, sim.GameSeed(opts.Seed, round*blocks+b), es, order[b*k:(b+1)*k])
				return nil
			})
		}
		g.Wait()
		for b := range blocks {
			if errs[b] != nil {
				return nil, fmt.Errorf("round %d, game %d: %w", round+1, b+1, errs[b])
			}
			seats := order[b*k : (b+1)*k]
			for _, e := range seats {
				es[e].Games++
			}
			for place, p := range results[b] {
				e := seats[p]
				if place < len(SwissPoints) {
					es[e].Points += SwissPoints[place]
				}
				if place == 0 {
					es[e].Wins++
				}
			}
		}
	}
	slices.SortStableFunc(es, func(a, b Entrant) int {
		if a.Points != b.Points {
			return b.Points - a.Points
		}
		return a.ID - b.ID
	})
	return &Standings{Rounds: opts.Rounds, Seed: opts.Seed, Players: k, Entrants: es}, nil
}

// playBlock plays one game of the entrants seated in order and returns the
// final ranking (seats by place).
func playBlock(cfg *engine.Config, seed uint64, es []Entrant, seats []int) ([]int, error) {
	g, done, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer done()
	for p, e := range seats {
		d, err := newEntrantAgent(cfg, es[e].Bot, seed, p)
		if err != nil {
			return nil, err
		}
		g.Orders.Deciders = append(g.Orders.Deciders, d)
	}
	res, err := g.Run()
	if err != nil {
		return nil, err
	}
	return res.Ranking, nil
}

// WriteText writes the standings as a table.
func (s *Standings) WriteText(w io.Writer) error {
	dummies := 0
	for _, e := range s.Entrants {
		if e.Bot == AgentDummy {
			dummies++
		}
	}
	if _, err := fmt.Fprintf(w, "Swiss tournament: %d rounds, %d entrants (%d dummies), %d players per game, seed %d\n",
		s.Rounds, len(s.Entrants), dummies, s.Players, s.Seed); err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RANK\tENTRANT\tBOT\tPOINTS\tGAMES\tWINS")
	for i, e := range s.Entrants {
		fmt.Fprintf(tw, "%d\t#%d\t%s\t%d\t%d\t%d\n", i+1, e.ID, e.Bot, e.Points, e.Games, e.Wins)
	}
	return tw.Flush()
}
