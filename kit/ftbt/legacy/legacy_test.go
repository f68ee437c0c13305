package legacy

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/BurntSushi/toml"

	"github.com/sandtable/sandtable/kit/diag"
)

// want is one expected diagnostic. detail, when set, must be a substring of
// the diagnostic's Detail.
type want struct {
	sev    diag.Severity
	code   string
	line   int
	col    int
	detail string
}

func (w want) String() string {
	return fmt.Sprintf("%s %s %d:%d", w.sev, w.code, w.line, w.col)
}

// match compares diagnostics with expectations in order, after sorting
// both by position.
func match(t *testing.T, what string, ds diag.Diagnostics, ws []want) {
	t.Helper()
	ds = diag.Normalize(ds)
	if len(ds) != len(ws) {
		t.Errorf("%s: got %d diagnostics, want %d:\n%s", what, len(ds), len(ws), dump(ds))
		return
	}
	for i, w := range ws {
		d := ds[i]
		g := want{sev: d.Severity, code: d.Code}
		if d.Subject != nil {
			g.line, g.col = d.Subject.Start.Line, d.Subject.Start.Column
		}
		if g.String() != w.String() {
			t.Errorf("%s: diagnostic %d is %s, want %s\n%s", what, i, g, w, dump(ds))
		}
		if w.detail != "" && !strings.Contains(d.Detail, w.detail) {
			t.Errorf("%s: diagnostic %d detail %q lacks %q", what, i, d.Detail, w.detail)
		}
		if d.Summary == "" || d.Detail == "" || !strings.HasSuffix(d.Detail, ".") {
			t.Errorf("%s: diagnostic %d needs a summary and a detail in full sentences: %v", what, i, d)
		}
	}
}

func dump(ds diag.Diagnostics) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "\t%v\n", d)
	}
	return b.String()
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// repoRoot returns the directory holding go.mod above the working
// directory.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// sharedLegacy returns the directory of the original's shipped files, the
// shared folder beside the repository root, or "" when it is absent.
func sharedLegacy(t testing.TB) string {
	t.Helper()
	legacy := filepath.Join(repoRoot(t), "..", "shared", "legacy", "ftbt")
	if _, err := os.Stat(legacy); err != nil {
		return ""
	}
	return legacy
}

// shippedFixtures is the repository's stand-in for the original's files:
// the shipped scenarios star-m1 and star-m2 written in the legacy formats
// (star.tech, m1.map, m2.map), kept equal to what the scenarios compile to
// by kit/ftbt's TestLegacyFixturesFresh.
var shippedFixtures = filepath.Join("testdata", "shipped")

