package render

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// Inside reports whether diagnostic d points into the value at the JSON
// pointer ptr of src or into one of its children named by keys (its
// subject starts within that value's range; the element of an array of
// tables spans only its header, so its keys are given). Games use it to
// place diagnostics on their map: a diagnostic inside /people/3/at is
// drawn at person 3.
func Inside(src *source.Source, d diag.Diagnostic, ptr string, keys ...string) bool {
	if src == nil || d.Subject == nil {
		return false
	}
	if within(src, d, ptr) {
		return true
	}
	for _, k := range keys {
		if within(src, d, ptr+"/"+k) {
			return true
		}
	}
	return false
}

func within(src *source.Source, d diag.Diagnostic, ptr string) bool {
	sp, ok := src.Lookup(ptr)
	if !ok {
		return false
	}
	r := sp.Value
	if r.File != d.Subject.File {
		return false
	}
	s := d.Subject.Start
	after := s.Line > r.Start.Line || (s.Line == r.Start.Line && s.Column >= r.Start.Column)
	before := s.Line < r.End.Line || (s.Line == r.End.Line && s.Column <= r.End.Column)
	return after && before
}

// Message is how a diagnostic reads in a marker's tooltip.
func Message(d diag.Diagnostic) string {
	m := d.Severity.String() + "[" + d.Code + "]: " + d.Summary
	if d.Detail != "" {
		m += " — " + d.Detail
	}
	return m
}
