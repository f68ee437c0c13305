package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// BoardUnknown reports board squares that name no facility.
var BoardUnknown = &lint.Rule[*Unit]{
	Name: "mbg-board-unknown",
	Doc: `board square naming an unknown facility

Each board square is a city, institute or training room name, or one of the
words hall, chance and empty. A misspelt name would otherwise silently
become a square that does nothing.`,
	Example:    "board = [\"许昌\", \"hal\", \"洛阳\"]  # did you mean hall?\n",
	Categories: []string{"reference", "board"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, w := range u.Board {
			if _, ok := u.Ix.Square(w); ok {
				continue
			}
			detail := fmt.Sprintf("Square %d names %q, which is no city, institute or training room, nor hall, chance or empty.", i, w)
			detail, sugg := diag.SuggestDetail(detail, w, u.Ix.BoardWords())
			report(p, diag.Diagnostic{Summary: "Unknown board square", Detail: detail,
				Subject: u.Src.Range(fmt.Sprintf("/board/%d", i)), Suggestions: sugg})
		}
	},
}
