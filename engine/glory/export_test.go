package glory

import (
	"fmt"
	"slices"
)

// Placement puts one drafted hero on the board for a rule test.
type Placement struct {
	Hero, Side, Point, Weapon int
}

// SetUpForTest skips the draft and preparation: the heroes are placed as
// given (points are board indices), both purses hold g, and the game is in
// red's first turn.
func SetUpForTest(gm *Game, g int, ps ...Placement) {
	gm.st.Heroes = nil
	gm.st.Towers = nil
	gm.st.Draft = Draft{Main: [2]int{-1, -1}, Ban: [2]int{-1, -1}}
	for _, p := range ps {
		c := &gm.cfg.Heroes[p.Hero]
		hs := HeroState{Hero: p.Hero, Side: p.Side, HP: c.HP, MaxHP: c.HP, Point: p.Point, Alive: true,
			Weapon: p.Weapon, Extreme: c.Extreme, Math: c.Math, Speed: c.Speed}
		if n := len(c.Skills); n > 0 {
			hs.Uses, hs.Next = make([]int, n), make([]int, n)
		}
		gm.st.Heroes = append(gm.st.Heroes, hs)
	}
	for _, p := range gm.board.Towers() {
		side, hp := gm.board.Tower(p)
		gm.st.Towers = append(gm.st.Towers, TowerState{Point: p, Side: side, HP: hp})
	}
	for s := range 2 {
		gm.st.Econ[s] = make([]bool, len(gm.board.EconPoints()))
		gm.st.G[s] = g
	}
	gm.index()
	gm.st.Phase, gm.st.Round, gm.st.Side, gm.st.Started = PhasePlay, 1, Red, true
	gm.st.Turns = [2]int{1, 0}
}

// OptionsForTest returns side's legal operations now.
func (g *Game) OptionsForTest(side int) ([]Option, error) {
	r := g.ask(AskAction, side, -1)
	for i := range g.st.Heroes {
		h := &g.st.Heroes[i]
		if h.Side == side && h.Alive && !h.Acted {
			if err := g.actions(r, i); err != nil {
				return nil, err
			}
		}
	}
	return slices.Clone(r.Options), nil
}

// DoForTest carries out o for side, if it is legal now, and checks the lose
// conditions as after any operation.
func (g *Game) DoForTest(side int, o Option) error {
	opts, err := g.OptionsForTest(side)
	if err != nil {
		return err
	}
	if !slices.Contains(opts, o) {
		return fmt.Errorf("%s is not a legal operation", o.ID())
	}
	if err := g.apply(side, o); err != nil {
		return err
	}
	g.checkEnd(side)
	return nil
}

// HeroPtrForTest gives rule tests write access to a hero's state.
func (g *Game) HeroPtrForTest(i int) *HeroState { return &g.st.Heroes[i] }

// TowerPtrForTest gives rule tests write access to a tower's state.
func (g *Game) TowerPtrForTest(t int) *TowerState { return &g.st.Towers[t] }

// ReindexForTest rebuilds the occupancy after a test moved heroes.
func (g *Game) ReindexForTest() { g.index() }

// EndTurnForTest ends the current turn (economy payout, next side).
func (g *Game) EndTurnForTest() { g.endTurn(g.st.Side) }