// shared returns a file of the original (star.tech, m1.map, m2.map,
// m2.intro): the real one when the shared folder is beside the
// repository, otherwise the shipped scenarios' version of it (an
// introduction is read from the scenario's intro key).
func shared(t testing.TB, name string) []byte {
	t.Helper()
	dir := sharedLegacy(t)
	if dir == "" {
		if level, ok := strings.CutSuffix(name, ".intro"); ok {
			return shippedIntro(t, level)
		}
		dir = shippedFixtures
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// shippedIntro returns the introduction of scenarios/ftbt/star-<level>.
func shippedIntro(t testing.TB, level string) []byte {
	t.Helper()
	var sc struct {
		Scenario struct{ Intro string }
	}
	path := filepath.Join(repoRoot(t), "scenarios", "ftbt", "star-"+level, "scenario.toml")
	if _, err := toml.DecodeFile(path, &sc); err != nil {
		t.Fatal(err)
	}
	if sc.Scenario.Intro == "" {
		t.Fatalf("%s has no intro", path)
	}
	return []byte(sc.Scenario.Intro)
}

// sharedFiles returns the original's files with the given extension, or
// the shipped scenarios' versions of them when the shared folder is absent.
func sharedFiles(t testing.TB, ext string) map[string][]byte {
	t.Helper()
	dir := sharedLegacy(t)
	if dir == "" {
		dir = shippedFixtures
	}
	out := globFiles(t, filepath.Join(dir, "*"+ext))
	if len(out) == 0 {
		t.Fatalf("no %s files in %s", ext, dir)
	}
	return out
}

// fixtures returns the test fixtures with the given extension.
func fixtures(t testing.TB, ext string) map[string][]byte {
	t.Helper()
	out := globFiles(t, filepath.Join("testdata", "*"+ext))
	if len(out) == 0 {
		t.Fatalf("no %s fixtures", ext)
	}
	return out
}

func globFiles(t testing.TB, pattern string) map[string][]byte {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = data
	}
	return out
}

func parseRules(t testing.TB, name string) *Rules {
	t.Helper()
	r, ds := ParseRules(name, readFixture(t, name))
	if ds.HasErrors() {
		t.Fatalf("%s: %v", name, ds)
	}
	return r
}

var (
	validRules  = []string{"small.tech", "small_ai.tech", "oneline.tech"}
	validLevels = []string{"small.map", "small_ai.map", "oneline.map", "crlf.map"}
)

func TestValidFixtures(t *testing.T) {
	t.Parallel()
	for _, name := range validRules {
		r, ds := ParseRules(name, readFixture(t, name))
		match(t, name+" ParseRules", ds, nil)
		match(t, name+" CheckRules", CheckRules(r), nil)
	}
	for _, name := range validLevels {
		l, ds := ParseLevel(name, readFixture(t, name))
		match(t, name+" ParseLevel", ds, nil)
		rules := parseRules(t, "small.tech")
		if l.AI != nil {
			rules = parseRules(t, "small_ai.tech")
		}
		match(t, name+" CheckLevel", CheckLevel(rules, l), nil)
	}
}

func TestSmallRules(t *testing.T) {
	t.Parallel()
	r := parseRules(t, "small.tech")
	if r.AI != nil {
		t.Errorf("small.tech has no AI block: %+v", r.AI)
	}
	if len(r.Terrains) != 2 || r.Terrains[1].Name.V != "山" || r.Terrains[1].Weight.V != 30 ||
		r.MaxFlyWeight.V != 15 || r.MaxAbi.V != 30 || len(r.Techs) != 2 {
		t.Fatalf("header: %+v", r.StripRanges())
	}
	cut := r.Techs[0]
	if cut.Name.V != "斩" || cut.Class.V != ClassDamage || cut.IsLong.V || offsets(cut) != "(1,0) (-1,0) (0,1) (0,-1)" ||
		cut.AOERange.V != 0 || cut.AOERatio.V != 0 || cut.AOESelf.V || cut.Duration.V != 0 ||
		fmt.Sprint(mask(cut)) != "[true false]" || cut.Value.V != 12 {
		t.Errorf("tech 0 = %+v", cut)
	}
	fly := r.Techs[1]
	if fly.Name.V != "疾风" || fly.Class.V != ClassFly || offsets(fly) != "(0,0)" || fly.AOERange.V != 1 ||
		fly.AOERatio.V != 100 || fly.Duration.V != 2 || fly.Value.V != 70 {
		t.Errorf("tech 1 = %+v", fly)
	}
	// 疾风 opens line 18; 100 is its AOE ratio on line 21, column 3.
	if fly.Name.R.Start != (diag.Pos{Line: 18, Column: 1, Byte: strings.Index(string(readFixture(t, "small.tech")), "疾风")}) ||
		fly.AOERatio.R.Start.Line != 21 || fly.AOERatio.R.Start.Column != 3 || fly.AOERatio.R.End.Column != 6 {
		t.Errorf("positions: name %+v, ratio %+v", fly.Name.R, fly.AOERatio.R)
	}

	ai := parseRules(t, "small_ai.tech").AI
	if ai == nil {
		t.Fatal("small_ai.tech: no AI block")
	}
	if got := aiValues(ai); got != "[3000 1500 30 1000 300 500 80 1000 800 800 600]" {
		t.Errorf("AI constants %s", got)
	}
	if ai.TechDLVMD.R.Start.Line != 29 || ai.TechDLVMD.R.Start.Column != 9 {
		t.Errorf("AI_MAX_TECH_DL_VMD at %v", ai.TechDLVMD.R)
	}
}

func TestSmallLevel(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"small.map", "small_ai.map", "oneline.map", "crlf.map"} {
		l, _ := ParseLevel(name, readFixture(t, name))
		if l.NX.V != 3 || l.NY.V != 2 || vals(l.Cells) != "[0 0 1 0 1 0]" || len(l.People) != 2 {
			t.Fatalf("%s: %+v", name, l.StripRanges())
		}
		if c, ok := l.Cell(2, 0); !ok || c.V != 1 {
			t.Errorf("%s: cell (2, 0) = %v %v", name, c, ok)
		}
		if _, ok := l.Cell(3, 0); ok {
			t.Errorf("%s: cell (3, 0) should be off the map", name)
		}
		b := l.People[1]
		if b.Name.V != "乙" || b.Side.V != 1 || b.Abi.V != 12 || b.Def.V != 6 || b.HP.V != 60 || b.Speed.V != 40 ||
			b.X.V != 2 || b.Y.V != 1 || vals(b.Techs) != "[0 1]" {
			t.Errorf("%s: person 1 = %+v", name, b)
		}
	}
	l, _ := ParseLevel("small.map", readFixture(t, "small.map"))
	if l.AI != nil {
		t.Errorf("small.map has no AI block: %+v", l.AI)
	}
	// 乙's x is on line 10, after "乙 1 12 6 60 40 " (15 runes).
	if x := l.People[1].X.R; x.Start.Line != 10 || x.Start.Column != 16 {
		t.Errorf("乙's x at %v", x)
	}
	l, _ = ParseLevel("small_ai.map", readFixture(t, "small_ai.map"))
	if len(l.AI) != 2 || aiLine(l.AI[0]) != [5]int{-1, -1, -1, -1, -1} || aiLine(l.AI[1]) != [5]int{30, 30, 40, 0, 0} {
		t.Errorf("AI lines %+v", l.StripRanges().AI)
	}
	crlf, _ := ParseLevel("crlf.map", readFixture(t, "crlf.map"))
	// Tabs count as one column; the CR ends no line.
	if y := crlf.People[1].Y.R; y.Start.Line != 10 || y.Start.Column != 18 {
		t.Errorf("crlf 乙's y at %v", y)
	}
}

