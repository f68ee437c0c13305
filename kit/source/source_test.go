package source

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/kit/diag"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func at(r *diag.Range) string {
	if r == nil {
		return "<nil>"
	}
	return filepath.Base(r.File) + ":" + itoa(r.Start.Line) + ":" + itoa(r.Start.Column) + "-" + itoa(r.End.Line) + ":" + itoa(r.End.Column)
}

func itoa(i int) string { return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(i)) }

func fmtInt(i int) string {
	if i == 0 {
		return "0"
	}
	neg := i < 0
	if neg {
		i = -i
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append([]byte{byte('0' + i%10)}, b...)
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

func TestPositions(t *testing.T) {
	src := `#:schema ../schema.json
name = "演示"
win_money = 30000
board = ["许昌", "hall",
  "chance"]

[settings]
max_step = 6
point.x = 1.5

[[officers]]
name = "曹操"
props = { wu = 72, zhan = 99 }

[[officers]]
name = "关羽"
`
	s, ds := LoadBytes("scenario.toml", []byte(src), Options{})
	if len(ds) != 0 {
		t.Fatalf("unexpected diagnostics: %v", ds)
	}
	tests := []struct {
		ptr      string
		key, val string
	}{
		{"/name", "scenario.toml:2:1-2:5", "scenario.toml:2:8-2:12"},
		{"/win_money", "scenario.toml:3:1-3:10", "scenario.toml:3:13-3:18"},
		{"/board/0", "<nil>", "scenario.toml:4:10-4:14"},
		{"/board/1", "<nil>", "scenario.toml:4:16-4:22"},
		{"/board/2", "<nil>", "scenario.toml:5:3-5:11"},
		{"/settings", "scenario.toml:7:2-7:10", "scenario.toml:7:2-7:10"},
		{"/settings/max_step", "scenario.toml:8:1-8:9", "scenario.toml:8:12-8:13"},
		{"/settings/point/x", "scenario.toml:9:7-9:8", "scenario.toml:9:11-9:14"},
		{"/officers/0", "scenario.toml:11:3-11:11", "scenario.toml:11:3-11:11"},
		{"/officers/0/name", "scenario.toml:12:1-12:5", "scenario.toml:12:8-12:12"},
		{"/officers/0/props/zhan", "scenario.toml:13:20-13:24", "scenario.toml:13:27-13:29"},
		{"/officers/1/name", "scenario.toml:16:1-16:5", "scenario.toml:16:8-16:12"},
	}
	for _, tt := range tests {
		sp, ok := s.Lookup(tt.ptr)
		if !ok {
			t.Errorf("%s: no span", tt.ptr)
			continue
		}
		if got := at(sp.Key); got != tt.key {
			t.Errorf("%s key = %s, want %s", tt.ptr, got, tt.key)
		}
		if got := at(sp.Value.Ptr()); got != tt.val {
			t.Errorf("%s value = %s, want %s", tt.ptr, got, tt.val)
		}
	}
	// Missing values fall back to their closest positioned ancestor.
	if got := at(s.Range("/officers/1/props/wu")); got != "scenario.toml:15:3-15:11" {
		t.Errorf("fallback range = %s", got)
	}
	if s.Root["win_money"] != int64(30000) {
		t.Errorf("win_money = %#v, want int64", s.Root["win_money"])
	}
	if f, ok := s.Root["settings"].(map[string]any)["point"].(map[string]any)["x"].(float64); !ok || f != 1.5 {
		t.Errorf("point.x = %#v", f)
	}
}

func TestSyntaxErrorPosition(t *testing.T) {
	_, ds := LoadBytes("bad.toml", []byte("a = 1\nb = [1, 2\nc = 3\n"), Options{})
	if len(ds) != 1 || ds[0].Code != CodeSyntax {
		t.Fatalf("diagnostics = %v", ds)
	}
	if ds[0].Subject == nil || ds[0].Subject.Start.Line != 3 {
		t.Errorf("subject = %v, want line 3", ds[0].Subject)
	}
}

func TestSyntaxErrorColumnInRunes(t *testing.T) {
	_, ds := LoadBytes("bad.toml", []byte("name = \"曹操\" x\n"), Options{})
	if len(ds) != 1 {
		t.Fatalf("diagnostics = %v", ds)
	}
	// `name = "曹操" ` is 12 runes (16 bytes); the stray x is the 13th rune.
	if got := ds[0].Subject.Start; got.Line != 1 || got.Column != 13 || got.Byte != 16 {
		t.Errorf("position = %+v, want 1:13 (byte 16)", got)
	}
}

func TestNonFinite(t *testing.T) {
	s, ds := LoadBytes("n.toml", []byte("a = nan\nb = -inf\nc = 2024-01-02\n"), Options{})
	ds = diag.Normalize(ds)
	if len(ds) != 2 || ds[0].Code != CodeNonFinite || ds[1].Code != CodeNonFinite {
		t.Fatalf("diagnostics = %v", ds)
	}
	if at(ds[0].Subject) != "n.toml:1:5-1:8" {
		t.Errorf("nan at %s", at(ds[0].Subject))
	}
	if s.Root["c"] != "2024-01-02" {
		t.Errorf("local date = %#v", s.Root["c"])
	}
}

// Non-finite numbers deep in arrays of tables, inline tables and nested
// arrays (past the depth normalize's path array starts with) are located;
// their siblings are left alone and local times become strings.
func TestNonFiniteNested(t *testing.T) {
	deep := strings.Repeat("[", 18) + "nan" + strings.Repeat("]", 18)
	text := "[[t]]\nx = 1\n[[t]]\ny = [1, nan, 2]\nz = { w = inf, v = 3 }\nd = 07:32:00\n[u]\na = " + deep + "\n"
	s, ds := LoadBytes("n.toml", []byte(text), Options{})
	ds = diag.Normalize(ds)
	var got []string
	for _, d := range ds {
		if d.Code != CodeNonFinite {
			t.Fatalf("diagnostics = %v", ds)
		}
		got = append(got, at(d.Subject))
	}
	want := []string{"n.toml:4:9-4:12", "n.toml:5:11-5:14", "n.toml:8:23-8:26"}
	if !slices.Equal(got, want) {
		t.Errorf("non-finite numbers at %v, want %v", got, want)
	}
	ts, _ := s.Root["t"].([]any)
	if len(ts) != 2 {
		t.Fatalf("t = %#v, want an array of 2 tables", s.Root["t"])
	}
	second := ts[1].(map[string]any)
	if y := second["y"].([]any); y[0] != int64(1) || y[1] != float64(0) || y[2] != int64(2) {
		t.Errorf("y = %#v", y)
	}
	if z := second["z"].(map[string]any); z["w"] != float64(0) || z["v"] != int64(3) {
		t.Errorf("z = %#v", z)
	}
	if second["d"] != "07:32:00" {
		t.Errorf("local time = %#v", second["d"])
	}
}

// Several non-finite numbers of one table are reported in the order of the
// text, although normalize meets them in map order.
func TestNonFiniteInTextOrder(t *testing.T) {
	var b strings.Builder
	for i := range 12 {
		fmt.Fprintf(&b, "k%02d = nan\n", i)
	}
	for range 5 {
		_, ds := LoadBytes("n.toml", []byte(b.String()), Options{})
		if len(ds) != 12 {
			t.Fatalf("diagnostics = %v", ds)
		}
		for i, d := range ds {
			if d.Subject == nil || d.Subject.Start.Line != i+1 {
				t.Fatalf("diagnostic %d at %s, want line %d", i, at(d.Subject), i+1)
			}
		}
	}
}

func TestIncludesMergeAndPositions(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"s/scenario.toml":   "include = [\"../common/a.toml\"]\nname = \"x\"\n[[officers]]\nname = \"B\"\n[settings]\nmax_step = 4\n",
		"common/a.toml":     "[[officers]]\nname = \"A\"\n[settings]\nslow = 2\n",
		"common/unused.txt": "",
		RootMarker:          "", // lets s/ include ../common
	})
	s, ds := Load(filepath.Join(dir, "s"), Options{})
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	offs := s.Root["officers"].([]any)
	if len(offs) != 2 || offs[0].(map[string]any)["name"] != "A" || offs[1].(map[string]any)["name"] != "B" {
		t.Fatalf("officers = %v", offs)
	}
	if got := at(s.Range("/officers/0/name")); got != "a.toml:2:8-2:11" {
		t.Errorf("/officers/0/name at %s", got)
	}
	if got := at(s.Range("/officers/1/name")); got != "scenario.toml:4:8-4:11" {
		t.Errorf("/officers/1/name at %s", got)
	}
	set := s.Root["settings"].(map[string]any)
	if set["slow"] != int64(2) || set["max_step"] != int64(4) {
		t.Errorf("settings = %v", set)
	}
	if _, ok := s.Root["include"]; ok {
		t.Error("include key left in the tree")
	}
	if len(s.Files()) != 2 {
		t.Errorf("files = %v", s.Files())
	}
}

