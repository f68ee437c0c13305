package ftbt

import (
	"fmt"
	"math"
	"slices"
	"strings"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
)

// terrainColours are the fills of the terrains of builtin:ftbt/star.toml
// and of terrains named like them, by glyph; other terrains take
// fallbackColours by their index, impassable ones dark grey.
var terrainColours = []struct{ glyph, words, fill string }{
	{".", "平 plain", "#f3e9c6"},
	{",", "草 grass", "#c8e6a0"},
	{"T", "森 林 forest wood", "#6fa35b"},
	{"#", "墙 wall", "#9e9e9e"},
	{"H", "城 town city", "#d7a86e"},
	{"~", "水 河 water river", "#7fb2e5"},
}

var fallbackColours = []string{"#e6d5f0", "#fde0c5", "#d0f0ef", "#f6d6d6", "#e0e0c0", "#cfd8dc"}

// TerrainColour is the fill of terrain i of cfg on a rendered map.
func TerrainColour(cfg *engine.Config, i int) string {
	if i < 0 || i >= len(cfg.Terrains) {
		return "#ffffff"
	}
	t := cfg.Terrains[i]
	if t.Weight < 0 {
		return "#424242"
	}
	for _, tc := range terrainColours {
		if t.Glyph == tc.glyph {
			return tc.fill
		}
	}
	for _, tc := range terrainColours {
		for _, w := range strings.Fields(tc.words) {
			if strings.Contains(strings.ToLower(t.Name), w) {
				return tc.fill
			}
		}
	}
	return fallbackColours[i%len(fallbackColours)]
}

// Render implements render.Renderer: the grid with terrain colours, the
// people in their side's colour with their names, a legend of the
// terrains (glyph, name, move cost) and sides; with opts.Ranges one
// person's movement range (cells it can stop on filled, cells it can only
// pass through dotted) and the targets of each of its techs. Diagnostics
// inside a person are drawn on its cell, inside a map row on the cell
// they point at.
func (Game) Render(config any, opts build.RenderOptions) ([]byte, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("ftbt: cannot render a %T", config)
	}
	var pr *PersonRange
	if opts.Ranges != "" {
		var names []string
		for _, p := range cfg.People {
			names = append(names, p.Name)
		}
		if !slices.Contains(names, opts.Ranges) {
			msg := fmt.Sprintf("--ranges: no person is named %q (people: %s)", opts.Ranges, strings.Join(names, ", "))
			if m := diag.DidYouMean(opts.Ranges, names); m != "" {
				msg += "; did you mean " + m + "?"
			}
			return nil, fmt.Errorf("%s", msg)
		}
		rs, err := RangesOf(cfg)
		if err != nil {
			return nil, fmt.Errorf("--ranges: %v", err)
		}
		for i := range rs.People {
			if rs.People[i].Name == opts.Ranges {
				pr = &rs.People[i]
				break
			}
		}
	}
	return renderGrid(cfg, pr, opts, nil, -1), nil
}

// techColours mark the targets of a person's tech slots.
var techColours = []string{"#e65100", "#6a1b9a", "#00838f", "#ad1457", "#558b2f"}

