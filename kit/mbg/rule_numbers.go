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

// MoneyUnreachable warns when no role can ever reach the money target.
var MoneyUnreachable = &lint.Rule[*Unit]{
	Name: "mbg-money-unreachable",
	Doc: `money target unreachable by the board's income

An upper bound of what all roles together can own by the turn limit — their
starting money plus max_turn turns of every city's best income, each turn
also collecting the own-city bonus — is below win_money, so the game can
only end by bankruptcy or the turn limit.`,
	Example:    "[scenario]\nname = \"endless\"\nwin_money = 100000000  # far beyond what two cities earn in 10 turns\nmax_turn = 10\n",
	Categories: []string{"balance"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		c := u.Constants
		best := c["min_earn"]
		for _, o := range u.Officers {
			best = max(best, o.Jing)
		}
		perTurn, top := 0.0, 0.0
		for _, ct := range u.Config.Cities {
			// earn = max(min_earn, jing) × (1.5 + 0.5·scope + fengshui), fengshui < 0.5
			e := best * (1.5 + 0.5*float64(ct.Scope) + 0.5)
			perTurn += e
			top = max(top, e)
		}
		total := 0.0
		for _, r := range u.Roles {
			total += r.Money
		}
		bound := total + float64(u.Scenario.MaxTurn)*(perTurn+top*c["own_tax_scale"]*float64(len(u.Roles)))
		if u.Scenario.WinMoney > bound {
			report(p, diag.Diagnostic{Summary: "Money target unreachable",
				Detail:  fmt.Sprintf("win_money is %v, but the roles can own at most about %.0f after %d turns.", u.Scenario.WinMoney, bound, u.Scenario.MaxTurn),
				Subject: u.Src.Range("/scenario/win_money")})
		}
	},
}
