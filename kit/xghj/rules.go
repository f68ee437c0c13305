package xghj

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Rules is every xghj lint rule, in the order they run.
var Rules = []*lint.Rule[*Unit]{
	DuplicateID,
	MapGlyph,
	MapWidth,
	OffMap,
	WaterFlag,
	KernelSize,
	KernelUnusual,
	UnreachableLand,
	FewSpawns,
	ConstantSane,
	RegionEmpty,
	PlayerNames,
	HookScript,
	HookRegion,
}

func cellName(x, y int) string { return fmt.Sprintf("(%d,%d)", x, y) }

// DuplicateID reports terrains sharing a glyph or a name and regions
// sharing a name or a glyph.
var DuplicateID = &lint.Rule[*Unit]{
	Name: "xghj-duplicate-id",
	Doc: `terrain or region defined twice

Terrain glyphs and names, and region names and glyphs, identify them: a
second terrain with the same glyph would never be drawn (the first wins), and
a second region with the same name would be unreachable for hooks. Rename
or remove the duplicate.`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[[terrains]]\nglyph = \"r\"\nname = \"road\"\n[[terrains]]\nglyph = \"r\"\nname = \"river\"\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		check := func(list string, n int, key string, at func(i int) string) {
			first := map[string]int{}
			for i := range n {
				v := at(i)
				if v == "" {
					continue
				}
				if j, dup := first[v]; dup {
					d := p.Diagnostic(u.Src.Range(fmt.Sprintf("/%s/%d/%s", list, i, key)), "Duplicate "+strings.TrimSuffix(list, "s")+" "+key,
						"%s %d has the %s %q of %s %d; each must be unique.", list[:len(list)-1], i, key, v, list[:len(list)-1], j)
					if r := u.Src.Range(fmt.Sprintf("/%s/%d/%s", list, j, key)); r != nil {
						d.Related = append(d.Related, diag.Related{Message: "first defined here", Range: *r})
					}
					p.Report(d)
					continue
				}
				first[v] = i
			}
		}
		check("terrains", len(u.Terrains), "glyph", func(i int) string { return u.Terrains[i].Glyph })
		check("terrains", len(u.Terrains), "name", func(i int) string { return u.Terrains[i].Name })
		check("regions", len(u.Regions), "name", func(i int) string { return u.Regions[i].Name })
		check("regions", len(u.Regions), "glyph", func(i int) string { return u.Regions[i].Glyph })
	},
}

// MapGlyph reports map glyphs that are no terrain's, and region-layer
// glyphs that are no region's.
var MapGlyph = &lint.Rule[*Unit]{
	Name: "xghj-map-glyph",
	Doc: `unknown glyph in the map or its region layer

Every glyph of map.rows must be the glyph of a terrain, and every glyph of
map.regions other than '.' and ' ' the glyph of a region. Add the terrain or
region, or fix the glyph.`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[map]\nrows = [\"rrx\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		known := map[string]bool{}
		var legend []string
		for _, t := range u.Terrains {
			if t.Glyph != "" && !known[t.Glyph] {
				known[t.Glyph] = true
				legend = append(legend, fmt.Sprintf("%q (%s)", t.Glyph, t.Name))
			}
		}
		for y, row := range u.Map.Rows {
			for x, g := range glyphs(row) {
				if !known[g] {
					p.Reportf(u.GlyphRange(fmt.Sprintf("/map/rows/%d", y), x), "Unknown glyph",
						"%q at %s is no terrain's glyph. The glyphs are %s.", g, cellName(x, y), strings.Join(legend, ", "))
				}
			}
		}
		regions := map[string]bool{".": true, " ": true}
		for _, r := range u.Regions {
			regions[r.Glyph] = true
		}
		for y, row := range u.Map.Regions {
			for x, g := range glyphs(row) {
				if !regions[g] {
					p.Reportf(u.GlyphRange(fmt.Sprintf("/map/regions/%d", y), x), "Unknown region glyph",
						"%q at %s is no region's glyph; use '.' for cells outside every region.", g, cellName(x, y))
				}
			}
		}
	},
}

