package legacy

import (
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// fixtures returns the testdata files with the extension.
func fixtures(t testing.TB, ext string) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*"+ext))
	if err != nil || len(files) == 0 {
		t.Fatalf("no %s fixtures (%v)", ext, err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		out[filepath.Base(f)] = readFixture(t, filepath.Base(f))
	}
	return out
}

// shared returns a file of ../shared/legacy/xghj, or nil when absent.
func shared(t testing.TB, name string) []byte {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir = parent
	}
	data, err := os.ReadFile(filepath.Join(dir, "..", "shared", "legacy", "xghj", name))
	if err != nil {
		return nil
	}
	return data
}

func noErrors(t *testing.T, ds diag.Diagnostics) {
	t.Helper()
	if len(ds) > 0 {
		t.Fatalf("unexpected diagnostics: %v", ds)
	}
}

// The Tsinghua map against the facts sheet §2: 25 columns, 35 rows,
// resource sum 2044, the nine terrain triples with their cell counts, and
// the ASCII render's first row and a few probed cells.
func TestTsinghuaMap(t *testing.T) {
	m, ds := ParseMap("tsinghua.map", readFixture(t, "tsinghua.map"))
	noErrors(t, ds)
	if m.Cols != 25 || m.Rows != 35 {
		t.Fatalf("size %d×%d, want 25×35", m.Cols, m.Rows)
	}
	sum := 0
	for _, v := range m.Grids[0] {
		sum += v
	}
	if sum != 2044 {
		t.Errorf("resource sum %d, want 2044", sum)
	}
	type triple struct{ res, atk, def int }
	counts := map[triple]int{}
	for i := range m.Grids[0] {
		counts[triple{m.Grids[0][i], m.Grids[1][i], m.Grids[2][i]}]++
	}
	want := map[triple]int{
		{2, 30, 10}: 275, {1, 10, 10}: 174, {1, 20, 20}: 143, {5, 20, 30}: 110, {0, 0, 20}: 65,
		{5, 30, 20}: 49, {8, 20, 30}: 44, {2, 15, 15}: 10, {2, 10, 15}: 5,
	}
	if !reflect.DeepEqual(counts, want) {
		t.Errorf("terrain triples %v, want %v", counts, want)
	}
	glyph := map[triple]byte{{2, 30, 10}: 'r', {1, 10, 10}: 'g', {1, 20, 20}: 'h', {5, 20, 30}: 'T', {0, 0, 20}: '~',
		{5, 30, 20}: 'P', {8, 20, 30}: 'D', {2, 15, 15}: 's', {2, 10, 15}: 'B'}
	row := func(y int) string {
		var b strings.Builder
		for x := range m.Cols {
			b.WriteByte(glyph[triple{m.Res(x, y), m.Atk(x, y), m.Def(x, y)}])
		}
		return b.String()
	}
	for y, w := range map[int]string{0: "~~~ggrhhhhhhg~hhggrrggggr", 2: "~~~ggrrrrrrrsBsrrrrrhhhgg", 19: "B~~~rg~ggTggTTrTTrTTTrTgr", 34: "rrrrrrrrrrrrrrrrrrrrrrrrr"} {
		if got := row(y); got != w {
			t.Errorf("row %d renders %s, want %s", y, got, w)
		}
	}
	if r := m.Ranges[0][m.Index(2, 0)]; r.Start.Line != 3 || r.Start.Column != 5 {
		t.Errorf("resource (2,0) at %d:%d, want 3:5", r.Start.Line, r.Start.Column)
	}
	if data := shared(t, "Tsinghua.map.txt"); data != nil {
		m2, ds := ParseMap("Tsinghua.map.txt", data)
		noErrors(t, ds)
		if !reflect.DeepEqual(m.Grids, m2.Grids) {
			t.Error("the shared Tsinghua map differs from the fixture")
		}
	}
}

