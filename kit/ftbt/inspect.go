package ftbt

import (
	"fmt"

	engine "github.com/sandtable/sandtable/engine/ftbt"
)

// Inspection is what `mapc inspect` prints for an ftbt scenario: the values
// the compiler derives from the source (the drawn map, expanded ranges,
// masks, AI settings), so an author can check a level without playing it.
type Inspection struct {
	Game     string           `json:"game"`
	Name     string           `json:"name"`
	Width    int              `json:"width"`
	Height   int              `json:"height"`
	Terrains []TerrainInspect `json:"terrains"`
	Sides    []SideInspect    `json:"sides"`
	Techs    []TechInspect    `json:"techs"`
	People   []PersonInspect  `json:"people"`
}

// TerrainInspect counts the cells of one terrain.
type TerrainInspect struct {
	Name   string `json:"name"`
	Glyph  string `json:"glyph"`
	Weight int    `json:"weight"`
	Cells  int    `json:"cells"`
}

// SideInspect sums up one side.
type SideInspect struct {
	Side     int `json:"side"`
	People   int `json:"people"`
	AIPeople int `json:"ai_people"` // people the AI decides for
	HP       int `json:"total_hp"`
}

// TechInspect gives a tech's expanded range.
type TechInspect struct {
	Name       string   `json:"name"`
	Class      string   `json:"class"`
	Long       bool     `json:"long"`
	Offsets    int      `json:"offsets"`
	Unique     int      `json:"unique_offsets"`
	Duplicates []Offset `json:"duplicates,omitempty"`
	Reach      int      `json:"reach"` // largest Manhattan distance of an offset
	Terrains   []string `json:"terrains"`
	Users      []string `json:"users"`
}

// PersonInspect gives where a person starts and what it can reach from there.
type PersonInspect struct {
	Name    string       `json:"name"`
	Side    int          `json:"side"`
	X       int          `json:"x"`
	Y       int          `json:"y"`
	Cell    int          `json:"cell"` // y·width + x
	Terrain string       `json:"terrain"`
	AI      string       `json:"ai"` // "off", "nearest enemy" or "goal (x,y)"
	Factors []int        `json:"ai_factors,omitempty"`
	Techs   []PersonTech `json:"techs"`
}

// PersonTech is one tech slot of a person.
type PersonTech struct {
	Name   string `json:"name"`
	Unique int    `json:"unique_offsets"`
	// Targets counts the distinct cells the tech could be aimed at from the
	// person's starting cell: on the map, with a terrain the mask allows.
	Targets int `json:"targets_from_start"`
}

// Inspect derives the values of a resolved scenario. It tolerates indices
// out of range (they show as empty names).
func Inspect(cfg *engine.Config) *Inspection {
	in := &Inspection{Game: "ftbt", Name: cfg.Name, Width: cfg.Width, Height: cfg.Height,
		Terrains: []TerrainInspect{}, Sides: []SideInspect{{Side: 0}, {Side: 1}}, Techs: []TechInspect{}, People: []PersonInspect{}}
	for _, t := range cfg.Terrains {
		in.Terrains = append(in.Terrains, TerrainInspect{Name: t.Name, Glyph: t.Glyph, Weight: t.Weight})
	}
	for _, c := range cfg.Cells {
		if c >= 0 && c < len(in.Terrains) {
			in.Terrains[c].Cells++
		}
	}
	terrainAt := func(x, y int) int {
		if x < 0 || y < 0 || x >= cfg.Width || y >= cfg.Height || y*cfg.Width+x >= len(cfg.Cells) {
			return -1
		}
		return cfg.Cells[y*cfg.Width+x]
	}
	techName := func(t int) string {
		if t >= 0 && t < len(cfg.Techs) {
			return cfg.Techs[t].ID
		}
		return ""
	}
	users := make([][]string, len(cfg.Techs))
	for _, p := range cfg.People {
		for _, t := range p.Techs {
			if t >= 0 && t < len(users) {
				users[t] = append(users[t], p.Name)
			}
		}
	}
	for i, t := range cfg.Techs {
		ti := TechInspect{Name: t.ID, Long: t.Long, Offsets: len(t.Offsets), Unique: Unique(t.Offsets),
			Terrains: []string{}, Users: users[i]}
		if ti.Users == nil {
			ti.Users = []string{}
		}
		if t.Class >= 0 && t.Class < len(cfg.Classes) {
			ti.Class = cfg.Classes[t.Class].ID
		}
		ti.Duplicates, _ = Duplicates(t.Offsets)
		for _, o := range t.Offsets {
			ti.Reach = max(ti.Reach, satAdd(abs(o[0]), abs(o[1])))
		}
		for k, ok := range t.Mask {
			if ok && k < len(cfg.Terrains) {
				ti.Terrains = append(ti.Terrains, cfg.Terrains[k].Name)
			}
		}
		in.Techs = append(in.Techs, ti)
	}
	for _, p := range cfg.People {
		pi := PersonInspect{Name: p.Name, Side: p.Side, X: p.X, Y: p.Y, Cell: -1, AI: "off", Techs: []PersonTech{}}
		if t := terrainAt(p.X, p.Y); t >= 0 {
			pi.Cell = p.Y*cfg.Width + p.X
			if t < len(cfg.Terrains) {
				pi.Terrain = cfg.Terrains[t].Name
			}
		}
		if a := p.AI; a != nil {
			pi.Factors = []int{a.Att, a.Def, a.Move}
			pi.AI = "nearest enemy"
			if a.GoalX >= 0 && a.GoalY >= 0 {
				pi.AI = fmt.Sprintf("goal (%d,%d)", a.GoalX, a.GoalY)
			}
		}
		for _, t := range p.Techs {
			pt := PersonTech{Name: techName(t)}
			if t >= 0 && t < len(cfg.Techs) {
				tech := cfg.Techs[t]
				pt.Unique = Unique(tech.Offsets)
				seen := map[Offset]bool{}
				for _, o := range tech.Offsets {
					k := terrainAt(satAdd(p.X, o[0]), satAdd(p.Y, o[1]))
					if !seen[o] && k >= 0 && k < len(tech.Mask) && tech.Mask[k] {
						pt.Targets++
					}
					seen[o] = true
				}
			}
			pi.Techs = append(pi.Techs, pt)
		}
		if p.Side == 0 || p.Side == 1 {
			s := &in.Sides[p.Side]
			s.People++
			s.HP += p.HP
			if p.AI != nil {
				s.AIPeople++
			}
		}
		in.People = append(in.People, pi)
	}
	return in
}

// satAdd adds without wrapping around (coordinates of a broken config may
// be anything).
func satAdd(a, b int) int {
	const maxInt, minInt = int(^uint(0) >> 1), -int(^uint(0)>>1) - 1
	switch {
	case b > 0 && a > maxInt-b:
		return maxInt
	case b < 0 && a < minInt-b:
		return minInt
	}
	return a + b
}
