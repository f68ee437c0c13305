package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Rules is every mbg lint rule, in the order they run.
var Rules = []*lint.Rule[*Unit]{
	UnknownRef,
	InstituteUnknownTech,
	BoardUnknown,
	DuplicateID,
	OfficerTwoPlaces,
	PostOutsideGarrison,
	CityOwnedTwice,
	FacilityOffBoard,
	RoleOffBoard,
	UnusedOfficer,
	GarrisonUnowned,
	ScriptMissing,
	ScriptConflict,
	ConstantRange,
	ProbabilityRange,
	MoneyUnreachable,
}

// reportRef reports an unknown name at ptr with a did-you-mean suggestion.
func reportRef(p *lint.Pass[*Unit], ptr, kind, name string, known []string) {
	detail := fmt.Sprintf("No %s is named %q.", kind, name)
	detail, sugg := diag.SuggestDetail(detail, name, known)
	report(p, diag.Diagnostic{
		Summary: "Unknown " + kind, Detail: detail, Subject: p.Model.Src.Range(ptr), Suggestions: sugg,
	})
}

// report files d with the rule's default severity.
func report(p *lint.Pass[*Unit], d diag.Diagnostic) {
	d.Severity = p.Rule.Severity
	p.Report(d)
}
