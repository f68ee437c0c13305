package glory_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite scripts/glory/standard-map.toml from ../shared/rules/glory-map.json")

const (
	sharedMap  = "../../../shared/rules/glory-map.json"
	shippedMap = "../../scripts/glory/standard-map.toml"
)

// decodedMap is the researcher's glory-map.json.
type decodedMap struct {
	Points []struct {
		ID      int  `json:"id"`
		X       int  `json:"x"`
		Y       int  `json:"y"`
		Rail    bool `json:"rail"`
		Central bool `json:"central"`
		Econ    bool `json:"econ"`
		Tower   []any
	} `json:"points"`
	Edges []struct {
		A    int    `json:"a"`
		B    int    `json:"b"`
		Kind string `json:"kind"`
	} `json:"edges"`
	Implicit []struct {
		A int `json:"a"`
		B int `json:"b"`
	} `json:"implicit"`
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

// TestStandardMapFile checks the shipped map include is the rendering of
// the decoded map (and rewrites it with -update).
func TestStandardMapFile(t *testing.T) {
	data, err := os.ReadFile(sharedMap)
	if os.IsNotExist(err) {
		t.Skip("../shared/rules/glory-map.json is absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	var d decodedMap
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	want, err := renderStandardMap(&d)
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
