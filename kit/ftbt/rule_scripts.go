package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ScriptMissing reports class scripts that cannot be read.
var ScriptMissing = &lint.Rule[*Unit]{
	Name: "ftbt-script-missing",
	Doc: `class script missing

A class names a Lua script that cannot be read. Script paths are relative
to the TOML file that declares the class; builtin:… paths name the scripts
shipped with mapc (builtin:ftbt/effect/damage.lua and the other standard
classes).`,
	Example:    "[[classes]]\nid = \"push\"\nscript = \"effects/push.lua\"  # no such file\ntarget = \"enemy\"\n",
	Categories: []string{"script"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, c := range u.Classes {
			if c.Script == "" {
				continue
			}
			ref := ScriptOf(u.Model, i)
			if _, err := u.Src.Read(ref.Name); err != nil {
				report(p, diag.Diagnostic{Summary: "Script not found",
					Detail:  fmt.Sprintf("Cannot read %s.", ref.Name),
					Subject: u.Src.Range(ref.Ptr)})
			}
		}
	},
}

// ScriptConflict reports two different scripts that would get one hook id.
var ScriptConflict = &lint.Rule[*Unit]{
	Name: "ftbt-script-conflict",
	Doc: `two class scripts with the same hook id

A class script's hook id is its path without ".lua" (effects/push.lua is
effects/push), or the bare file name for the builtin effect scripts
(builtin:ftbt/effect/damage.lua is damage). Two different files with the
same id cannot both be bundled: a scenario script damage.lua next to
scenario.toml clashes with the builtin damage. Rename or move one.`,
	Example:    "include = [\"builtin:ftbt/standard.toml\"]  # declares damage → builtin:ftbt/effect/damage.lua\n\n[[classes]]\nid = \"my_damage\"\nscript = \"damage.lua\"  # hook id damage, like the builtin\ntarget = \"enemy\"\n",
	Categories: []string{"script"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		type first struct{ path, ptr string }
		seen := map[string]first{}
		for i, c := range u.Classes {
			if c.Script == "" {
				continue
			}
			ref := ScriptOf(u.Model, i)
			f, ok := seen[ref.ID]
			if !ok {
				seen[ref.ID] = first{ref.Path, ref.Ptr}
				continue
			}
			if f.path == ref.Path {
				continue
			}
			d := diag.Diagnostic{Summary: "Hook id used twice",
				Detail:  fmt.Sprintf("The script %s gets the hook id %q, which %s already has; rename or move one of them.", ref.Path, ref.ID, f.path),
				Subject: u.Src.Range(ref.Ptr)}
			related(u, &d, f.ptr, "first script with this id")
			report(p, d)
		}
	},
}
