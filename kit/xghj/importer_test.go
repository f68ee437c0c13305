package xghj

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/kit/xghj/legacy"
)

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// importBuild imports the files into a temporary scenario directory and
// compiles it; it fails on any diagnostic.
func importBuild(t *testing.T, mapFile ImportFile, kernel *ImportFile) (*engine.Config, []byte) {
	t.Helper()
	files, ds := Import(mapFile, kernel, ImportOptions{Name: "tsinghua", SchemaPath: "../../schemas/xghj.scenario.schema.json"})
	if len(ds) > 0 || files == nil {
		t.Fatalf("import: %v", ds)
	}
	dir := t.TempDir()
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	res := build.NewCompiler(Game{}).Compile(dir, build.Options{})
	if len(res.Diags) > 0 || res.Value == nil {
		t.Fatalf("the import does not build cleanly: %v", res.Diags)
	}
	return res.Value.(*engine.Config), files[source.EntryFile]
}

// The Tsinghua map and kernel import and build with no diagnostic, into
// the config the engine's agent tests play (engine/xghj/agent/testdata);
// the config exported back to the legacy formats re-imports to the same
// config; the shared originals, when present, import the same.
func TestImportTsinghua(t *testing.T) {
	mapData := readFile(t, "legacy/testdata/tsinghua.map")
	kernelData := readFile(t, "legacy/testdata/mykernel.kernel")
	cfg, text := importBuild(t, ImportFile{"Tsinghua.map.txt", mapData}, &ImportFile{"mykernel.txt", kernelData})
	got, _ := json.Marshal(cfg)
	want := readFile(t, "../../engine/xghj/agent/testdata/tsinghua.config.json")
	if !bytes.Equal(got, want) {
		t.Errorf("the imported config differs from engine/xghj/agent/testdata/tsinghua.config.json")
	}
	if !strings.Contains(string(text), `"~~~ggrhhhhhhg~hhggrrggggr", # y = 0`) || !strings.Contains(string(text), `glyph = "D"`) {
		t.Errorf("the contest's glyphs are not used:\n%.600s", text)
	}
	m2, k2, err := Export(cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg2, _ := importBuild(t, ImportFile{"again.map.txt", m2}, &ImportFile{"again.txt", k2})
	again, _ := json.Marshal(cfg2)
	if !bytes.Equal(got, again) {
		t.Error("re-importing the exported config gives another config")
	}
	// The checked-in scenario is this import.
	if scen := readFile(t, "../../scenarios/xghj/tsinghua/scenario.toml"); !bytes.Equal(bytes.SplitN(scen, []byte("\n"), 2)[1], bytes.SplitN(text, []byte("\n"), 2)[1]) {
		t.Error("scenarios/xghj/tsinghua differs from a fresh import (comments aside the #:schema line)")
	}
	shared := filepath.Join("..", "..", "..", "shared", "legacy", "xghj")
	if sm, err := os.ReadFile(filepath.Join(shared, "Tsinghua.map.txt")); err == nil {
		sk := readFile(t, filepath.Join(shared, "mykernel.txt"))
		scfg, _ := importBuild(t, ImportFile{"Tsinghua.map.txt", sm}, &ImportFile{"mykernel.txt", sk})
		if s, _ := json.Marshal(scfg); !bytes.Equal(s, got) {
			t.Error("the shared originals import differently from the fixtures")
		}
	}
}

// Without a kernel file the contest's kernel is the default, and classes
// the contest's map does not have get generated glyphs and a warning;
// more classes than glyphs of the pool take CJK glyphs.
func TestImportClasses(t *testing.T) {
	m := &legacy.Map{Cols: 12, Rows: 10}
	for g := range m.Grids {
		m.Grids[g] = make([]int, 120)
	}
	for i := range 120 {
		m.Grids[0][i], m.Grids[1][i], m.Grids[2][i] = i, 10+i%7, 10
	}
	m.Grids[0][0], m.Grids[1][0], m.Grids[2][0] = 2, 30, 10 // a road
	files, ds := Import(ImportFile{"many.map.txt", legacy.FormatMap(m)}, nil, ImportOptions{Players: 2})
	if files == nil || len(ds) != 119 {
		t.Fatalf("%d diagnostics (want one per new class, 119)", len(ds))
	}
	text := string(files[source.EntryFile])
	if !strings.Contains(text, `glyph = "r"`) || !strings.Contains(text, "一") || strings.Contains(text, "[kernel]") || !strings.Contains(text, `name = "many"`) {
		t.Errorf("unexpected import:\n%.400s", text)
	}
	src, lds := source.LoadBytes("scenario.toml", files[source.EntryFile], source.Options{})
	if len(lds) > 0 {
		t.Fatal(lds)
	}
	cfg := Resolve(Decode(src)).Config
	for i, c := range cfg.Cells {
		if c.Res != m.Grids[0][i] || c.Atk != m.Grids[1][i] || c.Def != m.Grids[2][i] {
			t.Fatalf("cell %d imported as %+v", i, c)
		}
	}
	if cfg.Kernel[4][4] != 1 || cfg.Kernel[0][0] != 0.05 || len(cfg.Players) != 2 {
		t.Errorf("default kernel or players wrong: %v %d", cfg.Kernel[4], len(cfg.Players))
	}
}

// Broken legacy files give diagnostics at the token and no output.
func TestImportErrors(t *testing.T) {
	files, ds := Import(ImportFile{"bad.map", []byte("2 1\n1 x\n")}, nil, ImportOptions{})
	if files != nil || len(ds) != 1 || ds[0].Code != legacy.CodeToken || ds[0].Subject.Start.Line != 2 || ds[0].Subject.Start.Column != 3 {
		t.Errorf("got %v %v", files, ds)
	}
	files, ds = Import(ImportFile{"ok.map", []byte("1 1\n1\n10\n10\n")}, &ImportFile{"k.txt", []byte("| 1 |\n")}, ImportOptions{})
	if files != nil || !ds.HasErrors() {
		t.Errorf("a broken kernel imported: %v", ds)
	}
}

// Inspect on Tsinghua: the facts' totals (§2: 875 cells, 65 water, resource
// sum 2044), the kernel sum 28.4 (§4) and the capture thresholds of §5.5
// (grass/bridge 40, bridge-side 27, building 20, road/field 14).
func TestInspect(t *testing.T) {
	var cfg engine.Config
	if err := json.Unmarshal(readFile(t, "../../engine/xghj/agent/testdata/tsinghua.config.json"), &cfg); err != nil {
		t.Fatal(err)
	}
	in := Inspect(&cfg)
	if in.Cells != 875 || in.Water != 65 || in.Land != 810 || in.TotalRes != 2045 || in.KernelSum != 28.4 || len(in.Classes) != 9 || in.Classes[0].Count != 275 {
		t.Errorf("inspection %+v", in)
	}
	want := []CaptureNeed{{10, 40}, {15, 27}, {20, 20}, {30, 14}}
	if len(in.Capture) != len(want) {
		t.Fatalf("capture %v", in.Capture)
	}
	for i := range want {
		if in.Capture[i] != want[i] {
			t.Errorf("capture %v, want %v", in.Capture, want)
		}
	}
	if in.MaxSpawns < 8 {
		t.Errorf("max spawns %d", in.MaxSpawns)
	}
}

// mapc sim's games: deterministic per seed, the winner the first of the
// ranking.
func TestSim(t *testing.T) {
	var cfg engine.Config
	if err := json.Unmarshal(readFile(t, "../../engine/xghj/agent/testdata/tsinghua.config.json"), &cfg); err != nil {
		t.Fatal(err)
	}
	s, _, err := (Game{}).Sim(&cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	agents := []string{"heuristic", "random", "heuristic", "random", "heuristic", "random", "heuristic", "random"}
	a, err := s.Play(3, agents)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := s.Play(3, agents)
	if a.Winner != b.Winner || a.Turns != b.Turns || a.Winner < 0 {
		t.Errorf("outcomes %+v %+v", a, b)
	}
	if _, err := s.Play(3, []string{"heuristic"}); err == nil {
		t.Error("one agent for eight players accepted")
	}
	if _, err := s.Play(3, append(agents[:7:7], "genius")); err == nil {
		t.Error("an unknown agent accepted")
	}
	if _, _, err := (Game{}).Sim(&cfg, []string{"mod"}); err == nil {
		t.Error("mods accepted")
	}
}

// mapc sim's report does not depend on the number of workers.
func TestSimWorkers(t *testing.T) {
	var cfg engine.Config
	if err := json.Unmarshal(readFile(t, "../../engine/xghj/agent/testdata/tsinghua.config.json"), &cfg); err != nil {
		t.Fatal(err)
	}
	s, _, err := (Game{}).Sim(&cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func(workers int) []byte {
		r, err := sim.Run(s, sim.Options{Games: 4, Seed: 9, Agents: []string{"heuristic", "random"}, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := json.Marshal(r)
		return data
	}
	if a, b := run(1), run(3); !bytes.Equal(a, b) {
		t.Errorf("1 and 3 workers differ:\n%s\n%s", a, b)
	}
}
