package xghj

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/render"
)

// terrainColours are the fills of terrains named like them (English or
// Chinese words in the terrain's name); others take fallbackColours by
// their index. Water (atk 0) is always waterColour.
var terrainColours = []struct{ words, fill string }{
	{"grass 草 lawn", "#c8e6a0"},
	{"plain 平", "#f3e9c6"},
	{"slope 斜坡 high", "#d9b98c"},
	{"stairs 楼梯 cliff 峭壁", "#a1887f"},
	{"road 路 bridge 桥", "#e0e0e0"},
	{"mud 泥 low", "#bcaaa4"},
	{"canteen 食堂 shop", "#ffcc80"},
	{"teaching 教 library 图 study", "#b39ddb"},
	{"dorm 宿舍 residential 居民", "#ef9a9a"},
	{"playground 操场 sports", "#a5d6a7"},
	{"island 岛 centre spring 泉", "#fff59d"},
}

var fallbackColours = []string{"#e6d5f0", "#fde0c5", "#d0f0ef", "#f6d6d6", "#e0e0c0", "#cfd8dc", "#dcedc8", "#ffe0b2"}

const (
	waterColour      = "#7fb2e5"
	impassableColour = "#78909c"
	regionWidth      = 2.5
)

// regionColours outline the regions, by index.
var regionColours = []string{"#d81b60", "#1e88e5", "#43a047", "#fb8c00", "#8e24aa", "#00897b", "#6d4c41", "#3949ab", "#c0ca33", "#e53935", "#5e35b1", "#039be5", "#7cb342"}

// terrainClass is one legend entry: a terrain of the scenario (by glyph,
// when the source is at hand) or a distinct (res, atk, def).
type terrainClass struct {
	name          string
	res, atk, def int
	fill          string
}

func colourOf(name string, atk, i int) string {
	low := strings.ToLower(name)
	if atk <= 0 {
		if name == "" || strings.ContainsAny(low, "河湖水海") || strings.Contains(low, "water") || strings.Contains(low, "river") || strings.Contains(low, "lake") {
			return waterColour
		}
		return impassableColour // a cliff, a lawn: held by nobody like water
	}
	for _, tc := range terrainColours {
		for _, w := range strings.Fields(tc.words) {
			if strings.Contains(low, w) {
				return tc.fill
			}
		}
	}
	return fallbackColours[i%len(fallbackColours)]
}

// classify names every cell's terrain: by the glyph of the map row when
// the scenario's source is at hand and matches the config, else by its
// values. It returns the classes and each cell's class.
func classify(cfg *engine.Config, opts build.RenderOptions) ([]terrainClass, []int) {
	cellClass := make([]int, len(cfg.Cells))
	var classes []terrainClass
	if opts.Source != nil {
		m := Decode(opts.Source)
		byGlyph := map[string]int{}
		for i, t := range m.Terrains {
			if _, dup := byGlyph[t.Glyph]; !dup && t.Glyph != "" {
				byGlyph[t.Glyph] = i
			}
		}
		if len(m.Map.Rows) == cfg.Rows && len(m.Terrains) > 0 {
			used := map[string]bool{}
			for i, t := range m.Terrains {
				fill := colourOf(t.Name, t.Atk, i)
				for k := i; used[fill] && k < i+len(fallbackColours); k++ {
					fill = fallbackColours[k%len(fallbackColours)] // two terrains of one look: tell them apart
				}
				used[fill] = true
				classes = append(classes, terrainClass{name: t.Glyph + " " + t.Name, res: t.Res, atk: t.Atk, def: t.Def, fill: fill})
			}
			unknown := map[string]int{} // glyphs of no terrain: a class each, white
			for i := range cellClass {
				x, y := i%max(cfg.Cols, 1), i/max(cfg.Cols, 1)
				gs := glyphs(m.Map.Rows[y])
				g := ""
				if x < len(gs) {
					g = gs[x]
				}
				t, known := byGlyph[g]
				if !known {
					if t, known = unknown[g]; !known {
						t = len(classes)
						unknown[g] = t
						c := cfg.Cells[i]
						classes = append(classes, terrainClass{name: fmt.Sprintf("%q: no terrain's glyph", g), res: c.Res, atk: c.Atk, def: c.Def, fill: "#ffffff"})
					}
				}
				cellClass[i] = t
			}
			return classes, cellClass
		}
	}
	seen := map[engine.Cell]int{}
	for i, c := range cfg.Cells {
		k, ok := seen[c]
		if !ok {
			k = len(classes)
			seen[c] = k
			classes = append(classes, terrainClass{name: fmt.Sprintf("terrain %d", k+1), res: c.Res, atk: c.Atk, def: c.Def, fill: colourOf("", c.Atk, k)})
		}
		cellClass[i] = k
	}
	return classes, cellClass
}

