package glory

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
)

// sideColours are the sides' colours on the map: red and blue as the
// sides are named (the shared palette's red and blue).
var sideColours = [2]string{render.Palette[1], render.Palette[0]}

// sideCJK name the sides on the map.
var sideCJK = [2]string{"红方", "蓝方"}

// Map colours.
const (
	colRoad     = "#424242" // normal (black) roads
	colCentral  = "#1565c0" // the central area's blue roads
	colCentralA = "#e8f5e9" // the central area behind its points
	colRail     = "#6d4c41" // railway track
	colBoarding = "#8d6e63" // rail-to-road links
	colEcon     = "#ffca28" // economy zones
)

// edgeStyles draw each edge kind; the rail gets white sleepers on top.
var edgeStyles = map[string]render.Style{
	engine.EdgeNormal:   {Stroke: colRoad, StrokeWidth: 2},
	engine.EdgeCentral:  {Stroke: colCentral, StrokeWidth: 3},
	engine.EdgeRail:     {Stroke: colRail, StrokeWidth: 6},
	engine.EdgeBoarding: {Stroke: colBoarding, StrokeWidth: 2, Dash: "4 3"},
}

// Render implements render.Renderer: the map's lattice of points with its
// drawn edges by kind (roads, the central area's blue roads, the rail
// track, boarding links), the central area and the tower zones shaded,
// economy zones in gold, towers in their side's colour with their HP, the
// point every hero of a side starts on ringed in its colour, hover titles
// on points, edges and towers, and a legend. It reads the config's map
// alone, so a best-effort config of a broken scenario draws what it can;
// diagnostics inside a point, an edge or the spawn table are drawn on
// the point (or the edge's middle) they concern.
func (Game) Render(config any, opts build.RenderOptions) ([]byte, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("glory: cannot render a %T", config)
	}
	if opts.Ranges != "" {
		return nil, fmt.Errorf("--ranges: glory heroes have no fixed places before the game; render draws the map only")
	}
	return renderMap(cfg, opts), nil
}

