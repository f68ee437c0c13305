package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// PlayerNames reports more names than players.
var PlayerNames = &lint.Rule[*Unit]{
	Name: "xghj-player-names",
	Doc: `more player names than players

players.names gives at most players.count names (the rest default to P1,
P2 …); extra names belong to nobody.`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[players]\ncount = 2\nnames = [\"a\", \"b\", \"c\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if n := len(u.Players.Names); n > u.Players.Count {
			p.Reportf(u.Src.Range(fmt.Sprintf("/players/names/%d", u.Players.Count)), "Too many player names", "%d names for %d players.", n, u.Players.Count)
		}
	},
}