func TestIncludeProblems(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"scenario.toml": "include = [\"a.toml\", \"missing.toml\"]\nname = \"x\"\n",
		"a.toml":        "include = [\"b.toml\"]\nname = \"y\"\n",
		"b.toml":        "include = [\"a.toml\", 3]\n",
	})
	_, ds := Load(dir, Options{})
	codes := map[string]string{}
	for _, d := range ds {
		codes[d.Code] = at(d.Subject)
	}
	want := map[string]string{
		CodeIncludeCycle: "b.toml:1:12-1:20",
		CodeIncludeType:  "b.toml:1:22-1:23",
		CodeIncludeRead:  "scenario.toml:1:22-1:36",
		CodeDuplicateKey: "scenario.toml:2:1-2:5",
	}
	for code, pos := range want {
		if codes[code] != pos {
			t.Errorf("%s at %q, want %q (all: %v)", code, codes[code], pos, ds)
		}
	}
	if len(ds) != len(want) {
		t.Errorf("got %d diagnostics, want %d: %v", len(ds), len(want), ds)
	}
}

func TestBuiltinInclude(t *testing.T) {
	fsys := fstest.MapFS{
		"mbg/standard.toml": {Data: []byte("include = [\"more.toml\"]\n[[techs]]\nid = \"弓箭\"\n")},
		"mbg/more.toml":     {Data: []byte("[[techs]]\nid = \"火箭\"\n")},
	}
	s, ds := LoadBytes("scenario.toml", []byte("include = [\"builtin:mbg/standard.toml\"]\n"), Options{Builtin: fsys})
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	techs := s.Root["techs"].([]any)
	if len(techs) != 2 || techs[0].(map[string]any)["id"] != "火箭" {
		t.Fatalf("techs = %v", techs)
	}
	if got := s.FileOf("/techs/1/id"); got != "builtin:mbg/standard.toml" {
		t.Errorf("FileOf = %s", got)
	}
	if name, data, err := s.ReadFile("builtin:mbg/standard.toml", "more.toml"); err != nil || name != "builtin:mbg/more.toml" || len(data) == 0 {
		t.Errorf("ReadFile = %s %v", name, err)
	}
}