func renderMap(cfg *engine.Config, opts build.RenderOptions) []byte {
	m := &cfg.Map
	const cell, left, top = latticeCell, latticeLeft, latticeTop
	g := newLattice(m)
	minX, maxX, minY, maxY, at, drawn, byID := g.minX, g.maxX, g.minY, g.maxY, g.at, g.drawn, g.byID
	cols, rows := maxX-minX+1, maxY-minY+1
	legend := mapLegend(cfg)
	lw := render.LegendWidth("Legend", legend)
	mapW, mapH := float64(cols-1)*cell, float64(rows-1)*cell
	c := render.New(left+mapW+48+lw+16, max(top+mapH+48, top+float64(len(legend)+2)*20))
	title := cfg.Name
	if cfg.Title != "" {
		title = cfg.Title
	}
	c.Text(16, 28, title, render.TextStyle{Size: 18, Bold: true})
	towers, econ := 0, 0
	for _, p := range m.Points {
		if p.Tower != nil {
			towers++
		}
		if p.Econ {
			econ++
		}
	}
	c.Text(16, 48, fmt.Sprintf("glory · map %s · %d points, %d edges, %d towers, %d economy zones · %d heroes in the pool",
		m.Name, len(m.Points), len(m.Edges), towers, econ, len(cfg.Heroes)), render.TextStyle{Size: 12, Fill: "#555555"})
	c.Text(16, 66, fmt.Sprintf("%d G each at the start, %d picks%s, round cap %d", cfg.Rules.StartG, cfg.Rules.Picks, map[bool]string{true: " and a ban", false: ""}[cfg.Rules.Bans], cfg.Rules.MaxRounds), render.TextStyle{Size: 12, Fill: "#555555"})

	g.areas(c)
	if cx, cy, ok := centre(m, func(p engine.PointConfig) bool { return p.Central && drawn(p) }, at); ok {
		c.Rect(cx-24, cy-10, 48, 20, render.Style{Fill: colCentralA})
		c.Text(cx, cy+5, "中央区", render.TextStyle{Size: 14, Anchor: render.Middle, Fill: colCentral, Bold: true})
	}
	c.End()

	// Edges, by kind in the order the scenario lists the kinds.
	var railEdges [][4]float64
	for _, kind := range EdgeKinds {
		c.Group("edges-" + kind)
		for _, e := range m.Edges {
			if e.Kind != kind {
				continue
			}
			a, okA := byID[e.A]
			b, okB := byID[e.B]
			if !okA || !okB || !drawn(m.Points[a]) || !drawn(m.Points[b]) {
				continue
			}
			x1, y1 := at(m.Points[a].X, m.Points[a].Y)
			x2, y2 := at(m.Points[b].X, m.Points[b].Y)
			c.Group("edge")
			c.Title(fmt.Sprintf("%s edge %d–%d", kind, e.A, e.B))
			c.Line(x1, y1, x2, y2, edgeStyles[kind])
			c.End()
			if kind == engine.EdgeRail {
				railEdges = append(railEdges, [4]float64{x1, y1, x2, y2})
			}
		}
		c.End()
	}
	c.Group("sleepers")
	for _, r := range railEdges {
		c.Line(r[0], r[1], r[2], r[3], render.Style{Stroke: "#ffffff", StrokeWidth: 2, Dash: "2 5"})
	}
	c.End()

	// Points.
	neighbours := map[int][]int{}
	for _, e := range m.Edges {
		neighbours[e.A] = append(neighbours[e.A], e.B)
		neighbours[e.B] = append(neighbours[e.B], e.A)
	}
	c.Group("points")
	for _, p := range m.Points {
		if !drawn(p) {
			continue
		}
		x, y := at(p.X, p.Y)
		c.Group("point")
		c.Title(pointTitle(p, neighbours[p.ID]))
		if p.Tower != nil {
			s := engine.SideByName(p.Tower.Side)
			fill := "#9e9e9e"
			if s >= 0 {
				fill = sideColours[s]
			}
			c.Rect(x-13, y-13, 26, 26, render.Style{Fill: fill, Stroke: "#212121", StrokeWidth: 1.5})
			c.Text(x, y+4, strconv.Itoa(p.Tower.HP), render.TextStyle{Size: 11, Anchor: render.Middle, Fill: "#ffffff", Bold: true})
		} else {
			pointDisc(c, p, x, y)
		}
		// The id up and to the right, outside a tower and a spawn's ring,
		// on a white backing so that edges through it do not hide it.
		id := strconv.Itoa(p.ID)
		lx, ly := x+9, y-9
		if p.Tower != nil {
			lx, ly = x+16, y-21
		}
		c.Rect(lx-1, ly-8, render.TextWidth(id, 9)+2, 10, render.Style{Fill: "#ffffff", Opacity: 0.85})
		c.Text(lx, ly, id, render.TextStyle{Size: 9, Fill: "#616161"})
		if p.Econ {
			c.Text(x, y+22, "经济", render.TextStyle{Size: 9, Anchor: render.Middle, Fill: "#8d6e00"})
		}
		c.End()
	}
	c.End()

	// Where the heroes start: every hero of a side on its spawn point.
	for s := range 2 {
		i, ok := byID[m.Spawn[s]]
		if !ok || !drawn(m.Points[i]) {
			continue
		}
		p := m.Points[i]
		x, y := at(p.X, p.Y)
		c.Group("spawn")
		c.Title(fmt.Sprintf("%s (%s): every hero of the side starts on point %d", engine.SideNames[s], sideCJK[s], p.ID))
		c.Circle(x, y, 20, render.Style{Fill: "none", Stroke: sideColours[s], StrokeWidth: 3, Dash: "6 3"})
		ly := y + 35
		if p.Y == minY {
			ly = y - 25
		}
		label := sideCJK[s] + "出发"
		lw := render.TextWidth(label, 12)
		c.Rect(x-lw/2-2, ly-12, lw+4, 16, render.Style{Fill: "#ffffff", Opacity: 0.9})
		c.Text(x, ly, label, render.TextStyle{Size: 12, Anchor: render.Middle, Fill: sideColours[s], Bold: true})
		c.End()
	}

	// Diagnostics where they point.
	var srcEdges []EdgeSrc
	if len(opts.Diagnostics) > 0 && opts.Source != nil {
		srcEdges = Decode(opts.Source).Edges()
	}
	for _, d := range opts.Diagnostics {
		if x, y, ok := diagSpot(cfg, opts, d, byID, srcEdges); ok && x >= float64(minX) && x <= float64(maxX) && y >= float64(minY) && y <= float64(maxY) {
			c.Marker(left+(x-float64(minX))*cell, top+(float64(maxY)-y)*cell, 16, render.Message(d))
		}
	}
	c.Legend(left+mapW+48, top-10, "Legend", legend)
	return c.Bytes()
}

