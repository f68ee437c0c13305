package diag

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalize(t *testing.T) {
	t.Parallel()
	a1 := Diagnostic{Code: "b", Summary: "S", Subject: rng("a.toml", 1, 5, 1, 6)}
	a2 := Diagnostic{Code: "a", Summary: "S", Subject: rng("a.toml", 2, 1, 2, 2)}
	a3 := Diagnostic{Code: "a", Summary: "S", Subject: rng("a.toml", 1, 5, 1, 6)}
	b1 := Diagnostic{Code: "a", Summary: "S", Subject: rng("b.toml", 1, 1, 1, 2)}
	none := Diagnostic{Code: "z", Summary: "Global"}
	in := Diagnostics{b1, a2, a1, none, a3, a2, b1}
	want := Diagnostics{none, a3, a1, a2, b1}
	if diff := cmp.Diff(want, Normalize(in)); diff != "" {
		t.Errorf("Normalize mismatch (-want +got):\n%s", diff)
	}
	if in[0].Code != "a" || in[0].Subject.File != "b.toml" {
		t.Error("Normalize modified its argument")
	}
}

func TestExitCode(t *testing.T) {
	t.Parallel()
	tests := []struct {
		ds   Diagnostics
		want int
	}{
		{nil, ExitOK},
		{Diagnostics{{Severity: Warning}, {Severity: Info}}, ExitOK},
		{Diagnostics{{Severity: Warning}, {Severity: Error}}, ExitErrors},
	}
	for _, tt := range tests {
		if got := ExitCode(tt.ds); got != tt.want {
			t.Errorf("ExitCode(%v) = %d, want %d", tt.ds, got, tt.want)
		}
	}
}

func TestSeverityValid(t *testing.T) {
	t.Parallel()
	for _, s := range []Severity{Error, Warning, Info} {
		if !s.Valid() {
			t.Errorf("%v.Valid() = false", s)
		}
		if got, ok := ParseSeverity(s.String()); !ok || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s, got, ok)
		}
	}
	for _, s := range []Severity{-1, Info + 1} {
		if s.Valid() {
			t.Errorf("Severity(%d).Valid() = true", int(s))
		}
	}
}
