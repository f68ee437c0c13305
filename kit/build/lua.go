package build

import (
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
)

// CheckScript runs the plugin's build-time checks on one hook script (syntax
// with line and column, required functions, stray globals) and returns them
// as diagnostics located in the script file. kind names a hook kind of
// plugin.Builtin().
func CheckScript(kind, id, file string, src []byte) diag.Diagnostics {
	var k *plugin.Kind
	for _, c := range plugin.Builtin() {
		if c.Name == kind {
			k = c
		}
	}
	if k == nil {
		return diag.Diagnostics{{Severity: diag.Error, Code: plugin.CodeSyntax, Summary: "Unknown hook kind",
			Detail: "No hook kind is named " + kind + "."}}
	}
	var ds diag.Diagnostics
	for _, p := range plugin.Check(k, id, file, src) {
		sev := diag.Error
		if p.Severity == plugin.SeverityWarning {
			sev = diag.Warning
		}
		pos := diag.Pos{Line: p.Line, Column: p.Column}
		ds = append(ds, diag.Diagnostic{
			Severity: sev, Code: p.Code, Summary: luaSummary[p.Code],
			Detail:  sentence(p.Message),
			Subject: &diag.Range{File: file, Start: pos, End: diag.Pos{Line: p.Line, Column: p.Column + 1}},
		})
	}
	return ds
}

var luaSummary = map[string]string{
	plugin.CodeSyntax:          "Lua syntax error",
	plugin.CodeMissingFunction: "Missing hook function",
	plugin.CodeUnknownGlobal:   "Global written by a hook",
}

func sentence(s string) string {
	if s == "" {
		return s
	}
	b := []rune(s)
	if b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	s = string(b)
	if s[len(s)-1] != '.' {
		s += "."
	}
	return s
}
