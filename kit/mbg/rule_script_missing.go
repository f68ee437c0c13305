package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ScriptMissing reports tech and card scripts that cannot be read.
var ScriptMissing = &lint.Rule[*Unit]{
	Name: "mbg-script-missing",
	Doc: `script file missing

A tech or card names a Lua script that cannot be read. Script paths are
relative to the TOML file that declares the tech or card; builtin:… paths
name the scripts shipped with mapc.`,
	Example:    "[[techs]]\nid = \"妖术\"\nscript = \"spells/sorcery.lua\"  # no such file\nstudy = 100\ntrigger = \"any\"\nprob = [0, 0.5]\nvalue = [10, 20]\ncooldown = 1\n",
	Categories: []string{"script"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		check := func(list string, i int, rel, kind string) {
			if rel == "" {
				return
			}
			ref := ScriptOf(u.Model, Ptr(list, i, "script"), rel, kind)
			if _, err := u.Src.Read(ref.Name); err != nil {
				report(p, diag.Diagnostic{Summary: "Script not found",
					Detail:  fmt.Sprintf("Cannot read %s.", ref.Name),
					Subject: u.Src.Range(ref.Ptr)})
			}
		}
		for i, t := range u.Techs {
			check("techs", i, t.Script, "mbg.tech")
		}
		for i, c := range u.Cards {
			check("cards", i, c.Script, "mbg.card")
		}
	},
}
