package ftbt

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/ftbt/legacy"
	"github.com/sandtable/sandtable/kit/source"
)

// CodeImport is the code of the importer's own diagnostics: quirks of the
// legacy files that the TOML format cannot express as they were.
const CodeImport = "ftbt-import"

// ClassNames are the standard class ids by the original's class number
// (facts §10: TC_PEOPLE 0 … TC_DISABLE_LONG 4).
var ClassNames = []string{"damage", "attack_buff", "defence_buff", "fly", "disable_long"}

// ImportFile is one legacy input file: its name (as given, for diagnostics,
// file stems and the intro) and its content.
type ImportFile struct {
	Name string
	Data []byte
}

// ImportOptions tune Import.
type ImportOptions struct {
	Name       string // scenario name; default: the level file's stem
	SchemaPath string // what the #:schema line points at; default "ftbt.scenario.schema.json"
	// Intro is the intro file given to the original (its third argument);
	// nil when none was given, which the original shows as "No
	// introduction". Data nil means the named file could not be read.
	Intro *ImportFile
}

// Import converts a legacy rules file (.tech) and level file (.map) into the
// files of a scenario directory, keyed by their names: scenario.toml (the
// level: map, people) and a rules file named after the .tech file (star.tech
// gives star.toml: terrains, techs, constants and AI constants), which
// scenario.toml includes after builtin:ftbt/original.toml, so the scenario
// plays like the original. Offsets are kept exactly, in file order with
// their duplicates; masks, classes and AI lines are translated to names.
// It returns nil when the files cannot be read faithfully (any error
// diagnostic).
func Import(rules, level ImportFile, opts ImportOptions) (map[string][]byte, diag.Diagnostics) {
	r, ds := legacy.ParseRules(rules.Name, rules.Data)
	l, lds := legacy.ParseLevel(level.Name, level.Data)
	ds = append(ds, lds...)
	if ds.HasErrors() {
		return nil, ds
	}
	ds = append(ds, legacy.Check(r, l)...)
	if ds.HasErrors() {
		return nil, ds
	}
	if opts.Name == "" {
		opts.Name = stem(level.Name)
	}
	if opts.SchemaPath == "" {
		opts.SchemaPath = "ftbt.scenario.schema.json"
	}
	im := &importer{r: r, l: l, rulesFile: rulesFileName(rules.Name)}
	im.names()
	files := map[string][]byte{
		im.rulesFile:     im.writeRules(filepath.Base(rules.Name)),
		source.EntryFile: im.writeLevel(opts, filepath.Base(rules.Name), filepath.Base(level.Name)),
	}
	if im.noneClass {
		files[noneScript] = []byte(noneSource)
	}
	return files, append(ds, im.ds...)
}

// The class given to techs whose legacy class number is unknown (the
// original lets them succeed and do nothing), and its do-nothing hook.
const (
	noneClass  = "none"
	noneScript = "effects/none.lua"
	noneSource = `-- none: the class of imported techs whose class number the original did
-- not know. The original let such a tech succeed and do nothing; so does
-- this hook, and the AI never values it.

---@param ctx ftbt.effect.ctx
function apply(ctx)
end
`
)

type importer struct {
	r         *legacy.Rules
	l         *legacy.Level
	rulesFile string
	ds        diag.Diagnostics
	// unique names and glyphs, by legacy index
	terrains, glyphs, techs, people []string
	noneClass                       bool
}

func (im *importer) warn(r diag.Range, summary, detail string) {
	d := diag.Diagnostic{Severity: diag.Warning, Code: CodeImport, Summary: summary, Detail: detail}
	if r.File != "" {
		d.Subject = r.Ptr()
	}
	im.ds = append(im.ds, d)
}

// names chooses the unique names of terrains, techs and people (repeats get
// #2, #3… with a warning) and a glyph per terrain.
func (im *importer) names() {
	toks := func(n int, at func(int) legacy.Tok[string]) []legacy.Tok[string] {
		out := make([]legacy.Tok[string], n)
		for i := range out {
			out[i] = at(i)
		}
		return out
	}
	im.terrains = im.unique(toks(len(im.r.Terrains), func(i int) legacy.Tok[string] { return im.r.Terrains[i].Name }), "terrain")
	im.techs = im.unique(toks(len(im.r.Techs), func(i int) legacy.Tok[string] { return im.r.Techs[i].Name }), "tech")
	im.people = im.unique(toks(len(im.l.People), func(i int) legacy.Tok[string] { return im.l.People[i].Name }), "person")
	im.glyphs = chooseGlyphs(im.terrains)
}