// centre returns the middle of the points that keep, in picture
// coordinates.
func centre(m *engine.MapConfig, keep func(engine.PointConfig) bool, at func(x, y int) (float64, float64)) (float64, float64, bool) {
	var sx, sy float64
	n := 0
	for _, p := range m.Points {
		if keep(p) {
			x, y := at(p.X, p.Y)
			sx, sy, n = sx+x, sy+y, n+1
		}
	}
	if n == 0 {
		return 0, 0, false
	}
	return sx / float64(n), sy / float64(n), true
}

// pointDisc draws a point without a tower: white on the road, larger and
// gold on an economy zone, brown on the rail, ringed in the central area.
func pointDisc(c *render.Canvas, p engine.PointConfig, x, y float64) {
	st := render.Style{Fill: "#ffffff", Stroke: colRoad, StrokeWidth: 1.5}
	r := 7.0
	switch {
	case p.Econ:
		st.Fill, r = colEcon, 9
	case p.Rail:
		st.Fill, st.Stroke = "#d7ccc8", colRail
	case p.Central:
		st.Stroke = colCentral
	}
	c.Circle(x, y, r, st)
}

// pointTitle is a point's hover text: its id and lattice place, what it
// is and the points its drawn edges lead to.
func pointTitle(p engine.PointConfig, nbs []int) string {
	var what []string
	if p.Tower != nil {
		what = append(what, fmt.Sprintf("%s tower, %d HP", p.Tower.Side, p.Tower.HP))
	}
	if p.Rail {
		what = append(what, "railway")
	}
	if p.Central {
		what = append(what, "central area")
	}
	if p.Econ {
		what = append(what, "economy zone")
	}
	if p.TowerZone != "" {
		what = append(what, p.TowerZone+" tower zone")
	}
	s := fmt.Sprintf("point %d (%d,%d)", p.ID, p.X, p.Y)
	if len(what) > 0 {
		s += ": " + strings.Join(what, ", ")
	}
	nbs = slices.Clone(nbs)
	slices.Sort(nbs)
	nbs = slices.Compact(nbs)
	if len(nbs) > 0 {
		ids := make([]string, len(nbs))
		for i, n := range nbs {
			ids[i] = strconv.Itoa(n)
		}
		s += "; edges to " + strings.Join(ids, ", ")
	}
	return s
}

// mapLegend lists the map's marks and the sides.
func mapLegend(cfg *engine.Config) []render.LegendEntry {
	out := []render.LegendEntry{
		{Label: "road (normal edge)", Fill: colRoad},
		{Label: "中央区 central area, blue road", Fill: colCentralA, Stroke: colCentral},
		{Label: "railway track (rail point)", Fill: "#d7ccc8", Stroke: colRail},
		{Label: "boarding link (dashed)", Fill: "#ffffff", Stroke: colBoarding},
		{Label: "经济 economy zone", Fill: colEcon, Circle: true},
	}
	for s := range 2 {
		hp := 0
		for _, p := range cfg.Map.Points {
			if p.Tower != nil && p.Tower.Side == engine.SideNames[s] {
				hp += p.Tower.HP
			}
		}
		out = append(out,
			render.LegendEntry{Label: fmt.Sprintf("%s %s tower (HP; %d in all)", sideCJK[s], engine.SideNames[s], hp), Fill: sideColours[s]},
			render.LegendEntry{Label: fmt.Sprintf("%s tower zone", engine.SideNames[s]), Fill: "#ffffff", Stroke: sideColours[s]},
			render.LegendEntry{Label: fmt.Sprintf("%s出发: where %s's heroes start", sideCJK[s], engine.SideNames[s]), Fill: "none", Stroke: sideColours[s], Circle: true})
	}
	return out
}

// pointKeys are the keys of a point a diagnostic may point into.
var pointKeys = []string{"id", "x", "y", "rail", "central", "econ", "tower", "tower_zone"}