// Render implements render.Renderer: the grid with each cell's terrain
// (water blue), its resources (the number, and a green dot growing with
// them), its defence (a darker shade the higher it is) and attack (a red
// bar along its foot, longer the higher); the regions outlined in their
// colours and named; a legend of the terrains, regions and hooks; hover
// titles on every cell. Spawns and capitals are not drawn: xghj's
// scenarios leave them to the players' bids and choices. Diagnostics in
// a map row, a region row or an override are drawn on their cell, in a
// region on its first cell.
func (Game) Render(config any, opts build.RenderOptions) ([]byte, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("xghj: cannot render a %T", config)
	}
	return renderMap(cfg, opts), nil
}

func renderMap(cfg *engine.Config, opts build.RenderOptions) []byte {
	w, h := max(cfg.Cols, 0), max(cfg.Rows, 0)
	if len(cfg.Cells) != w*h {
		h = 0 // a best-effort config whose map does not add up: draw none of it
	}
	cell := math.Max(18, math.Min(40, 720/float64(max(w, h, 1))))
	const left, top = 36.0, 84.0
	classes, cellClass := classify(cfg, opts)
	regionOf := make([][]int, len(cfg.Cells)) // the regions of each cell
	for r, reg := range cfg.Regions {
		for _, c := range reg.Cells {
			if c >= 0 && c < len(regionOf) {
				regionOf[c] = append(regionOf[c], r)
			}
		}
	}
	maxAtk, maxDef, maxRes := 1, 1, 1
	for _, c := range cfg.Cells {
		maxAtk, maxDef, maxRes = max(maxAtk, c.Atk), max(maxDef, c.Def), max(maxRes, c.Res)
	}
	legend := mapLegend(cfg, classes)
	lw := render.LegendWidth("Legend", legend)
	gridW, gridH := float64(w)*cell, float64(h)*cell
	c := render.New(left+gridW+24+lw+16, math.Max(top+gridH+24, top+float64(len(legend)+2)*20))
	title := cfg.Name
	c.Text(16, 28, title, render.TextStyle{Size: 18, Bold: true})
	rules := cfg.Rules.Set
	if cfg.Rules.BitExact {
		rules += " (bit-exact)"
	}
	sub := fmt.Sprintf("xghj · %d × %d · %d players · %s rules · %d rounds", w, h, len(cfg.Players), rules, cfg.Constants.MaxRound)
	c.Text(16, 48, sub, render.TextStyle{Size: 12, Fill: "#555555"})
	if hooks := hookNames(cfg); hooks != "" {
		c.Text(16, 66, hooks, render.TextStyle{Size: 12, Fill: "#555555"})
	}
	at := func(x, y int) (float64, float64) { return left + float64(x)*cell, top + float64(y)*cell }

	// Terrain, resources, defence and attack, one group per cell for its
	// hover title.
	c.Group("terrain")
	for y := range h {
		for x := range w {
			i := y*w + x
			t := cfg.Cells[i]
			cl := classes[cellClass[i]]
			px, py := at(x, y)
			c.Group("cell")
			tip := fmt.Sprintf("(%d,%d) %s: res %d, atk %d, def %d", x, y, strings.TrimSpace(cl.name), t.Res, t.Atk, t.Def)
			if t.Atk <= 0 {
				tip += " (atk 0: nobody holds it)"
			}
			for _, r := range regionOf[i] {
				tip += "; region " + cfg.Regions[r].Name
			}
			c.Title(tip)
			c.Rect(px, py, cell, cell, render.Style{Fill: cl.fill, Stroke: "#ffffff", StrokeWidth: 1})
			if t.Atk > 0 {
				if t.Def > 0 {
					c.Rect(px+1, py+1, cell-2, cell-2, render.Style{Fill: "#000000", Opacity: 0.3 * float64(t.Def) / float64(maxDef)})
				}
				c.Rect(px+2, py+cell-4, (cell-4)*float64(t.Atk)/float64(maxAtk), 2.5, render.Style{Fill: "#c62828"})
				if t.Res > 0 {
					c.Circle(px+cell/2, py+cell/2-1, 2+cell*0.18*float64(t.Res)/float64(maxRes), render.Style{Fill: "#2e7d32", Opacity: 0.85})
					c.Text(px+cell/2, py+cell/2+3, fmt.Sprint(t.Res), render.TextStyle{Size: math.Max(8, cell*0.3), Anchor: render.Middle, Fill: "#ffffff", Bold: true})
				}
			}
			c.End()
		}
	}
	c.End()
	// Axes.
	c.Axes(left, top, cell, w, h)
	// Regions: their outline (the cell edges they do not share with
	// themselves) and their name on their first cell.
	if h > 0 {
		for r, reg := range cfg.Regions {
			col := regionColours[r%len(regionColours)]
			in := make(map[int]bool, len(reg.Cells))
			for _, i := range reg.Cells {
				in[i] = true
			}
			c.Group("region")
			c.Title(fmt.Sprintf("region %s: %s", reg.Name, cells(len(reg.Cells))))
			inset := regionWidth / 2 * float64(r%3)
			for _, i := range reg.Cells {
				if i < 0 || i >= len(cfg.Cells) {
					continue
				}
				x, y := i%w, i/w
				px, py := at(x, y)
				st := render.Style{Stroke: col, StrokeWidth: regionWidth}
				a, b := px+inset, py+inset
				e, f := px+cell-inset, py+cell-inset
				if y == 0 || !in[i-w] {
					c.Line(a, b, e, b, st)
				}
				if y == h-1 || !in[i+w] {
					c.Line(a, f, e, f, st)
				}
				if x == 0 || !in[i-1] {
					c.Line(a, b, a, f, st)
				}
				if x == w-1 || !in[i+1] {
					c.Line(e, b, e, f, st)
				}
			}
			c.End()
		}
		for r, reg := range cfg.Regions {
			if len(reg.Cells) == 0 || reg.Cells[0] < 0 || reg.Cells[0] >= len(cfg.Cells) {
				continue
			}
			first := reg.Cells[0]
			px, py := at(first%w, first/w)
			c.Group("region-name")
			c.Title("region " + reg.Name)
			label := reg.Name
			size := 11.0
			lw := render.TextWidth(label, size) + 6
			ly := py - size - 3 // above its first cell, inside it on the top row (the axis is above)
			if first/w == 0 {
				ly = py + 3
			}
			c.Rect(px+2, ly, lw, size+4, render.Style{Fill: "#ffffff", Stroke: regionColours[r%len(regionColours)], StrokeWidth: 1, Opacity: 0.9})
			c.Text(px+5, ly+size+1, label, render.TextStyle{Size: size, Fill: "#212121"})
			c.End()
		}
	}
	// Diagnostics.
	for _, d := range opts.Diagnostics {
		if x, y, ok := diagCell(cfg, opts, d); ok && h > 0 {
			px, py := at(x, y)
			c.Marker(px+cell/2, py+cell/2, cell*0.45, render.Message(d))
		}
	}
	c.Legend(left+gridW+24, top-10, "Legend", legend)
	return c.Bytes()
}

