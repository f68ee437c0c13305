package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

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