// renderGrid draws the level; with a view, the game's state on it instead
// of the level's start: the people on their cells now with their hp, the
// person acting ringed (acting, or -1), the people off the map left out
// (and listed as out), and the round. A
// game's picture draws the terrain as runs of cells and one grid, so the
// many pictures of a film stay small.
func renderGrid(cfg *engine.Config, pr *PersonRange, opts build.RenderOptions, v *engine.View, acting int) []byte {
	w, h := max(cfg.Width, 0), max(cfg.Height, 0)
	cell := math.Max(24, math.Min(48, 640/float64(max(w, h, 1))))
	const left, top = 36.0, 84.0
	legend := gridLegend(cfg, pr)
	if v != nil {
		legend = append(legend, peopleLegend(cfg, v)...)
	}
	lw := render.LegendWidth("Legend", legend)
	gridW, gridH := float64(w)*cell, float64(h)*cell
	c := render.New(left+gridW+24+lw+16, math.Max(top+gridH+24, top+float64(len(legend)+2)*20))
	title := cfg.Name
	if cfg.Title != "" {
		title = cfg.Title
	}
	c.Text(16, 28, title, render.TextStyle{Size: 18, Bold: true})
	sub := fmt.Sprintf("ftbt · %d × %d · %d people", w, h, len(cfg.People))
	if pr != nil {
		sub += " · ranges of " + pr.Name
	}
	if v != nil {
		sub = fmt.Sprintf("ftbt · %d × %d · round %d, side %d to move", w, h, v.Round(), v.Side())
	}
	c.Text(16, 48, sub, render.TextStyle{Size: 12, Fill: "#555555"})
	at := func(x, y int) (float64, float64) { return left + float64(x)*cell, top + float64(y)*cell }
	terrain := func(x, y int) string {
		t := -1
		if i := y*w + x; i < len(cfg.Cells) {
			t = cfg.Cells[i]
		}
		return TerrainColour(cfg, t)
	}

	// Terrain.
	c.Group("terrain")
	if v != nil {
		terrainRuns(c, w, h, cell, at, terrain)
	} else {
		for y := range h {
			for x := range w {
				px, py := at(x, y)
				c.Rect(px, py, cell, cell, render.Style{Fill: terrain(x, y), Stroke: "#ffffff", StrokeWidth: 1})
			}
		}
	}
	c.End()
	// Axes.
	c.Axes(left, top, cell, w, h)
	// Ranges.
	if pr != nil {
		c.Group("range")
		for _, r := range pr.Reach {
			px, py := at(r.At[0], r.At[1])
			if r.Stop {
				c.Rect(px+2, py+2, cell-4, cell-4, render.Style{Fill: render.Side(pr.Side), Opacity: 0.3})
			} else {
				c.Rect(px+3, py+3, cell-6, cell-6, render.Style{Fill: "none", Stroke: render.Side(pr.Side), StrokeWidth: 1.5, Dash: "3 3"})
			}
			c.Text(px+cell-4, py+11, fmt.Sprint(r.Cost), render.TextStyle{Size: 8, Anchor: render.End, Fill: "#212121"})
		}
		c.End()
		for s, t := range pr.Techs {
			col := techColours[s%len(techColours)]
			c.Group("targets")
			c.Title(t.Name)
			for _, tc := range t.Targets {
				px, py := at(tc[0], tc[1])
				d := 4 + 3*float64(s%4)
				c.Rect(px+d, py+d, cell-2*d, cell-2*d, render.Style{Fill: "none", Stroke: col, StrokeWidth: 2})
			}
			c.End()
		}
	}
	// People.
	for p, pc := range cfg.People {
		x, y, tip := pc.X, pc.Y, fmt.Sprintf("%s (side %d) at (%d,%d): abi %d, def %d, hp %d, speed %d%s", pc.Name, pc.Side, pc.X, pc.Y, pc.Abi, pc.Def, pc.HP, pc.Speed, techList(cfg, pc))
		var pv engine.PersonView
		if v != nil {
			if pv = v.Person(p); pv.Cell < 0 || w == 0 {
				continue // off the map
			}
			x, y = pv.Cell%w, pv.Cell/w
			tip = fmt.Sprintf("%s (side %d) at (%d,%d): hp %d/%d%s", pc.Name, pc.Side, x, y, pv.HP, pv.MaxHP, techList(cfg, pc))
			if p == acting {
				tip += " (acting)"
			}
		}
		if x < 0 || x >= w || y < 0 || y >= h {
			continue
		}
		px, py := at(x, y)
		c.Group("person")
		c.Title(tip)
		st := render.Style{Fill: render.Side(pc.Side), Stroke: "#212121", StrokeWidth: 1}
		if pc.AI == nil {
			st.Stroke, st.StrokeWidth = "#ffffff", 2
		}
		if v != nil && p == acting {
			c.Circle(px+cell/2, py+cell/2-4, cell*0.28+3, render.Style{Fill: "none", Stroke: "#212121", StrokeWidth: 4})
			c.Circle(px+cell/2, py+cell/2-4, cell*0.28+3, render.Style{Fill: "none", Stroke: actingRing, StrokeWidth: 2})
		}
		c.Circle(px+cell/2, py+cell/2-4, cell*0.28, st)
		c.Text(px+cell/2, py+cell/2, fmt.Sprint(p), render.TextStyle{Size: 9, Anchor: render.Middle, Fill: "#ffffff", Bold: true})
		nameFill := "#000000"
		if terrain(x, y) == "#424242" {
			nameFill = "#ffffff" // on impassable terrain
		}
		c.Text(px+cell/2, py+cell-3, render.Clip(pc.Name, cell-2, 9), render.TextStyle{Size: 9, Anchor: render.Middle, Fill: nameFill})
		if v != nil && pv.MaxHP > 0 {
			// The hp bar along the cell's top edge.
			full := cell - 4
			c.Rect(px+2, py+1, full, 3, render.Style{Fill: "#ffffff", Stroke: "#616161", StrokeWidth: 0.5})
			c.Rect(px+2, py+1, full*float64(min(max(pv.HP, 0), pv.MaxHP))/float64(pv.MaxHP), 3, render.Style{Fill: hpColour(pv.HP, pv.MaxHP)})
		}
		c.End()
	}
	// Diagnostics.
	for _, d := range opts.Diagnostics {
		if x, y, ok := diagCell(cfg, opts, d); ok {
			px, py := at(x, y)
			c.Marker(px+cell/2, py+cell/2, cell*0.45, render.Message(d))
		}
	}
	c.Legend(left+gridW+24, top-10, "Legend", legend)
	return c.Bytes()
}