// cells is "1 cell" or "n cells".
func cells(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}

// hookNames lists the scenario's effects and victory conditions.
func hookNames(cfg *engine.Config) string {
	var parts []string
	for _, e := range cfg.Effects {
		parts = append(parts, "effect "+e.Hook)
	}
	for _, v := range cfg.Victories {
		parts = append(parts, "victory "+v.Hook)
	}
	return strings.Join(parts, " · ")
}

// mapLegend lists the terrains with their values, the marks and the
// regions.
func mapLegend(cfg *engine.Config, classes []terrainClass) []render.LegendEntry {
	var out []render.LegendEntry
	for _, t := range classes {
		label := fmt.Sprintf("%s (res %d, atk %d, def %d)", strings.TrimSpace(t.name), t.res, t.atk, t.def)
		if t.atk <= 0 {
			label = fmt.Sprintf("%s (atk 0: nobody holds it)", strings.TrimSpace(t.name))
		}
		out = append(out, render.LegendEntry{Label: label, Fill: t.fill})
	}
	out = append(out,
		render.LegendEntry{Label: "green dot, number: resources (income)", Fill: "#2e7d32", Circle: true},
		render.LegendEntry{Label: "darker: higher defence", Fill: "#8a8a8a"},
		render.LegendEntry{Label: "red bar: attack ratio", Fill: "#c62828"})
	for r, reg := range cfg.Regions {
		out = append(out, render.LegendEntry{Label: fmt.Sprintf("region %s (%s)", reg.Name, cells(len(reg.Cells))), Fill: "none", Stroke: regionColours[r%len(regionColours)]})
	}
	return out
}

