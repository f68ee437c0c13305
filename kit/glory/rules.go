package glory

import (
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

// reportRef reports an unknown name at ptr with a did-you-mean suggestion.
func reportRef(p *lint.Pass[*Unit], ptr, kind, name string, known []string) {
	p.ReportUnknown(p.Model.Src.Range(ptr), kind, name, known)
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
