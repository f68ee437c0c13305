package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

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