// diagCell places a diagnostic: in a map or region row at the glyph it
// points at, in an override at its cell, in a region at its first cell.
func diagCell(cfg *engine.Config, opts build.RenderOptions, d diag.Diagnostic) (x, y int, ok bool) {
	if opts.Source == nil || cfg.Cols <= 0 {
		return 0, 0, false
	}
	for _, layer := range []string{"rows", "regions"} {
		for row := range cfg.Rows {
			ptr := fmt.Sprintf("/map/%s/%d", layer, row)
			if render.Inside(opts.Source, d, ptr) {
				sp, _ := opts.Source.Lookup(ptr)
				x := d.Subject.Start.Column - sp.Value.Start.Column - 1 // after the quote
				return min(max(x, 0), cfg.Cols-1), row, true
			}
		}
	}
	m := Decode(opts.Source)
	for i, o := range m.Map.Overrides {
		if render.Inside(opts.Source, d, fmt.Sprintf("/map/overrides/%d", i)) && len(o.At) == 2 {
			if o.At[0] >= 0 && o.At[0] < cfg.Cols && o.At[1] >= 0 && o.At[1] < cfg.Rows {
				return o.At[0], o.At[1], true
			}
			return 0, 0, false
		}
	}
	for i, r := range m.Regions {
		if !render.Inside(opts.Source, d, fmt.Sprintf("/regions/%d", i)) {
			continue
		}
		for _, reg := range cfg.Regions {
			if reg.Name == r.Name && len(reg.Cells) > 0 && reg.Cells[0] >= 0 && reg.Cells[0] < len(cfg.Cells) {
				return reg.Cells[0] % cfg.Cols, reg.Cells[0] / cfg.Cols, true
			}
		}
	}
	return 0, 0, false
}

var _ render.Renderer = Game{}

// filmState is the game state a film's frame draws on the map: owners
// (nil before the spawn), each player's capital (Invalid for none), the
// rulebook's cities, and the cells the viewer sees (nil: all).
type filmState struct {
	round   int
	over    bool
	viewer  int
	owner   []int
	alive   []bool
	area    []int
	capital []engine.Pos
	cities  []engine.City
	sight   []bool
}

// ownerMix is how much of its owner's colour a held cell takes over its
// terrain's; unseenMix darkens what the viewer cannot see.
const (
	ownerMix  = 0.75
	unseenMix = 0.4
	// waterLight lightens water so that it stands apart from the first
	// player's blue.
	waterLight = 0.45
	unseenInk  = "#263238"
)

