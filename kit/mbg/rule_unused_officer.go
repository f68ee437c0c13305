package mbg

import (
	"fmt"
	"slices"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// UnusedOfficer warns about officers that can never take part in the game.
var UnusedOfficer = &lint.Rule[*Unit]{
	Name: "mbg-unused-officer",
	Doc: `officer who can never take part

Free officers are hired at hall squares; when the board has no hall they can
never join anyone. Officers of a role with active = false are frozen for the
whole game.`,
	Example:    "board = [\"许昌\", \"empty\"]  # no hall: free officers can never be hired\nofficers = [{ name = \"荀彧\", wu = 11, zhan = 51, mou = 96, zheng = 98, jing = 94 }]\n",
	Categories: []string{"assignment"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		used := map[string]bool{}
		for _, r := range u.Roles {
			if !r.Playing() {
				continue
			}
			for _, o := range r.Retinue {
				used[o] = true
			}
			for _, c := range r.Cities {
				if i := u.Ix.Cities.Lookup(c); i >= 0 {
					for _, o := range u.Cities[i].Garrison {
						used[o] = true
					}
				}
			}
		}
		frozen := map[string]string{}
		for _, r := range u.Roles {
			if !r.Playing() {
				for _, o := range r.Retinue {
					frozen[o] = r.Name
				}
			}
		}
		hall := slices.Contains(u.Board, BoardHall)
		for i, o := range u.Officers {
			switch {
			case o.Name == "" || used[o.Name]:
			case frozen[o.Name] != "":
				report(p, diag.Diagnostic{Summary: "Officer never used",
					Detail:  fmt.Sprintf("%s serves %s, which never plays (active = false), so he is frozen for the whole game.", o.Name, frozen[o.Name]),
					Subject: u.Src.Range(Ptr("officers", i, "name"))})
			case !hall:
				report(p, diag.Diagnostic{Summary: "Officer never used",
					Detail:  fmt.Sprintf("%s serves nobody and the board has no hall square where he could be hired.", o.Name),
					Subject: u.Src.Range(Ptr("officers", i, "name"))})
			}
		}
	},
}
