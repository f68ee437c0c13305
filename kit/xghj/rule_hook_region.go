package xghj

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// HookRegion reports regions a hook script names that the scenario does
// not define.
var HookRegion = &lint.Rule[*Unit]{
	Name: "xghj-hook-region",
	Doc: `hook script reads a region the scenario lacks

A hook script calls xghj.region("name") with a literal name that no
[[regions]] entry of the scenario has; the call would stop the game with an
error the first time it runs. Define the region (draw it in map.regions or
list its cells), or use another script. Names built at run time
("study_" .. k) are not checked.`,
	Categories: []string{"script", "reference"},
	Severity:   diag.Error,
	Example:    "[[effects]]\nscript = \"builtin:xghj/effect/score_query.lua\"  # reads region score_query\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		have := map[string]bool{}
		for _, r := range u.Regions {
			have[r.Name] = true
		}
		for _, ref := range scriptRefs(u.Model) {
			src, err := u.Src.Read(ref.Name)
			if err != nil {
				continue // xghj-hook-script reports it
			}
			reported := map[string]bool{}
			for _, m := range regionCall.FindAllSubmatch(src, -1) {
				name := string(m[1])
				if have[name] || reported[name] {
					continue
				}
				reported[name] = true
				p.Report(p.Diagnostic(u.Src.Range(ref.Ptr), "Region missing",
					"%s reads the region %q, which this scenario does not define.", ref.Path, name))
			}
		}
	},
}
