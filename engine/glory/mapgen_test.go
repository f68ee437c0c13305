package glory_test

import (
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite scripts/glory/standard-map.toml from the decoded map (../shared/rules/glory-map.json, or the rulebook's segments)")

const (
	sharedMap  = "../../../shared/rules/glory-map.json"
	shippedMap = "../../scripts/glory/standard-map.toml"
)

// decodedMap is the researcher's glory-map.json.
type decodedMap struct {
	Points   []point `json:"points"`
	Edges    []edge  `json:"edges"`
	Implicit []pair  `json:"implicit"`
}

// edge is a drawn unit edge of a decodedMap, a < b.
type edge struct {
	A    int    `json:"a"`
	B    int    `json:"b"`
	Kind string `json:"kind"`
}

// pair is an implicit central diagonal, a < b.
type pair struct {
	A int `json:"a"`
	B int `json:"b"`
}

// point is one point of a decodedMap.
type point struct {
	ID      int  `json:"id"`
	X       int  `json:"x"`
	Y       int  `json:"y"`
	Rail    bool `json:"rail"`
	Central bool `json:"central"`
	Econ    bool `json:"econ"`
	Tower   []any
}

// addPoint appends a point and returns it.
func (d *decodedMap) addPoint(id, x, y int) *point {
	d.Points = append(d.Points, point{ID: id, X: x, Y: y})
	return &d.Points[len(d.Points)-1]
}

// renderStandardMap writes the builtin map include from the decoded map.
// The tower zones and spawns are not in the JSON; they come from facts §2:
// each side's tower zone is the rectangle of its quarter minus the central
// area, (52:85) for red and (16:49) for blue, and heroes spawn on the main
// (100 HP) tower.
func renderStandardMap(d *decodedMap) (string, error) {
	var sb strings.Builder
	sb.WriteString(`# The standard 58Glory map (facts §1–§2), generated from the decoded map
# glory-map.json by engine/glory's TestStandardMapFile; do not edit by hand
# (go test ./engine/glory -run TestStandardMapFile -update).
#
# Points sit on a lattice: x runs left to right, y bottom to top. A point may
# be on the railway (rail), in the central area (central), an economy zone
# (econ), carry a tower (side and starting hp) and belong to a side's tower
# zone. Edges are the drawn unit edges between lattice neighbours, listed by
# kind: normal (black roads), central (blue roads), rail (track) and
# boarding (rail to road). Moves between diagonal central neighbours need no
# drawn edge (central_diagonals).

[map]
name = "standard"
spawn = { red = 82, blue = 19 }
central_diagonals = true
points = [
`)
	spawn := map[string]int{}
	for _, p := range d.Points {
		fmt.Fprintf(&sb, "  { id = %d, x = %d, y = %d", p.ID, p.X, p.Y)
		if p.Rail {
			sb.WriteString(", rail = true")
		}
		if p.Central {
			sb.WriteString(", central = true")
		}
		if p.Econ {
			sb.WriteString(", econ = true")
		}
		if !p.Rail && !p.Central {
			switch {
			case p.X >= 2 && p.X <= 5 && p.Y >= 2 && p.Y <= 5:
				sb.WriteString(`, tower_zone = "red"`)
			case p.X >= 6 && p.X <= 9 && p.Y >= 6 && p.Y <= 9:
				sb.WriteString(`, tower_zone = "blue"`)
			}
		}
		if p.Tower != nil {
			if len(p.Tower) != 2 {
				return "", fmt.Errorf("point %d: tower %v", p.ID, p.Tower)
			}
			side, _ := p.Tower[0].(string)
			hp, _ := p.Tower[1].(float64)
			fmt.Fprintf(&sb, `, tower = { side = %q, hp = %d }`, side, int(hp))
			if hp == 100 {
				spawn[side] = p.ID
			}
		}
		sb.WriteString(" },\n")
	}
	sb.WriteString("]\n")
	if spawn["red"] != 82 || spawn["blue"] != 19 {
		return "", fmt.Errorf("main towers %v, want red 82 and blue 19", spawn)
	}
	sb.WriteString("\n[map.edges]\n")
	for _, kind := range []string{"normal", "central", "rail", "boarding"} {
		fmt.Fprintf(&sb, "%s = [\n", kind)
		line := "  "
		for _, e := range d.Edges {
			if e.Kind != kind {
				continue
			}
			item := fmt.Sprintf("[%d, %d], ", e.A, e.B)
			if len(line)+len(item) > 80 {
				sb.WriteString(strings.TrimRight(line, " ") + "\n")
				line = "  "
			}
			line += item
		}
		sb.WriteString(strings.TrimRight(line, " ") + "\n]\n")
	}
	return sb.String(), nil
}

// The rulebook's map as the facts sheet gives it (glory.facts.md §1.1,
// §1.2, §2): the segments of each colour by their endpoints (a long
// segment passes through the lattice points in between), the railway
// points, the central area, the economy zones and the towers.
var (
	rulebookNormal = [][2]int{
		{12, 42}, {13, 43}, {14, 34}, {15, 35}, {22, 25}, {32, 34}, {42, 44}, {16, 36}, {17, 37}, {18, 48}, {19, 49},
		{12, 15}, {16, 19}, {26, 29}, {37, 39}, {47, 49}, {52, 82}, {53, 83}, {64, 84}, {65, 85}, {52, 54}, {62, 64},
		{72, 75}, {82, 85}, {66, 86}, {67, 87}, {58, 88}, {59, 89}, {57, 59}, {67, 69}, {76, 79}, {86, 89},
		{82, 73}, {63, 74}, {42, 33}, {23, 34}, {24, 15}, {28, 19}, {27, 38}, {86, 77}, {67, 78}, {68, 59},
	}
	rulebookCentral = [][2]int{{34, 37}, {44, 47}, {54, 57}, {64, 67}, {34, 64}, {35, 65}, {36, 66}, {37, 67}}
	rulebookRailway = [][2]int{
		{1, 9}, {1, 81}, {20, 100}, {92, 100}, {9, 20}, {81, 92},
		{1, 12}, {6, 16}, {9, 19}, {19, 20}, {41, 42}, {100, 89}, {59, 60}, {81, 82}, {82, 92}, {85, 95},
	}
	rulebookRail = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 21, 31, 41, 51, 61, 71, 81, 20, 30, 40, 50, 60, 70, 80, 90, 100,
		92, 93, 94, 95, 96, 97, 98, 99}
	rulebookCentralArea = []int{34, 35, 36, 37, 44, 45, 46, 47, 54, 55, 56, 57, 64, 65, 66, 67}
	rulebookEcon        = []int{23, 78}
	rulebookTowers      = map[int][]any{82: {"red", 100.0}, 52: {"red", 80.0}, 19: {"blue", 100.0}, 49: {"blue", 80.0}}
)

// rulebookMap builds the decoded map from the rulebook's segments: points
// 1..100 but 10 and 91 at x = (k−1) mod 10 + 1, y = 10 − ⌊(k−1)/10⌋; each
// segment split into unit edges (a railway segment's edge is rail between
// two railway points and boarding otherwise), listed by their lower end as
// glory-map.json lists them; and the implicit diagonals, every diagonal
// pair of central points without a drawn edge.
func rulebookMap(t *testing.T) *decodedMap {
	t.Helper()
	d := &decodedMap{}
	xy := func(k int) (int, int) { return (k-1)%10 + 1, 10 - (k-1)/10 }
	id := func(x, y int) int { return (10-y)*10 + x }
	exists := func(k int) bool { return k >= 1 && k <= 100 && k != 10 && k != 91 }
	for k := 1; k <= 100; k++ {
		if !exists(k) {
			continue
		}
		x, y := xy(k)
		p := d.addPoint(k, x, y)
		p.Rail, p.Central, p.Econ = slices.Contains(rulebookRail, k), slices.Contains(rulebookCentralArea, k), slices.Contains(rulebookEcon, k)
		p.Tower = rulebookTowers[k]
	}
	drawn := map[[2]int]bool{}
	add := func(a, b int, kind string) {
		if a > b {
			a, b = b, a
		}
		if drawn[[2]int{a, b}] {
			t.Fatalf("unit edge %d–%d drawn twice", a, b)
		}
		drawn[[2]int{a, b}] = true
		d.Edges = append(d.Edges, edge{a, b, kind})
	}
	for _, list := range []struct {
		kind     string
		segments [][2]int
	}{{"normal", rulebookNormal}, {"central", rulebookCentral}, {"rail", rulebookRailway}} {
		for _, sg := range list.segments {
			x0, y0 := xy(sg[0])
			x1, y1 := xy(sg[1])
			dx, dy := cmp.Compare(x1, x0), cmp.Compare(y1, y0)
			if n := max(abs(x1-x0), abs(y1-y0)); (x1-x0)*dy != (y1-y0)*dx || x0+n*dx != x1 || y0+n*dy != y1 {
				t.Fatalf("segment %d–%d is not straight", sg[0], sg[1])
			}
			for x, y := x0, y0; x != x1 || y != y1; x, y = x+dx, y+dy {
				a, b := id(x, y), id(x+dx, y+dy)
				if !exists(a) || !exists(b) {
					t.Fatalf("segment %d–%d passes a missing point", sg[0], sg[1])
				}
				kind := list.kind
				if kind == "rail" && !(slices.Contains(rulebookRail, a) && slices.Contains(rulebookRail, b)) {
					kind = "boarding"
				}
				add(a, b, kind)
			}
		}
	}
	slices.SortFunc(d.Edges, func(p, q edge) int {
		return cmp.Or(cmp.Compare(p.A, q.A), cmp.Compare(p.B, q.B))
	})
	for _, a := range rulebookCentralArea {
		for _, b := range rulebookCentralArea {
			ax, ay := xy(a)
			bx, by := xy(b)
			if a < b && abs(ax-bx) == 1 && abs(ay-by) == 1 && !drawn[[2]int{a, b}] {
				d.Implicit = append(d.Implicit, pair{a, b})
			}
		}
	}
	return d
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// TestRulebookMap: the map built from the rulebook's segments has the
// counts of facts §1.3: 98 points, 158 unit edges (90 normal, 24 central,
// 34 rail, 10 boarding) and 18 implicit central diagonals.
func TestRulebookMap(t *testing.T) {
	d := rulebookMap(t)
	kinds := map[string]int{}
	for _, e := range d.Edges {
		kinds[e.Kind]++
	}
	if len(d.Points) != 98 || len(d.Edges) != 158 || len(d.Implicit) != 18 ||
		kinds["normal"] != 90 || kinds["central"] != 24 || kinds["rail"] != 34 || kinds["boarding"] != 10 {
		t.Errorf("%d points, %d edges %v, %d implicit diagonals", len(d.Points), len(d.Edges), kinds, len(d.Implicit))
	}
}

// TestStandardMapFile checks the shipped map include is the rendering of
// the decoded map (and rewrites it with -update): the researcher's
// glory-map.json when ../shared is beside the repository, which must then
// agree with the rulebook's segments, and the map built from the
// rulebook's segments (rulebookMap) otherwise.
func TestStandardMapFile(t *testing.T) {
	d := rulebookMap(t)
	data, err := os.ReadFile(sharedMap)
	switch {
	case err == nil:
		var shared decodedMap
		if err := json.Unmarshal(data, &shared); err != nil {
			t.Fatal(err)
		}
		fromShared, err := renderStandardMap(&shared)
		if err != nil {
			t.Fatal(err)
		}
		fromRulebook, err := renderStandardMap(d)
		if err != nil {
			t.Fatal(err)
		}
		if fromShared != fromRulebook {
			t.Errorf("glory-map.json and the rulebook's segments give different maps")
		}
		if fmt.Sprint(shared.Implicit) != fmt.Sprint(d.Implicit) {
			t.Errorf("implicit diagonals: glory-map.json %v, rulebook %v", shared.Implicit, d.Implicit)
		}
		d = &shared
	case !os.IsNotExist(err):
		t.Fatal(err)
	}
	want, err := renderStandardMap(d)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(filepath.FromSlash(shippedMap), []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(filepath.FromSlash(shippedMap))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("%s is out of date; run go test ./engine/glory -run TestStandardMapFile -update", shippedMap)
	}
	// Every implicit diagonal of the decoded map is derived by the board.
	b := standardBoard(t)
	for _, e := range d.Implicit {
		p, q := b.Index(e.A), b.Index(e.B)
		found := false
		for _, r := range b.Diagonals(p) {
			found = found || r == q
		}
		if !found {
			t.Errorf("implicit diagonal %d–%d is not derived", e.A, e.B)
		}
	}
	n := 0
	for p := range b.Len() {
		n += len(b.Diagonals(p))
	}
	if n/2 != len(d.Implicit) {
		t.Errorf("%d implicit diagonals derived, the decoded map has %d", n/2, len(d.Implicit))
	}
}
