package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// PersonOffMap reports people placed outside the map.
var PersonOffMap = &lint.Rule[*Unit]{
	Name: "ftbt-person-off-map",
	Doc: `person placed off the map

at = [x, y] counts from 0 at the top-left cell, x to the right and y
downward; both must be inside the map. The original engine panicked on such
a person, or silently wrapped it to the next row.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [50, 3]  # the map is 50 wide: x is 0 to 49\n",
	Categories: []string{"placement"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			if ok && !u.OnMap(x, y) {
				report(p, diag.Diagnostic{Summary: "Person off the map",
					Detail: fmt.Sprintf("%s stands at %s, but the map is %d × %d (x 0 to %d, y 0 to %d).",
						pr.Name, cellName(x, y), u.Config.Width, u.Config.Height, u.Config.Width-1, u.Config.Height-1),
					Subject: u.Src.Range(Ptr("people", i, "at"))})
			}
		}
	},
}

// PersonImpassable warns about people standing on impassable terrain.
var PersonImpassable = &lint.Rule[*Unit]{
	Name: "ftbt-person-impassable",
	Doc: `person standing on impassable terrain

The person starts on a cell whose terrain has weight -1. It can step off
it, but never back, and nobody else can enter it: usually the person was
meant to stand beside the wall or water.`,
	Example:    "[[terrains]]\nname = \"崖\"\nweight = -1\nglyph = \"^\"\n\n# …\n[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [3, 0]  # a ^ cell\n",
	Categories: []string{"placement"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			t := u.Terrain(x, y)
			if ok && t >= 0 && t < len(u.Terrains) && u.Terrains[t].Weight < 0 {
				report(p, diag.Diagnostic{Summary: "Person on impassable terrain",
					Detail:  fmt.Sprintf("%s stands at %s, a %s cell (weight %d): it can leave the cell but never come back.", pr.Name, cellName(x, y), u.Terrains[t].Name, u.Terrains[t].Weight),
					Subject: u.Src.Range(Ptr("people", i, "at"))})
			}
		}
	},
}

// SharedCell reports two people placed on one cell.
var SharedCell = &lint.Rule[*Unit]{
	Name: "ftbt-shared-cell",
	Doc: `two people on one cell

A cell holds at most one person. The original engine let the later person
overwrite the earlier one, which then became a ghost that still counted for
its side; here it is an error.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = 18\nhp = 80\nspeed = 100\nat = [13, 16]\n\n[[people]]\nname = \"B\"\nside = 0\nabi = 20\ndef = 20\nhp = 85\nspeed = 120\nat = [13, 16]  # where A stands\n",
	Categories: []string{"placement"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		first := map[[2]int]int{}
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			if !ok || !u.OnMap(x, y) {
				continue
			}
			j, taken := first[[2]int{x, y}]
			if !taken {
				first[[2]int{x, y}] = i
				continue
			}
			d := diag.Diagnostic{Summary: "Two people on one cell",
				Detail:  fmt.Sprintf("%s stands at %s, where %s already stands; a cell holds one person.", pr.Name, cellName(x, y), u.People[j].Name),
				Subject: u.Src.Range(Ptr("people", i, "at"))}
			related(u, &d, Ptr("people", j, "at"), "placed here first")
			report(p, d)
		}
	},
}

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