// MapWidth reports rows of another width than the first, and a region
// layer of another shape than the map.
var MapWidth = &lint.Rule[*Unit]{
	Name: "xghj-map-width",
	Doc: `map rows of unequal width

The map is a rectangle: every row of map.rows has as many glyphs as the
first, and map.regions, when given, has the map's shape. Pad or cut the row.`,
	Categories: []string{"map"},
	Severity:   diag.Error,
	Example:    "[map]\nrows = [\"rrr\", \"rr\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if len(u.Map.Rows) > 0 && (utf8.RuneCountInString(u.Map.Rows[0]) > engine.MaxSide || len(u.Map.Rows) > engine.MaxSide) {
			p.Reportf(u.Src.Range("/map/rows"), "Map too large", "The map is %d×%d; each side may be at most %d.", utf8.RuneCountInString(u.Map.Rows[0]), len(u.Map.Rows), engine.MaxSide)
			return
		}
		for y, row := range u.Map.Rows {
			if n := utf8.RuneCountInString(row); n != u.Width {
				p.Reportf(u.Src.Range(fmt.Sprintf("/map/rows/%d", y)), "Row of another width", "Row %d has %d glyphs; the first row has %d.", y, n, u.Width)
			}
		}
		if len(u.Map.Regions) == 0 {
			return
		}
		if len(u.Map.Regions) != u.Height {
			p.Reportf(u.Src.Range("/map/regions"), "Region layer of another height", "map.regions has %d rows; the map has %d.", len(u.Map.Regions), u.Height)
		}
		for y, row := range u.Map.Regions {
			if n := utf8.RuneCountInString(row); n != u.Width {
				p.Reportf(u.Src.Range(fmt.Sprintf("/map/regions/%d", y)), "Region row of another width", "Region row %d has %d glyphs; the map is %d wide.", y, n, u.Width)
			}
		}
	},
}

// OffMap reports overrides and region cells that are not on the map.
var OffMap = &lint.Rule[*Unit]{
	Name: "xghj-off-map",
	Doc: `override or region cell off the map

A map override or a cell listed by a region names a cell the map does not
have (x from 0 to width−1, y from 0 to height−1, as [x, y]).`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[[regions]]\nname = \"lake\"\ncells = [[99, 0]]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, o := range u.Map.Overrides {
			if _, ok := u.cell(o.At); !ok && !o.Bad {
				p.Reportf(u.Src.Range(fmt.Sprintf("/map/overrides/%d/at", i)), "Override off the map", "Override %d names %v; the map is %d×%d.", i, o.At, u.Width, u.Height)
			}
		}
		for i, r := range u.Regions {
			for j, at := range r.Cells {
				if _, ok := u.cell(at); !ok {
					p.Reportf(u.Src.Range(fmt.Sprintf("/regions/%d/cells/%d", i, j)), "Region cell off the map",
						"Region %q lists %v; the map is %d×%d.", r.Name, at, u.Width, u.Height)
				}
			}
		}
	},
}

// WaterFlag reports terrains whose water or passable flag contradicts
// their attack ratio.
var WaterFlag = &lint.Rule[*Unit]{
	Name: "xghj-water-flag",
	Doc: `terrain flags contradict its attack ratio

In fc14 a cell is water, impassable and uncapturable exactly when its attack
ratio is 0 (facts §2). A terrain marked water = true or passable = false
with a positive atk would still be captured; one marked water = false with
atk = 0 would still be reset to neutral. Make the flags and atk agree.`,
	Categories: []string{"rules"},
	Severity:   diag.Error,
	Example:    "[[terrains]]\nglyph = \"~\"\nname = \"lake\"\natk = 10\nwater = true\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Terrains {
			water := t.Atk <= 0
			if t.Water != nil && *t.Water != water {
				p.Reportf(u.Src.Range(fmt.Sprintf("/terrains/%d/water", i)), "Water flag contradicts atk",
					"Terrain %q has water = %v but atk = %d; water is atk = 0.", t.Name, *t.Water, t.Atk)
			}
			if t.Passable != nil && *t.Passable == water {
				p.Reportf(u.Src.Range(fmt.Sprintf("/terrains/%d/passable", i)), "Passable flag contradicts atk",
					"Terrain %q has passable = %v but atk = %d; impassable is atk = 0.", t.Name, *t.Passable, t.Atk)
			}
		}
	},
}

// KernelSize reports a kernel whose shape does not fit
// military_kernel_size.
var KernelSize = &lint.Rule[*Unit]{
	Name: "xghj-kernel-size",
	Doc: `kernel shape does not fit military_kernel_size

The influence kernel is a square of side 2·military_kernel_size − 1 (9 for
the contest's 5). Every row needs that many weights.`,
	Categories: []string{"kernel"},
	Severity:   diag.Error,
	Example:    "[kernel]\nrows = [[1, 0.5], [0.5, 0.2]]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if u.Kernel == nil {
			if side := len(u.Config.Kernel); side != 2*u.Config.Constants.MilitaryKernelSize-1 {
				p.Reportf(u.Src.Range("/constants/military_kernel_size"), "Kernel size without a kernel",
					"military_kernel_size %d needs a %d×%d [kernel]; the default kernel is 9×9.", u.Config.Constants.MilitaryKernelSize, 2*u.Config.Constants.MilitaryKernelSize-1, 2*u.Config.Constants.MilitaryKernelSize-1)
			}
			return
		}
		side := 2*u.Config.Constants.MilitaryKernelSize - 1
		if len(u.Kernel.Rows) != side {
			p.Reportf(u.Src.Range("/kernel/rows"), "Kernel of the wrong size", "The kernel has %d rows; military_kernel_size %d needs %d.", len(u.Kernel.Rows), u.Config.Constants.MilitaryKernelSize, side)
		}
		for j, row := range u.Kernel.Rows {
			if len(row) != len(u.Kernel.Rows) {
				p.Reportf(u.Src.Range(fmt.Sprintf("/kernel/rows/%d", j)), "Kernel row of the wrong length", "Kernel row %d has %d weights; the kernel has %d rows.", j, len(row), len(u.Kernel.Rows))
			}
		}
	},
}