// terrainRuns draws the terrain of a w × h grid compactly: the commonest
// fill under the whole grid, the other cells as runs of one fill along a
// row, joined with the same run on the rows below, and the cell borders as
// one grid of lines. It looks like a rectangle a cell with a white border.
func terrainRuns(c *render.Canvas, w, h int, cell float64, at func(x, y int) (float64, float64), fill func(x, y int) string) {
	if w == 0 || h == 0 {
		return
	}
	var fills []string
	var counts []int
	for y := range h {
		for x := range w {
			f := fill(x, y)
			if i := slices.Index(fills, f); i >= 0 {
				counts[i]++
			} else {
				fills, counts = append(fills, f), append(counts, 1)
			}
		}
	}
	ground := fills[slices.Index(counts, slices.Max(counts))]
	x0, y0 := at(0, 0)
	c.Rect(x0, y0, float64(w)*cell, float64(h)*cell, render.Style{Fill: ground})
	type run struct {
		x, end, y, rows int
		fill            string
	}
	var open []run // the runs of the previous row, by x
	flush := func(r run) {
		px, py := at(r.x, r.y)
		c.Rect(px, py, float64(r.end-r.x)*cell, float64(r.rows)*cell, render.Style{Fill: r.fill})
	}
	for y := range h {
		var row []run
		for x := 0; x < w; {
			end := x + 1
			for end < w && fill(end, y) == fill(x, y) {
				end++
			}
			if f := fill(x, y); f != ground {
				row = append(row, run{x: x, end: end, y: y, rows: 1, fill: f})
			}
			x = end
		}
		var next []run
		for _, r := range row {
			i := slices.IndexFunc(open, func(o run) bool { return o.x == r.x && o.end == r.end && o.fill == r.fill })
			if i >= 0 {
				r.y, r.rows = open[i].y, open[i].rows+1
				open[i].rows = 0 // continued
			}
			next = append(next, r)
		}
		for _, o := range open {
			if o.rows > 0 {
				flush(o)
			}
		}
		open = next
	}
	for _, o := range open {
		flush(o)
	}
	grid := render.Style{Stroke: "#ffffff", StrokeWidth: 1}
	x1, y1 := at(w, h)
	for x := range w + 1 {
		px, _ := at(x, 0)
		c.Line(px, y0, px, y1, grid)
	}
	for y := range h + 1 {
		_, py := at(0, y)
		c.Line(x0, py, x1, py, grid)
	}
}

// hpColour colours an hp bar: green, amber under a half, red under a
// quarter.
func hpColour(hp, maxHP int) string {
	switch {
	case 4*hp < maxHP:
		return "#e53935"
	case 2*hp < maxHP:
		return "#fb8c00"
	}
	return "#43a047"
}

