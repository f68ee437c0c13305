package ftbt

import (
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// offsetSources returns the pointer each expanded offset of tech i comes
// from: its range table for shorthands, its element of offsets otherwise.
func offsetSources(t TechSrc, i int) []string {
	var out []string
	for range Expand(t.Range, nil) {
		out = append(out, Ptr("techs", i, "range"))
	}
	for j, o := range t.Offsets {
		if len(o) == 2 {
			out = append(out, Ptr("techs", i, "offsets", itoa(j)))
		}
	}
	return out
}

// rangePtr is the pointer to report a problem with a tech's range at: its
// range table, else its offsets list, else the tech.
func rangePtr(u *Unit, i int) string {
	for _, k := range []string{"range", "offsets"} {
		if _, ok := u.Src.Lookup(Ptr("techs", i, k)); ok {
			return Ptr("techs", i, k)
		}
	}
	return Ptr("techs", i, "name")
}

func offsetList(offs []Offset) string {
	parts := make([]string, len(offs))
	for i, o := range offs {
		parts[i] = cellName(o[0], o[1])
	}
	return strings.Join(parts, " ")
}

// DuplicateOffset warns about target offsets listed twice.
var DuplicateOffset = &lint.Rule[*Unit]{
	Name: "ftbt-duplicate-offset",
	Doc: `target offset listed twice

A tech's range (its shorthands and offsets together) names the same offset
twice. The engine keeps duplicates and they do no harm, but they usually
mean two shorthands overlap, as ring = 2 overlaps diagonal = 1. star.tech
has such duplicates in 强化直攻, 辅助防御 and 远程无效; the importer keeps
them. The diagnostic points at the first repetition and lists them all.`,
	Example:    "[[techs]]\nname = \"强化直攻\"\nclass = \"damage\"\nrange = { diagonal = 1, ring = 2 }  # ring 2 repeats the diagonals\nvalue = 13\n",
	Categories: []string{"tech"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Techs {
			offs := u.Config.Techs[i].Offsets
			dups, first := Duplicates(offs)
			if first < 0 {
				continue
			}
			report(p, diag.Diagnostic{Summary: "Duplicate target offset",
				Detail: fmt.Sprintf("The range of %s lists %d offsets, %d of them repeated: %s. The engine keeps duplicates; remove them unless they reproduce a legacy tech.",
					t.Name, len(offs), len(dups), offsetList(dups)),
				Subject: u.Src.Range(offsetSources(t, i)[first])})
		}
	},
}