func TestAIParams(t *testing.T) {
	t.Parallel()
	line := func(att, def, mov, gx, gy int) PersonAI {
		return PersonAI{Tok[int]{V: att}, Tok[int]{V: def}, Tok[int]{V: mov}, Tok[int]{V: gx}, Tok[int]{V: gy}}
	}
	for _, c := range []struct {
		line PersonAI
		side int
		want AIParams
	}{
		{line(20, 10, 70, 3, 4), 0, AIParams{Att: -1, Def: -1, Move: -1, GoalX: -1, GoalY: -1}},
		{line(-1, 5, 5, 3, 4), 1, AIParams{Enabled: true, Att: 30, Def: 30, Move: 40, HasGoal: true, GoalX: 3, GoalY: 4}},
		{line(50, 20, 30, -1, -1), 1, AIParams{Enabled: true, Att: 50, Def: 20, Move: 30, GoalX: -1, GoalY: -1}},
		{line(50, 20, 30, 5, -1), 1, AIParams{Enabled: true, Att: 50, Def: 20, Move: 30, GoalX: -1, GoalY: -1}},
		{line(-1, 5, 5, 1, 1), 2, AIParams{Att: -1, Def: -1, Move: -1, HasGoal: true, GoalX: 1, GoalY: 1}},
	} {
		if got := c.line.Params(c.side); got != c.want {
			t.Errorf("%v side %d: %+v, want %+v", aiLine(c.line), c.side, got, c.want)
		}
	}
}

// aiLine shows an AI line's values.
func aiLine(a PersonAI) [5]int {
	return [5]int{a.Att.V, a.Def.V, a.Move.V, a.GoalX.V, a.GoalY.V}
}

func TestIntro(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"", nil, "No introduction"},
		{"", []byte("ignored"), "No introduction"},
		{"m3.intro", nil, ""},
		{"m3.intro", []byte{}, ""},
		{"m2.intro", []byte("狗与坦克.\n"), "狗与坦克.\n"},
	} {
		if got := Intro(c.name, c.data); got != c.want {
			t.Errorf("Intro(%q, %q) = %q, want %q", c.name, c.data, got, c.want)
		}
	}
	if data := shared(t, "m2.intro"); !strings.HasPrefix(Intro("m2.intro", data), "这是一个测试关卡") {
		t.Errorf("m2.intro: %q", Intro("m2.intro", data))
	}
}

func TestMalformedFixtures(t *testing.T) {
	t.Parallel()
	E, W := diag.Error, diag.Warning
	cases := []struct {
		file  string
		rules string // for CheckLevel
		parse []want
		check []want // checked only when not nil
	}{
		{file: "eof.tech", parse: []want{
			{E, CodeEOF, 12, 1, "expects the dx of offset 3 of 4 of tech 斩 (id 0), so the original fails to load the file"},
		}},
		{file: "token.map", parse: []want{
			{E, CodeToken, 7, 5, `expects the attack (abi) of person 乙 (index 1) here, but "十二" is not an integer`},
		}},
		{file: "count.tech", parse: []want{
			{E, CodeCount, 5, 11, "The offset count (n_range) of tech 斩 (id 0) is -2"},
		}},
		{file: "ndx0.tech", parse: []want{
			{E, CodeCount, 1, 1, "The terrain count (ndx) is 0; the original refuses a rules file without terrains"},
		}},
		{file: "trailing.map", rules: "small_ai.tech", parse: []want{
			{W, CodeTrailing, 15, 1, `2 tokens follow the last AI line (the end of the file for the original), starting with "extra"`},
		}, check: []want{}},
		{file: "partial_ai.map", parse: []want{
			{E, CodeEOF, 15, 1, "expects the move factor (fact_move) of the AI line of person 乙 (index 1), so the original's AI build fails"},
		}},
		{file: "partial_ai.tech", parse: []want{
			{E, CodeToken, 26, 4, `expects the AI constant AI_MAX_BUF_SCORE (4 of 11) here, but "x" is not an integer`},
		}},
		{file: "bad_values.tech", parse: []want{}, check: []want{
			{W, CodeValue, 3, 3, "The move weight of terrain 墙 (index 1) is -1"},
			{W, CodeValue, 4, 3, "The move weight of terrain 渊 (index 2) is -3"},
			{E, CodeValue, 5, 4, "MAX_ABI is 0"},
			{W, CodeValue, 7, 3, "Tech 怪 (id 0) has class 7"},
			{W, CodeDuplicate, 10, 1, "Offset 2 of tech 怪 (id 0), (1, 0), repeats offset 1."},
			{E, CodeValue, 20, 1, "AI_MAX_MOVE_DIST is 0"},
			{E, CodeValue, 21, 1, "AI_MAX_BUF_VALUE is 0"},
			{E, CodeValue, 24, 3, "AI_MAX_TECH_FLY_VMD is 0"},
		}},
		{file: "bad_refs.map", rules: "small_ai.tech", parse: []want{}, check: []want{
			{E, CodeIndex, 2, 5, "Cell (2, 0) has terrain 2, but the rules have 2 terrains (indices 0 to 1)."},
			{E, CodeIndex, 3, 3, "Cell (1, 1) has terrain -1"},
			{E, CodeIndex, 6, 3, "Person 甲 (index 0) has tech 2, but the rules have 2 techs (ids 0 to 1)."},
			{E, CodeIndex, 7, 3, "The side of person 乙 (index 1) is 2"},
			{W, CodeValue, 9, 10, "Person 丙 (index 2) starts with 0 hp."},
			{E, CodeIndex, 9, 15, "The start position of person 丙 (index 2) is (3, 0), but the map is 3 × 2 (x from 0 to 2, y from 0 to 1). The original silently uses cell (0, 1) instead."},
			{E, CodeIndex, 11, 18, "is (0, 5), but the map is 3 × 2 (x from 0 to 2, y from 0 to 1). The original panics when it places the person."},
			{E, CodeOverlap, 13, 16, "Person 戊 (index 4) starts on cell (1, 0), where person 乙 (index 1) already is."},
			{E, CodeIndex, 14, 3, "Person 戊 (index 4) has tech -1"},
			{E, CodeIndex, 20, 10, "The AI goal of person 丙 (index 2) is (5, 1)"},
			{E, CodeIndex, 22, 12, "The AI goal of person 戊 (index 4) is (2, 7)"},
		}},
		{file: "small.map", rules: "small_ai.tech", parse: []want{}, check: []want{
			{W, CodeValue, 25, 1, "the level small.map has no AI lines"},
		}},
		{file: "small_ai.map", rules: "small.tech", parse: []want{}, check: []want{
			{W, CodeValue, 13, 1, "the rules file small.tech has no AI constants"},
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			data := readFixture(t, c.file)
			var ds, cds diag.Diagnostics
			if strings.HasSuffix(c.file, ".tech") {
				var r *Rules
				r, ds = ParseRules(c.file, data)
				cds = CheckRules(r)
			} else {
				var l *Level
				l, ds = ParseLevel(c.file, data)
				if c.rules != "" {
					cds = CheckLevel(parseRules(t, c.rules), l)
				}
			}
			match(t, "Parse", ds, c.parse)
			if c.check != nil {
				match(t, "Check", cds, c.check)
			}
			files := map[string]*posIndex{c.file: newPosIndex(data)}
			if c.rules != "" {
				files[c.rules] = newPosIndex(readFixture(t, c.rules))
			}
			for _, d := range append(ds, cds...) {
				checkDiag(t, files, d)
			}
		})
	}
}