// actingRing rings the person a game's decision is about.
const actingRing = "#ffeb3b"

// peopleLegend lists the people with their hp in the game v shows; those
// off the map are greyed and out.
func peopleLegend(cfg *engine.Config, v *engine.View) []render.LegendEntry {
	out := []render.LegendEntry{
		{Label: "hp bar: green, amber under a half, red under a quarter", Fill: "#43a047"},
		{Label: "yellow ring: the person the decision is about", Fill: actingRing, Stroke: "#212121", Circle: true},
	}
	for p, pc := range cfg.People {
		pv := v.Person(p)
		e := render.LegendEntry{Label: fmt.Sprintf("%d %s: hp %d/%d", p, pc.Name, pv.HP, pv.MaxHP), Fill: render.Side(pc.Side), Circle: true}
		if pv.Cell < 0 {
			e.Label, e.Fill = fmt.Sprintf("%d %s: out", p, pc.Name), "#bdbdbd"
		}
		out = append(out, e)
	}
	return out
}

func techList(cfg *engine.Config, pc engine.Person) string {
	var ts []string
	for _, t := range pc.Techs {
		if t >= 0 && t < len(cfg.Techs) {
			ts = append(ts, cfg.Techs[t].ID)
		}
	}
	if len(ts) == 0 {
		return ""
	}
	return ", techs " + strings.Join(ts, " ")
}

// gridLegend lists the terrains, the sides and, with ranges, the marks.
func gridLegend(cfg *engine.Config, pr *PersonRange) []render.LegendEntry {
	var out []render.LegendEntry
	for i, t := range cfg.Terrains {
		cost := fmt.Sprintf("cost %d", t.Weight)
		if t.Weight < 0 {
			cost = "impassable"
		}
		label := fmt.Sprintf("%s %s (%s)", t.Glyph, t.Name, cost)
		out = append(out, render.LegendEntry{Label: strings.TrimSpace(label), Fill: TerrainColour(cfg, i)})
	}
	for s := range 2 {
		n := 0
		for _, p := range cfg.People {
			if p.Side == s {
				n++
			}
		}
		out = append(out, render.LegendEntry{Label: fmt.Sprintf("side %d (%d people)", s, n), Fill: render.Side(s), Circle: true})
	}
	out = append(out, render.LegendEntry{Label: "white ring: not AI-controlled", Fill: "#bdbdbd", Stroke: "#ffffff", Circle: true})
	if pr != nil {
		out = append(out,
			render.LegendEntry{Label: "can stop here (number: move cost)", Fill: render.Side(pr.Side)},
			render.LegendEntry{Label: "can only pass through", Fill: "none", Stroke: render.Side(pr.Side)})
		for s, t := range pr.Techs {
			out = append(out, render.LegendEntry{Label: "targets of " + t.Name, Fill: "none", Stroke: techColours[s%len(techColours)]})
		}
	}
	return out
}

// personKeys are the keys of a person a diagnostic may point into.
var personKeys = []string{"name", "side", "abi", "def", "hp", "speed", "at", "techs", "ai"}

// diagCell places a diagnostic: inside a person, at its cell; inside a row
// of the drawn map, at the glyph it points at.
func diagCell(cfg *engine.Config, opts build.RenderOptions, d diag.Diagnostic) (x, y int, ok bool) {
	for p, pc := range cfg.People {
		if render.Inside(opts.Source, d, fmt.Sprintf("/people/%d", p), personKeys...) {
			if pc.X >= 0 && pc.X < cfg.Width && pc.Y >= 0 && pc.Y < cfg.Height {
				return pc.X, pc.Y, true
			}
			return 0, 0, false
		}
	}
	for row := range cfg.Height {
		ptr := fmt.Sprintf("/map/rows/%d", row)
		if render.Inside(opts.Source, d, ptr) {
			sp, _ := opts.Source.Lookup(ptr)
			x := d.Subject.Start.Column - sp.Value.Start.Column - 1 // after the quote
			return min(max(x, 0), max(cfg.Width-1, 0)), row, true
		}
	}
	return 0, 0, false
}

var _ render.Renderer = Game{}
