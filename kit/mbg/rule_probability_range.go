package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ProbabilityRange reports tech probabilities outside [0, 1].
var ProbabilityRange = &lint.Rule[*Unit]{
	Name: "mbg-probability-range",
	Doc: `tech probability outside 0..1

prob = [low, high] gives the fire chance at strategy 0 and 100; both ends
must be probabilities.`,
	Example:    "[[techs]]\nid = \"妖术\"\nscript = \"builtin:mbg/tech/arrows.lua\"\nstudy = 100\ntrigger = \"any\"\nprob = [0, 1.5]  # above 1\nvalue = [10, 20]\ncooldown = 1\n",
	Categories: []string{"balance"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Techs {
			for j, v := range t.Prob {
				if v < 0 || v > 1 {
					report(p, diag.Diagnostic{Summary: "Probability out of range",
						Detail:  fmt.Sprintf("The fire chance of %s is %v; it must be between 0 and 1.", t.ID, v),
						Subject: u.Src.Range(Ptr("techs", i, "prob", itoa(j)))})
				}
			}
		}
	},
}
