package diag

import (
	"flag"
	"io"
	"os"
	"testing"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestUseColorPolicy(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		mode ColorMode
		tty  bool
		env  map[string]string
		want bool
	}{
		{"auto on a terminal", ColorAuto, true, map[string]string{"TERM": "xterm-256color"}, true},
		{"zero mode is auto", "", true, nil, true},
		{"auto off a terminal", ColorAuto, false, nil, false},
		{"auto with NO_COLOR", ColorAuto, true, map[string]string{"NO_COLOR": "1"}, false},
		{"auto with empty NO_COLOR", ColorAuto, true, map[string]string{"NO_COLOR": ""}, true},
		{"auto with TERM=dumb", ColorAuto, true, map[string]string{"TERM": "dumb"}, false},
		{"always beats NO_COLOR and pipes", ColorAlways, false, map[string]string{"NO_COLOR": "1", "TERM": "dumb"}, true},
		{"never beats a terminal", ColorNever, true, nil, false},
	}
	for _, tt := range tests {
		if got := useColor(tt.mode, tt.tty, envOf(tt.env)); got != tt.want {
			t.Errorf("%s: useColor(%q, tty=%v, %v) = %v, want %v", tt.name, tt.mode, tt.tty, tt.env, got, tt.want)
		}
	}
}

func TestUseColorFile(t *testing.T) {
	t.Parallel()
	f, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	clean := envOf(map[string]string{"TERM": "xterm"})
	if UseColor(ColorAuto, f, clean) {
		t.Error("auto colors a regular file")
	}
	if UseColor(ColorAuto, nil, clean) {
		t.Error("auto colors a nil file")
	}
	if !UseColor(ColorAlways, f, clean) {
		t.Error("always does not color a regular file")
	}
	if UseColor(ColorNever, f, clean) {
		t.Error("never colors")
	}
}

func TestColorModeFlag(t *testing.T) {
	t.Parallel()
	fs := flag.NewFlagSet("lint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	mode := ColorAuto
	format := FormatText
	fs.Var(&mode, "color", "auto, always or never")
	fs.Var(&format, "format", "text, json, github or sarif")
	if err := fs.Parse([]string{"--color=never", "--format=sarif"}); err != nil {
		t.Fatal(err)
	}
	if mode != ColorNever || format != FormatSARIF {
		t.Errorf("parsed color=%q format=%q", mode, format)
	}
	if err := fs.Parse([]string{"--color=sometimes"}); err == nil {
		t.Error("--color=sometimes accepted")
	}
	if err := fs.Parse([]string{"--format=xml"}); err == nil {
		t.Error("--format=xml accepted")
	}
	for _, f := range Formats() {
		if got, err := ParseFormat(f.String()); err != nil || got != f {
			t.Errorf("ParseFormat(%q) = %q, %v", f, got, err)
		}
	}
}
