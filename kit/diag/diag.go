package diag

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Severity orders diagnostics from the most to the least serious.
type Severity int

// Severities. The zero value is Error so that a forgotten severity fails loudly.
const (
	Error Severity = iota
	Warning
	Info
)

// String returns the lowercase name used in every output format.
func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Info:
		return "info"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity is the inverse of Severity.String.
func ParseSeverity(s string) (Severity, bool) {
	switch s {
	case "error":
		return Error, true
	case "warning":
		return Warning, true
	case "info":
		return Info, true
	}
	return Error, false
}

// Valid reports whether s is one of the declared severities; a Severity
// converted from an arbitrary int may not be.
func (s Severity) Valid() bool { return s >= Error && s <= Info }

// Pos is a position in a source file.
type Pos struct {
	Line   int `json:"line"`   // 1-based
	Column int `json:"column"` // 1-based, in runes
	Byte   int `json:"byte"`   // 0-based byte offset
}

// Range is a span of a source file; End is exclusive.
type Range struct {
	File  string `json:"file"`
	Start Pos    `json:"start"`
	End   Pos    `json:"end"`
}

// String formats the range as file:line:col.
func (r Range) String() string {
	return fmt.Sprintf("%s:%d:%d", r.File, r.Start.Line, r.Start.Column)
}

// Ptr returns a pointer to a copy of r, for the optional fields of Diagnostic.
func (r Range) Ptr() *Range { return &r }

// Related is a secondary location that explains a diagnostic
// (for example the first definition of a duplicated id).
type Related struct {
	Message string `json:"message"`
	Range   Range  `json:"range"`
}

// Diagnostic is one problem found in a scenario, a script or a legacy file.
//
// Summary is a title-case noun phrase ("Unknown officer"); Detail is one or
// more full sentences. Code is stable and documented in docs/diagnostics.md.
type Diagnostic struct {
	Severity    Severity  `json:"-"`
	Code        string    `json:"code"`
	Summary     string    `json:"summary"`
	Detail      string    `json:"detail,omitempty"`
	Subject     *Range    `json:"subject,omitempty"`
	Related     []Related `json:"related,omitempty"`
	Suggestions []string  `json:"suggestions,omitempty"`
}

// Error makes a Diagnostic usable as a Go error in places that need one.
func (d Diagnostic) Error() string {
	var b strings.Builder
	if d.Subject != nil {
		b.WriteString(d.Subject.String())
		b.WriteString(": ")
	}
	fmt.Fprintf(&b, "%s %s: %s", d.Severity, d.Code, d.Summary)
	if d.Detail != "" {
		b.WriteString(": ")
		b.WriteString(d.Detail)
	}
	return b.String()
}

// Diagnostics is a list of diagnostics.
type Diagnostics []Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	return slices.ContainsFunc(ds, func(d Diagnostic) bool { return d.Severity == Error })
}

// Count returns how many diagnostics have severity s.
func (ds Diagnostics) Count(s Severity) int {
	n := 0
	for _, d := range ds {
		if d.Severity == s {
			n++
		}
	}
	return n
}

func compareRange(a, b *Range) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Start.Line, b.Start.Line),
		cmp.Compare(a.Start.Column, b.Start.Column),
	)
}

// Compare orders diagnostics by file, line, column, code, summary and detail.
func Compare(a, b Diagnostic) int {
	return cmp.Or(
		compareRange(a.Subject, b.Subject),
		cmp.Compare(a.Code, b.Code),
		cmp.Compare(a.Summary, b.Summary),
		cmp.Compare(a.Detail, b.Detail),
		cmp.Compare(a.Severity, b.Severity),
	)
}

// Normalize sorts diagnostics and removes duplicates (same position, code,
// summary and detail). Every renderer prints a normalized list.
func Normalize(ds Diagnostics) Diagnostics {
	out := slices.Clone(ds)
	slices.SortStableFunc(out, Compare)
	return slices.CompactFunc(out, func(a, b Diagnostic) bool { return Compare(a, b) == 0 })
}
