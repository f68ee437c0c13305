package glory_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/glory"
)

// TestRenderStandardMap draws the rulebook's map (facts §1–§2): its 98
// points, every drawn edge by kind, the four towers with their HP, the two
// economy zones, the central area and where each side's heroes start.
func TestRenderStandardMap(t *testing.T) {
	cfg := compile(t, "../../scenarios/glory/standard")
	svg, err := glory.Game{}.Render(cfg, build.RenderOptions{})
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllStringIndex(s, -1)) }
	if n := count(`<g class="point">`); n != 98 {
		t.Errorf("%d points drawn, want 98", n)
	}
	// Every edge of builtin:glory/standard-map.toml's lists, by kind.
	want := map[string]int{}
	for _, e := range cfg.Map.Edges {
		want[e.Kind]++
	}
	if len(want) != 4 || len(cfg.Map.Edges) != 158 {
		t.Fatalf("the standard map has edges %v", want)
	}
	for kind, want := range want {
		if n := count(`<title>` + kind + ` edge \d+–\d+</title>`); n != want {
			t.Errorf("%d %s edges drawn, want %d", n, kind, want)
		}
	}
	for _, want := range []string{
		"<title>point 19 (9,9): blue tower, 100 HP, blue tower zone; edges to 9, 18, 20, 28, 29</title>",
		"<title>point 52 (2,5): red tower, 80 HP, red tower zone",
		"<title>point 23 (3,8): economy zone;",
		"<title>point 78 (8,3): economy zone;",
		"<title>point 45 (5,6): central area;",
		"<title>point 1 (1,10): railway;",
		"<title>red (红方): every hero of the side starts on point 82</title>",
		"<title>blue (蓝方): every hero of the side starts on point 19</title>",
		">中央区</text>", ">红方出发</text>", ">蓝方出发</text>",
		"红方 red tower (HP; 180 in all)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the picture lacks %q", want)
		}
	}
	if strings.Contains(s, `class="diagnostic"`) {
		t.Error("a clean scenario has diagnostic markers")
	}
	if _, err := (glory.Game{}).Render(cfg, build.RenderOptions{Ranges: "YR"}); err == nil {
		t.Error("--ranges on a glory map is not refused")
	}
}

// TestRenderDiagnostics: a scenario with a broken point and an edge to a
// point that does not exist draws what resolves, with a marker on the
// point and on the edge's existing end.
func TestRenderDiagnostics(t *testing.T) {
	dir := t.TempDir()
	scenario := `#:schema ../../../schemas/glory.scenario.schema.json
include = ["builtin:glory/seed.toml"]

[scenario]
name = "broken"

[map]
name = "tiny"
spawn = { red = 1, blue = 3 }
points = [
  { id = 1, x = 0, y = 0, tower = { side = "red", hp = 100 } },
  { id = 2, x = 1, y = 0 },
  { id = 3, x = 2, y = 0, tower = { side = "blue", hp = 100 } },
  { id = 4, x = 1, y = 0 },
]

[map.edges]
normal = [[1, 2], [2, 3], [3, 9]]
`
	if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(scenario), 0o644); err != nil {
		t.Fatal(err)
	}
	res := build.NewCompiler(glory.Game{}).Compile(dir, build.Options{})
	if !res.Diags.HasErrors() {
		t.Fatalf("the broken scenario compiles clean: %v", res.Diags)
	}
	cfg, _ := glory.Game{}.Compile(res.Source, build.Options{})
	svg, err := glory.Game{}.Render(cfg, build.RenderOptions{Diagnostics: diag.Normalize(res.Diags), Source: res.Source})
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	if n := strings.Count(s, `<g class="point">`); n != 4 {
		t.Errorf("%d points drawn, want 4", n)
	}
	// Point 3 (x 2) is drawn at 48+2*56 = 160, point 4 (x 1) at 104; markers are circles of
	// radius 16 centred on their spot.
	for _, re := range []string{
		`<title>error\[glory-unknown-ref\][^<]*9[^<]*</title>\s*<circle cx="160" cy="92" r="16"`,
		`<title>error\[glory-same-place\][^<]*</title>\s*<circle cx="104" cy="92" r="16"`,
	} {
		if !regexp.MustCompile(re).MatchString(s) {
			t.Errorf("no marker matching %s in\n%s", re, s)
		}
	}
	for _, d := range res.Diags {
		t.Log(d.Code, d.Summary, d.Detail)
	}
}

// TestRenderOddConfigs: a best-effort config may hold anything; the
// renderer draws what it can and never fails on it.
func TestRenderOddConfigs(t *testing.T) {
	for name, cfg := range map[string]*engine.Config{
		"empty": {},
		"far points and unknown references": {Map: engine.MapConfig{
			Points: []engine.PointConfig{
				{ID: 1, X: -1000000, Y: 5, Tower: &engine.TowerConfig{Side: "green", HP: -3}},
				{ID: 1, X: 1000000, Y: -7, TowerZone: "purple"},
			},
			Edges: []engine.EdgeConfig{{A: 1, B: 99, Kind: "normal"}, {A: 1, B: 1, Kind: "teleport"}},
			Spawn: [2]int{42, -1},
		}},
	} {
		svg, err := glory.Game{}.Render(cfg, build.RenderOptions{})
		if err != nil || !strings.HasPrefix(string(svg), "<svg") {
			t.Errorf("%s: %v\n%.200s", name, err, svg)
		}
	}
}
