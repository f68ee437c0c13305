package xghj

import (
	"errors"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/sim"
)

// SeriesOptions configure Series, the rulebook's 一轮比赛 (facts §12).
type SeriesOptions struct {
	// Agents give the entrants, one per seat of the scenario; a shorter
	// list repeats its last name.
	Agents []string
	Seed   uint64
	// Graduates is how many graduations end the series (default 1);
	// MaxGames bounds it (default 100).
	Graduates int
	MaxGames  int
	// Growth is a winner's factor (default 1.5) and Stages the number of
	// wins to graduate (default 5: 1.5⁵ = 7.59375 times the base).
	Growth float64
	Stages int
}

// SeriesEntrant is one entrant and where the series left it.
type SeriesEntrant struct {
	ID         int     `json:"id"`
	Agent      string  `json:"agent"`
	Multiplier float64 `json:"multiplier"`
	Wins       int     `json:"wins"`
	// Graduated is the game after which the entrant graduated (0: not).
	Graduated int `json:"graduated,omitempty"`
}

// SeriesGame is one game of a series.
type SeriesGame struct {
	Game   int    `json:"game"`
	Seats  []int  `json:"seats"`  // entrant per seat
	Start  []int  `json:"start"`  // starting saving per seat
	Winner int    `json:"winner"` // entrant
	Rounds int    `json:"rounds"`
	Reason string `json:"reason"`
}

// SeriesResult is a whole series.
type SeriesResult struct {
	Seed     uint64          `json:"seed"`
	Entrants []SeriesEntrant `json:"entrants"`
	Games    []SeriesGame    `json:"games"`
}

// Series plays the 一轮比赛 of the rulebook on cfg: in the first game
// everyone starts with initial_player_money; after each game the winner's
// starting resources grow by Growth (the others keep theirs), floored when
// applied; an entrant whose multiplier reaches Growth^Stages graduates
// and sits out the later games. The series ends when Graduates entrants
// have graduated, fewer than two remain, or after MaxGames games. Game i
// is played with sim.GameSeed(Seed, i).
func Series(cfg *engine.Config, opts SeriesOptions) (*SeriesResult, error) {
	if len(opts.Agents) == 0 {
		opts.Agents = []string{AgentHeuristic}
	}
	opts.Graduates = cmpOr(opts.Graduates, 1)
	opts.MaxGames = cmpOr(opts.MaxGames, 100)
	opts.Stages = cmpOr(opts.Stages, 5)
	if opts.Growth == 0 {
		opts.Growth = 1.5
	}
	if opts.Growth < 1 || math.IsNaN(opts.Growth) || opts.Stages < 1 || opts.Graduates < 1 || opts.MaxGames < 1 {
		return nil, errors.New("xghj series: growth must be at least 1, stages, graduates and games positive")
	}
	goal := math.Pow(opts.Growth, float64(opts.Stages))
	res := &SeriesResult{Seed: opts.Seed}
	for i := range cfg.Players {
		name := opts.Agents[min(i, len(opts.Agents)-1)]
		if _, err := NewAgent(cfg, name, 0, i); err != nil {
			return nil, err
		}
		res.Entrants = append(res.Entrants, SeriesEntrant{ID: i, Agent: name, Multiplier: 1})
	}
	base := cfg.Constants.InitialPlayerMoney
	graduated := 0
	for game := 1; game <= opts.MaxGames && graduated < opts.Graduates; game++ {
		var seats []int
		for _, e := range res.Entrants {
			if e.Graduated == 0 {
				seats = append(seats, e.ID)
			}
		}
		if len(seats) < 2 {
			break
		}
		c := *cfg
		c.Players = nil
		agents := make([]string, len(seats))
		start := make([]int, len(seats))
		for s, id := range seats {
			c.Players = append(c.Players, cfg.Players[id])
			agents[s] = res.Entrants[id].Agent
			start[s] = int(math.Floor(float64(base) * res.Entrants[id].Multiplier))
		}
		g, err := playSeries(&c, sim.GameSeed(opts.Seed, game-1), agents, start)
		if err != nil {
			return nil, fmt.Errorf("xghj series: game %d: %w", game, err)
		}
		st := g.State()
		won := seats[st.Ranking[0]]
		res.Games = append(res.Games, SeriesGame{Game: game, Seats: seats, Start: start, Winner: won, Rounds: st.Round, Reason: endReason(st)})
		e := &res.Entrants[won]
		e.Wins++
		e.Multiplier *= opts.Growth
		if e.Multiplier >= goal {
			e.Graduated = game
			graduated++
		}
	}
	return res, nil
}

func cmpOr(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// endReason names how a game ended: "goal", "last_alive" or "turn_limit".
func endReason(st *engine.State) string {
	switch {
	case st.Players[st.Ranking[0]].Goal:
		return "goal"
	case st.AliveCount > 1:
		return "turn_limit"
	}
	return "last_alive"
}

// playSeries plays one game of a series with the seats' starting savings.
func playSeries(cfg *engine.Config, seed uint64, agents []string, start []int) (*engine.Game, error) {
	r, err := Sim{cfg: cfg}.runner()
	if err != nil {
		return nil, err
	}
	if r != nil {
		defer r.Close()
	}
	return playGameWith(cfg, r, seed, agents, start)
}

// WriteText writes the series as a table of games and the entrants.
func (s *SeriesResult) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "GAME\tWINNER\tROUNDS\tENDING\tSTART (entrant:saving)\n")
	for _, g := range s.Games {
		fmt.Fprintf(tw, "%d\tP%d %s\t%d\t%s\t", g.Game, g.Winner+1, s.Entrants[g.Winner].Agent, g.Rounds, g.Reason)
		for i, id := range g.Seats {
			fmt.Fprintf(tw, "P%d:%d ", id+1, g.Start[i])
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "\nENTRANT\tAGENT\tWINS\tMULTIPLIER\tGRADUATED\n")
	for _, e := range s.Entrants {
		grad := "-"
		if e.Graduated > 0 {
			grad = fmt.Sprintf("after game %d", e.Graduated)
		}
		fmt.Fprintf(tw, "P%d\t%s\t%d\t%.5g\t%s\n", e.ID+1, e.Agent, e.Wins, e.Multiplier, grad)
	}
	return tw.Flush()
}
