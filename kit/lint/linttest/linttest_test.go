package linttest

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sandtable/sandtable/kit/diag"
)

// recorder is a T that keeps the failures instead of failing the test, so
// these tests can assert that Check fails.
type recorder struct{ errs []string }

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

func at(file string, line int, code, summary, detail string) diag.Diagnostic {
	return diag.Diagnostic{
		Code: code, Summary: summary, Detail: detail,
		Subject: &diag.Range{File: file, Start: diag.Pos{Line: line, Column: 1}, End: diag.Pos{Line: line, Column: 2}},
	}
}

var (
	citiesTOML = filepath.Join("testdata", "fixtures", "cities.toml")
	hooksLua   = filepath.Join("testdata", "fixtures", "hooks.lua")
)

// satisfying returns diagnostics that meet every want of testdata/fixtures.
func satisfying() diag.Diagnostics {
	return diag.Diagnostics{
		at(citiesTOML, 4, "unknown-officer", "Unknown officer", `Officer "曹橾" is not defined. Did you mean "曹操"?`),
		at(citiesTOML, 10, "dup-city", "Duplicate city", ""),
		at(citiesTOML, 10, "bad-id", "Bad id", ""),
		at(hooksLua, 6, "lua-global", "Global assignment", "y is not declared local."),
	}
}

func TestCheck(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		ds   func(ds diag.Diagnostics) diag.Diagnostics
		want []string // failures, in order
	}{
		{
			name: "all wants met",
			ds:   func(ds diag.Diagnostics) diag.Diagnostics { return ds },
		},
		{
			name: "duplicates count once",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				return append(ds[1:], ds[0], ds[0])
			},
		},
		{
			name: "path spelling does not matter",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				abs, err := filepath.Abs(hooksLua)
				if err != nil {
					panic(err)
				}
				ds[0].Subject.File = "./" + filepath.ToSlash(citiesTOML)
				ds[3].Subject.File = abs
				return ds
			},
		},
		{
			name: "unmet want",
			ds:   func(ds diag.Diagnostics) diag.Diagnostics { return ds[1:] },
			want: []string{citiesTOML + `:4: no diagnostic matching "unknown-officer: Unknown officer: .*Did you mean \"曹操\"\\?"`},
		},
		{
			name: "one of two wants on a line unmet",
			ds:   func(ds diag.Diagnostics) diag.Diagnostics { return append(ds[:2:2], ds[3]) },
			want: []string{citiesTOML + `:10: no diagnostic matching "bad-id"`},
		},
		{
			name: "unexpected diagnostic on a line without wants",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				return append(ds, at(citiesTOML, 3, "bad-id", "Bad id", "The id is odd."))
			},
			want: []string{citiesTOML + ":3: unexpected diagnostic: bad-id: Bad id: The id is odd."},
		},
		{
			name: "a second diagnostic where one is wanted is unexpected",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				return append(ds, at(hooksLua, 6, "lua-global", "Global assignment", "z is not declared local."))
			},
			want: []string{hooksLua + ":6: unexpected diagnostic: lua-global: Global assignment: z is not declared local."},
		},
		{
			name: "pattern does not match the diagnostic on its line",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				ds[0].Detail = `Officer "曹橾" is not defined.`
				return ds
			},
			want: []string{
				citiesTOML + `:4: unexpected diagnostic: unknown-officer: Unknown officer: Officer "曹橾" is not defined.`,
				citiesTOML + `:4: no diagnostic matching "unknown-officer: Unknown officer: .*Did you mean \"曹操\"\\?"`,
			},
		},
		{
			name: "diagnostic without a position",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				return append(ds, diag.Diagnostic{Code: "no-cities", Summary: "No cities"})
			},
			want: []string{"unexpected diagnostic without a position: no-cities: No cities"},
		},
		{
			name: "diagnostic in a file that is not a fixture",
			ds: func(ds diag.Diagnostics) diag.Diagnostics {
				return append(ds, at("elsewhere.toml", 1, "x", "X", ""))
			},
			want: []string{"elsewhere.toml:1: unexpected diagnostic: x: X"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var r recorder
			Check(&r, filepath.Join("testdata", "fixtures"), tt.ds(satisfying()))
			if diff := cmp.Diff(tt.want, r.errs); diff != "" {
				t.Errorf("Check failures (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCheckMalformedWant(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "bad.toml")
	src := "a = 1 # want\nb = 2 # want unquoted\nc = 3 # want \"(\"\nd = 4 # wanted \"fine\"\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var r recorder
	Check(&r, dir, nil)
	if len(r.errs) != 3 {
		t.Fatalf("Check reported %d failures, want 3 (lines 1-3):\n%s", len(r.errs), strings.Join(r.errs, "\n"))
	}
	for i, e := range r.errs {
		if prefix := fmt.Sprintf("%s:%d: ", file, i+1); !strings.HasPrefix(e, prefix) {
			t.Errorf("failure %d = %q, want prefix %q", i, e, prefix)
		}
	}
}

func TestCheckMissingDir(t *testing.T) {
	t.Parallel()
	var r recorder
	Check(&r, filepath.Join("testdata", "no-such-dir"), nil)
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "read fixtures") {
		t.Errorf("Check on a missing directory: %q", r.errs)
	}
}

func TestTOMLComments(t *testing.T) {
	t.Parallel()
	src := `a = "x # y" # one
b = 'c:\# d' #two
c = "esc \" # still string" # three
d = """
# not a comment
""" # four
e = '''
# not either ''' # five
f = """ends "" here"""" # six
# seven`
	want := []comment{{1, " one"}, {2, "two"}, {3, " three"}, {6, " four"}, {8, " five"}, {9, " six"}, {10, " seven"}}
	if diff := cmp.Diff(want, tomlComments(src), cmp.AllowUnexported(comment{})); diff != "" {
		t.Errorf("tomlComments (-want +got):\n%s", diff)
	}
}

func TestLuaComments(t *testing.T) {
	t.Parallel()
	src := `local a = "-- no" -- one
local b = '\'--' --two
local c = [[
-- inside a long string ]] -- three
--[==[ long
comment ]] -- still
]==] x = 1 -- four
--[[ one-line long comment ]] y = 2 -- five
local t = {}; t[ [[k]] ] = 1 -- six`
	want := []comment{{1, " one"}, {2, "two"}, {4, " three"}, {7, " four"}, {8, " five"}, {9, " six"}}
	if diff := cmp.Diff(want, luaComments(src), cmp.AllowUnexported(comment{})); diff != "" {
		t.Errorf("luaComments (-want +got):\n%s", diff)
	}
}

func TestParseWant(t *testing.T) {
	t.Parallel()
	tests := []struct {
		comment string
		want    []string
		err     bool
	}{
		{` want "a" ` + "`b\\.c`", []string{"a", `b\.c`}, false},
		{` want "x\\d+"`, []string{`x\d+`}, false},
		{"\twant\t\"tab\"\r", []string{"tab"}, false},
		{" an ordinary comment", nil, false},
		{" wanted \"no\"", nil, false},
		{" want", nil, true},
		{" want 'c'", nil, true},
		{` want "unterminated`, nil, true},
		{` want "["`, nil, true},
	}
	for _, tt := range tests {
		res, err := parseWant(tt.comment)
		if (err != nil) != tt.err {
			t.Errorf("parseWant(%q) error = %v, want error %v", tt.comment, err, tt.err)
			continue
		}
		var got []string
		for _, re := range res {
			got = append(got, re.String())
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("parseWant(%q) (-want +got):\n%s", tt.comment, diff)
		}
	}
}
