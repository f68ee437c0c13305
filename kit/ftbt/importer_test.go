package ftbt_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/ftbt/legacy"
	"github.com/sandtable/sandtable/kit/source"
)

// legacyDir returns the directory of the original's star.tech, m1.map and
// m2.map: ../shared/legacy/ftbt beside the repository when present (real
// = true), otherwise the fixtures that hold the shipped star-m1 and star-m2
// in those formats (TestLegacyFixturesFresh keeps them equal).
func legacyDir(t *testing.T) (dir string, real bool) {
	t.Helper()
	dir = filepath.Join("..", "..", "..", "shared", "legacy", "ftbt")
	if _, err := os.Stat(filepath.Join(dir, "star.tech")); err == nil {
		return dir, true
	}
	return kitLegacyFixtures, false
}

func readFile(t *testing.T, path string) ftbt.ImportFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return ftbt.ImportFile{Name: path, Data: data}
}

// importLevel imports star.tech with a level and its intro, from the
// original's files when present, otherwise from the shipped scenario's
// (whose intro is taken from the scenario itself).
func importLevel(t *testing.T, level string) (map[string][]byte, diag.Diagnostics) {
	t.Helper()
	dir, real := legacyDir(t)
	opts := ftbt.ImportOptions{Name: "star-" + level, SchemaPath: "../../../schemas/ftbt.scenario.schema.json"}
	if real {
		if _, err := os.Stat(filepath.Join(dir, level+".intro")); err == nil {
			intro := readFile(t, filepath.Join(dir, level+".intro"))
			opts.Intro = &intro
		}
	} else {
		intro := ftbt.ImportFile{Name: filepath.Join(dir, level+".intro"), Data: shippedLegacyFiles(t)[level+".intro"]}
		opts.Intro = &intro
	}
	files, ds := ftbt.Import(readFile(t, filepath.Join(dir, "star.tech")), readFile(t, filepath.Join(dir, level+".map")), opts)
	if files == nil || ds.HasErrors() {
		t.Fatalf("import failed: %v", ds)
	}
	return files, ds
}

// buildFiles writes imported files into a scenario directory and compiles it.
func buildFiles(t *testing.T, files map[string][]byte) *build.Result {
	t.Helper()
	text := map[string]string{}
	for k, v := range files {
		text[k] = string(v)
	}
	// The #:schema path is relative to scenarios/ftbt/<name>; the game is
	// read from the file name alone.
	return compiler().Compile(writeScenario(t, text), build.Options{})
}

// TestImportSharedLevels: star.tech with m1.map and with m2.map import and
// build with zero errors, and the compiled techs, terrains and constants
// are exactly the legacy file's.
func TestImportSharedLevels(t *testing.T) {
	needBuiltinLua(t)
	dir, _ := legacyDir(t)
	rules, rds := legacy.ParseRules("star.tech", readFile(t, filepath.Join(dir, "star.tech")).Data)
	if rds.HasErrors() {
		t.Fatal(rds)
	}
	for _, level := range []string{"m1", "m2"} {
		t.Run(level, func(t *testing.T) {
			files, _ := importLevel(t, level)
			if len(files) != 2 || files["scenario.toml"] == nil || files["star.toml"] == nil {
				t.Fatalf("files: %v", slices.Sorted(func(yield func(string) bool) {
					for k := range files {
						if !yield(k) {
							return
						}
					}
				}))
			}
			res := buildFiles(t, files)
			if res.Diags.HasErrors() || res.Value == nil {
				t.Fatalf("imported scenario does not build: %v", diag.Normalize(res.Diags))
			}
			for _, d := range res.Diags {
				t.Errorf("unexpected diagnostic: %v", d)
			}
			cfg := res.Value.(*engine.Config)
			compareRules(t, rules, cfg)
			if cfg.Rules.BothWiped != "attacker" {
				t.Errorf("both_wiped = %q, want the original's attacker", cfg.Rules.BothWiped)
			}
			lvl, lds := legacy.ParseLevel(level+".map", readFile(t, filepath.Join(dir, level+".map")).Data)
			if lds.HasErrors() {
				t.Fatal(lds)
			}
			compareLevel(t, lvl, cfg)
		})
	}
}

