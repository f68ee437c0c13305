package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Rules is every glory lint rule, in the order they run.
var Rules = []*lint.Rule[*Unit]{
	UnknownRef,
	DuplicateID,
	SamePlace,
	EdgeShape,
	EdgeKind,
	Disconnected,
	Towers,
	MissingHook,
	SkillLimits,
	SkillTarget,
	SmallPool,
	WeaponTable,
	HeroWeapons,
}

func report(p *lint.Pass[*Unit], ptr, summary, format string, args ...any) {
	p.Reportf(p.Model.Src.Range(ptr), summary, format, args...)
}

func reportRef(p *lint.Pass[*Unit], ptr, kind, name string, known []string) {
	detail, sugg := diag.SuggestDetail(fmt.Sprintf("No %s is named %q.", kind, name), name, known)
	d := p.Diagnostic(p.Model.Src.Range(ptr), "Unknown "+kind, "%s", detail)
	d.Suggestions = sugg
	p.Report(d)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
