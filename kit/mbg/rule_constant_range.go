package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ConstantRange warns about constants set outside their sane range.
var ConstantRange = &lint.Rule[*Unit]{
	Name: "mbg-constant-range",
	Doc: `constant outside its sane range

The schema enforces hard bounds; this rule warns when a constant is legal but
far from anything that plays well (for example a battle round limit of 2 or
a die of 1..500). The detail gives the seed's default.`,
	Example:    "[constants]\nbattle_round_min = 2  # sane range 5..500, seed default 40\n",
	Categories: []string{"balance"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, c := range Constants {
			v := u.Constants[c.Name]
			if !u.Set[c.Name] || (v >= c.SaneMin && v <= c.SaneMax) {
				continue
			}
			report(p, diag.Diagnostic{Summary: "Constant outside its sane range",
				Detail:  fmt.Sprintf("%s = %v is outside %v..%v (seed default %v). %s", c.Name, v, c.SaneMin, c.SaneMax, c.Default, c.Doc),
				Subject: u.Src.Range("/constants/" + c.Name)})
		}
	},
}
