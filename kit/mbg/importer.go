package mbg

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/mbg/legacy"
	"github.com/sandtable/sandtable/kit/source"
)

// StandardTechNames are the ids of the seed's twelve techs in legacy index
// order; legacy files refer to techs by these indices.
var StandardTechNames = []string{"弓箭", "火箭", "医疗", "盾牌", "转移", "强击", "离间", "雷击", "混乱", "内讧", "攻城", "流放"}

// CodeImport is the code of the importer's own diagnostics (quirks of a
// legacy file that the TOML format cannot express as they were).
const CodeImport = "mbg-import"

// ImportOptions tune Import.
type ImportOptions struct {
	Name       string // scenario name; default: the file's stem
	SchemaPath string // what the #:schema line points at
	MaxTurn    int    // default DefaultMaxTurn
}

// Import converts a legacy .map file into a scenario.toml that includes the
// original-engine preset, so the scenario plays like the original. It returns
// nil when the file cannot be read faithfully (any error diagnostic).
func Import(file string, data []byte, opts ImportOptions) ([]byte, diag.Diagnostics) {
	m, ds := legacy.Parse(file, data)
	if m != nil && !ds.HasErrors() {
		ds = append(ds, legacy.Check(m)...)
	}
	if m == nil || ds.HasErrors() {
		return nil, ds
	}
	if opts.Name == "" {
		opts.Name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	}
	if opts.MaxTurn == 0 {
		opts.MaxTurn = DefaultMaxTurn
	}
	if opts.SchemaPath == "" {
		opts.SchemaPath = "mbg.scenario.schema.json"
	}
	im := importer{m: m, file: file}
	out := im.write(opts)
	return out, append(ds, im.ds...)
}

type importer struct {
	m    *legacy.Map
	file string
	ds   diag.Diagnostics
	// names chosen for officers and facilities (unique in their namespace)
	officers, cities, insts, trains []string
}

func (im *importer) warn(r diag.Range, summary, detail string) {
	im.ds = append(im.ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeImport, Summary: summary, Detail: detail, Subject: r.Ptr()})
}

// uniqueNames makes names unique within one namespace by suffixing repeats
// with #2, #3…, warning about each rename.
func (im *importer) uniqueNames(toks []legacy.Tok[string], taken map[string]bool, what string) []string {
	out := make([]string, len(toks))
	for i, t := range toks {
		name := t.V
		for n := 2; taken[name]; n++ {
			name = t.V + "#" + strconv.Itoa(n)
		}
		if name != t.V {
			im.warn(t.R, "Renamed "+what, fmt.Sprintf("The name %q is already taken, so this %s is imported as %q (names are ids in the TOML format).", t.V, what, name))
		}
		taken[name] = true
		out[i] = name
	}
	return out
}

