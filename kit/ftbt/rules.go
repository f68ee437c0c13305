package ftbt

import (
	"fmt"
	"strconv"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Rules is every ftbt lint rule, in the order they run.
var Rules = []*lint.Rule[*Unit]{
	UnknownRef,
	DuplicateID,
	MapWidth,
	MapGlyph,
	PersonOffMap,
	PersonImpassable,
	SharedCell,
	EmptySide,
	GoalOffMap,
	GoalUnreachable,
	DuplicateOffset,
	OffsetOffMap,
	TechNoTarget,
	TechNoTerrain,
	NumberRange,
	NumberSane,
	ScriptMissing,
	ScriptConflict,
	NoTechs,
}

// report files d with the rule's default severity.
func report(p *lint.Pass[*Unit], d diag.Diagnostic) {
	d.Severity = p.Rule.Severity
	p.Report(d)
}

// related attaches the range of ptr, when known, as a related location.
func related(u *Unit, d *diag.Diagnostic, ptr, msg string) {
	if r := u.Src.Range(ptr); r != nil {
		d.Related = append(d.Related, diag.Related{Message: msg, Range: *r})
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// cellName formats a cell as (x,y).
func cellName(x, y int) string { return fmt.Sprintf("(%d,%d)", x, y) }