func TestMissingScenario(t *testing.T) {
	s, ds := Load(filepath.Join(t.TempDir(), "nope"), Options{})
	if s != nil || len(ds) != 1 || ds[0].Code != CodeNoScenario {
		t.Fatalf("got %v %v", s, ds)
	}
}

func TestSyntaxRecovery(t *testing.T) {
	src := "a = 1\nb = = 2\nc = 3\nd = [1 2]\ne = \"ok\"\n"
	s, ds := LoadBytes("r.toml", []byte(src), Options{})
	if len(ds) != 2 || ds[0].Subject.Start.Line != 2 || ds[1].Subject.Start.Line != 4 {
		t.Fatalf("diagnostics = %v, want syntax errors on lines 2 and 4", ds)
	}
	if s == nil || s.Root["c"] != int64(3) || s.Root["e"] != "ok" {
		t.Fatalf("recovered tree = %v", s)
	}
	if got := at(s.Range("/e")); got != "r.toml:5:5-5:9" {
		t.Errorf("/e at %s: positions must survive recovery", got)
	}
}

// TestSyntaxRecoveryForgetsIndex: the first parse indexes the file beside
// the decode; when the decode fails, what the index recorded of the broken
// text (here a key BurntSushi rejects and pelletier's syntax tree accepts)
// must not outlive the recovery.
func TestSyntaxRecoveryForgetsIndex(t *testing.T) {
	s, ds := LoadBytes("r.toml", []byte("t = 1\nb = 2\nt.x = 3\n"), Options{})
	if len(ds) != 1 || ds[0].Subject.Start.Line != 3 {
		t.Fatalf("diagnostics = %v, want one error on line 3", ds)
	}
	if sp, ok := s.Lookup("/t/x"); ok {
		t.Errorf("/t/x, on the blanked line, still has a span: %+v", sp)
	}
	if got := at(s.Range("/b")); got != "r.toml:2:5-2:6" {
		t.Errorf("/b at %s, want r.toml:2:5-2:6", got)
	}
}

func TestSyntaxRecoveryNoCascade(t *testing.T) {
	// An unclosed array: one error, not a second one at the end of the file.
	_, ds := LoadBytes("r.toml", []byte("a = [1, 2\nb = 3\n"), Options{})
	if len(ds) != 1 {
		t.Fatalf("diagnostics = %v", ds)
	}
}

// TestEmptyInlineTableElement: an empty inline table in an array (found by
// kit/ftbt's fuzzer, it used to panic) gets the range of its braces.
func TestEmptyInlineTableElement(t *testing.T) {
	t.Parallel()
	s, ds := LoadBytes("f.toml", []byte("y = [{}, { a = 1 }, {   }]\n"), Options{})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	for ptr, want := range map[string][2]int{"/y/0": {6, 8}, "/y/2": {21, 26}} {
		r := s.Range(ptr)
		if r == nil || r.Start.Line != 1 || r.Start.Column != want[0] || r.End.Column != want[1] {
			t.Errorf("Range(%s) = %+v, want columns %d..%d", ptr, r, want[0], want[1])
		}
	}
}
