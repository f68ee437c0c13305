package xghj

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
)

// writeTemplate writes the mapc new scenario to a temporary directory,
// with edit applied to its scenario.toml.
func writeTemplate(t *testing.T, edit func(string) string) string {
	t.Helper()
	dir := t.TempDir()
	schema, err := filepath.Abs("../../schemas/xghj.scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range (Game{}).Template("demo", schema) {
		if name == "scenario.toml" {
			data = []byte(edit(string(data)))
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// The picture of the template: water blue, every cell's hover title with
// its terrain and values, the spring region outlined and named, the
// legend's terrains with their values, the effect named.
func TestRenderTemplate(t *testing.T) {
	dir := writeTemplate(t, func(s string) string { return s })
	res := build.NewCompiler(Game{}).Compile(dir, build.Options{})
	if len(res.Diags) > 0 {
		t.Fatal(res.Diags)
	}
	svg, err := Game{}.Render(res.Value, build.RenderOptions{Source: res.Source})
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	cfg := res.Value.(*engine.Config)
	if n := strings.Count(s, `<g class="cell">`); n != cfg.Cols*cfg.Rows {
		t.Errorf("%d cell groups for %d cells", n, cfg.Cols*cfg.Rows)
	}
	for _, want := range []string{
		"<title>(8,2) ~ lake 湖: res 0, atk 0, def 0 (atk 0: nobody holds it)</title>",
		"<title>(3,2) S spring 泉: res 4, atk 20, def 25; region spring</title>",
		"S spring 泉 (res 4, atk 20, def 25)",
		"region spring (4 cells)",
		"effect effect/spring",
		`fill="` + waterColour + `"`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the picture lacks %q", want)
		}
	}
	// The spring's outline: 2×2 cells have 8 outer edges.
	region := regexp.MustCompile(`(?s)<g class="region">.*?</g>`).FindString(s)
	if n := strings.Count(region, "<line"); n != 8 {
		t.Errorf("the spring's outline has %d edges, want 8", n)
	}
}

// A diagnostic in a map row is drawn on the cell of the glyph it points
// at, and the best-effort config of the broken scenario still draws.
func TestRenderDiagnosticMarker(t *testing.T) {
	dir := writeTemplate(t, func(s string) string {
		return strings.Replace(s, `"pp/SS/pp~~pp", # y = 3`, `"pp/SS/ppZ~pp", # y = 3`, 1)
	})
	res := build.NewCompiler(Game{}).Compile(dir, build.Options{})
	if !res.Diags.HasErrors() {
		t.Fatal("an unknown glyph compiles without an error")
	}
	cfg, _ := Game{}.Compile(res.Source, build.Options{})
	svg, err := Game{}.Render(cfg, build.RenderOptions{Source: res.Source, Diagnostics: res.Diags})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(svg), "&quot;Z&quot;: no terrain&#39;s glyph (atk 0: nobody holds it)") {
		t.Errorf("the legend does not name the unknown glyph Z")
	}
	m := regexp.MustCompile(`(?s)<g class="diagnostic">\s*<title>[^<]*</title>\s*<circle cx="([0-9.]+)" cy="([0-9.]+)"`).FindStringSubmatch(string(svg))
	if m == nil {
		t.Fatalf("no diagnostic marker in\n%s", svg)
	}
	// Cells are 720/12 = 60 → 40 px wide, the grid at (36, 84): cell (8,3)
	// has its centre at (36 + 8.5·40, 84 + 3.5·40).
	if m[1] != "376" || m[2] != "224" {
		t.Errorf("the marker is at (%s, %s), want the centre of cell (8,3) at (376, 224)", m[1], m[2])
	}
}