func (im *importer) unique(toks []legacy.Tok[string], what string) []string {
	taken := map[string]bool{}
	out := make([]string, len(toks))
	for i, t := range toks {
		base := t.V
		if base == "" {
			base = what // the legacy reader never yields one; a structure built in code may
		}
		name := base
		for n := 2; taken[name]; n++ {
			name = base + "#" + strconv.Itoa(n)
		}
		if name != t.V {
			im.warn(t.R, "Renamed "+what, fmt.Sprintf("The name %q is already taken, so this %s is imported as %q: names are ids in the TOML format.", t.V, what, name))
		}
		taken[name] = true
		out[i] = name
	}
	return out
}

// knownGlyphs are the glyphs of star.tech's terrains (and a few other common
// ones), as builtin:ftbt/star.toml draws them.
var knownGlyphs = map[string]string{
	"平": ".", "草": ",", "森": "T", "墙": "#", "城": "H", "水": "~",
	"山": "^", "沙": ":", "路": "=", "桥": "=", "林": "T", "雪": "*",
}

// glyphPool is tried in order for terrains without a known glyph whose
// name's first character is unusable.
const glyphPool = ".,T#H~^:=*+%&@$ABCDEFGIJKLMNOPQRSUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// chooseGlyphs gives every terrain a distinct glyph: its known glyph, else
// the first character of its name, else the next free glyph of the pool,
// else a free character from U+4E00 upward.
func chooseGlyphs(names []string) []string {
	used := map[string]bool{}
	out := make([]string, len(names))
	usable := func(g string) bool {
		r, _ := utf8.DecodeRuneInString(g)
		return g != "" && !used[g] && r != utf8.RuneError && unicode.IsGraphic(r) && !unicode.IsSpace(r) && r != '"' && r != '\\'
	}
	for pass := range 2 { // known glyphs first, so they win over first characters
		for i, n := range names {
			if out[i] != "" {
				continue
			}
			g := knownGlyphs[n]
			if pass == 1 {
				r, _ := utf8.DecodeRuneInString(n)
				g = string(r)
			}
			if usable(g) {
				out[i], used[g] = g, true
			}
		}
	}
	pool := strings.Split(glyphPool, "")
	next := '\u4e00'
	for i := range names {
		for out[i] == "" {
			var g string
			if len(pool) > 0 {
				g, pool = pool[0], pool[1:]
			} else {
				g, next = string(next), next+1
			}
			if usable(g) {
				out[i], used[g] = g, true
			}
		}
	}
	return out
}

func (im *importer) writeRules(file string) []byte {
	r := im.r
	var b strings.Builder
	fmt.Fprintf(&b, "# The rules of %s, imported by mapc import: terrains, techs and constants.\n", quote(file))
	b.WriteString("# Target offsets are kept exactly, in file order with their duplicates:\n" +
		"# range shorthands where they reproduce the file's order, explicit offsets\n" +
		"# for the rest (offsets come after the shorthands).\n")
	fmt.Fprintf(&b, "\n[constants]\nmax_fly_weight = %d # MAX_FLY_WEIGHT\nmax_abi = %d # MAX_ABI\n", r.MaxFlyWeight.V, r.MaxAbi.V)
	if a := r.AI; a != nil {
		b.WriteString("\n# The AI block.\n[ai]\n")
		for _, kv := range []struct {
			k string
			v int
		}{{"move_dist", a.MoveDist.V}, {"move_score", a.MoveScore.V}, {"buf_value", a.BufValue.V}, {"buf_score", a.BufScore.V},
			{"def_dist", a.DefDist.V}, {"def_score", a.DefScore.V}, {"tech_dist", a.TechDist.V}, {"tech_score", a.TechScore.V},
			{"buf_vmd", a.TechBufVMD.V}, {"fly_vmd", a.TechFlyVMD.V}, {"dl_vmd", a.TechDLVMD.V}} {
			fmt.Fprintf(&b, "%s = %d\n", kv.k, kv.v)
		}
	}
	b.WriteString("\n# Terrains in file order: a tech's terrain mask is indexed alike.\n")
	for i, t := range r.Terrains {
		fmt.Fprintf(&b, "[[terrains]]\nname = %s\nweight = %d\nglyph = %s\n\n", quote(im.terrains[i]), t.Weight.V, quote(im.glyphs[i]))
	}
	for i, t := range r.Techs {
		im.writeTech(&b, i, t)
	}
	if im.noneClass {
		fmt.Fprintf(&b, "# The class of techs whose class number the original did not know: it\n"+
			"# let them succeed and do nothing.\n[[classes]]\nid = %s\nscript = %s\ntarget = \"cell\"\n", quote(noneClass), quote(noneScript))
	}
	return []byte(strings.TrimRight(b.String(), "\n") + "\n")
}

