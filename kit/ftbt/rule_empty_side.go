package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// EmptySide reports a side without people.
var EmptySide = &lint.Rule[*Unit]{
	Name: "ftbt-empty-side",
	Doc: `side without people

Both sides, 0 and 1, need at least one person: a side with nobody can never
act, and the game is decided only after an activation.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0  # and nobody has side = 1\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [13, 16]\n",
	Categories: []string{"placement"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if len(u.People) == 0 {
			return // the schema requires people
		}
		var count [2]int
		for _, pr := range u.People {
			if pr.Side == 0 || pr.Side == 1 {
				count[pr.Side]++
			}
		}
		for side, n := range count {
			if n == 0 {
				report(p, diag.Diagnostic{Summary: "Side without people",
					Detail:  fmt.Sprintf("Nobody is on side %d; both sides need at least one person.", side),
					Subject: u.Src.KeyRange("/people/0")})
			}
		}
	},
}
