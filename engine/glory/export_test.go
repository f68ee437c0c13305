package glory

// HeroPtrForTest gives rule tests write access to a hero's state.
func (g *Game) HeroPtrForTest(i int) *HeroState { return &g.st.Heroes[i] }

// TowerPtrForTest gives rule tests write access to a tower's state.
func (g *Game) TowerPtrForTest(t int) *TowerState { return &g.st.Towers[t] }

// EndTurnForTest ends the current turn (economy payout, next side).
func (g *Game) EndTurnForTest() { g.endTurn(g.st.Side) }