func (im *importer) writeTech(b *strings.Builder, i int, t legacy.Tech) {
	fmt.Fprintf(b, "[[techs]]\nname = %s # id %d\n", quote(im.techs[i]), i)
	class := noneClass
	if c := t.Class.V; c >= 0 && c < len(ClassNames) {
		class = ClassNames[c]
	} else {
		im.noneClass = true
		im.warn(t.Class.R, "Tech of an unknown class", fmt.Sprintf("%s has class %d, which the original does not know: its uses succeed and do nothing. It is imported with the class %s, whose hook does nothing.", im.techs[i], c, noneClass))
	}
	fmt.Fprintf(b, "class = %s\n", quote(class))
	if t.IsLong.V {
		b.WriteString("long = true\n")
	}
	offs := make([]Offset, len(t.Range))
	for k, o := range t.Range {
		offs[k] = Offset{o.DX.V, o.DY.V}
	}
	rng, explicit := EncodeRange(offs)
	short := len(Expand(rng, nil))
	dups, first := Duplicates(offs)
	if first >= 0 {
		fmt.Fprintf(b, "# The file lists %d offsets, %d of them repeated: %s. Kept as in the file.\n", len(offs), len(dups), offsetList(dups))
		if first < short {
			b.WriteString("# lint:ignore ftbt-duplicate-offset legacy data\n")
		}
	}
	if s := rangeText(rng); s != "" {
		fmt.Fprintf(b, "range = %s\n", s)
	}
	if len(explicit) > 0 {
		b.WriteString("offsets = [\n")
		line := []string{}
		flush := func() {
			if len(line) > 0 {
				b.WriteString("  " + strings.Join(line, ", ") + ",\n")
				line = line[:0]
			}
		}
		for k, o := range explicit {
			if short+k == first {
				flush()
				b.WriteString("  # lint:ignore ftbt-duplicate-offset legacy data\n")
			}
			line = append(line, fmt.Sprintf("[%d, %d]", o[0], o[1]))
			if len(line) == 10 {
				flush()
			}
		}
		flush()
		b.WriteString("]\n")
	}
	var aoe []string
	if t.AOERange.V != 0 {
		aoe = append(aoe, fmt.Sprintf("radius = %d", t.AOERange.V))
	}
	if t.AOERatio.V != 0 {
		aoe = append(aoe, fmt.Sprintf("ratio = %d", t.AOERatio.V))
	}
	if t.AOESelf.V {
		aoe = append(aoe, "self = true")
	}
	if len(aoe) > 0 {
		fmt.Fprintf(b, "aoe = { %s }\n", strings.Join(aoe, ", "))
	}
	if t.Duration.V != 0 {
		fmt.Fprintf(b, "duration = %d\n", t.Duration.V)
	}
	var on, off []string
	for k, m := range t.Mask {
		if k >= len(im.terrains) {
			break
		}
		if m.V {
			on = append(on, im.terrains[k])
		} else {
			off = append(off, im.terrains[k])
		}
	}
	switch {
	case len(off) == 0:
		// every terrain: the default
	case len(on) >= len(off):
		fmt.Fprintf(b, "except = %s\n", list(off))
	default:
		fmt.Fprintf(b, "terrains = %s\n", list(on))
	}
	fmt.Fprintf(b, "value = %d\n\n", t.Value.V)
}

