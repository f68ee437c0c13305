package mbg

import (
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
	p.ReportUnknown(p.Model.Src.Range(ptr), kind, name, known)
}

// report files d with the rule's default severity.
func report(p *lint.Pass[*Unit], d diag.Diagnostic) {
	d.Severity = p.Rule.Severity
	p.Report(d)
}
