package diag

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// machineDiagnostics exercises the fields the machine formats carry:
// severities, related locations, suggestions and a missing subject. They are
// deliberately out of order and hold a duplicate.
func machineDiagnostics() Diagnostics {
	officer := Diagnostic{
		Severity:    Error,
		Code:        "unknown-officer",
		Summary:     "Unknown officer",
		Detail:      `Officer "曹橾" is not defined.`,
		Subject:     rng("/repo/scenarios/mbg/a.toml", 3, 9, 3, 13),
		Related:     []Related{{Message: "city defined here", Range: *rng("/repo/scenarios/mbg/a.toml", 1, 1, 1, 11)}},
		Suggestions: []string{"曹操"},
	}
	return Diagnostics{
		{Severity: Warning, Code: "unused-card", Summary: "Unused card", Detail: "Card <x> is never dealt.", Subject: rng("/repo/scenarios/mbg/a.toml", 7, 1, 9, 1)},
		officer,
		{Severity: Info, Code: "no-hooks", Summary: "No hooks"},
		officer,
	}
}

func TestRenderJSON(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	if err := Render(&buf, FormatJSON, machineDiagnostics(), Options{}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	var got []map[string]any
	for i, line := range lines {
		var obj map[string]any
		dec := json.NewDecoder(strings.NewReader(line))
		if err := dec.Decode(&obj); err != nil {
			t.Fatalf("line %d is not a JSON object: %v\n%s", i+1, err, line)
		}
		if dec.More() {
			t.Fatalf("line %d holds more than one value: %s", i+1, line)
		}
		got = append(got, obj)
	}
	want := []map[string]any{
		{"severity": "info", "code": "no-hooks", "summary": "No hooks"},
		{
			"severity": "error", "code": "unknown-officer", "summary": "Unknown officer",
			"detail": `Officer "曹橾" is not defined.`,
			"file":   "/repo/scenarios/mbg/a.toml", "line": 3.0, "column": 9.0, "endLine": 3.0, "endColumn": 13.0,
			"related": []any{map[string]any{
				"message": "city defined here",
				"file":    "/repo/scenarios/mbg/a.toml", "line": 1.0, "column": 1.0, "endLine": 1.0, "endColumn": 11.0,
			}},
			"suggestions": []any{"曹操"},
		},
		{
			"severity": "warning", "code": "unused-card", "summary": "Unused card", "detail": "Card <x> is never dealt.",
			"file": "/repo/scenarios/mbg/a.toml", "line": 7.0, "column": 1.0, "endLine": 9.0, "endColumn": 1.0,
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("json objects mismatch (-want +got):\n%s", diff)
	}
	// The key order and HTML characters are part of the documented, stable form.
	if wantLine := `{"severity":"warning","code":"unused-card","summary":"Unused card","detail":"Card <x> is never dealt.","file":"/repo/scenarios/mbg/a.toml","line":7,"column":1,"endLine":9,"endColumn":1}`; lines[2] != wantLine {
		t.Errorf("json line 3 =\n%s\nwant\n%s", lines[2], wantLine)
	}
}

func TestRenderGitHub(t *testing.T) {
	t.Parallel()
	ds := append(machineDiagnostics(), Diagnostic{
		Severity: Error,
		Code:     "bad-name",
		Summary:  "Name: odd, really",
		Detail:   "100% wrong.\r\nSecond line.",
		Subject:  rng("/repo/scenarios/a,b.toml", 2, 4, 2, 4),
	})
	var buf bytes.Buffer
	if err := Render(&buf, FormatGitHub, ds, Options{BaseDir: "/repo"}); err != nil {
		t.Fatal(err)
	}
	want := `
::notice title=no-hooks%3A No hooks::No hooks
::error file=scenarios/a%2Cb.toml,line=2,col=4,endLine=2,endColumn=4,title=bad-name%3A Name%3A odd%2C really::100%25 wrong.%0D%0ASecond line.
::error file=scenarios/mbg/a.toml,line=3,col=9,endLine=3,endColumn=12,title=unknown-officer%3A Unknown officer::Officer "曹橾" is not defined. Did you mean "曹操"?%0Anote: city defined here (scenarios/mbg/a.toml:1:1)
::warning file=scenarios/mbg/a.toml,line=7,col=1,endLine=8,title=unused-card%3A Unused card::Card <x> is never dealt.
`[1:]
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("github mismatch (-want +got):\n%s", diff)
	}
}

func TestEscapeWorkflowCommand(t *testing.T) {
	t.Parallel()
	in := "a%b\rc\nd:e,f"
	if got, want := escapeData(in), "a%25b%0Dc%0Ad:e,f"; got != want {
		t.Errorf("escapeData(%q) = %q, want %q", in, got, want)
	}
	if got, want := escapeProperty(in), "a%25b%0Dc%0Ad%3Ae%2Cf"; got != want {
		t.Errorf("escapeProperty(%q) = %q, want %q", in, got, want)
	}
}

func renderSARIFMap(t *testing.T, ds Diagnostics, opts Options) (string, map[string]any) {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, FormatSARIF, ds, opts); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatalf("sarif output does not parse: %v\n%s", err, buf.String())
	}
	return buf.String(), log
}