// compareRules checks a compiled config against a legacy rules file.
func compareRules(t *testing.T, r *legacy.Rules, cfg *engine.Config) {
	t.Helper()
	if len(cfg.Terrains) != len(r.Terrains) || len(cfg.Techs) != len(r.Techs) {
		t.Fatalf("%d terrains, %d techs; the file has %d, %d", len(cfg.Terrains), len(cfg.Techs), len(r.Terrains), len(r.Techs))
	}
	for i, tr := range r.Terrains {
		if got := cfg.Terrains[i]; got.Name != tr.Name.V || got.Weight != tr.Weight.V {
			t.Errorf("terrain %d = %+v, file %s %d", i, got, tr.Name.V, tr.Weight.V)
		}
	}
	if cfg.Constants.MaxFlyWeight != r.MaxFlyWeight.V || cfg.Constants.MaxAbi != r.MaxAbi.V {
		t.Errorf("constants %+v", cfg.Constants)
	}
	if a := r.AI; a != nil {
		want := engine.AIConstants{MoveDist: a.MoveDist.V, MoveScore: a.MoveScore.V, BufValue: a.BufValue.V, BufScore: a.BufScore.V,
			DefDist: a.DefDist.V, DefScore: a.DefScore.V, TechDist: a.TechDist.V, TechScore: a.TechScore.V,
			BufVMD: a.TechBufVMD.V, FlyVMD: a.TechFlyVMD.V, DLVMD: a.TechDLVMD.V}
		if diff := cmp.Diff(want, cfg.AI); diff != "" {
			t.Errorf("AI constants (-file +config):\n%s", diff)
		}
	}
	for i, lt := range r.Techs {
		got := cfg.Techs[i]
		var offs []ftbt.Offset
		for _, o := range lt.Range {
			offs = append(offs, ftbt.Offset{o.DX.V, o.DY.V})
		}
		var mask []bool
		for _, m := range lt.Mask {
			mask = append(mask, m.V)
		}
		want := engine.Tech{ID: lt.Name.V, Class: lt.Class.V, Long: lt.IsLong.V, Offsets: offs,
			AOERange: lt.AOERange.V, AOERatio: lt.AOERatio.V, AOESelf: lt.AOESelf.V, Duration: lt.Duration.V,
			Mask: mask, Value: lt.Value.V}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("tech %d %s (-file +config):\n%s", i, lt.Name.V, diff)
		}
		if got.Class >= 0 && got.Class < len(ftbt.ClassNames) && cfg.Classes[got.Class].ID != ftbt.ClassNames[lt.Class.V] {
			t.Errorf("tech %s: class %s, want %s", lt.Name.V, cfg.Classes[got.Class].ID, ftbt.ClassNames[lt.Class.V])
		}
	}
}

