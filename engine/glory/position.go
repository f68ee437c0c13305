package glory

import (
	"fmt"
	"slices"
)

// Placement puts one hero on the board for a game started from a position.
type Placement struct {
	Hero   int // config hero
	Side   int
	Point  int // board index
	Weapon int // main weapon, -1 none
}

// NewPosition starts a game of cfg in red's first turn with the heroes
// placed as given (no draft, no preparation), both purses holding g: for
// rule tests, puzzles and tools.
func NewPosition(cfg *Config, skills SkillRunner, seed uint64, g int, ps []Placement, deciders ...Decider) (*Game, error) {
	gm, err := New(cfg, skills, seed, deciders...)
	if err != nil {
		return nil, err
	}
	for i, p := range ps {
		if p.Hero < 0 || p.Hero >= len(cfg.Heroes) || p.Side < 0 || p.Side > 1 || p.Point < 0 || p.Point >= gm.board.Len() ||
			p.Weapon < -1 || p.Weapon >= len(cfg.Weapons) {
			return nil, fmt.Errorf("glory: placement %d is out of range", i)
		}
		c := &cfg.Heroes[p.Hero]
		hs := HeroState{Hero: p.Hero, Side: p.Side, HP: c.HP, MaxHP: c.HP, Point: p.Point, Alive: true,
			Weapon: p.Weapon, Extreme: c.Extreme, Math: c.Math, Speed: c.Speed, Vars: slices.Clone(c.Vars)}
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
	return gm, nil
}

// Legal returns side's legal operations now (during play).
func (g *Game) Legal(side int) ([]Option, error) {
	if g.st.Phase != PhasePlay {
		return nil, fmt.Errorf("glory: no operations outside play")
	}
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

// Play carries out operation o for side if it is legal now, outside the
// decision loop (it is not logged), and checks the lose conditions as after
// any operation.
func (g *Game) Play(side int, o Option) error {
	opts, err := g.Legal(side)
	if err != nil {
		return err
	}
	if !slices.Contains(opts, o) {
		return fmt.Errorf("glory: %s is not a legal operation", o.ID())
	}
	if err := g.apply(side, o); err != nil {
		return err
	}
	g.checkEnd(side)
	return nil
}