func TestOverlapRelated(t *testing.T) {
	t.Parallel()
	l, _ := ParseLevel("bad_refs.map", readFixture(t, "bad_refs.map"))
	for _, d := range CheckLevel(nil, l) {
		if d.Code != CodeOverlap {
			continue
		}
		// The subject spans 戊's "1 0"; the related range 乙's.
		if d.Subject.End.Column != 19 || len(d.Related) != 1 || d.Related[0].Range.Start.Line != 7 ||
			d.Related[0].Range.Start.Column != 16 || d.Related[0].Range.End.Column != 19 {
			t.Errorf("overlap ranges: %+v, related %+v", d.Subject, d.Related)
		}
		return
	}
	t.Error("no overlap diagnostic")
}

// TestTruncatedEverywhere cuts every valid fixture after every token: each
// cut gives exactly one end-of-file error at the cut, except a cut right
// before an AI block, which is optional.
func TestTruncatedEverywhere(t *testing.T) {
	t.Parallel()
	for _, name := range append(slices.Clone(validRules), validLevels...) {
		data := readFixture(t, name)
		rd := newReader(name, data)
		var ends []int
		for off := 0; off < len(data); {
			n, _, end := rd.words(off)
			if n == 0 {
				break
			}
			ends = append(ends, end)
			off = end
		}
		parse := func(src []byte) (diag.Diagnostics, bool) {
			if strings.HasSuffix(name, ".tech") {
				r, ds := ParseRules(name, src)
				return ds, r.AI != nil
			}
			l, ds := ParseLevel(name, src)
			return ds, l.AI != nil
		}
		_, fullAI := parse(data)
		aiStart := len(ends) // index of the first AI token
		if fullAI {
			aiStart = len(ends) - aiTokens(name)
		}
		for i, end := range ends[:len(ends)-1] {
			ds, _ := parse(data[:end])
			if i+1 == aiStart {
				match(t, fmt.Sprintf("%s cut before the AI block", name), ds, nil)
				continue
			}
			if len(ds) != 1 || ds[0].Code != CodeEOF || ds[0].Subject.Start.Byte != end {
				t.Errorf("%s cut at byte %d (token %d): %v", name, end, i, ds)
			}
		}
	}
}

// aiTokens is the number of tokens in a fixture's AI block.
func aiTokens(name string) int {
	if strings.HasSuffix(name, ".tech") {
		return aiConstantCount
	}
	return 2 * 5
}

func TestEOFPosition(t *testing.T) {
	t.Parallel()
	_, ds := ParseLevel("t", []byte("3 2 0 0"))
	if len(ds) != 1 || ds[0].Code != CodeEOF || ds[0].Subject.Start != (diag.Pos{Line: 1, Column: 8, Byte: 7}) ||
		!strings.Contains(ds[0].Detail, "the terrain index of cell (2, 0)") {
		t.Fatalf("got %v", ds)
	}
	_, ds = ParseRules("t", nil)
	if len(ds) != 1 || ds[0].Code != CodeEOF || ds[0].Subject.Start != (diag.Pos{Line: 1, Column: 1}) ||
		!strings.Contains(ds[0].Detail, "the terrain count (ndx)") {
		t.Fatalf("empty file: %v", ds)
	}
	_, ds = ParseLevel("t", []byte(" \n\t\n"))
	if len(ds) != 1 || ds[0].Code != CodeEOF || ds[0].Subject.Start != (diag.Pos{Line: 3, Column: 1, Byte: 4}) {
		t.Fatalf("blank file: %v", ds)
	}
}

