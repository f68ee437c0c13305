package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// GoalUnreachable warns about AI goals that the person cannot walk to.
var GoalUnreachable = &lint.Rule[*Unit]{
	Name: "ftbt-goal-unreachable",
	Doc: `AI goal unreachable from the person's cell

On the static terrain weights (the AI's own distance map, facts §5.3) no
path of passable cells leads from the person's starting cell to its goal,
so every cell's goal distance is infinite and the AI moves without a
direction. Walls of weight -1 or the map edge separate them.`,
	Example:    "[map]\nrows = [\n  \"..^..\",  # ^ is a terrain of weight -1\n  \"..^..\",\n]\n\n[[people]]\nname = \"D\"\nside = 1\nabi = 20\ndef = 17\nhp = 90\nspeed = 100\nat = [0, 0]\nai = { goal = [4, 1] }  # behind the wall\n",
	Categories: []string{"ai"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		flood := map[[2]int][]bool{} // goal → reachable cells, computed once per goal
		for i, pr := range u.People {
			x, y, ok := pr.Cell()
			if pr.AI == nil || len(pr.AI.Goal) != 2 || !ok || !u.OnMap(x, y) {
				continue
			}
			goal := [2]int{pr.AI.Goal[0], pr.AI.Goal[1]}
			if !u.OnMap(goal[0], goal[1]) || len(u.Config.Cells) == 0 {
				continue
			}
			seen, done := flood[goal]
			if !done {
				seen = u.reach(goal[0], goal[1])
				flood[goal] = seen
			}
			if !u.reachedFrom(seen, x, y) {
				report(p, diag.Diagnostic{Summary: "AI goal unreachable",
					Detail: fmt.Sprintf("No path of passable cells joins %s at %s to its goal %s, so the AI has no direction to move in.",
						pr.Name, cellName(x, y), cellName(goal[0], goal[1])),
					Subject: u.Src.Range(Ptr("people", i, "ai", "goal"))})
			}
		}
	},
}
