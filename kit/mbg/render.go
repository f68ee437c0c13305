package mbg

import (
	"fmt"
	"math"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
)

// Square fills by class; cities take their owner's colour instead.
var squareFill = map[string]string{
	engine.SquareEmpty:     "#f5f5f5",
	engine.SquareHall:      "#ffe082",
	engine.SquareChance:    "#b2ebf2",
	engine.SquareInstitute: "#c5e1a5",
	engine.SquareTraining:  "#ffccbc",
	engine.SquareCity:      "#e0e0e0",
}

// squareClasses is the legend order of squareFill.
var squareClasses = []struct{ class, label string }{
	{engine.SquareCity, "city (unowned; owned: the role's colour)"},
	{engine.SquareHall, "hall 会馆 (hire officers)"},
	{engine.SquareChance, "chance (draw a card)"},
	{engine.SquareInstitute, "institute 学 (research techs)"},
	{engine.SquareTraining, "training room 练 (raise a property)"},
	{engine.SquareEmpty, "empty"},
}

// Render implements render.Renderer: the board as a loop of squares read
// clockwise from the top, square 0 first; cities coloured by their owner
// and sized by scope, institutes and training rooms marked, each role's
// start square ringed in its colour, and a legend. Diagnostics inside a
// board square, a city, an institute, a training room or a role are drawn
// as markers on their squares.
func (Game) Render(config any, opts build.RenderOptions) ([]byte, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("mbg: cannot render a %T", config)
	}
	if opts.Ranges != "" {
		return nil, fmt.Errorf("--ranges: mbg has no grid movement")
	}
	return RenderBoard(cfg, opts), nil
}

// RenderBoard draws cfg's board.
func RenderBoard(cfg *engine.Config, opts build.RenderOptions) []byte {
	return renderBoard(cfg, opts, nil, -1)
}