// The shipped kernel against facts §4: symmetric in both axes and under
// transposition, the table of weights by (|dx|,|dy|), total weight 28.4.
func TestShippedKernel(t *testing.T) {
	k, ds := ParseKernel("mykernel.kernel", readFixture(t, "mykernel.kernel"))
	noErrors(t, ds)
	table := [5][5]float64{
		{1.0, 0.9, 0.8, 0.7, 0.4},
		{0.9, 0.8, 0.5, 0.3, 0.2},
		{0.8, 0.5, 0.3, 0.2, 0.1},
		{0.7, 0.3, 0.2, 0.1, 0.1},
		{0.4, 0.2, 0.1, 0.1, 0.05},
	}
	sum := 0.0
	for n := range KernelN {
		for m := range KernelN {
			dx, dy := abs(n-4), abs(m-4)
			if k.W[n][m] != float32(table[dx][dy]) {
				t.Errorf("W[%d][%d] = %v, want %v", n, m, k.W[n][m], table[dx][dy])
			}
			if k.W[n][m] != k.W[m][n] {
				t.Errorf("kernel not transpose-symmetric at %d,%d", n, m)
			}
			sum += table[dx][dy]
		}
	}
	if math.Abs(sum-28.4) > 1e-9 {
		t.Errorf("table sum %v, want 28.4", sum)
	}
	if k.Text[0][0] != "0.0500" || k.Ranges[0][0].Start.Line != 3 || k.Ranges[0][0].Start.Column != 3 {
		t.Errorf("first weight %q at %v, want 0.0500 at 3:3", k.Text[0][0], k.Ranges[0][0])
	}
	if data := shared(t, "mykernel.txt"); data != nil {
		k2, ds := ParseKernel("mykernel.txt", data)
		noErrors(t, ds)
		if k.W != k2.W {
			t.Error("the shared kernel differs from the fixture")
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// Row-major order with y outer and x inner (facts §2): the small fixture's
// 3×2 grids, and the kernel's row n = x offset with a CRLF line.
func TestOrientation(t *testing.T) {
	m, ds := ParseMap("small.map", readFixture(t, "small.map"))
	noErrors(t, ds)
	if m.Res(2, 0) != 3 || m.Res(0, 1) != 4 || m.Atk(1, 0) != 0 || m.Def(2, 1) != 16 {
		t.Errorf("cells misplaced: res(2,0)=%d res(0,1)=%d atk(1,0)=%d def(2,1)=%d", m.Res(2, 0), m.Res(0, 1), m.Atk(1, 0), m.Def(2, 1))
	}
	k, ds := ParseKernel("cross.kernel", readFixture(t, "cross.kernel"))
	noErrors(t, ds)
	if k.W[4][0] != 0.1 || k.W[0][4] != 0.1 || k.W[4][3] != 0.5 || k.W[1][1] != 0 {
		t.Errorf("cross kernel misread: %v", k.W)
	}
}

// Each broken file gives its code at the token.
func TestDiagnostics(t *testing.T) {
	row := "| 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |\n"
	cases := []struct {
		name, kind, data string
		code             string
		line, col        int
		sev              diag.Severity
	}{
		{"word", "map", "2 1\n1 x\n", CodeToken, 2, 3, diag.Error},
		{"float", "map", "2 1\n1 1.5\n", CodeToken, 2, 3, diag.Error},
		{"overflow", "map", "1 1\n99999999999\n", CodeToken, 2, 1, diag.Error},
		{"zero size", "map", "0 3\n", CodeSize, 1, 1, diag.Error},
		{"wide", "map", "1 255\n", CodeSize, 1, 3, diag.Error},
		{"empty", "map", "", CodeEOF, 1, 1, diag.Error},
		{"short", "map", "1 2\n1 1\n10 10\n10", CodeEOF, 4, 3, diag.Error},
		{"negative", "map", "1 1\n-2\n10\n10\n", CodeRange, 2, 1, diag.Error},
		{"huge", "map", "1 1\n1\n10\n2000000\n", CodeRange, 4, 1, diag.Error},
		{"trailing", "map", "1 1\n1\n10\n10\n  7\n", CodeTrailing, 5, 3, diag.Warning},
		{"chinese", "map", "1 1\n山\n", CodeToken, 2, 1, diag.Error},
		{"few rows", "kernel", "# k\n" + strings.Repeat(row, 8), CodeRows, 10, 1, diag.Error},
		{"indented", "kernel", strings.Repeat(row, 8) + " " + row, CodeRows, 10, 1, diag.Error},
		{"short row", "kernel", strings.Repeat(row, 4) + "| 1 | 2 |\n" + strings.Repeat(row, 4), CodeRow, 5, 1, diag.Error},
		{"bad weight", "kernel", "| 1 | 1 | abc | 1 | 1 | 1 | 1 | 1 | 1 |\n" + strings.Repeat(row, 8), CodeToken, 1, 11, diag.Error},
		{"negative weight", "kernel", strings.Repeat(row, 2) + "| 1 | -0.5 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |\n" + strings.Repeat(row, 6), CodeWeight, 3, 7, diag.Error},
		{"extra weight", "kernel", strings.Repeat(row, 8) + "| 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 2 |\n", CodeTrailing, 9, 39, diag.Warning},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var ds diag.Diagnostics
			if c.kind == "map" {
				_, ds = ParseMap("f", []byte(c.data))
			} else {
				_, ds = ParseKernel("f", []byte(c.data))
			}
			if len(ds) != 1 {
				t.Fatalf("got %d diagnostics %v, want one", len(ds), ds)
			}
			d := ds[0]
			if d.Code != c.code || d.Severity != c.sev || d.Subject == nil || d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col {
				t.Errorf("got %v, want %s %s at %d:%d", d, c.sev, c.code, c.line, c.col)
			}
		})
	}
}

// Every code is documented, and every code the readers use is in Codes.
func TestCodes(t *testing.T) {
	cat, err := diag.NewCatalogue(Codes()...)
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []string{CodeToken, CodeEOF, CodeSize, CodeRange, CodeTrailing, CodeRows, CodeRow, CodeWeight} {
		if _, ok := cat.Lookup(c); !ok {
			t.Errorf("code %s undocumented", c)
		}
	}
}

// Formatting and reading back gives the same values.
func TestFormatRoundTrip(t *testing.T) {
	names := make([]string, 0)
	for name := range fixtures(t, ".map") {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		m, ds := ParseMap(name, readFixture(t, name))
		noErrors(t, ds)
		m2, ds := ParseMap("formatted", FormatMap(m))
		noErrors(t, ds)
		if m.Cols != m2.Cols || m.Rows != m2.Rows || !reflect.DeepEqual(m.Grids, m2.Grids) {
			t.Errorf("%s: values changed by FormatMap", name)
		}
	}
	k, ds := ParseKernel("k", readFixture(t, "mykernel.kernel"))
	noErrors(t, ds)
	k2, ds := ParseKernel("formatted", FormatKernel(k))
	noErrors(t, ds)
	if k.W != k2.W {
		t.Error("weights changed by FormatKernel")
	}
}
