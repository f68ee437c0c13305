package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// GoalOffMap reports AI goals outside the map.
var GoalOffMap = &lint.Rule[*Unit]{
	Name: "ftbt-goal-off-map",
	Doc: `AI goal off the map

ai.goal = [x, y] is a fixed cell the AI steers the person toward; it must
be inside the map. Leave goal out for the dynamic goal (the nearest enemy,
recomputed at every decision).`,
	Example:    "[[people]]\nname = \"D\"\nside = 1\nabi = 20\ndef = 17\nhp = 90\nspeed = 100\nat = [8, 22]\nai = { att = 50, def = 20, move = 30, goal = [25, 40] }  # the map is 40 high\n",
	Categories: []string{"ai"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, pr := range u.People {
			if pr.AI == nil || len(pr.AI.Goal) != 2 {
				continue
			}
			if x, y := pr.AI.Goal[0], pr.AI.Goal[1]; !u.OnMap(x, y) {
				report(p, diag.Diagnostic{Summary: "AI goal off the map",
					Detail: fmt.Sprintf("The goal of %s is %s, but the map is %d × %d. Leave goal out for the nearest enemy.",
						pr.Name, cellName(x, y), u.Config.Width, u.Config.Height),
					Subject: u.Src.Range(Ptr("people", i, "ai", "goal"))})
			}
		}
	},
}

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

// reach floods the map from (x, y) through passable cells (the start cell
// itself may be impassable, as CalDist allows) and returns the cells
// reached, indexed y·width + x.
func (u *Unit) reach(x, y int) []bool {
	w := u.Config.Width
	seen := make([]bool, len(u.Config.Cells))
	seen[y*w+x] = true
	queue := [][2]int{{x, y}}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, d := range lineDirs {
			nx, ny := c[0]+d[0], c[1]+d[1]
			if u.OnMap(nx, ny) && !seen[ny*w+nx] && u.Passable(nx, ny) {
				seen[ny*w+nx] = true
				queue = append(queue, [2]int{nx, ny})
			}
		}
	}
	return seen
}

// reachedFrom reports whether a person at (x, y) can join the flood: its
// cell was reached, or (when it stands on impassable terrain, which it may
// leave) one of its passable neighbours was.
func (u *Unit) reachedFrom(seen []bool, x, y int) bool {
	w := u.Config.Width
	if seen[y*w+x] {
		return true
	}
	for _, d := range lineDirs {
		nx, ny := x+d[0], y+d[1]
		if u.OnMap(nx, ny) && seen[ny*w+nx] {
			return true
		}
	}
	return false
}