func (im *importer) write(opts ImportOptions) []byte {
	m := im.m
	var names []legacy.Tok[string]
	for _, o := range m.Officers {
		names = append(names, o.Name)
	}
	im.officers = im.uniqueNames(names, map[string]bool{}, "officer")
	facilities := map[string]bool{BoardHall: true, BoardChance: true, BoardEmpty: true}
	names = names[:0]
	for _, c := range m.Cities {
		names = append(names, c.Name)
	}
	im.cities = im.uniqueNames(names, facilities, "city")
	names = names[:0]
	for _, c := range m.Institutes {
		names = append(names, c.Name)
	}
	im.insts = im.uniqueNames(names, facilities, "institute")
	names = names[:0]
	for _, c := range m.Trains {
		names = append(names, c.Name)
	}
	im.trains = im.uniqueNames(names, facilities, "training room")

	var b strings.Builder
	b.WriteString(source.SchemaLine(opts.SchemaPath, "mbg.scenario.schema.json"))
	fmt.Fprintf(&b, "# Imported from %s by mapc import. It includes the original-engine preset,\n", quote(filepath.Base(im.file)))
	b.WriteString("# so it plays like the original mbg; include builtin:mbg/standard.toml instead\n# for the manual's rules.\n")
	b.WriteString("include = [\"builtin:mbg/original.toml\"]\n\n")
	b.WriteString("# The board, one square per entry, in the order of travel.\nboard = [\n")
	for i, sq := range m.Squares {
		fmt.Fprintf(&b, "  %s, # %d\n", quote(im.square(sq)), i)
	}
	b.WriteString("]\n\n")
	b.WriteString("# Officers in index order: 武 wu, 战 zhan, 谋 mou, 政 zheng, 经 jing.\nofficers = [\n")
	for i, o := range m.Officers {
		p := o.Props
		fmt.Fprintf(&b, "  { name = %s, wu = %s, zhan = %s, mou = %s, zheng = %s, jing = %s },\n",
			quote(im.officers[i]), num(p[0].V), num(p[1].V), num(p[2].V), num(p[3].V), num(p[4].V))
	}
	b.WriteString("]\n\n")
	fmt.Fprintf(&b, "[scenario]\nname = %s\ntitle = %s\nwin_money = %s\nmax_turn = %d\n",
		quote(opts.Name), quote(opts.Name+" (imported)"), num(m.WinMoney.V), opts.MaxTurn)
	// The TOML format forbids states the original accepted; resolve them the
	// way the original's loader ends up (facts §3) and say so.
	owned := map[int]bool{}
	for _, r := range m.Roles {
		for _, c := range r.Cities {
			owned[c.V] = true
		}
	}
	placed := map[int]string{} // officer → where he was placed
	for i, c := range m.Cities {
		fmt.Fprintf(&b, "\n[[cities]]\nname = %s\nscope = %q\n", quote(im.cities[i]), Scopes[c.Scope.V])
		if !owned[i] {
			if len(c.Garrison) > 0 {
				im.warn(c.Name.R, "Garrison of an unowned city dropped", fmt.Sprintf("No role owns %s, so the original frees its garrison at load; the import leaves the garrison out.", im.cities[i]))
			}
			continue
		}
		var garrison []string
		var kept []legacy.Tok[int]
		for _, o := range c.Garrison {
			if where, dup := placed[o.V]; dup {
				im.warn(o.R, "Officer placed twice", fmt.Sprintf("%s is already in %s; the import keeps him there only.", im.officers[o.V], where))
				continue
			}
			placed[o.V] = "the garrison of " + im.cities[i]
			garrison = append(garrison, im.officers[o.V])
			kept = append(kept, o)
		}
		c.Garrison = kept
		if len(garrison) > 0 {
			fmt.Fprintf(&b, "garrison = %s\n", list(garrison))
		}
		inGarrison := func(t legacy.Tok[int]) bool {
			for _, o := range c.Garrison {
				if o.V == t.V {
					return true
				}
			}
			return false
		}
		mayor, treasurer := c.Mayor, c.Treasurer
		if mayor.V >= 0 && mayor.V == treasurer.V {
			// The original ends with the officer as treasurer only.
			im.warn(mayor.R, "Mayor is also treasurer", fmt.Sprintf("%s is listed as both mayor and treasurer of %s; the original engine leaves him treasurer only, and so does the import.", im.officers[mayor.V], im.cities[i]))
			mayor.V = -1
		}
		for _, post := range []struct {
			key string
			t   legacy.Tok[int]
		}{{"mayor", mayor}, {"treasurer", treasurer}} {
			if post.t.V < 0 {
				continue
			}
			if !inGarrison(post.t) {
				im.warn(post.t.R, "Post outside the garrison", fmt.Sprintf("The %s of %s, %s, is not in its garrison; the TOML format requires it, so the post is left empty.", post.key, im.cities[i], im.officers[post.t.V]))
				continue
			}
			fmt.Fprintf(&b, "%s = %s\n", post.key, quote(im.officers[post.t.V]))
		}
	}
	for i, in := range m.Institutes {
		var techs []string
		for _, t := range in.Techs {
			techs = append(techs, StandardTechNames[t.V])
		}
		fmt.Fprintf(&b, "\n[[institutes]]\nname = %s\ntechs = %s\n", quote(im.insts[i]), list(techs))
	}
	for i, t := range m.Trains {
		fmt.Fprintf(&b, "\n[[training_rooms]]\nname = %s\nprop = %q\n", quote(im.trains[i]), PropName(t.Item.V))
	}
	for _, r := range m.Roles {
		fmt.Fprintf(&b, "\n[[roles]]\nname = %s\n", quote(r.Name.V))
		if r.Loc.V < 0 {
			b.WriteString("start = 0\nactive = false # start -1 in the legacy file: never plays\n")
		} else {
			fmt.Fprintf(&b, "start = %d\n", r.Loc.V)
		}
		var techs, retinue, cities []string
		seen := map[string]bool{}
		for _, t := range r.Techs {
			if n := StandardTechNames[t.V]; !seen[n] {
				seen[n] = true
				techs = append(techs, n)
			}
		}
		for _, o := range r.Retinue {
			if where, dup := placed[o.V]; dup {
				im.warn(o.R, "Officer placed twice", fmt.Sprintf("%s is already in %s; the import keeps him there only.", im.officers[o.V], where))
				continue
			}
			placed[o.V] = "the retinue of " + r.Name.V
			retinue = append(retinue, im.officers[o.V])
		}
		for _, c := range r.Cities {
			if n := im.cities[c.V]; !seen["city "+n] {
				seen["city "+n] = true
				cities = append(cities, n)
			}
		}
		for _, kv := range []struct {
			k string
			v []string
		}{{"techs", techs}, {"retinue", retinue}, {"cities", cities}} {
			if len(kv.v) > 0 {
				fmt.Fprintf(&b, "%s = %s\n", kv.k, list(kv.v))
			}
		}
		fmt.Fprintf(&b, "money = %s\n", num(r.Money.V))
		if r.Dir.V < 0 {
			b.WriteString("direction = \"backward\"\n")
		}
	}
	return []byte(b.String())
}

func (im *importer) square(sq legacy.Square) string {
	base := sq.EffectiveBase()
	switch sq.Class.V {
	case legacy.ClassCity:
		return im.cities[base]
	case legacy.ClassInstitute:
		return im.insts[base]
	case legacy.ClassTraining:
		return im.trains[base]
	case legacy.ClassSaloon:
		return BoardHall
	case legacy.ClassChance:
		return BoardChance
	}
	return BoardEmpty
}

// PropName is the source name of a property index.
func PropName(i int) string {
	return []string{"wu", "zhan", "mou", "zheng", "jing"}[i]
}

// quote escapes a string for the generated TOML through source.Quote, the
// one escaping path for values and for the names comments mention.
func quote(s string) string { return source.Quote(s) }

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func list(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = quote(x)
	}
	return "[" + strings.Join(q, ", ") + "]"
}
