package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// NoTechs notes people who know no tech.
var NoTechs = &lint.Rule[*Unit]{
	Name: "ftbt-no-techs",
	Doc: `person who knows no tech

A person without techs can move but never attack, buff or heal. That can
be intended (a decoy, a unit to escort); the note makes sure it is.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [13, 16]\ntechs = []\n",
	Categories: []string{"balance"},
	Severity:   diag.Info,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, pr := range u.People {
			if len(pr.Techs) == 0 && !pr.Bad {
				report(p, diag.Diagnostic{Summary: "Person without techs",
					Detail:  fmt.Sprintf("%s knows no tech, so it can move but never act on anyone.", pr.Name),
					Subject: u.Src.KeyRange(Ptr("people", i))})
			}
		}
	},
}