// KernelUnusual warns about a kernel that is not 9×9 or not symmetric.
var KernelUnusual = &lint.Rule[*Unit]{
	Name: "xghj-kernel-unusual",
	Doc: `kernel not 9×9 or not symmetric

The contest's kernel is 9×9 and symmetric in both axes and under
transposition, so no direction is favoured. Another size or an asymmetric
kernel is allowed, but usually a typo; the detail names the first weight
that differs from its mirror.`,
	Categories: []string{"kernel"},
	Severity:   diag.Warning,
	Example:    "[kernel]\nrows = [ ... 9 rows, one with 0.3 where its mirror has 0.2 ... ]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if u.Kernel == nil {
			return
		}
		rows := u.Kernel.Rows
		n := len(rows)
		if n != 9 {
			p.Reportf(u.Src.Range("/kernel/rows"), "Kernel is not 9×9", "The kernel has %d rows; the contest's is 9×9 (military_kernel_size 5).", n)
		}
		at := func(j, i int) (float64, bool) {
			if j < n && i < len(rows[j]) {
				return rows[j][i], true
			}
			return 0, false
		}
		for j := range n {
			for i := range rows[j] {
				w, _ := at(j, i)
				for _, m := range [][2]int{{n - 1 - j, i}, {j, n - 1 - i}, {i, j}} {
					if v, ok := at(m[0], m[1]); ok && v != w {
						p.Reportf(u.Src.Range(fmt.Sprintf("/kernel/rows/%d/%d", j, i)), "Kernel is not symmetric",
							"The weight %v at row %d, column %d differs from %v at row %d, column %d.", w, j, i, v, m[0], m[1])
						return
					}
				}
			}
		}
	},
}

// allGlyphsKnown reports whether every terrain has a glyph and every map
// cell is drawn with one of them.
func allGlyphsKnown(u *Unit) bool {
	known := map[string]bool{}
	for _, t := range u.Terrains {
		if t.Glyph == "" {
			return false
		}
		known[t.Glyph] = true
	}
	for _, row := range u.Map.Rows {
		for _, g := range glyphs(row) {
			if !known[g] {
				return false
			}
		}
	}
	return true
}

// UnreachableLand warns about land that no capture from the main land can
// reach.
var UnreachableLand = &lint.Rule[*Unit]{
	Name: "xghj-unreachable-land",
	Doc: `land cut off from the rest by water

Captures spread only through 4-connected land (facts §5.6): land (atk > 0)
separated from the largest land area by water can be held only by a player
who spawns on it. The rule reports each such island once, at its first cell.
Add a bridge (a passable cell) if the island should be reachable.`,
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Example:    "[map]\nrows = [\"rr~r\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if !allGlyphsKnown(u) {
			return // the map is not what the author drew: xghj-map-glyph or the schema says why
		}
		cfg := u.Config
		comp := make([]int, len(cfg.Cells))
		var sizes, first []int
		for c := range cfg.Cells {
			if cfg.Cells[c].Atk <= 0 || comp[c] != 0 {
				continue
			}
			id := len(sizes) + 1
			sizes, first = append(sizes, 0), append(first, c)
			stack := []int{c}
			comp[c] = id
			for len(stack) > 0 {
				d := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sizes[id-1]++
				x, y := d%cfg.Cols, d/cfg.Cols
				for _, n := range [4][2]int{{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}} {
					if n[0] >= 0 && n[1] >= 0 && n[0] < cfg.Cols && n[1] < cfg.Rows {
						e := n[1]*cfg.Cols + n[0]
						if cfg.Cells[e].Atk > 0 && comp[e] == 0 {
							comp[e] = id
							stack = append(stack, e)
						}
					}
				}
			}
		}
		main := 0
		for i, s := range sizes {
			if s > sizes[main] {
				main = i
			}
		}
		for i, s := range sizes {
			if i == main {
				continue
			}
			c := first[i]
			p.Reportf(u.GlyphRange(fmt.Sprintf("/map/rows/%d", c/cfg.Cols), c%cfg.Cols), "Unreachable land",
				"The %d land cells from %s on are cut off by water from the main land (%d cells): only a player spawning there can hold them.", s, cellName(c%cfg.Cols, c/cfg.Cols), sizes[main])
		}
	},
}