func TestCounts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		src     string
		level   bool
		summary string
		col     int
	}{
		{"-1", false, "Negative count", 1},
		{"1 a 1 1 1 -3", false, "Negative count", 11},
		{"1 a 1 1 1 1 T 0 f -1", false, "Negative count", 19},
		{"1000001", false, "Count too large", 1},
		{"-3 2", true, "Negative count", 1},
		{"3 -2", true, "Negative count", 3},
		{"1001 1000", true, "Count too large", 6},
		{"1 1 0 -5", true, "Negative count", 7},
		{"1 1 0 1 A 0 1 1 1 1 0 0 -1", true, "Negative count", 25},
	} {
		var ds diag.Diagnostics
		if c.level {
			_, ds = ParseLevel("c", []byte(c.src))
		} else {
			_, ds = ParseRules("c", []byte(c.src))
		}
		if len(ds) != 1 || ds[0].Code != CodeCount || ds[0].Summary != c.summary || ds[0].Subject.Start.Column != c.col {
			t.Errorf("%q: %v", c.src, ds)
		}
	}
	// MaxCount cells are allowed; the file then simply ends early.
	_, ds := ParseLevel("c", []byte("1000 1000"))
	if len(ds) != 1 || ds[0].Code != CodeEOF {
		t.Errorf("map at the limit: %v", ds)
	}
}

func TestScannerPositions(t *testing.T) {
	t.Parallel()
	src := "ab\t曹操\r\n  x\u3000y\n\n\vz\xffq"
	rd := newReader("s", []byte(src))
	type tk struct {
		text             string
		line, col, b, ec int
	}
	want := []tk{
		{"ab", 1, 1, 0, 3},
		{"曹操", 1, 4, 3, 6},
		{"x", 2, 3, 13, 4},
		{"y", 2, 5, 17, 6}, // U+3000 separates tokens, as in fmt
		{"z\xffq", 4, 2, 21, 5},
	}
	off := 0
	for i, w := range want {
		n, start, end := rd.words(off)
		if n != len(want)-i {
			t.Fatalf("token %d: %d words left", i, n)
		}
		r := rd.rangeOf(start, end)
		got := tk{src[start:end], r.Start.Line, r.Start.Column, r.Start.Byte, r.End.Column}
		if got != w {
			t.Errorf("token %d = %+v, want %+v", i, got, w)
		}
		off = end
	}
	if e := rd.eofRange(); e.Start != (diag.Pos{Line: 4, Column: 5, Byte: len(src)}) {
		t.Errorf("eof = %+v", e.Start)
	}
	// A position inside a multi-byte rune counts each of its bytes, as
	// utf8.RuneCount does for a cut sequence; positions may go backwards.
	if p := rd.pos(4); p != (diag.Pos{Line: 1, Column: 5, Byte: 4}) {
		t.Errorf("inside 曹: %+v", p)
	}
}

// TestRealFiles checks that the shipped files parse and check without
// errors; only star.tech's duplicate offsets are reported.
func TestRealFiles(t *testing.T) {
	t.Parallel()
	star := shared(t, "star.tech")
	r, ds := ParseRules("star.tech", star)
	match(t, "star.tech ParseRules", ds, nil)
	rds := CheckRules(r)
	if rds.HasErrors() || len(rds) != 12 {
		t.Errorf("star.tech CheckRules: want 12 warnings:\n%s", dump(rds))
	}
	perTech := map[string]int{}
	for _, d := range rds {
		if d.Code != CodeDuplicate || d.Severity != diag.Warning {
			t.Errorf("unexpected %v", d)
		}
		for _, name := range []string{"强化直攻 (id 1)", "辅助防御 (id 8)", "远程无效 (id 10)"} {
			if strings.Contains(d.Detail, name) {
				perTech[name]++
			}
		}
	}
	if fmt.Sprint(perTech) != "map[强化直攻 (id 1):4 辅助防御 (id 8):4 远程无效 (id 10):4]" {
		t.Errorf("duplicates per tech: %v", perTech)
	}
	for _, name := range []string{"m1.map", "m2.map"} {
		l, ds := ParseLevel(name, shared(t, name))
		match(t, name+" ParseLevel", ds, nil)
		match(t, name+" CheckLevel", CheckLevel(r, l), nil)
		if all := Check(r, l); all.HasErrors() || len(all) != 12 {
			t.Errorf("%s Check: %v", name, all)
		}
	}
}

