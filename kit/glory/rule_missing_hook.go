package glory

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// MissingHook reports skills whose hook has no script.
var MissingHook = &lint.Rule[*Unit]{
	Name: "glory-missing-hook",
	Doc: `skill names a hook without a script

A skill's hook is builtin:glory/skill/<hook>.lua unless the skill names its
own script; the file must exist.`,
	Example:    "skills = [{ id = \"x\", hook = \"no_such_hook\", target = \"none\" }]\n",
	Categories: []string{"reference", "scripts"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for h, hs := range u.Heroes {
			for s, sk := range hs.Skills {
				if sk.Hook == "" {
					continue
				}
				ref := ScriptOf(u.Model, sk)
				if _, ok := ReadScript(u.Model, ref); !ok {
					field := "hook"
					if sk.Script != "" {
						field = "script"
					}
					report(p, SkillPtr(h, s, field), "Missing hook script", "The skill %q names hook %q, but %s does not exist.", sk.ID, sk.Hook, ref.Path)
				}
			}
		}
	},
}