// renderFilm draws the map of a film's frame: the grid as Render draws it
// (terrain colours, regions, axes) with each held cell in its owner's
// colour (render.Side), the capitals (a ringed dot) or cities (a square
// with the level), and the cells the viewer cannot see dimmed. To keep a
// film of many frames small it leaves out what does not change (the
// resources, attack and defence marks, hover titles): cells of one colour
// side by side are one rectangle.
func renderFilm(cfg *engine.Config, fs *filmState) []byte {
	w, h := max(cfg.Cols, 0), max(cfg.Rows, 0)
	if len(cfg.Cells) != w*h {
		h = 0
	}
	cell := filmCell(cfg)
	const left, top = 36.0, 84.0
	classes, cellClass := classify(cfg, build.RenderOptions{})
	legend := filmLegend(cfg, fs)
	lw := render.LegendWidth("Legend", legend)
	gridW, gridH := float64(w)*cell, float64(h)*cell
	c := render.New(left+gridW+24+lw+16, math.Max(top+gridH+24, top+float64(len(legend)+2)*20))
	c.Text(16, 28, cfg.Name, render.TextStyle{Size: 18, Bold: true})
	sub := fmt.Sprintf("xghj · before the spawn · %d players", len(cfg.Players))
	if fs.owner != nil {
		sub = fmt.Sprintf("xghj · round %d of %d", fs.round, cfg.Constants.MaxRound)
		if fs.over {
			sub += " · game over"
		}
		if fs.sight != nil {
			sub += fmt.Sprintf(" · dimmed: cells %s cannot see", playerName(cfg, fs.viewer))
		}
	}
	c.Text(16, 48, sub, render.TextStyle{Size: 12, Fill: "#555555"})
	at := func(x, y int) (float64, float64) { return left + float64(x)*cell, top + float64(y)*cell }
	fill := func(i int) string {
		f := classes[cellClass[i]].fill
		if cfg.Cells[i].Atk <= 0 {
			if f == waterColour {
				f = mixColour(f, "#ffffff", waterLight)
			}
			return f
		}
		if fs.owner != nil {
			if o := fs.owner[i]; o >= 0 && o < len(cfg.Players) {
				f = mixColour(f, render.Side(o), ownerMix)
			}
		}
		if fs.sight != nil && !fs.sight[i] {
			f = mixColour(f, unseenInk, unseenMix)
		}
		return f
	}
	c.Group("cells")
	for y := range h {
		for x := 0; x < w; {
			f := fill(y*w + x)
			n := 1
			for x+n < w && fill(y*w+x+n) == f {
				n++
			}
			px, py := at(x, y)
			c.Rect(px, py, float64(n)*cell, cell, render.Style{Fill: f})
			x += n
		}
	}
	c.End()
	c.Group("grid")
	grid := render.Style{Stroke: "#ffffff", StrokeWidth: 1}
	for x := 0; x <= w && h > 0; x++ {
		px, _ := at(x, 0)
		c.Line(px, top, px, top+gridH, grid)
	}
	for y := 0; y <= h && w > 0; y++ {
		_, py := at(0, y)
		c.Line(left, py, left+gridW, py, grid)
	}
	c.End()
	c.Axes(left, top, cell, w, h)
	if h > 0 {
		c.Group("regions")
		for r, reg := range cfg.Regions {
			filmRegion(c, cfg, reg, r, cell, at)
		}
		c.End()
	}
	c.Group("capitals")
	for p, cp := range fs.capital {
		if cp == engine.Invalid || cp.X < 0 || cp.Y < 0 || cp.X >= w || cp.Y >= h {
			continue
		}
		px, py := at(cp.X, cp.Y)
		c.Circle(px+cell/2, py+cell/2, cell*0.32, render.Style{Fill: render.Side(p), Stroke: "#212121", StrokeWidth: 2})
		c.Circle(px+cell/2, py+cell/2, cell*0.11, render.Style{Fill: "#ffffff"})
	}
	c.End()
	c.Group("cities")
	for _, ct := range fs.cities {
		if ct.Cell < 0 || ct.Cell >= w*h {
			continue
		}
		px, py := at(ct.Cell%w, ct.Cell/w)
		s := cell * 0.56
		c.Rect(px+(cell-s)/2, py+(cell-s)/2, s, s, render.Style{Fill: render.Side(ct.Player), Stroke: "#212121", StrokeWidth: 1.5})
		if ct.Level < 2 {
			continue // a plain square: level 1, most of them
		}
		c.Text(px+cell/2, py+cell/2+cell*0.13, strconv.Itoa(ct.Level), render.TextStyle{Size: math.Max(8, cell*0.36), Anchor: render.Middle, Fill: "#ffffff", Bold: true})
	}
	c.End()
	c.Legend(left+gridW+24, top-10, "Legend", legend)
	return c.Bytes()
}

// filmCell is the side of a cell in a film's map: Render's, in whole
// pixels (shorter numbers: a film has many frames).
func filmCell(cfg *engine.Config) float64 {
	return math.Floor(math.Max(18, math.Min(40, 720/float64(max(cfg.Cols, cfg.Rows, 1)))))
}