// compareLevel checks a compiled config against a legacy level file and
// the AI rules of facts §9.1 (side-0 lines imported too).
func compareLevel(t *testing.T, l *legacy.Level, cfg *engine.Config) {
	t.Helper()
	if cfg.Width != l.NX.V || cfg.Height != l.NY.V {
		t.Fatalf("map %d × %d, file %d × %d", cfg.Width, cfg.Height, l.NX.V, l.NY.V)
	}
	for i, c := range l.Cells {
		if cfg.Cells[i] != c.V {
			t.Fatalf("cell %d = %d, file %d", i, cfg.Cells[i], c.V)
		}
	}
	if len(cfg.People) != len(l.People) {
		t.Fatalf("%d people, file %d", len(cfg.People), len(l.People))
	}
	for i, p := range l.People {
		got := cfg.People[i]
		var techs []int
		for _, tk := range p.Techs {
			techs = append(techs, tk.V)
		}
		if got.Name != p.Name.V || got.Side != p.Side.V || got.Abi != p.Abi.V || got.Def != p.Def.V || got.HP != p.HP.V ||
			got.Speed != p.Speed.V || got.X != p.X.V || got.Y != p.Y.V || !slices.Equal(got.Techs, techs) {
			t.Errorf("person %d = %+v, file %+v", i, got, p)
		}
		a := l.AI[i]
		var want *engine.PersonAI
		switch {
		case a.Att.V == -1 && p.Side.V == 0:
		case a.Att.V == -1:
			want = &engine.PersonAI{Att: 30, Def: 30, Move: 40, GoalX: -1, GoalY: -1}
		default:
			want = &engine.PersonAI{Att: a.Att.V, Def: a.Def.V, Move: a.Move.V, GoalX: -1, GoalY: -1}
		}
		if want != nil && a.GoalX.V >= 0 && a.GoalY.V >= 0 {
			want.GoalX, want.GoalY = a.GoalX.V, a.GoalY.V
		}
		if diff := cmp.Diff(want, got.AI); diff != "" {
			t.Errorf("AI of %s (-want +got):\n%s", p.Name.V, diff)
		}
	}
}

// Facts §2.4 on m1 and m2: the people, AI factors and goals as imported.
func TestImportFacts(t *testing.T) {
	needBuiltinLua(t)
	files, _ := importLevel(t, "m1")
	cfg := buildFiles(t, files).Value.(*engine.Config)
	if cfg.Width != 50 || cfg.Height != 40 || len(cfg.People) != 10 {
		t.Fatalf("m1: %d × %d with %d people; facts: 50 × 40, 10", cfg.Width, cfg.Height, len(cfg.People))
	}
	byName := map[string]engine.Person{}
	for _, p := range cfg.People {
		byName[p.Name] = p
	}
	for _, n := range []string{"A", "B", "C", "A1", "B1"} {
		if byName[n].AI != nil {
			t.Errorf("m1 %s: side 0 with -1 AI lines must have no AI", n)
		}
	}
	for n, want := range map[string]engine.PersonAI{
		"D": {Att: 50, Def: 20, Move: 30, GoalX: -1, GoalY: -1}, "F": {Att: 25, Def: 35, Move: 40, GoalX: -1, GoalY: -1},
		"D1": {Att: 20, Def: 20, Move: 60, GoalX: 25, GoalY: 37}, "E1": {Att: 25, Def: 30, Move: 45, GoalX: 26, GoalY: 37},
	} {
		if got := byName[n].AI; got == nil || *got != want {
			t.Errorf("m1 %s: ai %+v, want %+v", n, got, want)
		}
	}
	if !strings.Contains(cfg.Intro, "这是一个测试关卡, 用于测试较大地图.") {
		t.Errorf("m1 intro = %.40q", cfg.Intro)
	}
	files, _ = importLevel(t, "m2")
	cfg = buildFiles(t, files).Value.(*engine.Config)
	// m2: 15 × 8; the dogs are side 0 with 20 10 70, which the original
	// discards and the import keeps; the tanks 40 40 20.
	if cfg.Width != 15 || cfg.Height != 8 || len(cfg.People) != 8 {
		t.Fatalf("m2: %d × %d with %d people", cfg.Width, cfg.Height, len(cfg.People))
	}
	if a := cfg.People[0].AI; a == nil || *a != (engine.PersonAI{Att: 20, Def: 10, Move: 70, GoalX: -1, GoalY: -1}) {
		t.Errorf("狗1 ai = %+v", a)
	}
	if a := cfg.People[7].AI; a == nil || *a != (engine.PersonAI{Att: 40, Def: 40, Move: 20, GoalX: -1, GoalY: -1}) {
		t.Errorf("Tank2 ai = %+v", a)
	}
}

