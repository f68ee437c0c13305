package mbg

import (
	"fmt"
	"slices"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// FacilityOffBoard warns about facilities no board square names.
var FacilityOffBoard = &lint.Rule[*Unit]{
	Name: "mbg-facility-off-board",
	Doc: `facility never on the board

A city, institute or training room that no board square names can never be
visited: it cannot be occupied, researched at or trained in.`,
	Example:    "board = [\"许昌\", \"hall\"]\n\n[[cities]]\nname = \"长安\"  # no square names 长安\nscope = \"small\"\n",
	Categories: []string{"board"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		var names []string
		for _, c := range u.Cities {
			names = append(names, c.Name)
		}
		for _, c := range u.Institutes {
			names = append(names, c.Name)
		}
		for _, c := range u.Trainings {
			names = append(names, c.Name)
		}
		on := map[string]bool{}
		for _, w := range u.Board {
			on[w] = true
			// A misspelt square is reported by mbg-board-unknown with the
			// facility it most likely meant; that facility is not also
			// reported as missing from the board.
			if !slices.Contains(names, w) {
				if m := diag.DidYouMean(w, names); m != "" {
					on[m] = true
				}
			}
		}
		check := func(list string, i int, name, what string) {
			if name != "" && !on[name] {
				report(p, diag.Diagnostic{Summary: "Facility not on the board",
					Detail:  fmt.Sprintf("The %s %s is on no board square, so no role can ever land on it.", what, name),
					Subject: u.Src.Range(Ptr(list, i, "name"))})
			}
		}
		for i, c := range u.Cities {
			check("cities", i, c.Name, "city")
		}
		for i, c := range u.Institutes {
			check("institutes", i, c.Name, "institute")
		}
		for i, c := range u.Trainings {
			check("training_rooms", i, c.Name, "training room")
		}
	},
}
