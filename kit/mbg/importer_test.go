package mbg_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/mbg"
)

// legacyDir returns ../shared/legacy/mbg beside the repository when
// present, otherwise the repository's stand-ins for those maps (see
// standinMaps).
func legacyDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "..", "shared", "legacy", "mbg")
	if _, err := os.Stat(dir); err != nil {
		return standinMaps
	}
	return dir
}

// importAndBuild imports a legacy file into a temporary scenario and
// compiles it, returning the import and build diagnostics.
func importAndBuild(t *testing.T, path string) (*build.Result, diag.Diagnostics) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out, ids := mbg.Import(path, data, mbg.ImportOptions{})
	if out == nil {
		t.Fatalf("import failed: %v", ids)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), out, 0o644); err != nil {
		t.Fatal(err)
	}
	return build.NewCompiler(mbg.Game{}).Compile(dir, build.Options{}), ids
}

func TestImportSharedLegacyMaps(t *testing.T) {
	dir := legacyDir(t)
	files, _ := filepath.Glob(filepath.Join(dir, "*.map"))
	if len(files) < 5 {
		t.Fatalf("%d maps in %s, want sanguo.map and the four test maps", len(files), dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			res, ids := importAndBuild(t, f)
			if ids.HasErrors() {
				t.Errorf("import errors: %v", ids)
			}
			if res.Diags.HasErrors() || res.Value == nil {
				t.Fatalf("imported scenario does not build: %v", diag.Normalize(res.Diags))
			}
		})
	}
}

func TestImportSanguoFacts(t *testing.T) {
	res, _ := importAndBuild(t, filepath.Join(legacyDir(t), "sanguo.map"))
	if res.Value == nil {
		t.Fatal(res.Diags)
	}
	src := res.Source.Root
	board := src["board"].([]any)
	officers := src["officers"].([]any)
	cities := src["cities"].([]any)
	if len(board) != 60 || len(officers) != 115 || len(cities) != 20 {
		t.Fatalf("board %d, officers %d, cities %d; facts §3: 60, 115, 20", len(board), len(officers), len(cities))
	}
	if ds := res.Encode(); len(ds) > 0 {
		t.Fatal(ds)
	}
	text := string(res.Config)
	// facts §3: hpmax from 1684 (潘凤) to 2788 (曹操); the original preset's rules.
	for _, want := range []string{`"hpmax": 2788`, `"hpmax": 1684`, `"money_victory": "first"`, `"toll_to_owner": false`, `"mayor_heal_scale": 1`} {
		if !strings.Contains(text, want) {
			t.Errorf("config lacks %s", want)
		}
	}
	// Free pool by level after the 12 retinue officers leave it: low 15, mid 44, high 44.
	var levels [3]int
	retinue := map[string]bool{}
	for _, r := range src["roles"].([]any) {
		for _, o := range r.(map[string]any)["retinue"].([]any) {
			retinue[o.(string)] = true
		}
	}
	for _, o := range officers {
		om := o.(map[string]any)
		if retinue[om["name"].(string)] {
			continue
		}
		var p [5]float64
		for i, k := range []string{"wu", "zhan", "mou", "zheng", "jing"} {
			switch v := om[k].(type) {
			case int64:
				p[i] = float64(v)
			case float64:
				p[i] = v
			}
		}
		levels[mbg.Level(p)]++
	}
	if levels != [3]int{15, 44, 44} {
		t.Errorf("free pool by level = %v, facts §3: [15 44 44]", levels)
	}
}

func TestImportOwnFixtures(t *testing.T) {
	for _, name := range []string{"oneline.map", "no_ntrain.map", "dir_neg.map", "quirks.map"} {
		t.Run(name, func(t *testing.T) {
			res, ids := importAndBuild(t, filepath.Join("legacy", "testdata", name))
			if ids.HasErrors() || res.Diags.HasErrors() {
				t.Fatalf("import %v / build %v", ids, diag.Normalize(res.Diags))
			}
		})
	}
}

func TestImportRejectsBrokenFiles(t *testing.T) {
	for _, name := range []string{"truncated.map", "name_for_number.map", "negative_count.map", "officer_index.map", "bad_class.map"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("legacy", "testdata", name)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			out, ds := mbg.Import(path, data, mbg.ImportOptions{})
			if out != nil || !ds.HasErrors() {
				t.Fatalf("broken file imported: %v", ds)
			}
			for _, d := range ds {
				if d.Severity == diag.Error && (d.Subject == nil || d.Subject.Start.Line == 0) {
					t.Errorf("error without a position: %v", d)
				}
			}
		})
	}
}
