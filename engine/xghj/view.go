package xghj

import "slices"

// Phase of a view: what the player is asked for.
type Phase string

// The phases a player is asked in.
const (
	PhaseBid   Phase = "bid"   // Commands.Bid
	PhaseSpawn Phase = "spawn" // Commands.Spawn
	PhaseRound Phase = "round" // Commands.Diplomacy, Bombs, Capital
)

// CellView is what a player sees of one cell (facts §8 and §10): the
// owner and the siege flag when the cell is visible, Unknown and false
// otherwise. Terrain is public and lives in View.Terrain.
type CellView struct {
	Owner   int  `json:"owner"`
	Sieged  bool `json:"sieged,omitempty"`
	Visible bool `json:"visible,omitempty"`
}

// PlayerInfo is what a player knows about another (facts §8).
type PlayerInfo struct {
	Status Status `json:"status"`
	// Visible (discovered, including at war): Income, Area, WarList.
	Visible bool  `json:"visible"`
	Alive   bool  `json:"alive,omitempty"`
	Income  int   `json:"income,omitempty"`
	Area    int   `json:"area,omitempty"`
	WarList []int `json:"war_list,omitempty"`
	// Union (allied, or oneself): Saving and Capital.
	Union   bool `json:"union"`
	Saving  int  `json:"saving,omitempty"`
	Capital Pos  `json:"capital"`
	// Rulebook: Military is the total level of the player's cities (shown
	// for neutral, truce and union partners), TruceLeft the rounds its
	// truce with the viewer still forbids war.
	Military  int `json:"military,omitempty"`
	TruceLeft int `json:"truce_left,omitempty"`
}

// View is everything one player may know when it gives its orders. It is
// built fresh for each ask and shares nothing with the game state but the
// public terrain and kernel.
type View struct {
	Me      int   `json:"me"`
	Players int   `json:"players"`
	Cols    int   `json:"cols"`
	Rows    int   `json:"rows"`
	Round   int   `json:"round"`
	Phase   Phase `json:"phase"`
	// Terrain and Kernel are public (the config's; read only).
	Terrain   []Cell      `json:"-"`
	Kernel    [][]float64 `json:"-"`
	Constants Constants   `json:"-"`
	// Cells is row-major like Terrain.
	Cells        []CellView   `json:"cells"`
	Info         []PlayerInfo `json:"info"`
	BackstabUsed bool         `json:"backstab_used"`
	// Selected lists the spawns chosen before this player's turn in the
	// spawn phase (Invalid for failed choices).
	Selected []Pos `json:"selected,omitempty"`
	// Defaults are the orders taken if the player gives none.
	Defaults Commands `json:"defaults"`
	// Rulebook is set under the rulebook rule set; Cities then lists the
	// viewer's own cities and the cities on cells it sees.
	Rulebook bool   `json:"rulebook,omitempty"`
	Cities   []City `json:"cities,omitempty"`
}

// At returns the view of cell (x, y).
func (v *View) At(x, y int) CellView { return v.Cells[y*v.Cols+x] }

// In reports whether (x, y) is on the map.
func (v *View) In(x, y int) bool { return x >= 0 && y >= 0 && x < v.Cols && y < v.Rows }

// view builds player p's view (facts §8, §10), then applies the
// effects' full vision and full information.
func (g *Game) view(p int, phase Phase) *View {
	v := g.baseView(p, phase)
	if phase != PhaseRound {
		return v
	}
	vision, info := g.hookView(p)
	if vision {
		for c := range v.Cells {
			v.Cells[c] = CellView{Owner: g.st.Owner[c], Sieged: g.st.Sieged[c], Visible: true}
		}
		if g.cfg.Rulebook() {
			v.Cities = slices.Clone(g.st.Cities)
		}
	}
	if info {
		for u := range g.n {
			us := &g.st.Players[u]
			in := &v.Info[u]
			in.Visible, in.Alive, in.Income, in.Area, in.Military = true, us.Alive, us.Income, us.Area, us.Military
			in.Union, in.Saving, in.Capital = true, us.Saving, us.Capital
			in.WarList = nil
			for w := range g.n {
				if w != u && g.st.Dip[u][w] == AtWar {
					in.WarList = append(in.WarList, w)
				}
			}
		}
	}
	return v
}

// Sight reports, cell by cell, what player p sees now by the rule set's
// vision (facts §8, §10): what its view would mark visible, without the
// scenario effects' full vision (which runs hooks). A replay viewer draws
// a player's fog with it.
func (g *Game) Sight(p int) []bool {
	out := make([]bool, len(g.st.Owner))
	if p < 0 || p >= g.n {
		return out
	}
	for c, cv := range g.baseView(p, PhaseBid).Cells {
		out[c] = cv.Visible
	}
	return out
}