func TestStarTech(t *testing.T) {
	t.Parallel()
	r, _ := ParseRules("star.tech", shared(t, "star.tech"))
	var terrains []string
	for _, ter := range r.Terrains {
		terrains = append(terrains, fmt.Sprintf("%s%d", ter.Name.V, ter.Weight.V))
	}
	if got := strings.Join(terrains, " "); got != "平15 草20 森25 墙50 城13 水100" {
		t.Errorf("terrains %s", got)
	}
	if r.MaxFlyWeight.V != 15 || r.MaxAbi.V != 30 || len(r.Techs) != 11 {
		t.Fatalf("MAX_FLY_WEIGHT %d, MAX_ABI %d, %d techs", r.MaxFlyWeight.V, r.MaxAbi.V, len(r.Techs))
	}
	var names []string
	for _, tc := range r.Techs {
		names = append(names, tc.Name.V)
		if len(tc.Mask) != 6 {
			t.Errorf("%s: %d mask entries", tc.Name.V, len(tc.Mask))
		}
	}
	if got := strings.Join(names, " "); got != "直攻 强化直攻 火攻 舔刺 射击 炮击 震荡 辅助攻击 辅助防御 辅助飞行 远程无效" {
		t.Errorf("tech names %s", got)
	}

	diagonals := ring(1, true)
	// 强化直攻 (id 1): the 4 diagonals, then the full radius-2 ring.
	t1 := r.Techs[1]
	if len(t1.Range) != 12 || !sameSet(t1.Range[:4], diagonals) || !sameSet(t1.Range[4:], ring(2, false)) ||
		unique(t1.Range) != 8 {
		t.Errorf("强化直攻 offsets %s", offsets(t1))
	}
	// 辅助防御 (id 8): (0,0), the diagonals, the radius-2 ring; no
	// orthogonal neighbours. 辅助攻击 (id 7): (0,0), ring 1, ring 2.
	t8 := r.Techs[8]
	if len(t8.Range) != 13 || unique(t8.Range) != 9 || !sameSet(t8.Range[:1], [][2]int{{0, 0}}) ||
		!sameSet(t8.Range[1:5], diagonals) || !sameSet(t8.Range[5:], ring(2, false)) || hasAny(t8.Range, ring(1, false)) {
		t.Errorf("辅助防御 offsets %s", offsets(t8))
	}
	if t7 := r.Techs[7]; len(t7.Range) != 13 || unique(t7.Range) != 13 ||
		!sameSet(t7.Range, slices.Concat([][2]int{{0, 0}}, ring(1, false), ring(2, false))) {
		t.Errorf("辅助攻击 offsets %s", offsets(t7))
	}
	// 远程无效 (id 10): (0,0), diagonals, rings 2, 3 and 4.
	t10 := r.Techs[10]
	if len(t10.Range) != 41 || unique(t10.Range) != 37 || hasAny(t10.Range, ring(1, false)) ||
		!sameSet(t10.Range[13:], slices.Concat(ring(3, false), ring(4, false))) {
		t.Errorf("远程无效 offsets %s", offsets(t10))
	}
	// 炮击 (id 5): rings 3, 4 and 5, complete.
	t5 := r.Techs[5]
	if len(t5.Range) != 48 || unique(t5.Range) != 48 ||
		!sameSet(t5.Range, slices.Concat(ring(3, false), ring(4, false), ring(5, false))) {
		t.Errorf("炮击 offsets %s", offsets(t5))
	}
	// Other ranges of the facts sheet.
	if t0 := r.Techs[0]; !sameSet(t0.Range, ring(1, false)) || len(t0.Range) != 4 {
		t.Errorf("直攻 offsets %s", offsets(t0))
	}
	if n := len(r.Techs[3].Range); n != 24 {
		t.Errorf("舔刺 has %d offsets", n)
	}
	if t4 := r.Techs[4]; !sameSet(t4.Range, slices.Concat(ring(2, false), ring(3, false))) || len(t4.Range) != 20 {
		t.Errorf("射击 offsets %s", offsets(t4))
	}
	if n := len(r.Techs[9].Range); n != 21 {
		t.Errorf("辅助飞行 has %d offsets", n)
	}
	// Only 炮击 has aoe_self among the damaging techs; the buffs say true.
	for id, tc := range r.Techs {
		want := id == 5 || id == 7 || id == 8
		if tc.AOESelf.V != want {
			t.Errorf("%s aoe_self = %v", tc.Name.V, tc.AOESelf.V)
		}
	}
	if r.Techs[10].Value.V != 100 || r.Techs[10].Class.V != ClassDisableLong || r.Techs[9].Class.V != ClassFly {
		t.Errorf("远程无效 %+v", r.Techs[10])
	}
	if r.AI == nil {
		t.Fatal("star.tech has no AI block")
	}
	if got := aiValues(r.AI); got != "[3000 1500 30 1000 300 500 80 1000 800 800 600]" {
		t.Errorf("AI constants %s", got)
	}
}

func TestM1(t *testing.T) {
	t.Parallel()
	l, _ := ParseLevel("m1.map", shared(t, "m1.map"))
	if l.NX.V != 50 || l.NY.V != 40 || len(l.Cells) != 2000 || len(l.People) != 10 || len(l.AI) != 10 {
		t.Fatalf("m1: %d×%d, %d cells, %d people, %d AI lines", l.NX.V, l.NY.V, len(l.Cells), len(l.People), len(l.AI))
	}
	byName := map[string]int{}
	for i, p := range l.People {
		byName[p.Name.V] = i
		for _, id := range p.Techs {
			if id.V == 10 {
				t.Errorf("%s uses tech 10 (远程无效)", p.Name.V)
			}
		}
		a := l.AI[i]
		if p.Side.V == 0 && aiLine(a) != [5]int{-1, -1, -1, -1, -1} {
			t.Errorf("side-0 %s AI line %v", p.Name.V, aiLine(a))
		}
	}
	for name, want := range map[string][5]int{
		"D": {50, 20, 30, -1, -1}, "F": {25, 35, 40, -1, -1},
	} {
		if got := aiLine(l.AI[byName[name]]); got != want {
			t.Errorf("%s AI line %v, want %v", name, got, want)
		}
	}
	if a := l.AI[byName["E"]]; a.Att.V == -1 || a.GoalX.V != -1 || a.GoalY.V != -1 {
		t.Errorf("E AI line %v", aiLine(a))
	}
	for name, goal := range map[string][2]int{"D1": {25, 37}, "E1": {26, 37}} {
		if a := l.AI[byName[name]]; [2]int{a.GoalX.V, a.GoalY.V} != goal {
			t.Errorf("%s goal %v", name, aiLine(a))
		}
	}
}

