package source

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// deepInputs builds each nesting form at n levels (issue #11, failure 2).
func deepInputs(n int) map[string]string {
	return map[string]string{
		"arrays":        "a = " + strings.Repeat("[", n) + strings.Repeat("]", n) + "\n",
		"inline tables": "a = " + strings.Repeat("{a=", n) + "1" + strings.Repeat("}", n) + "\n",
		"table header":  "[" + strings.Repeat("a.", n-1) + "a]\nx = 1\n",
		"array table":   "[[" + strings.Repeat("a.", n-1) + "a]]\nx = 1\n",
		"dotted key":    strings.Repeat("a.", n-1) + "a = 1\n",
		"mixed":         "[t.u]\nv.w = " + strings.Repeat("[{x=", n/2) + "1" + strings.Repeat("}]", n/2) + "\n",
	}
}

// TestDepthLimit: every form of nesting, 10^5 levels deep, stops at the
// depth limit with one diagnostic where the limit is crossed, before the
// decoder sees the text.
func TestDepthLimit(t *testing.T) {
	// The 96 KB file of 16,000 nested inline tables, with the
	// default limits.
	if _, ds := LoadBytes("deep.toml", []byte(deepInputs(16_000)["inline tables"]), Options{}); len(ds) != 1 || ds[0].Code != CodeTooDeep {
		t.Fatalf("16,000 inline tables: %v", ds)
	}
	for name, src := range deepInputs(100_000) {
		t.Run(name, func(t *testing.T) {
			s, ds := LoadBytes("deep.toml", []byte(src), Options{Limits: Limits{MaxLineLength: 1 << 30}})
			if s != nil || len(ds) != 1 || ds[0].Code != CodeTooDeep {
				t.Fatalf("diagnostics = %v", ds)
			}
			if r := ds[0].Subject; r == nil || r.Start.Line != 1 && name != "mixed" {
				t.Errorf("subject = %v", r)
			}
		})
	}
}

// TestDepthLimitPosition: the diagnostic points at the bracket, brace or dot
// that crosses the limit.
func TestDepthLimitPosition(t *testing.T) {
	lim := Limits{MaxDepth: 4}
	tests := []struct{ src, at string }{
		{"a = [[[[1]]]]\n", "1:8"},          // a=1, [=2, [=3, [=4 … the fourth [ is depth 5
		{"a = {b={c={d={e=1}}}}\n", "1:15"}, // the key at depth 5
		{"a.b.c.d.e = 1\n", "1:8"},          // the dot before e
		{"[a.b]\nc.d.e = 1\n", "2:4"},       // [a.b] is 2, c.d is 4, e is 5
		{"[[a.b.c.d]]\ne = 1\n", "1:1"},     // a, b, c, d and the index
		{"x = \"[[[[[[[[\" # {{{{{{{{\ny = 1\n", ""},
		{"x = '''\n[[[[[[\n'''\na.b.c = [1]\n", ""},
		{"a = [[[1]]]\nb = {c={d=1}}\n[e.f.g]\nh = 1.5\n", ""},
	}
	for _, tt := range tests {
		_, ds := LoadBytes("d.toml", []byte(tt.src), Options{Limits: lim})
		got := ""
		for _, d := range ds {
			if d.Code == CodeTooDeep {
				got = itoa(d.Subject.Start.Line) + ":" + itoa(d.Subject.Start.Column)
			} else {
				t.Errorf("%q: unexpected %v", tt.src, d)
			}
		}
		if got != tt.at {
			t.Errorf("%q: too deep at %q, want %q", tt.src, got, tt.at)
		}
	}
}

// TestShippedScenariosWithinLimits: the limits leave room for every shipped
// scenario and builtin file, with a depth limit far below the default.
func TestShippedScenariosWithinLimits(t *testing.T) {
	var files []string
	for _, pat := range []string{"../../scenarios/*/*/*.toml", "../../scripts/*/*.toml", "../../kit/*/testdata/*/*.toml"} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := &parsed{name: f, data: data, lines: newLineIndex(data)}
		if d := prescan(p, data, Limits{MaxDepth: 8}.withDefaults()); d != nil {
			t.Errorf("%s: %v", f, d)
		}
	}
}

func TestSizeKeyAndLineLimits(t *testing.T) {
	tests := []struct {
		name, src string
		lim       Limits
		code, at  string
	}{
		{"size", "a = 1\n", Limits{MaxFileSize: 5}, CodeTooLarge, "1:1"},
		{"keys", "a = 1\n[t]\nb = 2\nc = 3\n", Limits{MaxKeys: 3}, CodeTooManyKeys, "4:1"},
		{"inline keys", "a = {b = 1, c = 2}\n", Limits{MaxKeys: 2}, CodeTooManyKeys, "1:13"},
		{"line", "a = 1\nb = \"" + strings.Repeat("x", 50) + "\"\n", Limits{MaxLineLength: 20}, CodeLineTooLong, "2:21"},
		{"line at limit", "b = \"" + strings.Repeat("x", 14) + "\"\n", Limits{MaxLineLength: 20}, "", ""},
	}
	for _, tt := range tests {
		_, ds := LoadBytes("l.toml", []byte(tt.src), Options{Limits: tt.lim})
		code, at := "", ""
		if len(ds) > 0 {
			code, at = ds[0].Code, itoa(ds[0].Subject.Start.Line)+":"+itoa(ds[0].Subject.Start.Column)
		}
		if len(ds) > 1 || code != tt.code || at != tt.at {
			t.Errorf("%s: got %v, want %s at %s", tt.name, ds, tt.code, tt.at)
		}
	}
}

func TestLimitsFlag(t *testing.T) {
	var l Limits
	if err := l.Set("size=64M, depth=100,keys=2000000,line=1k"); err != nil {
		t.Fatal(err)
	}
	if l != (Limits{MaxFileSize: 64 << 20, MaxDepth: 100, MaxKeys: 2_000_000, MaxLineLength: 1024}) {
		t.Errorf("limits = %+v", l)
	}
	if got := (&Limits{MaxDepth: 7}).String(); got != "size=16777216,depth=7,keys=1000000,line=262144" {
		t.Errorf("String = %s", got)
	}
	for _, bad := range []string{"depth", "depth=0", "depth=-1", "size=1T", "size=99999999999G", "width=3"} {
		var l Limits
		if err := l.Set(bad); err == nil {
			t.Errorf("%q accepted: %+v", bad, l)
		}
	}
}
