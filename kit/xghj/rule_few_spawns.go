package xghj

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// FewSpawns reports maps with room for fewer spawns than players.
var FewSpawns = &lint.Rule[*Unit]{
	Name: "xghj-few-spawns",
	Doc: `fewer spawnable cells than players

Every player spawns on its own land cell at Manhattan distance at least
min_abs_dist_between_cap from the others; a player who cannot is killed
(facts §3). The rule packs spawns greedily, row by row, and reports when fewer
than the players fit. Enlarge the map, lower the distance or the player count.`,
	Categories: []string{"map"},
	Severity:   diag.Error,
	Example:    "[players]\ncount = 8\n[map]\nrows = [\"rrr\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		cfg := u.Config
		dist := cfg.Constants.MinAbsDistBetween
		placed := maxSpawns(cfg, len(cfg.Players))
		if placed < len(cfg.Players) {
			p.Reportf(u.Src.KeyRange("/players/count"), "Too few spawn cells",
				"Only %d land cells at distance %d or more from each other fit on the map; %d players need one each.", placed, dist, len(cfg.Players))
		}
	},
}
