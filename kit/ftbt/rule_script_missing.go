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