// filmRegion outlines region r as Render does, its collinear cell edges
// joined into one segment each.
func filmRegion(c *render.Canvas, cfg *engine.Config, reg engine.Region, r int, cell float64, at func(x, y int) (float64, float64)) {
	w, h := cfg.Cols, cfg.Rows
	in := make([]bool, w*h)
	for _, i := range reg.Cells {
		if i >= 0 && i < len(in) {
			in[i] = true
		}
	}
	has := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h && in[y*w+x] }
	st := render.Style{Stroke: regionColours[r%len(regionColours)], StrokeWidth: regionWidth}
	inset := regionWidth / 2 * float64(r%3)
	// Horizontal edges: the top of (x, y) when (x, y-1) is outside, the
	// bottom when (x, y+1) is.
	for _, side := range []int{-1, 1} {
		for y := range h {
			for x := 0; x < w; {
				if !has(x, y) || has(x, y+side) {
					x++
					continue
				}
				n := 1
				for has(x+n, y) && !has(x+n, y+side) {
					n++
				}
				px, py := at(x, y)
				ly := py + inset
				if side > 0 {
					ly = py + cell - inset
				}
				c.Line(px+inset, ly, px+float64(n)*cell-inset, ly, st)
				x += n
			}
		}
	}
	for _, side := range []int{-1, 1} {
		for x := range w {
			for y := 0; y < h; {
				if !has(x, y) || has(x+side, y) {
					y++
					continue
				}
				n := 1
				for has(x, y+n) && !has(x+side, y+n) {
					n++
				}
				px, py := at(x, y)
				lx := px + inset
				if side > 0 {
					lx = px + cell - inset
				}
				c.Line(lx, py+inset, lx, py+float64(n)*cell-inset, st)
				y += n
			}
		}
	}
}

// filmLegend lists the players (colour, letter, name, area), the marks
// and the terrains.
func filmLegend(cfg *engine.Config, fs *filmState) []render.LegendEntry {
	var out []render.LegendEntry
	for p := range cfg.Players {
		label := fmt.Sprintf("%s %s", letter(p), playerName(cfg, p))
		if fs.owner != nil && p < len(fs.alive) {
			if fs.alive[p] {
				label += fmt.Sprintf(": %s", cells(fs.area[p]))
			} else {
				label += ": out"
			}
		}
		out = append(out, render.LegendEntry{Label: label, Fill: render.Side(p)})
	}
	if cfg.Rulebook() {
		out = append(out, render.LegendEntry{Label: "square: a city (the number: its level, when above 1)", Fill: "#9e9e9e"})
	} else {
		out = append(out, render.LegendEntry{Label: "ringed dot: a capital", Fill: "#9e9e9e", Circle: true})
	}
	if fs.sight != nil {
		out = append(out, render.LegendEntry{Label: "darker: unseen by " + playerName(cfg, fs.viewer), Fill: unseenInk})
	}
	classes, _ := classify(cfg, build.RenderOptions{})
	for _, t := range classes {
		label := fmt.Sprintf("%s (res %d, atk %d, def %d)", strings.TrimSpace(t.name), t.res, t.atk, t.def)
		fill := t.fill
		if t.atk <= 0 {
			label = fmt.Sprintf("%s (atk 0: nobody holds it)", strings.TrimSpace(t.name))
			if fill == waterColour {
				fill = mixColour(fill, "#ffffff", waterLight)
			}
		}
		out = append(out, render.LegendEntry{Label: label, Fill: fill})
	}
	for r, reg := range cfg.Regions {
		out = append(out, render.LegendEntry{Label: fmt.Sprintf("region %s (%s)", reg.Name, cells(len(reg.Cells))), Fill: "none", Stroke: regionColours[r%len(regionColours)]})
	}
	return out
}

// mixColour is a + (b − a)·t of two #rrggbb colours.
func mixColour(a, b string, t float64) string {
	ca, cb := hexRGB(a), hexRGB(b)
	var out [3]int
	for i := range out {
		out[i] = int(math.Round(float64(ca[i]) + (float64(cb[i])-float64(ca[i]))*t))
	}
	return fmt.Sprintf("#%02x%02x%02x", out[0], out[1], out[2])
}

func hexRGB(s string) [3]int {
	var c [3]int
	if len(s) == 7 && s[0] == '#' {
		for i := range c {
			v, err := strconv.ParseUint(s[1+2*i:3+2*i], 16, 8)
			if err == nil {
				c[i] = int(v)
			}
		}
	}
	return c
}
