package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// ScriptConflict reports two different scripts that would get one hook id.
var ScriptConflict = &lint.Rule[*Unit]{
	Name: "mbg-script-conflict",
	Doc: `two tech or card scripts with the same hook id

A script's hook id is its file name without ".lua", wherever it lives
(tech/fireball.lua is fireball; builtin:mbg/tech/arrows.lua is arrows), so a
mod replaces either with mbg/tech/<id>.lua or mbg/card/<id>.lua. Two
different files of one kind with the same id cannot both be bundled: a
scenario's tech/arrows.lua clashes with the builtin arrows. Rename one.`,
	Example:    "include = [\"builtin:mbg/standard.toml\"]  # 弓箭 uses builtin:mbg/tech/arrows.lua\n\n[[techs]]\nid = \"连弩\"\nscript = \"tech/arrows.lua\"  # hook id arrows, like the builtin\nstudy = 100\ntrigger = \"any\"\nprob = [0, 0.5]\nvalue = [10, 20]\ncooldown = 1\n",
	Categories: []string{"script"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		var uses []build.ScriptUse
		add := func(list string, i int, rel, kind string) {
			if rel != "" {
				ref := ScriptOf(u.Model, Ptr(list, i, "script"), rel, kind)
				uses = append(uses, build.ScriptUse{Kind: kind, Path: ref.ID, Ptr: ref.Ptr})
			}
		}
		for i, t := range u.Techs {
			add("techs", i, t.Script, "mbg.tech")
		}
		for i, c := range u.Cards {
			add("cards", i, c.Script, "mbg.card")
		}
		for _, c := range build.ScriptIDConflicts(uses) {
			d := diag.Diagnostic{Summary: "Hook id used twice",
				Detail:  fmt.Sprintf("The script %s gets the hook id %q, which %s already has; rename one of them.", c.Use.Path, c.ID, c.First.Path),
				Subject: u.Src.Range(c.Use.Ptr),
				Related: []diag.Related{{Message: "first script with this id", Range: *u.Src.Range(c.First.Ptr)}}}
			report(p, d)
		}
	},
}
