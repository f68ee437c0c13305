package glory

import engine "github.com/sandtable/sandtable/engine/glory"

// Leader is the side ahead by the game's own score at the round cap
// (Rules.TieBreak): summed tower HP, then summed HP of the living heroes
// (hero HP first with "heroes"; a "draw" tie break still ranks by
// towers, then heroes, for the lead). -1 when both are level.
func Leader(cfg *engine.Config, st *engine.State) int {
	var towers, heroes [2]int
	for _, t := range st.Towers {
		towers[t.Side] += max(t.HP, 0)
	}
	for _, h := range st.Heroes {
		if h.Alive {
			heroes[h.Side] += max(h.HP, 0)
		}
	}
	first, second := towers, heroes
	if cfg.Rules.TieBreak == engine.TieHeroes {
		first, second = heroes, towers
	}
	for _, v := range [2][2]int{first, second} {
		switch {
		case v[0] > v[1]:
			return engine.Red
		case v[1] > v[0]:
			return engine.Blue
		}
	}
	return -1
}

// runLed plays g to its end and returns the leader at the end of every
// round: the side the round cap would declare the winner (Leader) if the
// game stopped there; at the game's end its winner (Leader after a draw),
// since a side that destroyed the main tower or killed every enemy hero
// may still be behind on the cap's score.
func runLed(g *engine.Game) ([]int, error) {
	cfg, st := g.Config(), g.State()
	var leaders []int
	round := st.Round
	for !g.Over() {
		if err := g.Step(); err != nil {
			return leaders, err
		}
		if st.Round != round && !g.Over() {
			leaders = append(leaders, Leader(cfg, st))
			round = st.Round
		}
	}
	if w := g.Winner(); w >= 0 {
		return append(leaders, w), nil
	}
	return append(leaders, Leader(cfg, st)), nil
}