func TestRenderSARIF(t *testing.T) {
	t.Parallel()
	cat, err := NewCatalogue(
		CodeInfo{Code: "unused-card", Title: "card never dealt", Doc: "A card no deck deals.", Category: "style", Severity: Warning},
		CodeInfo{Code: "unknown-officer", Title: "officer id not defined", Doc: "Every officer reference must name a defined officer.", Category: "reference"},
	)
	if err != nil {
		t.Fatal(err)
	}
	ds := append(machineDiagnostics(), Diagnostic{
		Severity: Error, Code: "unknown-officer", Summary: "Unknown officer",
		Subject: rng("/elsewhere/b 洛阳.toml", 1, 1, 1, 2),
	})
	opts := Options{Catalogue: cat, BaseDir: "/repo", ToolName: "mapc", ToolVersion: "1.2.3", ToolURI: "https://example.org/sandtable"}
	text, log := renderSARIFMap(t, ds, opts)

	run := log["runs"].([]any)[0].(map[string]any)
	driver := run["tool"].(map[string]any)["driver"].(map[string]any)
	got := map[string]any{
		"$schema":            log["$schema"],
		"version":            log["version"],
		"runs":               len(log["runs"].([]any)),
		"driver":             driver,
		"columnKind":         run["columnKind"],
		"originalUriBaseIds": run["originalUriBaseIds"],
		"results":            run["results"],
	}
	loc := func(uri string, base bool, line, col, endLine, endCol float64) map[string]any {
		al := map[string]any{"uri": uri}
		if base {
			al["uriBaseId"] = "%SRCROOT%"
		}
		return map[string]any{"physicalLocation": map[string]any{
			"artifactLocation": al,
			"region":           map[string]any{"startLine": line, "startColumn": col, "endLine": endLine, "endColumn": endCol},
		}}
	}
	related := loc("scenarios/mbg/a.toml", true, 1, 1, 1, 11)
	related["id"] = 1.0
	related["message"] = map[string]any{"text": "city defined here"}
	want := map[string]any{
		"$schema": "https://json.schemastore.org/sarif-2.1.0.json",
		"version": "2.1.0",
		"runs":    1,
		"driver": map[string]any{
			"name": "mapc", "version": "1.2.3", "informationUri": "https://example.org/sandtable",
			"rules": []any{
				map[string]any{"id": "no-hooks"}, // not in the catalogue: a bare rule
				map[string]any{
					"id":                   "unknown-officer",
					"shortDescription":     map[string]any{"text": "officer id not defined"},
					"fullDescription":      map[string]any{"text": "Every officer reference must name a defined officer."},
					"defaultConfiguration": map[string]any{"level": "error"},
					"properties":           map[string]any{"tags": []any{"reference"}},
				},
				map[string]any{
					"id":                   "unused-card",
					"shortDescription":     map[string]any{"text": "card never dealt"},
					"fullDescription":      map[string]any{"text": "A card no deck deals."},
					"defaultConfiguration": map[string]any{"level": "warning"},
					"properties":           map[string]any{"tags": []any{"style"}},
				},
			},
		},
		"columnKind":         "unicodeCodePoints",
		"originalUriBaseIds": map[string]any{"%SRCROOT%": map[string]any{"uri": "file:///repo/"}},
		"results": []any{
			map[string]any{"ruleId": "no-hooks", "ruleIndex": 0.0, "level": "note", "message": map[string]any{"text": "No hooks"}},
			map[string]any{
				"ruleId": "unknown-officer", "ruleIndex": 1.0, "level": "error",
				"message":   map[string]any{"text": "Unknown officer"},
				"locations": []any{loc("file:///elsewhere/b%20%E6%B4%9B%E9%98%B3.toml", false, 1, 1, 1, 2)},
			},
			map[string]any{
				"ruleId": "unknown-officer", "ruleIndex": 1.0, "level": "error",
				"message":          map[string]any{"text": `Unknown officer: Officer "曹橾" is not defined. Did you mean "曹操"?`},
				"locations":        []any{loc("scenarios/mbg/a.toml", true, 3, 9, 3, 13)},
				"relatedLocations": []any{related},
			},
			map[string]any{
				"ruleId": "unused-card", "ruleIndex": 2.0, "level": "warning",
				"message":   map[string]any{"text": "Unused card: Card <x> is never dealt."},
				"locations": []any{loc("scenarios/mbg/a.toml", true, 7, 1, 9, 1)},
			},
		},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("sarif mismatch (-want +got):\n%s", diff)
	}

	// Deterministic: the same diagnostics in another order give the same bytes.
	rev := slices.Clone(ds)
	slices.Reverse(rev)
	if again, _ := renderSARIFMap(t, rev, opts); again != text {
		t.Errorf("sarif output depends on input order:\n%s\n---\n%s", text, again)
	}
}

func TestRenderSARIFEmpty(t *testing.T) {
	t.Parallel()
	// Code scanning rejects null for results and rules; empty runs must say [].
	text, _ := renderSARIFMap(t, nil, Options{})
	for _, want := range []string{`"results": []`, `"rules": []`, `"name": "sandtable"`} {
		if !strings.Contains(text, want) {
			t.Errorf("empty sarif lacks %s:\n%s", want, text)
		}
	}
	if strings.Contains(text, "originalUriBaseIds") {
		t.Errorf("sarif without an absolute BaseDir declares a base URI:\n%s", text)
	}
}

func TestRelPath(t *testing.T) {
	t.Parallel()
	tests := []struct {
		base, file string
		want       string
		relative   bool
	}{
		{"", "a/b.toml", "a/b.toml", true},
		{"", "/abs/b.toml", "/abs/b.toml", false},
		{"/repo", "/repo/a/b.toml", "a/b.toml", true},
		{"/repo", "/repository/b.toml", "/repository/b.toml", false},
		{"/repo/", "/repo/b.toml", "b.toml", true},
		{"sub", "sub/x/y.lua", "x/y.lua", true},
	}
	for _, tt := range tests {
		got, relative := relPath(tt.base, tt.file)
		if got != tt.want || relative != tt.relative {
			t.Errorf("relPath(%q, %q) = %q, %v; want %q, %v", tt.base, tt.file, got, relative, tt.want, tt.relative)
		}
	}
}
