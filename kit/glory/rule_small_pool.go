package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// SmallPool reports a draft pool too small for the draft.
var SmallPool = &lint.Rule[*Unit]{
	Name: "glory-small-pool",
	Doc: `draft pool smaller than ten

The draft gives each side a main hero and rules.picks more (4): ten
distinct heroes with the default rules.`,
	Example:    "# only nine [[heroes]]\n",
	Categories: []string{"draft"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		need := 2 * (1 + p.Model.Config.Rules.Picks)
		ptr := "/heroes"
		if p.Model.Rules.Picks != nil {
			ptr = "/rules/picks"
		}
		if n := len(p.Model.Heroes); n < need {
			report(p, ptr, "Draft pool too small", "The draft needs %d heroes; the pool has %d.", need, n)
		}
	},
}