// renderBoard draws cfg's board; with a view, the game's state on it
// instead of the config's start: cities coloured by their current owner,
// each role's pawn on its square (the acting role's ringed; acting -1 for
// none), barriers and robbers, and the roles' money, officers and cities in
// the centre.
func renderBoard(cfg *engine.Config, opts build.RenderOptions, v *engine.View, acting int) []byte {
	n := len(cfg.Board)
	const cell, labelRoom, legendGap = 44.0, 96.0, 24.0
	radius := math.Max(150, float64(n)*(cell+8)/(2*math.Pi))
	owner := map[int]int{} // city → role
	for r, role := range cfg.Roles {
		for _, c := range role.Cities {
			if _, dup := owner[c]; !dup {
				owner[c] = r
			}
		}
	}
	if v != nil {
		owner = map[int]int{}
		for c := range cfg.Cities {
			if o := v.City(c).Owner; o >= 0 {
				owner[c] = o
			}
		}
	}
	legend := legendEntries(cfg)
	if v != nil {
		legend = append(legend,
			render.LegendEntry{Label: "yellow ring: the role deciding", Fill: "#ffeb3b", Stroke: "#212121", Circle: true},
			render.LegendEntry{Label: "障 barrier, 盗 robber on the square", Fill: "#c62828", Circle: true})
	}
	legendW := render.LegendWidth("Squares", legend) + 8
	cx := labelRoom + radius + cell
	cy := 56 + labelRoom + radius
	w := 2*cx + legendGap + legendW
	h := math.Max(2*cy-40, 80+float64(len(legend)+4)*20)
	c := render.New(w, h)
	title := cfg.Name
	if cfg.Title != "" {
		title = cfg.Title
	}
	c.Text(16, 28, title, render.TextStyle{Size: 18, Bold: true})
	sub := fmt.Sprintf("mbg · %d squares · win at %s gold · %d turns", n, render.Num(cfg.WinMoney), cfg.MaxTurn)
	if v != nil {
		sub = fmt.Sprintf("mbg · turn %d of %d · win at %s gold", v.Turn(), cfg.MaxTurn, render.Num(cfg.WinMoney))
	}
	c.Text(16, 48, sub, render.TextStyle{Size: 12, Fill: "#555555"})

	pos := func(i int) (x, y, a float64) {
		a = -math.Pi/2 + 2*math.Pi*float64(i)/float64(max(n, 1))
		return cx + radius*math.Cos(a), cy + radius*math.Sin(a), a
	}
	// The path, then the squares on it.
	c.Circle(cx, cy, radius, render.Style{Fill: "none", Stroke: "#bdbdbd", StrokeWidth: 2, Dash: "6 4"})
	for i, sq := range cfg.Board {
		x, y, a := pos(i)
		size, fill, label, mark := squareLook(cfg, sq, owner)
		c.Group("square " + sq.Class)
		tip := squareTip(cfg, sq)
		if v != nil {
			tip = squareNow(cfg, v, i)
		}
		c.Title(fmt.Sprintf("square %d: %s", i, tip))
		c.Rect(x-size/2, y-size/2, size, size, render.Style{Fill: fill, Stroke: "#424242", StrokeWidth: 1})
		if mark != "" {
			c.Text(x, y+5, mark, render.TextStyle{Size: 14, Anchor: render.Middle, Bold: true})
		}
		if v != nil {
			// What cards put on the square: a barrier (障) or the robber
			// (盗), as a red badge in its corner.
			ss, badge := v.Square(i), ""
			switch {
			case ss.Barrier:
				badge = "障"
			case ss.Robber:
				badge = "盗"
			}
			if badge != "" {
				bx, by := x-size/2+6, y-size/2+6
				c.Circle(bx, by, 8, render.Style{Fill: "#c62828", Stroke: "#ffffff", StrokeWidth: 1})
				c.Text(bx, by+3.5, badge, render.TextStyle{Size: 10, Anchor: render.Middle, Fill: "#ffffff", Bold: true})
			}
		}
		numFill := "#616161"
		if fill != squareFill[sq.Class] {
			numFill = "#ffffff" // on an owner's colour
		}
		c.Text(x, y+size/2-3, fmt.Sprint(i), render.TextStyle{Size: 8, Anchor: render.Middle, Fill: numFill})
		if label != "" {
			lx, ly := cx+(radius+cell/2+10)*math.Cos(a), cy+(radius+cell/2+10)*math.Sin(a)
			anchor := render.Middle
			switch {
			case math.Cos(a) > 0.3:
				anchor = render.Start
			case math.Cos(a) < -0.3:
				anchor = render.End
			}
			c.Text(lx, ly+4, label, render.TextStyle{Size: 12, Anchor: anchor})
		}
		c.End()
	}
	// Start squares (with a view: the squares the roles are on): a ring
	// inside the loop per role, in the role's colour.
	for r, role := range cfg.Roles {
		at, tip := role.Start, fmt.Sprintf("%s starts on square %d with %s gold", role.Name, role.Start, render.Num(role.Money))
		if v != nil {
			if r >= v.NumRoles() || !v.Alive(r) {
				continue
			}
			rs := v.Role(r)
			at, tip = rs.Loc, fmt.Sprintf("%s is on square %d with %s gold", role.Name, rs.Loc, render.Num(math.Round(rs.Money)))
			if r == acting {
				tip += " (deciding)"
			}
		}
		if at < 0 || at >= n {
			continue
		}
		_, _, a := pos(at)
		rr := radius - cell/2 - 16 - float64(r%3)*14
		x, y := cx+rr*math.Cos(a), cy+rr*math.Sin(a)
		c.Group("role")
		c.Title(tip)
		if v != nil && r == acting {
			c.Circle(x, y, 12, render.Style{Fill: "none", Stroke: "#212121", StrokeWidth: 4})
			c.Circle(x, y, 12, render.Style{Fill: "none", Stroke: "#ffeb3b", StrokeWidth: 2})
		}
		c.Circle(x, y, 9, render.Style{Fill: render.Side(r), Stroke: "#212121", StrokeWidth: 1})
		c.Text(x, y+4, firstRune(role.Name), render.TextStyle{Size: 10, Anchor: render.Middle, Fill: "#ffffff", Bold: true})
		c.End()
	}
	// Diagnostics on the squares they concern.
	for _, d := range opts.Diagnostics {
		for _, i := range diagSquares(cfg, opts, d) {
			x, y, _ := pos(i)
			c.Marker(x, y, 20, render.Message(d))
		}
	}
	// Centre: the roles.
	y := cy - float64(len(cfg.Roles))*10
	for r, role := range cfg.Roles {
		line := fmt.Sprintf("%s  %s gold, %s, %s", role.Name, render.Num(role.Money), count(len(role.Retinue), "officer"), count(len(role.Cities), "city"))
		if v != nil && r < v.NumRoles() {
			line = roleNow(cfg, v, r)
		}
		c.Text(cx, y, line, render.TextStyle{Size: 12, Anchor: render.Middle, Fill: render.Side(r), Bold: true})
		y += 20
	}
	c.Legend(2*cx+legendGap-16, 72, "Squares", legend)
	return c.Bytes()
}

