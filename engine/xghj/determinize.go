package xghj

import "errors"

// Determinize returns a game of cfg that agrees with everything player
// v.Me sees in v, a view of the round phase, with the hidden part guessed
// from the view alone, so that a searching agent can imagine the game's
// continuation without knowing more than its player (information-set
// search by determinization): a hidden cell is neutral; a player's saving
// the viewer does not see is the viewer's own, its income and area those
// the view shows (1 when undiscovered), its capital unknown (Invalid); two
// other players are at war when the view lists it, else neutral when the
// viewer has discovered both, else undiscovered. Only the fc14 rules
// without scenario hooks are supported; other games are refused.
func Determinize(cfg *Config, v *View, seed uint64) (*Game, error) {
	if cfg.Rulebook() {
		return nil, errors.New("xghj: determinizing a rulebook game is not supported")
	}
	if v.Phase != PhaseRound || v.Round < 1 {
		return nil, errors.New("xghj: determinizing needs a view of the round phase")
	}
	g, err := New(cfg, seed)
	if err != nil {
		return nil, err
	}
	if g.hooked() {
		return nil, errors.New("xghj: determinizing a game with scenario hooks is not supported")
	}
	if len(v.Cells) != len(g.st.Owner) || v.Players != g.n || len(v.Info) != g.n || v.Me < 0 || v.Me >= g.n {
		return nil, errors.New("xghj: the view is not of this config")
	}
	st := &g.st
	st.Round = v.Round
	for c, cv := range v.Cells {
		if cv.Visible && cv.Owner != Unknown {
			st.Owner[c], st.Sieged[c] = cv.Owner, cv.Sieged
		}
	}
	me := v.Info[v.Me]
	for u := range g.n {
		in := &v.Info[u]
		ps := &st.Players[u]
		ps.Alive, ps.Saving, ps.Income, ps.Area, ps.Capital = true, me.Saving, 1, 1, Invalid
		if in.Visible || u == v.Me {
			ps.Alive, ps.Income, ps.Area = in.Alive, in.Income, in.Area
		}
		if in.Union || u == v.Me {
			ps.Saving, ps.Capital = in.Saving, in.Capital
		}
		ps.BackstabUsed = u == v.Me && v.BackstabUsed
	}
	for a := range g.n {
		for b := range g.n {
			switch {
			case a == b:
				st.Dip[a][b] = Allied
			case a == v.Me:
				st.Dip[a][b] = v.Info[b].Status
			case b == v.Me:
				st.Dip[a][b] = v.Info[a].Status
			case contains(v.Info[a].WarList, b) || contains(v.Info[b].WarList, a):
				st.Dip[a][b] = AtWar
			case v.Info[a].Visible && v.Info[b].Visible:
				st.Dip[a][b] = NeutralStatus
			default:
				st.Dip[a][b] = Undiscovered
			}
		}
	}
	st.AliveCount = 0
	for u := range g.n {
		if st.Players[u].Alive {
			st.AliveCount++
		}
	}
	return g, nil
}

func contains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
