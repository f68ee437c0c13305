package xghj

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/kit/xghj/legacy"
)

// ImportFile is one legacy input: its name (for diagnostics and the
// default scenario name) and its content.
type ImportFile struct {
	Name string
	Data []byte
}

// ImportOptions tune Import.
type ImportOptions struct {
	Name       string // scenario name; default: the map file's stem, lower case
	SchemaPath string // what the #:schema line points at; default "xghj.scenario.schema.json"
	Players    int    // default 8 (the shipped configs)
}

// The terrain classes of the contest's map (facts §2): glyph and name by
// (res, atk, def).
var knownTerrains = map[engine.Cell]struct{ glyph, name string }{
	{Res: 2, Atk: 30, Def: 10}: {"r", "road 道路"},
	{Res: 1, Atk: 10, Def: 10}: {"g", "grass 草"},
	{Res: 1, Atk: 20, Def: 20}: {"h", "residential 居民区"},
	{Res: 5, Atk: 20, Def: 30}: {"T", "teaching building 教学楼"},
	{Res: 0, Atk: 0, Def: 20}:  {"~", "water 水"},
	{Res: 5, Atk: 30, Def: 20}: {"P", "sports field 操场"},
	{Res: 8, Atk: 20, Def: 30}: {"D", "dormitory 宿舍"},
	{Res: 2, Atk: 15, Def: 15}: {"s", "bridge-side road 桥两岸道路"},
	{Res: 2, Atk: 10, Def: 15}: {"B", "bridge 桥"},
}

// glyphPool gives glyphs to classes the contest's map does not have.
const glyphPool = "abcdefijklmnopqtuvwxyzACEFGHIJKLMNOQRSUVWXYZ0123456789!$%&*+-/:;<=>?@^_|"

// Import converts a legacy map file and an optional kernel file into a
// scenario directory's files (scenario.toml). Reading problems come back
// as diagnostics at the token, with no output.
func Import(mapFile ImportFile, kernelFile *ImportFile, opts ImportOptions) (map[string][]byte, diag.Diagnostics) {
	m, ds := legacy.ParseMap(mapFile.Name, mapFile.Data)
	var k *legacy.Kernel
	if kernelFile != nil {
		var kds diag.Diagnostics
		k, kds = legacy.ParseKernel(kernelFile.Name, kernelFile.Data)
		ds = append(ds, kds...)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	name := opts.Name
	if name == "" {
		name = stem(mapFile.Name)
	}
	schema := opts.SchemaPath
	if schema == "" {
		schema = "xghj.scenario.schema.json"
	}
	players := opts.Players
	if players == 0 {
		players = DefaultPlayers
	}
	cells := make([]engine.Cell, len(m.Grids[0]))
	for i := range cells {
		cells[i] = engine.Cell{Res: m.Grids[0][i], Atk: m.Grids[1][i], Def: m.Grids[2][i]}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "#:schema %s\n", schema)
	fmt.Fprintf(&b, "# Imported by mapc import xghj from %s", filepath.Base(mapFile.Name))
	if kernelFile != nil {
		fmt.Fprintf(&b, " and %s", filepath.Base(kernelFile.Name))
	}
	b.WriteString(".\n# x grows to the right from 0, y downward from 0.\n\n")
	fmt.Fprintf(&b, "[scenario]\nname = %s\n", quote(name))
	body, ids := writeMap(cells, m.Cols, m.Rows)
	for _, w := range ids.notes {
		ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeImport, Summary: "Terrain class without a name", Detail: w,
			Subject: &diag.Range{File: mapFile.Name, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}})
	}
	b.WriteString(body)
	if k != nil {
		b.WriteString("\n# The influence kernel: rows[j][i] is the weight at x offset i−4, y offset j−4.\n[kernel]\nrows = [\n")
		for j := range legacy.KernelN {
			b.WriteString("  [")
			for i := range legacy.KernelN {
				if i > 0 {
					b.WriteString(", ")
				}
				b.WriteString(formatWeight(k.W[i][j]))
			}
			b.WriteString("],\n")
		}
		b.WriteString("]\n")
	}
	fmt.Fprintf(&b, "\n[players]\ncount = %d\n\n", players)
	b.WriteString("# fc14 with the recommended fixes; bit_exact = true reproduces the original.\n[rules]\nset = \"fc14\"\nbit_exact = false\n")
	return map[string][]byte{source.EntryFile: []byte(b.String())}, ds
}

type glyphIDs struct {
	notes []string
}