func TestM2(t *testing.T) {
	t.Parallel()
	l, _ := ParseLevel("m2.map", shared(t, "m2.map"))
	if l.NX.V != 15 || l.NY.V != 8 || len(l.Cells) != 120 || len(l.People) != 8 || len(l.AI) != 8 {
		t.Fatalf("m2: %d×%d, %d cells, %d people, %d AI lines", l.NX.V, l.NY.V, len(l.Cells), len(l.People), len(l.AI))
	}
	dogs := 0
	for i, p := range l.People {
		if p.Side.V != 0 {
			continue
		}
		dogs++
		a := l.AI[i]
		if a.Att.V != 20 || a.Def.V != 10 || a.Move.V != 70 {
			t.Errorf("side-0 %s factors %v", p.Name.V, aiLine(a))
		}
		// Dead data: the original throws side-0 values away.
		if a.Params(0).Enabled {
			t.Errorf("side-0 %s enabled", p.Name.V)
		}
	}
	if dogs != 6 {
		t.Errorf("%d side-0 people", dogs)
	}
}

// TestRoundTrip checks Parse(Format(x)) == x by value on every file that
// parses without errors, and that Format is stable.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	n := 0
	rules := fixtures(t, ".tech")
	for name, data := range sharedFiles(t, ".tech") {
		rules["shared/"+name] = data
	}
	for name, data := range rules {
		r, ds := ParseRules(name, data)
		if ds.HasErrors() {
			continue
		}
		n++
		out := FormatRules(r)
		r2, ds2 := ParseRules("formatted", out)
		match(t, name+" reparse", ds2, nil)
		if !reflect.DeepEqual(r.StripRanges(), r2.StripRanges()) {
			t.Errorf("%s: values differ after FormatRules:\n%s", name, out)
		}
		if again := FormatRules(r2); string(again) != string(out) {
			t.Errorf("%s: FormatRules is not stable", name)
		}
	}
	levels := fixtures(t, ".map")
	for name, data := range sharedFiles(t, ".map") {
		levels["shared/"+name] = data
	}
	for name, data := range levels {
		l, ds := ParseLevel(name, data)
		if ds.HasErrors() {
			continue
		}
		n++
		out := FormatLevel(l)
		l2, ds2 := ParseLevel("formatted", out)
		match(t, name+" reparse", ds2, nil)
		if !reflect.DeepEqual(l.StripRanges(), l2.StripRanges()) {
			t.Errorf("%s: values differ after FormatLevel:\n%s", name, out)
		}
		if again := FormatLevel(l2); string(again) != string(out) {
			t.Errorf("%s: FormatLevel is not stable", name)
		}
	}
	if n < len(validRules)+len(validLevels)+3 {
		t.Errorf("only %d files round-tripped", n)
	}
}

func TestFormatLayout(t *testing.T) {
	t.Parallel()
	got := string(FormatLevel(&Level{NX: Tok[int]{V: 2}, NY: Tok[int]{V: 1}, Cells: []Tok[int]{{V: 1}},
		People: []Person{{Name: Tok[string]{V: "Liu Bei"}, Side: Tok[int]{V: 1}, Techs: []Tok[int]{{V: 3}}}},
		AI:     []PersonAI{}}))
	want := "2 1\n\n1 0\n\n1\nLiu_Bei 1 0 0 0 0 0 0\n1 3\n\n-1 -1 -1 -1 -1\n"
	if got != want {
		t.Errorf("FormatLevel = %q, want %q", got, want)
	}
	r := &Rules{
		Terrains: []Terrain{{Name: Tok[string]{V: ""}}, {Name: Tok[string]{V: "关\u3000羽"}}},
		Techs:    []Tech{{Name: Tok[string]{V: "x\xffy"}, Mask: []Tok[bool]{{V: false}, {V: false}, {V: false}}}},
	}
	got = string(FormatRules(r))
	want = "2\n_ 0\n关_羽 0\n\n0 0\n1\n\nx\uFFFDy 0 false\n0\n0 0 false 0\nfalse false\n0\n"
	if got != want {
		t.Errorf("FormatRules = %q, want %q", got, want)
	}
	for _, s := range []string{"Liu Bei", "", "关\u3000羽", "x\xffy"} {
		if ValidName(s) {
			t.Errorf("ValidName(%q)", s)
		}
	}
	if !ValidName("曹操") {
		t.Error("ValidName(曹操)")
	}
	if FormatRules(nil) != nil || FormatLevel(nil) != nil {
		t.Error("formatting nil")
	}
}