// legendEntries lists the square classes and the roles.
func legendEntries(cfg *engine.Config) []render.LegendEntry {
	var out []render.LegendEntry
	for _, sc := range squareClasses {
		out = append(out, render.LegendEntry{Label: sc.label, Fill: squareFill[sc.class]})
	}
	out = append(out, render.LegendEntry{Label: "larger square: larger city (small, medium, large)", Fill: "#ffffff", Stroke: "#ffffff"})
	for r, role := range cfg.Roles {
		out = append(out, render.LegendEntry{Label: "role " + role.Name, Fill: render.Side(r), Circle: true})
	}
	return out
}

// squareLook returns a square's size, fill, outside label and inner mark.
func squareLook(cfg *engine.Config, sq engine.Square, owner map[int]int) (size float64, fill, label, mark string) {
	size, fill = 30, squareFill[sq.Class]
	if fill == "" {
		fill = "#ffffff"
	}
	switch sq.Class {
	case engine.SquareCity:
		if sq.Index >= 0 && sq.Index < len(cfg.Cities) {
			city := cfg.Cities[sq.Index]
			size = 28 + 7*float64(min(max(city.Scope, 0), 2))
			label = city.Name
			if r, ok := owner[sq.Index]; ok {
				fill = render.Side(r)
			}
		}
	case engine.SquareHall:
		mark = "馆"
	case engine.SquareChance:
		mark = "?"
	case engine.SquareInstitute:
		mark = "学"
		if sq.Index >= 0 && sq.Index < len(cfg.Institutes) {
			label = cfg.Institutes[sq.Index].Name
		}
	case engine.SquareTraining:
		mark = "练"
		if sq.Index >= 0 && sq.Index < len(cfg.Trainings) {
			t := cfg.Trainings[sq.Index]
			label = t.Name
			if t.Prop >= 0 && t.Prop < engine.NumProps {
				label += " (" + engine.PropNames[t.Prop] + ")"
			}
		}
	}
	return size, fill, label, mark
}

// squareTip describes a square for its tooltip.
func squareTip(cfg *engine.Config, sq engine.Square) string {
	switch sq.Class {
	case engine.SquareCity:
		if sq.Index >= 0 && sq.Index < len(cfg.Cities) {
			ct := cfg.Cities[sq.Index]
			s := fmt.Sprintf("city %s, %s, defence %s", ct.Name, scopeName(ct.Scope), render.Num(ct.DefMax))
			var g []string
			for _, o := range ct.Garrison {
				if o >= 0 && o < len(cfg.Officers) {
					g = append(g, cfg.Officers[o].Name)
				}
			}
			if len(g) > 0 {
				s += ", garrison " + strings.Join(g, " ")
			}
			return s
		}
	case engine.SquareInstitute:
		if sq.Index >= 0 && sq.Index < len(cfg.Institutes) {
			in := cfg.Institutes[sq.Index]
			var t []string
			for _, i := range in.Techs {
				if i >= 0 && i < len(cfg.Techs) {
					t = append(t, cfg.Techs[i].ID)
				}
			}
			return "institute " + in.Name + ": " + strings.Join(t, " ")
		}
	case engine.SquareTraining:
		if sq.Index >= 0 && sq.Index < len(cfg.Trainings) {
			return "training room " + cfg.Trainings[sq.Index].Name
		}
	}
	return sq.Class
}