// rangeText writes a range table as an inline table, "" when it is empty.
func rangeText(r RangeSrc) string {
	var parts []string
	if r.Self {
		parts = append(parts, "self = true")
	}
	for _, s := range []struct {
		k  string
		iv *Interval
	}{{"line", r.Line}, {"diagonal", r.Diagonal}, {"ring", r.Ring}} {
		if s.iv == nil {
			continue
		}
		if s.iv.Min == s.iv.Max {
			parts = append(parts, fmt.Sprintf("%s = %d", s.k, s.iv.Min))
		} else {
			parts = append(parts, fmt.Sprintf("%s = [%d, %d]", s.k, s.iv.Min, s.iv.Max))
		}
	}
	if r.Diamond != nil {
		parts = append(parts, fmt.Sprintf("diamond = %d", *r.Diamond))
	}
	if len(parts) == 0 {
		return ""
	}
	return "{ " + strings.Join(parts, ", ") + " }"
}

// EncodeRange writes offs as range shorthands followed by explicit offsets,
// such that Expand(range, explicit) gives offs back exactly. In Expand's
// order, each shorthand is used when its expansion is a prefix of what is
// left (the longest such for each), and everything after the last one is
// explicit. star.tech's ranges mostly encode as shorthands alone.
func EncodeRange(offs []Offset) (RangeSrc, [][]int) {
	var r RangeSrc
	p := 0
	if p < len(offs) && offs[p] == (Offset{0, 0}) {
		r.Self = true
		p++
	}
	// longest returns the interval [lo, hi] with the longest expansion that
	// is a prefix of offs[p:], or nil.
	longest := func(lo int, gen func(lo, hi int) []Offset) (*Interval, int) {
		if lo < 1 || lo > MaxRadius {
			return nil, 0
		}
		var best *Interval
		n := 0
		for hi := lo; hi <= MaxRadius; hi++ {
			e := gen(lo, hi)
			if len(e) > len(offs)-p {
				break
			}
			if slices.Equal(e, offs[p:p+len(e)]) {
				best, n = &Interval{Min: lo, Max: hi}, len(e)
			}
		}
		return best, n
	}
	if p < len(offs) && offs[p][1] == 0 {
		if iv, n := longest(offs[p][0], Line); iv != nil {
			r.Line, p = iv, p+n
		}
	}
	if p < len(offs) && offs[p][0] == offs[p][1] {
		if iv, n := longest(offs[p][0], Diagonal); iv != nil {
			r.Diagonal, p = iv, p+n
		}
	}
	if p < len(offs) && offs[p][0] == 0 {
		if iv, n := longest(offs[p][1], Ring); iv != nil {
			r.Ring, p = iv, p+n
		}
	}
	if p < len(offs) && offs[p][0] == 0 && -offs[p][1] >= 1 && -offs[p][1] <= MaxRadius {
		if e := Diamond(-offs[p][1]); len(e) <= len(offs)-p && slices.Equal(e, offs[p:p+len(e)]) {
			d := -offs[p][1]
			r.Diamond, p = &d, p+len(e)
		}
	}
	explicit := make([][]int, 0, len(offs)-p)
	for _, o := range offs[p:] {
		explicit = append(explicit, []int{o[0], o[1]})
	}
	if !slices.Equal(Expand(r, explicit), offs) {
		// Cannot happen by construction; keep the import exact regardless.
		r = RangeSrc{}
		explicit = explicit[:0]
		for _, o := range offs {
			explicit = append(explicit, []int{o[0], o[1]})
		}
	}
	return r, explicit
}

