package agent

import (
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/xghj"
)

// Random gives random legal orders: a random bid, a random legal spawn,
// random diplomacy toward the players it knows, a few bombs of random size
// on cells it may use, and now and then a new capital on its own land.
type Random struct{ Seed uint64 }

// Orders implements xghj.OrderDecider.
func (a Random) Orders(v *xghj.View, req *play.OrderRequest) (xghj.Commands, error) {
	r := stream(a.Seed, v, req.Attempt)
	switch v.Phase {
	case xghj.PhaseBid:
		return xghj.Commands{Bid: r.IntN(v.Constants.InitialPlayerMoney + 1)}, nil
	case xghj.PhaseSpawn:
		for range 200 {
			at := xghj.Pos{X: r.IntN(v.Cols), Y: r.IntN(v.Rows)}
			if spawnOK(v, at, v.Constants.MinAbsDistBetween) {
				return xghj.Commands{Spawn: &at}, nil
			}
		}
		return xghj.Commands{}, play.ErrDefault
	}
	c := v.Defaults
	c.Diplomacy = append([]xghj.Dip(nil), c.Diplomacy...)
	for q := range v.Players {
		if q == v.Me || !v.Info[q].Visible || r.IntN(3) != 0 {
			continue
		}
		d := xghj.Dip(r.IntN(4))
		if d == xghj.Backstab && v.BackstabUsed {
			d = xghj.JustifyWar
		}
		c.Diplomacy[q] = d
	}
	var usable []int
	for i, cell := range v.Cells {
		if cell.Visible && friendly(v, cell.Owner) {
			usable = append(usable, i)
		}
	}
	saving := v.Info[v.Me].Saving
	if len(usable) > 0 {
		for range r.IntN(6) {
			if saving <= 0 {
				break
			}
			i := usable[r.IntN(len(usable))]
			size := r.IntN(saving + 1)
			spent := size
			if v.Rulebook {
				// Rulebook orders are city levels, city_cost each.
				size = r.IntN(saving/v.Constants.CityCost + 1)
				spent = size * v.Constants.CityCost
			}
			saving -= spent
			c.Bombs = append(c.Bombs, xghj.Bomb{X: i % v.Cols, Y: i / v.Cols, Size: size})
		}
		if r.IntN(10) == 0 {
			i := usable[r.IntN(len(usable))]
			if v.Cells[i].Owner == v.Me {
				c.Capital = &xghj.Pos{X: i % v.Cols, Y: i / v.Cols}
			}
		}
	}
	return c, nil
}