// squareNow describes square s in the game v shows, for its tooltip.
func squareNow(cfg *engine.Config, v *engine.View, s int) string {
	sq := cfg.Board[s]
	if sq.Class != engine.SquareCity || sq.Index < 0 || sq.Index >= len(cfg.Cities) {
		return squareTip(cfg, sq)
	}
	ct, cs := cfg.Cities[sq.Index], v.City(sq.Index)
	owner := "unowned"
	if cs.Owner >= 0 && cs.Owner < len(cfg.Roles) {
		owner = "owner " + cfg.Roles[cs.Owner].Name
	}
	out := fmt.Sprintf("city %s, %s, %s, defence %s/%s", ct.Name, scopeName(ct.Scope), owner, render.Num(cs.Def), render.Num(cs.DefMax))
	var g []string
	for _, o := range cs.Garrison {
		if o >= 0 && o < len(cfg.Officers) {
			g = append(g, cfg.Officers[o].Name)
		}
	}
	if len(g) > 0 {
		out += ", garrison " + strings.Join(g, " ")
	}
	return out
}

// roleNow is role r's line in the centre of the board in the game v shows.
func roleNow(cfg *engine.Config, v *engine.View, r int) string {
	name := cfg.Roles[r].Name
	if !v.Alive(r) {
		return name + "  out of the game"
	}
	officers := 0
	for o := range cfg.Officers {
		if v.Officer(o).Role == r {
			officers++
		}
	}
	rs := v.Role(r)
	return fmt.Sprintf("%s  %s gold, %s, %s", name, render.Num(math.Round(rs.Money)), count(officers, "officer"), count(len(rs.Cities), "city"))
}

func scopeName(s int) string {
	if s >= 0 && s < len(Scopes) {
		return Scopes[s]
	}
	return "?"
}

// count writes n with a noun in the singular or plural.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func firstRune(s string) string {
	for _, r := range s {
		return string(r)
	}
	return ""
}

// The keys of a facility and of a role a diagnostic may point into.
var (
	facilityKeys = []string{"name", "scope", "garrison", "mayor", "treasurer", "techs", "prop"}
	roleKeys     = []string{"name", "start", "retinue", "cities", "money", "techs", "direction"}
)

// diagSquares returns the squares diagnostic d concerns: a board entry, or
// every square of the facility or the start of the role it is inside.
func diagSquares(cfg *engine.Config, opts build.RenderOptions, d diag.Diagnostic) []int {
	for i := range cfg.Board {
		if render.Inside(opts.Source, d, fmt.Sprintf("/board/%d", i)) {
			return []int{i}
		}
	}
	facility := func(list, class string, n int) []int {
		for k := range n {
			if render.Inside(opts.Source, d, fmt.Sprintf("/%s/%d", list, k), facilityKeys...) {
				var out []int
				for i, sq := range cfg.Board {
					if sq.Class == class && sq.Index == k {
						out = append(out, i)
					}
				}
				return out
			}
		}
		return nil
	}
	if s := facility("cities", engine.SquareCity, len(cfg.Cities)); s != nil {
		return s
	}
	if s := facility("institutes", engine.SquareInstitute, len(cfg.Institutes)); s != nil {
		return s
	}
	if s := facility("training_rooms", engine.SquareTraining, len(cfg.Trainings)); s != nil {
		return s
	}
	for r, role := range cfg.Roles {
		if render.Inside(opts.Source, d, fmt.Sprintf("/roles/%d", r), roleKeys...) && role.Start >= 0 && role.Start < len(cfg.Board) {
			return []int{role.Start}
		}
	}
	return nil
}

var _ render.Renderer = Game{}
