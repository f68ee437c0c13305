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

// OffsetOffMap warns about target offsets that no cell of the map can reach.
var OffsetOffMap = &lint.Rule[*Unit]{
	Name: "ftbt-offset-off-map",
	Doc: `target offset that never lands on the map

An offset (dx, dy) with |dx| at least the map's width or |dy| at least its
height leads off the map from every cell, so it can never be targeted.
Shrink the range or draw a larger map.`,
	Example:    "[map]\nrows = [\"......\", \"......\"]  # 6 × 2\n\n[[techs]]\nname = \"炮击\"\nclass = \"damage\"\nrange = { ring = [3, 4] }  # (0,3), (0,4)… never land\nvalue = 8\n",
	Categories: []string{"tech"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		w, h := u.Config.Width, u.Config.Height
		if w == 0 || h == 0 {
			return
		}
		for i, t := range u.Techs {
			var off []Offset
			var srcs []string
			all := offsetSources(t, i)
			for k, o := range u.Config.Techs[i].Offsets {
				if abs(o[0]) >= w || abs(o[1]) >= h {
					off = append(off, o)
					srcs = append(srcs, all[k])
				}
			}
			if len(off) == 0 {
				continue
			}
			report(p, diag.Diagnostic{Summary: "Target offset off the map",
				Detail: fmt.Sprintf("%d of the %d offsets of %s can never land on this %d × %d map: %s.",
					len(off), len(all), t.Name, w, h, offsetList(off)),
				Subject: u.Src.Range(srcs[0])})
		}
	},
}

// TechNoTarget warns about techs that can never be aimed at anything.
var TechNoTarget = &lint.Rule[*Unit]{
	Name: "ftbt-tech-no-target",
	Doc: `tech that can never be aimed at anything

The tech has no target offsets at all (no range shorthand and no offsets),
or its class targets an enemy but its only offset is (0, 0), the caster's
own cell, where no enemy can stand.`,
	Example:    "[[techs]]\nname = \"自爆\"\nclass = \"damage\"  # targets an enemy\nrange = { self = true }  # but only the caster's own cell\nvalue = 30\n",
	Categories: []string{"tech"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, t := range u.Techs {
			offs := u.Config.Techs[i].Offsets
			if len(offs) == 0 {
				report(p, diag.Diagnostic{Summary: "Tech without targets",
					Detail:  fmt.Sprintf("%s has no target offsets: give it a range shorthand or an offsets list.", t.Name),
					Subject: u.Src.Range(rangePtr(u, i))})
				continue
			}
			c := u.Ix.Classes.Lookup(t.Class)
			if c < 0 || u.Classes[c].Target != "enemy" {
				continue
			}
			self := true
			for _, o := range offs {
				self = self && o == Offset{0, 0}
			}
			if self {
				report(p, diag.Diagnostic{Summary: "Tech aimed only at the caster",
					Detail:  fmt.Sprintf("The class %s targets an enemy, but the only offset of %s is (0,0), the caster's own cell.", t.Class, t.Name),
					Subject: u.Src.Range(rangePtr(u, i))})
			}
		}
	},
}

// TechNoTerrain warns about techs whose terrain mask allows no cell of the map.
var TechNoTerrain = &lint.Rule[*Unit]{
	Name: "ftbt-tech-no-terrain",
	Doc: `tech usable on no terrain of the map

A tech may only target, and only affects, cells whose terrain its mask
allows. Its terrains and except keys allow no terrain at all, or only
terrains that the map does not use, so the tech can never be used.`,
	Example:    "[[techs]]\nname = \"水攻\"\nclass = \"damage\"\nrange = { line = 1 }\nterrains = [\"水\"]  # and the map has no water\nvalue = 10\n",
	Categories: []string{"tech"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		used := make([]bool, len(u.Terrains))
		for _, c := range u.Config.Cells {
			if c >= 0 && c < len(used) {
				used[c] = true
			}
		}
		for i, t := range u.Techs {
			var allowed []string
			usable := false
			for k, ok := range u.Config.Techs[i].Mask {
				if ok {
					allowed = append(allowed, u.Terrains[k].Name)
					usable = usable || used[k]
				}
			}
			if usable || len(u.Config.Cells) == 0 {
				continue
			}
			ptr := Ptr("techs", i, "terrains")
			if _, ok := u.Src.Lookup(ptr); !ok {
				ptr = Ptr("techs", i, "except")
			}
			detail := fmt.Sprintf("The terrain mask of %s allows no terrain, so it can never be used.", t.Name)
			if len(allowed) > 0 {
				detail = fmt.Sprintf("%s is usable only on %s, which the map does not use.", t.Name, strings.Join(allowed, ", "))
			}
			report(p, diag.Diagnostic{Summary: "Tech usable on no terrain", Detail: detail, Subject: u.Src.KeyRange(ptr)})
		}
	},
}
