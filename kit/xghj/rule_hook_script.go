package xghj

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// HookScript reports hook scripts that cannot be read and hook ids that
// two different scripts would share.
var HookScript = &lint.Rule[*Unit]{
	Name: "xghj-hook-script",
	Doc: `scenario hook script missing or clashing

An [[effects]] or [[victories]] entry names a Lua script that cannot be
read, or two different scripts would get the same hook id. Paths are
relative to the TOML file; builtin:xghj/effect/… and builtin:xghj/victory/…
name the shipped scripts, whose id is the file name (card_machines,
hold_machines …); a scenario's own script gets its path without ".lua".`,
	Categories: []string{"script"},
	Severity:   diag.Error,
	Example:    "[[victories]]\nscript = \"hold.lua\"  # no such file\n",
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		first := map[string]ScriptRef{}
		for _, ref := range scriptRefs(u.Model) {
			if _, err := u.Src.Read(ref.Name); err != nil {
				p.Report(p.Diagnostic(u.Src.Range(ref.Ptr), "Script not found", "Cannot read %s.", ref.Name))
				continue
			}
			key := ref.Kind.Name + "/" + ref.ID
			f, ok := first[key]
			if !ok {
				first[key] = ref
				continue
			}
			if f.Path != ref.Path {
				p.Report(p.Diagnostic(u.Src.Range(ref.Ptr), "Hook id used twice",
					"The script %s gets the hook id %q, which %s already has; rename or move one of them.", ref.Path, ref.ID, f.Path))
			}
		}
	},
}
