package glory

import (
	"fmt"
	"io"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"

	"github.com/sandtable/sandtable/kit/sim"
)

// HeroStats is one hero's draft and win record over a batch.
type HeroStats struct {
	ID    string `json:"id"`
	Picks int    `json:"picks"` // drafted by either side (main heroes included)
	Mains int    `json:"mains"`
	Bans  int    `json:"bans"`
	Wins  int    `json:"wins"` // games won by the side that drafted it
	// PickRate is Picks per game; WinRate is Wins per pick.
	PickRate float64 `json:"pick_rate"`
	WinRate  float64 `json:"win_rate"`
}

// BalanceReport answers the balance question authors ask first: how often
// each hero is drafted and how often its side wins.
type BalanceReport struct {
	Games  int         `json:"games"`
	Seed   uint64      `json:"seed"`
	Agents []string    `json:"agents"`
	Wins   [2]int      `json:"side_wins"`
	Draws  int         `json:"draws"`
	Heroes []HeroStats `json:"heroes"`
}

// Balance plays games (game i with sim.GameSeed(seed, i)) and tallies each
// hero's picks, bans and wins. The result does not depend on anything but
// the config, the agents and the seed.
func (s *Sim) Balance(games int, seed uint64, agents []string) (*BalanceReport, error) {
	rep := &BalanceReport{Games: games, Seed: seed, Agents: agents, Heroes: make([]HeroStats, len(s.cfg.Heroes))}
	for i, h := range s.cfg.Heroes {
		rep.Heroes[i].ID = h.ID
	}
	for i := range games {
		g, _, err := s.play(sim.GameSeed(seed, i), agents)
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i, err)
		}
		st := g.State()
		w := g.Winner()
		if w < 0 {
			rep.Draws++
		} else {
			rep.Wins[w]++
		}
		for side := range 2 {
			drafted := append([]int{st.Draft.Main[side]}, st.Draft.Picks[side]...)
			rep.Heroes[st.Draft.Main[side]].Mains++
			if b := st.Draft.Ban[side]; b >= 0 {
				rep.Heroes[b].Bans++
			}
			for _, h := range drafted {
				rep.Heroes[h].Picks++
				if w == side {
					rep.Heroes[h].Wins++
				}
			}
		}
	}
	for i := range rep.Heroes {
		h := &rep.Heroes[i]
		if games > 0 {
			h.PickRate = float64(h.Picks) / float64(games)
		}
		if h.Picks > 0 {
			h.WinRate = float64(h.Wins) / float64(h.Picks)
		}
	}
	return rep, nil
}

// WriteText writes the report as a table in pool order, columns aligned
// by display width (Chinese names take two cells per character).
func (r *BalanceReport) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%d games, seed %d, agents %v: red %d, blue %d, draws %d\n", r.Games, r.Seed, r.Agents, r.Wins[0], r.Wins[1], r.Draws)
	nameW := diag.Width("HERO")
	for _, h := range r.Heroes {
		nameW = max(nameW, diag.Width(h.ID))
	}
	pad := func(s string) string { return s + strings.Repeat(" ", nameW-diag.Width(s)+2) }
	if _, err := fmt.Fprintf(w, "%sPICKS  PICK RATE  MAIN  BANNED  WINS  WIN RATE\n", pad("HERO")); err != nil {
		return err
	}
	for _, h := range r.Heroes {
		if _, err := fmt.Fprintf(w, "%s%5d  %9.3f  %4d  %6d  %4d  %8.3f\n", pad(h.ID), h.Picks, h.PickRate, h.Mains, h.Bans, h.Wins, h.WinRate); err != nil {
			return err
		}
	}
	return nil
}