// TestShippedImports: scenarios/ftbt/star-m1 and star-m2 are the importer's
// output. SANDTABLE_UPDATE=1 rewrites them from the original's files. On a
// plain clone the input is the shipped scenarios themselves written back
// in the legacy formats, so this is the round trip: importing what a
// scenario compiles to gives the scenario again, byte for byte.
func TestShippedImports(t *testing.T) {
	needBuiltinLua(t)
	_, real := legacyDir(t)
	for _, level := range []string{"m1", "m2"} {
		files, _ := importLevel(t, level)
		dir := filepath.Join("..", "..", "scenarios", "ftbt", "star-"+level)
		for name, data := range files {
			path := filepath.Join(dir, name)
			if real && os.Getenv("SANDTABLE_UPDATE") != "" {
				if err := build.WriteAtomic(path, data); err != nil {
					t.Fatal(err)
				}
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, data) {
				t.Errorf("%s differs from the importer's output; run SANDTABLE_UPDATE=1 go test ./kit/ftbt", path)
			}
		}
	}
}

// TestBuiltinStarMatchesLegacy: builtin:ftbt/star.toml is star.tech's
// terrains and techs, exactly.
func TestBuiltinStarMatchesLegacy(t *testing.T) {
	needBuiltinLua(t)
	dir, _ := legacyDir(t)
	rules, ds := legacy.ParseRules("star.tech", readFile(t, filepath.Join(dir, "star.tech")).Data)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	skirmish := filepath.Join("..", "..", "scenarios", "ftbt", "skirmish")
	res := compiler().Compile(skirmish, build.Options{})
	if res.Value == nil {
		t.Fatal(res.Diags)
	}
	cfg := *res.Value.(*engine.Config)
	cfg.Techs = cfg.Techs[:len(rules.Techs)] // the skirmish adds its heal tech after star.toml's
	compareRules(t, rules, &cfg)
}

const smallTech = `2
平 15
墙 -1
15 30
2
直攻 0 false 4  1 0 -1 0 0 1 0 -1  0 0 false 0  true true  15
怪 7 false 1  1 0  0 0 false 0  true false  5
`

const smallMap = `3 2
0 0 0
0 1 0
3
A 0 20 10 80 100 0 0 1 0
A 1 20 10 80 100 2 0 2 0 1
B 1 20 10 80 100 2 1 0
-1 -1 -1 -1 -1
-1 -1 -1 2 1
30 30 40 -1 -1
`

// TestImportQuirks: repeated names are renamed, a tech of an unknown class
// gets the do-nothing class, and the result builds.
func TestImportQuirks(t *testing.T) {
	needBuiltinLua(t)
	files, ds := ftbt.Import(ftbt.ImportFile{Name: "dir/small.tech", Data: []byte(smallTech)},
		ftbt.ImportFile{Name: "dir/small.map", Data: []byte(smallMap)}, ftbt.ImportOptions{})
	if files == nil {
		t.Fatalf("import failed: %v", ds)
	}
	var codes []string
	for _, d := range diag.Normalize(ds) {
		if d.Code == ftbt.CodeImport && (d.Subject == nil || d.Subject.Start.Line == 0) {
			t.Errorf("import diagnostic without a position: %v", d)
		}
		codes = append(codes, d.Code+" "+d.Summary)
	}
	for _, want := range []string{"ftbt-import Tech of an unknown class", "ftbt-import Renamed person"} {
		if !slices.Contains(codes, want) {
			t.Errorf("diagnostics %v lack %q", codes, want)
		}
	}
	if len(files) != 3 || files["small.toml"] == nil || files["effects/none.lua"] == nil {
		t.Fatalf("files %v", len(files))
	}
	if s := string(files["scenario.toml"]); !strings.Contains(s, `intro = "No introduction"`) || !strings.Contains(s, `name = "small"`) ||
		!strings.Contains(s, "#:schema ftbt.scenario.schema.json\n") {
		t.Errorf("scenario.toml:\n%s", s)
	}
	res := buildFiles(t, files)
	if res.Diags.HasErrors() || res.Value == nil {
		t.Fatalf("does not build: %v", diag.Normalize(res.Diags))
	}
	cfg := res.Value.(*engine.Config)
	var names []string
	for _, p := range cfg.People {
		names = append(names, p.Name)
	}
	if diff := cmp.Diff([]string{"A", "A#2", "B"}, names); diff != "" {
		t.Errorf("people (-want +got):\n%s", diff)
	}
	if a := cfg.People[1].AI; a == nil || *a != (engine.PersonAI{Att: 30, Def: 30, Move: 40, GoalX: 2, GoalY: 1}) {
		t.Errorf("A#2 ai = %+v: side 1 with -1 factors takes the defaults and keeps its goal", a)
	}
	if cfg.People[0].AI != nil {
		t.Errorf("A ai = %+v, want none", cfg.People[0].AI)
	}
	if c := cfg.Classes[cfg.Techs[1].Class]; c.ID != "none" || c.Hook != "none" {
		t.Errorf("怪's class = %+v", c)
	}
	if cfg.Terrains[1].Glyph != "#" || cfg.Cells[4] != 1 || !slices.Equal(cfg.Techs[1].Mask, []bool{true, false}) {
		t.Errorf("terrains %+v cells %v", cfg.Terrains, cfg.Cells)
	}
}

