package glory

// View is a decider's read-only window on the game. Slices it returns are
// the game's own: read them, never modify them. During the draft and the
// weapon preparation it shows only what is public (the other side's
// simultaneous choices are revealed after both have chosen).
type View struct {
	g *Game
}

// Config returns the config.
func (v *View) Config() *Config { return v.g.cfg }

// Board returns the board.
func (v *View) Board() *Board { return v.g.board }

// Phase returns the phase.
func (v *View) Phase() Phase { return v.g.st.Phase }

// Round returns the round (from 1).
func (v *View) Round() int { return v.g.st.Round }

// Side returns the side whose turn it is.
func (v *View) Side() int { return v.g.st.Side }

// G returns side's purse.
func (v *View) G(side int) int { return v.g.st.G[side] }

// Draft returns the public draft so far.
func (v *View) Draft() *Draft { return &v.g.st.Draft }

// Heroes returns the drafted heroes' states (empty before the draft ends).
func (v *View) Heroes() []HeroState { return v.g.st.Heroes }

// Towers returns the towers' states.
func (v *View) Towers() []TowerState { return v.g.st.Towers }

// Occupants returns the living heroes on point p.
func (v *View) Occupants(p int) []int {
	if v.g.occ == nil {
		return nil
	}
	return v.g.occ[p]
}

// TowerAt returns the tower index on p, or -1.
func (v *View) TowerAt(p int) int {
	if v.g.towerAt == nil {
		return -1
	}
	return v.g.towerAt[p]
}

// WeaponDamage returns the main damage weapon w does at steps along the
// line (facts §5).
func (v *View) WeaponDamage(w, steps int) int { return v.g.weaponDamage(w, steps) }