func TestNil(t *testing.T) {
	t.Parallel()
	if Check(nil, nil) != nil || (*Rules)(nil).StripRanges() != nil || (*Level)(nil).StripRanges() != nil {
		t.Error("nil inputs")
	}
	if _, ok := (*Level)(nil).Cell(0, 0); ok {
		t.Error("Cell on nil")
	}
}

func TestCodes(t *testing.T) {
	t.Parallel()
	c, err := diag.NewCatalogue(Codes()...)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Error(err)
	}
	for _, code := range []string{CodeToken, CodeEOF, CodeCount, CodeTrailing, CodeQuirk, CodeIndex, CodeOverlap, CodeDuplicate, CodeValue} {
		info, ok := c.Lookup(code)
		if !ok {
			t.Errorf("%s is not documented", code)
			continue
		}
		if !strings.HasPrefix(code, "ftbt-legacy-") || info.Example == "" {
			t.Errorf("%s: %+v", code, info)
		}
	}
	if c.Len() != 9 {
		t.Errorf("%d codes", c.Len())
	}
	for code, sev := range map[string]diag.Severity{CodeTrailing: diag.Warning, CodeQuirk: diag.Warning, CodeDuplicate: diag.Warning, CodeToken: diag.Error, CodeOverlap: diag.Error} {
		if info, _ := c.Lookup(code); info.Severity != sev {
			t.Errorf("%s severity %v", code, info.Severity)
		}
	}
}

// ring returns the cells at Manhattan distance d from the origin (d ≥ 1),
// or with diagonal set, the 4 cells (±d, ±d).
func ring(d int, diagonal bool) [][2]int {
	var out [][2]int
	for dx := -d; dx <= d; dx++ {
		for dy := -d; dy <= d; dy++ {
			if diagonal && abs(dx) == d && abs(dy) == d || !diagonal && abs(dx)+abs(dy) == d {
				out = append(out, [2]int{dx, dy})
			}
		}
	}
	return out
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func sameSet(got []Offset, want [][2]int) bool {
	a := map[[2]int]bool{}
	for _, o := range got {
		a[[2]int{o.DX.V, o.DY.V}] = true
	}
	b := map[[2]int]bool{}
	for _, o := range want {
		b[o] = true
	}
	return reflect.DeepEqual(a, b)
}

func hasAny(got []Offset, cells [][2]int) bool {
	for _, o := range got {
		if slices.Contains(cells, [2]int{o.DX.V, o.DY.V}) {
			return true
		}
	}
	return false
}

func unique(got []Offset) int {
	seen := map[[2]int]bool{}
	for _, o := range got {
		seen[[2]int{o.DX.V, o.DY.V}] = true
	}
	return len(seen)
}

func offsets(t Tech) string {
	var out []string
	for _, o := range t.Range {
		out = append(out, fmt.Sprintf("(%d,%d)", o.DX.V, o.DY.V))
	}
	return strings.Join(out, " ")
}

func mask(t Tech) []bool {
	var out []bool
	for _, m := range t.Mask {
		out = append(out, m.V)
	}
	return out
}

func vals(l []Tok[int]) string {
	var out []int
	for _, t := range l {
		out = append(out, t.V)
	}
	return fmt.Sprint(out)
}

func aiValues(ai *RulesAI) string {
	var out []int
	for _, c := range aiConstants() {
		out = append(out, c.tok(ai).V)
	}
	return fmt.Sprint(out)
}

// posIndex maps byte offsets to lines and rune columns independently of
// the reader, so range checks stay linear in the file size.
type posIndex struct {
	data   []byte
	starts []int // byte offset of each line's start
}

func newPosIndex(data []byte) *posIndex {
	x := &posIndex{data: data, starts: []int{0}}
	for i, b := range data {
		if b == '\n' {
			x.starts = append(x.starts, i+1)
		}
	}
	return x
}

func (x *posIndex) check(t *testing.T, what string, r diag.Range) {
	t.Helper()
	if r.Start.Byte < 0 || r.Start.Byte > r.End.Byte || r.End.Byte > len(x.data) {
		t.Fatalf("%s: range %+v outside the %d-byte file", what, r, len(x.data))
	}
	for _, p := range []diag.Pos{r.Start, r.End} {
		line, _ := slices.BinarySearch(x.starts, p.Byte+1) // lines starting at or before p
		col := 1 + utf8.RuneCount(x.data[x.starts[line-1]:p.Byte])
		if p.Line != line || p.Column != col {
			t.Fatalf("%s: position %+v, want line %d column %d", what, p, line, col)
		}
	}
}

// checkDiag checks that a diagnostic's ranges lie in the files they name.
func checkDiag(t *testing.T, files map[string]*posIndex, d diag.Diagnostic) {
	t.Helper()
	if d.Subject == nil {
		t.Fatalf("diagnostic without a subject: %v", d)
	}
	ranges := []diag.Range{*d.Subject}
	for _, rel := range d.Related {
		ranges = append(ranges, rel.Range)
	}
	for _, r := range ranges {
		x, ok := files[r.File]
		if !ok {
			t.Fatalf("%s: range in unknown file %q", d.Code, r.File)
		}
		x.check(t, d.Code, r)
	}
}