func TestImportIntro(t *testing.T) {
	for _, tt := range []struct {
		name  string
		intro *ftbt.ImportFile
		want  string
	}{
		{"none given", nil, "intro = \"No introduction\"\n"},
		{"empty file", &ftbt.ImportFile{Name: "x.intro", Data: []byte{}}, ""},
		{"one line", &ftbt.ImportFile{Name: "x.intro", Data: []byte("你好 \"world\"")}, "intro = \"你好 \\\"world\\\"\"\n"},
		{"lines", &ftbt.ImportFile{Name: "x.intro", Data: []byte("a\nb\n")}, "intro = '''\na\nb\n'''\n"},
		{"control", &ftbt.ImportFile{Name: "x.intro", Data: []byte("a\r\nb")}, "intro = \"a\\u000D\\u000Ab\"\n"},
	} {
		files, ds := ftbt.Import(ftbt.ImportFile{Name: "s.tech", Data: []byte(smallTech)},
			ftbt.ImportFile{Name: "s.map", Data: []byte(smallMap)}, ftbt.ImportOptions{Intro: tt.intro})
		if files == nil {
			t.Fatalf("%s: %v", tt.name, ds)
		}
		s := string(files["scenario.toml"])
		_, after, _ := strings.Cut(s, "title = \"s (imported)\"\n")
		got, _, _ := strings.Cut(after, "\n# The map")
		if got != tt.want {
			t.Errorf("%s: intro written as %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestImportRejectsBrokenFiles(t *testing.T) {
	for _, tt := range []struct{ name, tech, level string }{
		{"bad token", smallTech, "3 x\n"},
		{"truncated rules", "2\n平 15\n", smallMap},
		{"tech id out of range", smallTech, strings.Replace(smallMap, "A 0 20 10 80 100 0 0 1 0", "A 0 20 10 80 100 0 0 1 9", 1)},
		{"terrain out of range", smallTech, strings.Replace(smallMap, "0 1 0\n3", "0 5 0\n3", 1)},
	} {
		files, ds := ftbt.Import(ftbt.ImportFile{Name: "s.tech", Data: []byte(tt.tech)},
			ftbt.ImportFile{Name: "s.map", Data: []byte(tt.level)}, ftbt.ImportOptions{})
		if files != nil || !ds.HasErrors() {
			t.Errorf("%s: imported anyway: %v", tt.name, ds)
		}
		for _, d := range ds {
			if d.Severity == diag.Error && (d.Subject == nil || d.Subject.Start.Line == 0) {
				t.Errorf("%s: error without a position: %v", tt.name, d)
			}
		}
	}
}

// checkImport is the round-trip property of the importer: whatever files
// (and file names) the legacy readers accept, every TOML file written has
// no syntax error, and the terrain names read back as the file had them.
func checkImport(t *testing.T, techName string, tech []byte, mapName string, level []byte) {
	t.Helper()
	files, ds := ftbt.Import(ftbt.ImportFile{Name: techName, Data: tech}, ftbt.ImportFile{Name: mapName, Data: level}, ftbt.ImportOptions{})
	if files == nil {
		if !ds.HasErrors() {
			t.Fatal("import refused without an error")
		}
		return
	}
	for name, data := range files {
		if !strings.HasSuffix(name, ".toml") {
			continue
		}
		src, lds := source.LoadBytes(name, data, source.Options{})
		for _, d := range lds {
			if d.Code == source.CodeSyntax || src == nil {
				t.Fatalf("the importer wrote invalid TOML: %v\n%s", d, data)
			}
		}
		if name == source.EntryFile {
			continue
		}
		r, _ := legacy.ParseRules(techName, tech)
		terrains, _ := src.Root["terrains"].([]any)
		if r == nil || len(terrains) != len(r.Terrains) {
			t.Fatalf("%d terrains written, rules %v", len(terrains), r)
		}
		for i, tr := range r.Terrains {
			got, _ := terrains[i].(map[string]any)["name"].(string)
			want := strings.ToValidUTF8(tr.Name.V, "\uFFFD")
			if got != want && !strings.HasPrefix(got, want+"#") {
				t.Errorf("terrain %d: name %q reads back as %q", i, want, got)
			}
		}
	}
}

// TestImportHostileNames: a terrain name with control characters and file
// names with newlines reach the TOML only escaped (issue #11, failure 4:
// FuzzImport found the terrain name written raw into a comment).
func TestImportHostileNames(t *testing.T) {
	for _, terrain := range []string{"平\x01", "平\x7f\x1b[31m", "平\x0c", "平\"#"} {
		tech := strings.Replace(smallTech, "平", terrain, 1)
		if files, ds := ftbt.Import(ftbt.ImportFile{Name: "s.tech", Data: []byte(tech)}, ftbt.ImportFile{Name: "m.map", Data: []byte(smallMap)}, ftbt.ImportOptions{}); files == nil {
			t.Fatalf("%q: the reader refused the file: %v", terrain, ds)
		}
		checkImport(t, "s.tech", []byte(tech), "m.map", []byte(smallMap))
	}
	for _, name := range []string{"a\nb = 1\n.tech", "x\r\n[t]\ny", "\xff.tech"} {
		checkImport(t, name, []byte(smallTech), name+".map", []byte(smallMap))
	}
}

// FuzzImport: the importer never panics, and what it writes for any input
// the readers accept is valid TOML that reads back the names it read. The
// corpus in testdata/fuzz/FuzzImport keeps every input that ever failed.
func FuzzImport(f *testing.F) {
	f.Add([]byte(smallTech), []byte(smallMap))
	f.Add([]byte("1 平 15 15 30 1 a 0 false 1 0 0 0 0 false 0 true 1"), []byte("1 1 0 2 a 0 1 1 1 1 0 0 1 0 b 1 1 1 1 1 0 0 1 0"))
	f.Add([]byte(strings.Replace(smallTech, "平", "平\x01", 1)), []byte(smallMap))
	for _, dir := range []string{filepath.Join("..", "..", "..", "shared", "legacy", "ftbt"), kitLegacyFixtures} {
		if data, err := os.ReadFile(filepath.Join(dir, "star.tech")); err == nil {
			if m2, err := os.ReadFile(filepath.Join(dir, "m2.map")); err == nil {
				f.Add(data, m2)
			}
		}
	}
	f.Fuzz(func(t *testing.T, tech, level []byte) {
		checkImport(t, "f.tech", tech, "f.map", level)
	})
}
