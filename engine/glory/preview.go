package glory

import (
	"fmt"
	"slices"
)

// Outcome is what one operation would do, as Preview measures it.
type Outcome struct {
	// HeroLoss is the HP each side's heroes lose (heals count negative);
	// Deaths counts heroes killed; TowerLoss the HP each side's towers lose;
	// Spent the G each side pays (income counts negative).
	HeroLoss  [2]int
	Deaths    [2]int
	TowerLoss [2]int
	Spent     [2]int
	// Winner is the side the operation would make win, -1 when the game
	// goes on (or ends in a draw).
	Winner int
}

// Preview carries out operation o (an option of the AskAction request
// being decided, or of the last Legal listing) on a copy of the game and
// reports the outcome; any other option is an error; the game itself,
// its RNG and its logs are left as they were. Agents use it to weigh shots
// and skills by what they do rather than by what they are called.
func (v *View) Preview(o Option) (Outcome, error) {
	g := v.g
	if g.st.Phase != PhasePlay || g.req.Kind != AskAction || !slices.Contains(g.req.Options, o) {
		return Outcome{Winner: -1}, fmt.Errorf("glory: preview of %s, which is not an option of the operation being decided", o.ID())
	}
	// The copy goes into the spare state's slices, and the previewed
	// state becomes the spare: a preview allocates nothing once the
	// slices have grown to the game's size.
	saved := g.spare
	copyState(&saved, &g.st)
	rngSaved := *g.rng
	nEvents := g.events.Len()
	before := g.st
	out := Outcome{Winner: -1}
	var hp0, tw0 [2]int
	var alive0 [2]int
	for _, h := range before.Heroes {
		if h.Alive {
			hp0[h.Side] += h.HP
			alive0[h.Side]++
		}
	}
	for _, t := range before.Towers {
		tw0[t.Side] += max(t.HP, 0)
	}
	g0 := g.st.G
	err := g.apply(g.st.Side, o)
	if err == nil {
		g.checkEnd(g.st.Side)
		for s := range 2 {
			hp, alive, tw := 0, 0, 0
			for _, h := range g.st.Heroes {
				if h.Side == s && h.Alive {
					hp += h.HP
					alive++
				}
			}
			for _, t := range g.st.Towers {
				if t.Side == s {
					tw += max(t.HP, 0)
				}
			}
			out.HeroLoss[s], out.Deaths[s], out.TowerLoss[s] = hp0[s]-hp, alive0[s]-alive, tw0[s]-tw
			out.Spent[s] = g0[s] - g.st.G[s]
		}
		if g.st.Phase == PhaseOver {
			out.Winner = g.st.Winner
		}
	}
	g.st, g.spare = saved, g.st
	*g.rng = rngSaved
	g.events.Set(g.events.All()[:nEvents])
	g.hookErr = nil
	g.index()
	return out, err
}