func (im *importer) writeLevel(opts ImportOptions, rulesName, levelName string) []byte {
	l := im.l
	var b strings.Builder
	b.WriteString(source.SchemaLine(opts.SchemaPath, "ftbt.scenario.schema.json"))
	fmt.Fprintf(&b, "# Imported from %s and %s by mapc import. It includes the\n", quote(rulesName), quote(levelName))
	b.WriteString("# original-engine preset, so it plays like the original ftbt; include\n" +
		"# builtin:ftbt/standard.toml instead for the fixed rules.\n")
	fmt.Fprintf(&b, "include = [\"builtin:ftbt/original.toml\", %s]\n", quote(im.rulesFile))

	fmt.Fprintf(&b, "\n[scenario]\nname = %s\ntitle = %s\n", quote(opts.Name), quote(opts.Name+" (imported)"))
	introName, introData := "", []byte(nil)
	if opts.Intro != nil {
		introName, introData = opts.Intro.Name, opts.Intro.Data
	}
	if intro := legacy.Intro(introName, introData); intro != "" {
		fmt.Fprintf(&b, "intro = %s\n", tomlText(intro))
	}

	b.WriteString("\n# The map, one glyph per cell, x to the right and y downward:\n")
	for i, t := range im.r.Terrains {
		fmt.Fprintf(&b, "#   %s %s (weight %d)\n", im.glyphs[i], quote(im.terrains[i]), t.Weight.V)
	}
	b.WriteString("[map]\nrows = [\n")
	for y := range l.NY.V {
		var row strings.Builder
		for x := range l.NX.V {
			if c, ok := l.Cell(x, y); ok && c.V >= 0 && c.V < len(im.glyphs) {
				row.WriteString(im.glyphs[c.V])
			}
		}
		fmt.Fprintf(&b, "  %s, # y = %d\n", quote(row.String()), y)
	}
	b.WriteString("]\n")

	b.WriteString("\n# People in file order; within a side the AI acts in this order. Side 0\n" +
		"# moves first. A person with an ai table is played by the scoring AI.\n")
	for i, p := range l.People {
		fmt.Fprintf(&b, "\n[[people]]\nname = %s\nside = %d\nabi = %d\ndef = %d\nhp = %d\nspeed = %d\nat = [%d, %d]\n",
			quote(im.people[i]), p.Side.V, p.Abi.V, p.Def.V, p.HP.V, p.Speed.V, p.X.V, p.Y.V)
		techs := make([]string, 0, len(p.Techs))
		for _, t := range p.Techs {
			if t.V >= 0 && t.V < len(im.techs) {
				techs = append(techs, im.techs[t.V])
			}
		}
		fmt.Fprintf(&b, "techs = %s\n", list(techs))
		if l.AI != nil && i < len(l.AI) {
			b.WriteString(aiText(l.AI[i], p.Side.V))
		}
	}
	return []byte(b.String())
}

// aiText writes the ai key of a person from its legacy AI line (facts §9.1):
// an attack factor of −1 leaves side 0 without AI and gives side 1 the
// defaults; side-0 lines with factors, which the original discarded, are
// imported, so the AI plays that person.
func aiText(a legacy.PersonAI, side int) string {
	var parts []string
	comment := ""
	if a.Att.V == -1 {
		if side == 0 {
			return ""
		}
		comment = " # the AI line is -1: default factors 30/30/40"
	} else {
		parts = append(parts, fmt.Sprintf("att = %d", a.Att.V), fmt.Sprintf("def = %d", a.Def.V), fmt.Sprintf("move = %d", a.Move.V))
		if side == 0 {
			comment = " # the original ignores side 0's AI lines"
		}
	}
	if a.GoalX.V >= 0 && a.GoalY.V >= 0 {
		parts = append(parts, fmt.Sprintf("goal = [%d, %d]", a.GoalX.V, a.GoalY.V))
	}
	if len(parts) == 0 {
		return "ai = {}" + comment + "\n"
	}
	return "ai = { " + strings.Join(parts, ", ") + " }" + comment + "\n"
}

// tomlText writes a string value, as a literal multi-line string when it
// spans lines and can be one, so an intro stays readable.
func tomlText(s string) string {
	if !strings.Contains(s, "\n") || strings.Contains(s, "'''") || strings.HasSuffix(s, "'") ||
		strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f) }) ||
		!utf8.ValidString(s) {
		return quote(s)
	}
	return "'''\n" + s + "'''"
}

// rulesFileName names the imported rules file after the .tech file
// ("star.tech" → "star.toml"), or "rules.toml" when the stem is not a plain
// file name or would clash with scenario.toml.
func rulesFileName(name string) string {
	s := stem(name)
	ok := s != "" && s != "scenario" && !strings.ContainsFunc(s, func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_')
	})
	if !ok {
		return "rules.toml"
	}
	return s + ".toml"
}

func stem(name string) string {
	base := filepath.Base(name)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// quote escapes a string for the generated TOML through source.Quote, the
// one escaping path for values and for the names comments mention.
func quote(s string) string { return source.Quote(s) }

func list(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = quote(x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