// FewSpawns reports maps with room for fewer spawns than players.
var FewSpawns = &lint.Rule[*Unit]{
	Name: "xghj-few-spawns",
	Doc: `fewer spawnable cells than players

Every player spawns on its own land cell at Manhattan distance at least
min_abs_dist_between_cap from the others; a player who cannot is killed
(facts §3). The rule packs spawns greedily, row by row, and reports when fewer
than the players fit. Enlarge the map, lower the distance or the player count.`,
	Categories: []string{"map"},
	Severity:   diag.Error,
	Example:    "[players]\ncount = 8\n[map]\nrows = [\"rrr\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		cfg := u.Config
		dist := cfg.Constants.MinAbsDistBetween
		placed := maxSpawns(cfg, len(cfg.Players))
		if placed < len(cfg.Players) {
			p.Reportf(u.Src.KeyRange("/players/count"), "Too few spawn cells",
				"Only %d land cells at distance %d or more from each other fit on the map; %d players need one each.", placed, dist, len(cfg.Players))
		}
	},
}

// ConstantSane warns about constants outside their sane range.
var ConstantSane = &lint.Rule[*Unit]{
	Name: "xghj-constant-sane",
	Doc: `constant out of its sane range

Each constant of [constants] has a range outside which the game misbehaves
or becomes trivial (docs/xghj.md lists them): a corruption_coef large enough
that the decay factor 1 − coef·income turns negative on this map makes
savings negative; a suppress_limit of 0 lets unattacked land fall neutral;
max_round at or below strict_round_start never eliminates by income. In
exact mode coefficients are fixed point with six decimals, so a finer value
is rounded.`,
	Categories: []string{"balance"},
	Severity:   diag.Warning,
	Example:    "[constants]\ncorruption_coef = 0.5\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, s := range Settings {
			if _, set := u.Constants[s.Key]; !set {
				continue
			}
			v := s.Value(u.Model)
			ptr := "/constants/" + s.Key
			if v < s.Min || v > s.Max {
				p.Reportf(u.Src.Range(ptr), "Constant out of range", "%s = %v is outside %v to %v (%s).", s.Key, v, s.Min, s.Max, s.Doc)
			}
			if s.Float && !u.Rules.BitExact && math.Abs(v*1e6-math.Round(v*1e6)) > 1e-6 {
				p.Reportf(u.Src.Range(ptr), "Constant finer than six decimals", "%s = %v is rounded to %v in exact mode.", s.Key, v, math.Round(v*1e6)/1e6)
			}
		}
		total := 1
		for _, c := range u.Config.Cells {
			total += c.Res
		}
		if coef := u.Config.Constants.CorruptionCoef; coef*float64(total) >= 1 {
			p.Reportf(u.Src.Range("/constants/corruption_coef"), "Decay turns negative",
				"With corruption_coef %v a player holding the whole map (income %d) has a decay factor %.3f ≤ 0: its saving turns negative.", coef, total, 1-coef*float64(total))
		}
		k := u.Config.Constants
		if k.MaxRound <= k.StrictRoundStart+1 {
			p.Reportf(u.Src.Range("/constants/max_round"), "Income elimination never starts",
				"max_round %d ends the game before strict_round_start %d has an effect.", k.MaxRound, k.StrictRoundStart)
		}
	},
}

// RegionEmpty warns about regions without cells.
var RegionEmpty = &lint.Rule[*Unit]{
	Name: "xghj-region-empty",
	Doc: `region without cells

A region neither drawn in map.regions nor listing cells holds nothing, so
hooks that test it never fire. Draw its glyph or list its cells.`,
	Categories: []string{"reference"},
	Severity:   diag.Warning,
	Example:    "[[regions]]\nname = \"lake\"\nglyph = \"L\"\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, r := range u.Config.Regions {
			if i < len(u.Regions) && !u.Regions[i].Bad && len(r.Cells) == 0 {
				p.Reportf(u.Src.Range(fmt.Sprintf("/regions/%d/name", i)), "Empty region", "Region %q has no cells.", r.Name)
			}
		}
	},
}

// PlayerNames reports more names than players.
var PlayerNames = &lint.Rule[*Unit]{
	Name: "xghj-player-names",
	Doc: `more player names than players

players.names gives at most players.count names (the rest default to P1,
P2 …); extra names belong to nobody.`,
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Example:    "[players]\ncount = 2\nnames = [\"a\", \"b\", \"c\"]\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		if n := len(u.Players.Names); n > u.Players.Count {
			p.Reportf(u.Src.Range(fmt.Sprintf("/players/names/%d", u.Players.Count)), "Too many player names", "%d names for %d players.", n, u.Players.Count)
		}
	},
}