// diagSpot places a diagnostic on the lattice: inside a point, at the
// point; inside an edge, at the middle of its ends (at the one end that
// exists when the other does not); inside the spawn table, at the spawn
// it names.
func diagSpot(cfg *engine.Config, opts build.RenderOptions, d diag.Diagnostic, byID map[int]int, edges []EdgeSrc) (x, y float64, ok bool) {
	m := &cfg.Map
	if opts.Source == nil {
		return 0, 0, false
	}
	for i, p := range m.Points {
		if render.Inside(opts.Source, d, fmt.Sprintf("/map/points/%d", i), pointKeys...) {
			return float64(p.X), float64(p.Y), true
		}
	}
	for s, name := range engine.SideNames {
		if render.Inside(opts.Source, d, "/map/spawn/"+name) {
			if i, ok := byID[m.Spawn[s]]; ok {
				return float64(m.Points[i].X), float64(m.Points[i].Y), true
			}
			return 0, 0, false
		}
	}
	for _, e := range edges {
		if !render.Inside(opts.Source, d, fmt.Sprintf("/map/edges/%s/%d", e.Kind, e.Index)) {
			continue
		}
		var xs, ys []float64
		for _, id := range [2]int{e.A, e.B} {
			if i, ok := byID[id]; ok && e.OK {
				xs, ys = append(xs, float64(m.Points[i].X)), append(ys, float64(m.Points[i].Y))
			}
		}
		switch len(xs) {
		case 1:
			return xs[0], ys[0], true
		case 2:
			return (xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2, true
		}
		return 0, 0, false
	}
	return 0, 0, false
}

var _ render.Renderer = Game{}

// renderFilm draws the map of a film's frame: the lattice, its areas,
// edges and points as Render draws them (without their hover titles, to
// keep a film of many frames small), the towers with their HP now (grey
// and crossed out when destroyed), and every living hero on its point: a
// disc in its side's colour with its HP, its id beneath and an HP bar;
// the hero of the frame's decision (asked, -1 for none) ringed in gold.
func renderFilm(cfg *engine.Config, v *engine.View, asked int) []byte {
	m := &cfg.Map
	const cell, left, top = latticeCell, latticeLeft, latticeTop
	g := newLattice(m)
	minX, maxX, minY, maxY, at, drawn, byID := g.minX, g.maxX, g.minY, g.maxY, g.at, g.drawn, g.byID
	heroes := v.Heroes()
	legend := filmLegend(cfg, v)
	lw := render.LegendWidth("Legend", legend)
	mapW, mapH := float64(maxX-minX)*cell, float64(maxY-minY)*cell
	c := render.New(left+mapW+48+lw+16, max(top+mapH+48, top+float64(len(legend)+2)*20))
	title := cfg.Name
	if cfg.Title != "" {
		title = cfg.Title
	}
	c.Text(16, 28, title, render.TextStyle{Size: 18, Bold: true})
	sub := "glory · the draft"
	switch {
	case v.Phase() == engine.PhaseOver:
		sub = fmt.Sprintf("glory · over after round %d · G red %d, blue %d", v.Round(), v.G(engine.Red), v.G(engine.Blue))
	case v.Phase() >= engine.PhaseWeapons:
		sub = fmt.Sprintf("glory · round %d, %s to act · G red %d, blue %d", v.Round(), engine.SideNames[v.Side()], v.G(engine.Red), v.G(engine.Blue))
	}
	c.Text(16, 48, sub, render.TextStyle{Size: 12, Fill: "#555555"})

	g.areas(c)
	c.End()
	c.Group("edges")
	var railEdges [][4]float64
	for _, kind := range EdgeKinds {
		for _, e := range m.Edges {
			a, okA := byID[e.A]
			b, okB := byID[e.B]
			if e.Kind != kind || !okA || !okB || !drawn(m.Points[a]) || !drawn(m.Points[b]) {
				continue
			}
			x1, y1 := at(m.Points[a].X, m.Points[a].Y)
			x2, y2 := at(m.Points[b].X, m.Points[b].Y)
			c.Line(x1, y1, x2, y2, edgeStyles[kind])
			if kind == engine.EdgeRail {
				railEdges = append(railEdges, [4]float64{x1, y1, x2, y2})
			}
		}
	}
	for _, r := range railEdges {
		c.Line(r[0], r[1], r[2], r[3], render.Style{Stroke: "#ffffff", StrokeWidth: 2, Dash: "2 5"})
	}
	c.End()
	// Points, and the towers with their HP now.
	towerHP := map[int]int{}
	for _, t := range v.Towers() {
		towerHP[t.Point] = t.HP
	}
	c.Group("points")
	for i, p := range m.Points {
		if !drawn(p) {
			continue
		}
		x, y := at(p.X, p.Y)
		if p.Tower != nil {
			s := engine.SideByName(p.Tower.Side)
			fill, hp := "#9e9e9e", p.Tower.HP
			if s >= 0 {
				fill = sideColours[s]
			}
			if h, ok := towerHP[i]; ok {
				hp = h
			}
			if hp <= 0 {
				c.Rect(x-13, y-13, 26, 26, render.Style{Fill: "#bdbdbd", Stroke: "#212121", StrokeWidth: 1.5})
				c.Line(x-9, y-9, x+9, y+9, render.Style{Stroke: "#212121", StrokeWidth: 2})
				c.Line(x-9, y+9, x+9, y-9, render.Style{Stroke: "#212121", StrokeWidth: 2})
			} else {
				c.Rect(x-13, y-13, 26, 26, render.Style{Fill: fill, Stroke: "#212121", StrokeWidth: 1.5})
				c.Text(x, y+4, strconv.Itoa(hp), render.TextStyle{Size: 11, Anchor: render.Middle, Fill: "#ffffff", Bold: true})
			}
		} else {
			pointDisc(c, p, x, y)
		}
		id := strconv.Itoa(p.ID)
		lx, ly := x+9, y-9
		if p.Tower != nil {
			lx, ly = x+16, y-21
		}
		c.Text(lx, ly, id, render.TextStyle{Size: 9, Fill: "#616161"})
	}
	c.End()
	// The heroes: those on one point side by side around it.
	c.Group("heroes")
	occupants := map[int][]int{}
	var order []int
	for i, h := range heroes {
		if !h.Alive || h.Point < 0 || h.Point >= len(m.Points) || !drawn(m.Points[h.Point]) {
			continue
		}
		if len(occupants[h.Point]) == 0 {
			order = append(order, h.Point)
		}
		occupants[h.Point] = append(occupants[h.Point], i)
	}
	for _, pt := range order {
		hs := occupants[pt]
		px, py := at(m.Points[pt].X, m.Points[pt].Y)
		if m.Points[pt].Tower != nil {
			py += 30 // below the tower, which stays readable
		}
		// Up to three a row, the rows stacked, centred on the point.
		rows := (len(hs) + 2) / 3
		for k, i := range hs {
			h := heroes[i]
			row, col := k/3, k%3
			inRow := min(3, len(hs)-row*3)
			x := px + (float64(col)-float64(inRow-1)/2)*26
			y := py + (float64(row)-float64(rows-1)/2)*34
			if i == asked {
				c.Circle(x, y, 15, render.Style{Fill: "none", Stroke: "#ffb300", StrokeWidth: 3.5})
			}
			c.Circle(x, y, 11, render.Style{Fill: sideColours[h.Side], Stroke: "#ffffff", StrokeWidth: 1.5})
			c.Text(x, y+3.5, strconv.Itoa(h.HP), render.TextStyle{Size: 9, Anchor: render.Middle, Fill: "#ffffff", Bold: true})
			frac := 0.0
			if h.MaxHP > 0 {
				frac = math.Max(0, math.Min(1, float64(h.HP)/float64(h.MaxHP)))
			}
			c.Rect(x-11, y+12, 22, 3, render.Style{Fill: "#e0e0e0"})
			c.Rect(x-11, y+12, 22*frac, 3, render.Style{Fill: "#2e7d32"})
			label := cfg.Heroes[h.Hero].ID
			if len(hs) > 1 {
				label = render.Clip(label, 26, 8)
			}
			c.Text(x, y+23, label, render.TextStyle{Size: 8, Anchor: render.Middle, Fill: sideColours[h.Side], Bold: true})
		}
	}
	c.End()
	c.Legend(left+mapW+48, top-10, "Legend", legend)
	return c.Bytes()
}

// filmLegend lists the sides and every drafted hero with its HP and point
// (or that it is dead), then the map's marks.
func filmLegend(cfg *engine.Config, v *engine.View) []render.LegendEntry {
	var out []render.LegendEntry
	b := v.Board()
	if v.Phase() < engine.PhaseWeapons {
		// The draft so far: each side's main hero and picks, and the hero
		// it banned for the opponent.
		d := v.Draft()
		name := func(h int) string {
			if h >= 0 && h < len(cfg.Heroes) {
				return cfg.Heroes[h].ID
			}
			return "—"
		}
		for s := range 2 {
			out = append(out, render.LegendEntry{Label: fmt.Sprintf("%s %s drafts", sideCJK[s], engine.SideNames[s]), Fill: sideColours[s]})
			picks := make([]string, len(d.Picks[s]))
			for i, h := range d.Picks[s] {
				picks[i] = name(h)
			}
			if len(picks) == 0 {
				picks = []string{"—"}
			}
			out = append(out,
				render.LegendEntry{Label: "  main: " + name(d.Main[s]), Fill: sideColours[s], Circle: true},
				render.LegendEntry{Label: "  picks: " + strings.Join(picks, " "), Fill: sideColours[s], Circle: true},
				render.LegendEntry{Label: "  banned for the opponent: " + name(d.Ban[s]), Fill: "#ffffff", Stroke: sideColours[s], Circle: true})
		}
		if len(d.Clashed) > 0 {
			lost := make([]string, len(d.Clashed))
			for i, h := range d.Clashed {
				lost[i] = name(h)
			}
			out = append(out, render.LegendEntry{Label: "lost to clashes: " + strings.Join(lost, " "), Fill: "#9e9e9e", Circle: true})
		}
	}
	for s := range 2 {
		if len(v.Heroes()) == 0 {
			break
		}
		out = append(out, render.LegendEntry{Label: fmt.Sprintf("%s %s: %d G", sideCJK[s], engine.SideNames[s], v.G(s)), Fill: sideColours[s]})
		for _, h := range v.Heroes() {
			if h.Side != s {
				continue
			}
			label := fmt.Sprintf("  %s: dead", cfg.Heroes[h.Hero].ID)
			fill := "#ffffff"
			if h.Alive {
				label = fmt.Sprintf("  %s: HP %d/%d at %d", cfg.Heroes[h.Hero].ID, h.HP, h.MaxHP, b.ID(h.Point))
				fill = sideColours[s]
			}
			out = append(out, render.LegendEntry{Label: label, Fill: fill, Stroke: sideColours[s], Circle: true})
		}
	}
	out = append(out,
		render.LegendEntry{Label: "gold ring: the hero of this step's decision", Fill: "none", Stroke: "#ffb300", Circle: true},
		render.LegendEntry{Label: "tower (HP now; grey, crossed: destroyed)", Fill: "#bdbdbd"},
		render.LegendEntry{Label: "中央区 central area, blue road", Fill: colCentralA, Stroke: colCentral},
		render.LegendEntry{Label: "railway track (rail point)", Fill: "#d7ccc8", Stroke: colRail},
		render.LegendEntry{Label: "经济 economy zone", Fill: colEcon, Circle: true})
	return out
}

// The lattice's spacing and the picture's margins left of and above it.
const latticeCell, latticeLeft, latticeTop = 56.0, 48.0, 92.0

// lattice is the drawn extent of a map's points, where a point falls on
// the picture, and the points by id (the first of a duplicated id).
// Lattices larger than the standard map's are drawn but not sized without
// bound: a broken scenario may hold any coordinates.
type lattice struct {
	m                      *engine.MapConfig
	minX, maxX, minY, maxY int
	byID                   map[int]int
}

func newLattice(m *engine.MapConfig) *lattice {
	g := &lattice{m: m, byID: map[int]int{}}
	for i, p := range m.Points {
		if i == 0 || p.X < g.minX {
			g.minX = p.X
		}
		if i == 0 || p.X > g.maxX {
			g.maxX = p.X
		}
		if i == 0 || p.Y < g.minY {
			g.minY = p.Y
		}
		if i == 0 || p.Y > g.maxY {
			g.maxY = p.Y
		}
		if _, dup := g.byID[p.ID]; !dup {
			g.byID[p.ID] = i
		}
	}
	g.maxX, g.maxY = min(g.maxX, g.minX+40), min(g.maxY, g.minY+40)
	return g
}

// at is where the lattice place (x, y) falls on the picture.
func (g *lattice) at(x, y int) (float64, float64) {
	return latticeLeft + float64(x-g.minX)*latticeCell, latticeTop + float64(g.maxY-y)*latticeCell
}

// drawn says whether p lies within the drawn extent.
func (g *lattice) drawn(p engine.PointConfig) bool {
	return p.X >= g.minX && p.X <= g.maxX && p.Y >= g.minY && p.Y <= g.maxY
}

// areas draws the central area and the tower zones behind the points.
func (g *lattice) areas(c *render.Canvas) {
	const cell = latticeCell
	c.Group("areas")
	for _, p := range g.m.Points {
		if !g.drawn(p) {
			continue
		}
		x, y := g.at(p.X, p.Y)
		switch {
		case p.Central:
			c.Rect(x-cell/2, y-cell/2, cell, cell, render.Style{Fill: colCentralA})
		case p.TowerZone != "":
			if s := engine.SideByName(p.TowerZone); s >= 0 {
				c.Rect(x-cell/2, y-cell/2, cell, cell, render.Style{Fill: sideColours[s], Opacity: 0.08})
			}
		}
	}
}
