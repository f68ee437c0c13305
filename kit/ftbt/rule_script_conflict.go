package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ScriptConflict reports two different scripts that would get one hook id.
var ScriptConflict = &lint.Rule[*Unit]{
	Name: "ftbt-script-conflict",
	Doc: `two class scripts with the same hook id

A class script's hook id is its file name without ".lua", wherever it lives
(effects/push.lua is push; builtin:ftbt/effect/damage.lua is damage), so a
mod replaces either with ftbt/effect/<id>.lua. Two different files with the
same id cannot both be bundled: a scenario script damage.lua clashes with
the builtin damage. Rename one.`,
	Example:    "include = [\"builtin:ftbt/standard.toml\"]  # declares damage → builtin:ftbt/effect/damage.lua\n\n[[classes]]\nid = \"my_damage\"\nscript = \"damage.lua\"  # hook id damage, like the builtin\ntarget = \"enemy\"\n",
	Categories: []string{"script"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		var uses []build.ScriptUse
		for i, c := range u.Classes {
			if c.Script != "" {
				ref := ScriptOf(u.Model, i)
				uses = append(uses, build.ScriptUse{Kind: HookKind, Path: ref.Path, Ptr: ref.Ptr})
			}
		}
		for _, c := range build.ScriptIDConflicts(uses) {
			d := diag.Diagnostic{Summary: "Hook id used twice",
				Detail:  fmt.Sprintf("The script %s gets the hook id %q, which %s already has; rename one of them.", c.Use.Path, c.ID, c.First.Path),
				Subject: u.Src.Range(c.Use.Ptr)}
			related(u, &d, c.First.Ptr, "first script with this id")
			report(p, d)
		}
	},
}
