package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// RoleOffBoard reports roles starting beyond the end of the board.
var RoleOffBoard = &lint.Rule[*Unit]{
	Name: "mbg-role-off-board",
	Doc: `role starting off the board

start is a 0-based index into board; it must be smaller than the number of
squares.`,
	Example:    "board = [\"许昌\", \"hall\", \"洛阳\", \"chance\"]\n\n[[roles]]\nname = \"蜀\"\nstart = 4  # squares are 0 to 3\nmoney = 5000\n",
	Categories: []string{"board"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, r := range u.Roles {
			if r.Playing() && r.Start >= len(u.Board) {
				report(p, diag.Diagnostic{Summary: "Role starts off the board",
					Detail:  fmt.Sprintf("%s starts on square %d, but the board has %d squares (0 to %d).", r.Name, r.Start, len(u.Board), len(u.Board)-1),
					Subject: u.Src.Range(Ptr("roles", i, "start"))})
			}
		}
	},
}