// writeMap writes the terrain legend, the map rows and the overrides of
// cells whose class got no glyph.
func writeMap(cells []engine.Cell, cols, rows int) (string, glyphIDs) {
	var ids glyphIDs
	glyph := map[engine.Cell]string{}
	used := map[string]bool{}
	var order []engine.Cell
	pool := []rune(glyphPool)
	next, cjk := 0, rune(0x4E00)
	fresh := func() string {
		for next < len(pool) {
			g := string(pool[next])
			next++
			if !used[g] {
				return g
			}
		}
		if cjk <= 0x9FFF {
			cjk++
			return string(cjk - 1)
		}
		return ""
	}
	// Known classes keep their glyphs; reserve them first.
	for _, c := range cells {
		if _, seen := glyph[c]; seen {
			continue
		}
		if kt, ok := knownTerrains[c]; ok {
			glyph[c] = kt.glyph
			used[kt.glyph] = true
		} else {
			glyph[c] = ""
		}
		order = append(order, c)
	}
	var overrides []int
	for _, c := range order {
		if glyph[c] != "" {
			continue
		}
		if g := fresh(); g != "" {
			glyph[c] = g
			used[g] = true
			ids.notes = append(ids.notes, fmt.Sprintf("The class res %d, atk %d, def %d is not one of the contest's map; it is imported as terrain %q, glyph %q.", c.Res, c.Atk, c.Def, className(c), g))
		}
	}
	var b strings.Builder
	for _, c := range order {
		if glyph[c] == "" {
			continue
		}
		name := className(c)
		if kt, ok := knownTerrains[c]; ok {
			name = kt.name
		}
		fmt.Fprintf(&b, "\n[[terrains]]\nglyph = %s\nname = %s\nres = %d\natk = %d\ndef = %d\n", quote(glyph[c]), quote(name), c.Res, c.Atk, c.Def)
		if c.Atk == 0 {
			b.WriteString("water = true\n")
		}
	}
	base := glyph[order[0]]
	b.WriteString("\n[map]\nrows = [\n")
	for y := range rows {
		b.WriteString("  \"")
		for x := range cols {
			c := cells[y*cols+x]
			g := glyph[c]
			if g == "" {
				g = base
				overrides = append(overrides, y*cols+x)
			}
			b.WriteString(g)
		}
		fmt.Fprintf(&b, "\", # y = %d\n", y)
	}
	b.WriteString("]\n")
	for _, i := range overrides {
		c := cells[i]
		fmt.Fprintf(&b, "\n[[map.overrides]]\nat = [%d, %d]\nres = %d\natk = %d\ndef = %d\n", i%cols, i/cols, c.Res, c.Atk, c.Def)
	}
	return b.String(), ids
}

func className(c engine.Cell) string { return fmt.Sprintf("res%d-atk%d-def%d", c.Res, c.Atk, c.Def) }

func formatWeight(w float32) string {
	s := strconv.FormatFloat(float64(w), 'f', -1, 32)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// quote escapes s for the generated TOML (the one escaping path, source.Quote).
func quote(s string) string { return source.Quote(s) }

// stem is the scenario name of a legacy map file: its base name without
// ".txt" and ".map", in lower case.
func stem(name string) string {
	s := filepath.Base(name)
	s = strings.TrimSuffix(s, ".txt")
	s = strings.TrimSuffix(s, ".map")
	if s == "" {
		return "imported"
	}
	return strings.ToLower(s)
}

// Export writes a config back in the legacy formats: the map file and the
// kernel file (facts §2, §4). Only 9×9 kernels have a legacy form.
func Export(cfg *engine.Config) (mapData, kernelData []byte, err error) {
	m := &legacy.Map{Cols: cfg.Cols, Rows: cfg.Rows}
	for g := range m.Grids {
		m.Grids[g] = make([]int, len(cfg.Cells))
	}
	for i, c := range cfg.Cells {
		m.Grids[0][i], m.Grids[1][i], m.Grids[2][i] = c.Res, c.Atk, c.Def
	}
	if len(cfg.Kernel) != legacy.KernelN {
		return nil, nil, fmt.Errorf("xghj export: the legacy kernel is %d×%d, this one has %d rows", legacy.KernelN, legacy.KernelN, len(cfg.Kernel))
	}
	k := &legacy.Kernel{}
	for n, row := range cfg.Kernel {
		if len(row) != legacy.KernelN {
			return nil, nil, fmt.Errorf("xghj export: kernel row %d has %d weights", n, len(row))
		}
		for j, w := range row {
			k.W[n][j] = float32(w)
		}
	}
	return legacy.FormatMap(m), legacy.FormatKernel(k), nil
}
