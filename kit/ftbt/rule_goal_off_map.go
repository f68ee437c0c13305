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