// baseView is the view of the rule set alone.
func (g *Game) baseView(p int, phase Phase) *View {
	st := &g.st
	cols, rows := g.cfg.Cols, g.cfg.Rows
	v := &View{
		Me: p, Players: g.n, Cols: cols, Rows: rows, Round: st.Round, Phase: phase,
		Terrain: g.cfg.Cells, Kernel: g.cfg.Kernel, Constants: g.cfg.Constants,
		Cells: make([]CellView, len(st.Owner)), Info: make([]PlayerInfo, g.n),
		BackstabUsed: st.Players[p].BackstabUsed,
	}
	if g.cfg.Rulebook() {
		g.rbView(v)
		if phase == PhaseSpawn {
			v.Selected = append([]Pos(nil), g.selected...)
		}
		if phase == PhaseRound {
			v.Defaults = g.defaults(p)
			v.Defaults.Capital = nil
		}
		return v
	}
	// Visible: own or allied cells, and cells within Manhattan distance
	// FieldBoundary of one.
	for c, o := range st.Owner {
		v.Cells[c].Owner = Unknown
		if !g.friendly(p, o) {
			continue
		}
		v.Cells[c].Visible = true
		x, y := c%cols, c/cols
		for _, d := range g.ring {
			nx, ny := x+d[0], y+d[1]
			if nx >= 0 && ny >= 0 && nx < cols && ny < rows {
				v.Cells[ny*cols+nx].Visible = true
			}
		}
	}
	for c := range v.Cells {
		if v.Cells[c].Visible {
			v.Cells[c].Owner = st.Owner[c]
			v.Cells[c].Sieged = st.Sieged[c]
		}
	}
	for u := range g.n {
		s := st.Dip[p][u]
		in := PlayerInfo{Status: s, Capital: Invalid}
		if s != Undiscovered {
			us := &st.Players[u]
			in.Visible, in.Alive, in.Income, in.Area = true, us.Alive, us.Income, us.Area
			for w := range g.n {
				if w != u && st.Dip[u][w] == AtWar {
					in.WarList = append(in.WarList, w)
				}
			}
			if s == Allied {
				in.Union, in.Saving, in.Capital = true, us.Saving, us.Capital
			}
		}
		v.Info[u] = in
	}
	if phase == PhaseSpawn {
		v.Selected = append([]Pos(nil), g.selected...)
	}
	if phase == PhaseRound {
		v.Defaults = g.defaults(p)
	}
	return v
}

// rbView fills the rulebook's vision and internal information: own and
// union land plus vision_radius around it, and the land of neutral and
// truce players, is visible; about a neutral or truce player one learns
// its area and total city levels, about a union partner also its saving,
// about a player at war or undiscovered nothing but the status.
func (g *Game) rbView(v *View) {
	st := &g.st
	p := v.Me
	cols, rows := g.cfg.Cols, g.cfg.Rows
	v.Rulebook = true
	for c, o := range st.Owner {
		v.Cells[c].Owner = Unknown
		if g.isPlayer(o) && (st.Dip[p][o] == NeutralStatus || st.Dip[p][o] == Truce) {
			v.Cells[c].Visible = true
		}
		if !g.friendly(p, o) {
			continue
		}
		v.Cells[c].Visible = true
		x, y := c%cols, c/cols
		for _, d := range g.ring {
			nx, ny := x+d[0], y+d[1]
			if nx >= 0 && ny >= 0 && nx < cols && ny < rows {
				v.Cells[ny*cols+nx].Visible = true
			}
		}
	}
	for c := range v.Cells {
		if v.Cells[c].Visible {
			v.Cells[c].Owner = st.Owner[c]
		}
	}
	for _, ct := range st.Cities {
		if ct.Player == p || v.Cells[ct.Cell].Visible {
			v.Cities = append(v.Cities, ct)
		}
	}
	for u := range g.n {
		s := st.Dip[p][u]
		in := PlayerInfo{Status: s, Capital: Invalid}
		us := &st.Players[u]
		switch s {
		case NeutralStatus, Truce, Allied:
			in.Visible, in.Alive, in.Area, in.Military = true, us.Alive, us.Area, us.Military
			in.TruceLeft = st.TruceLeft[p][u]
			if s == Allied {
				in.Union, in.Saving = true, us.Saving
			}
			if u == p {
				in.Income = us.Income
			}
		}
		v.Info[u] = in
	}
}
