package ftbt

import (
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Expected orders come from star.tech as facts §2.4 describes it: 直攻 is
// ring 1 in the engine's neighbour order (+x, −x, +y, −y); 射击's ring 2 is
// listed (0,2) (1,1) (2,0) (1,−1) (0,−2) (−1,−1) (−2,0) (−1,1); 火攻 is the
// straight lines 1–2.
func TestShorthands(t *testing.T) {
	tests := []struct {
		name string
		got  []Offset
		want []Offset
	}{
		{"line 1 (直攻)", Line(1, 1), []Offset{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}},
		{"line [1,2] (火攻)", Line(1, 2), []Offset{{1, 0}, {2, 0}, {-1, 0}, {-2, 0}, {0, 1}, {0, 2}, {0, -1}, {0, -2}}},
		{"diagonal 1 (震荡's tail)", Diagonal(1, 1), []Offset{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}},
		{"diagonal [1,2]", Diagonal(1, 2), []Offset{{1, 1}, {2, 2}, {1, -1}, {2, -2}, {-1, 1}, {-2, 2}, {-1, -1}, {-2, -2}}},
		{"ring 2 (射击)", Ring(2, 2), []Offset{{0, 2}, {1, 1}, {2, 0}, {1, -1}, {0, -2}, {-1, -1}, {-2, 0}, {-1, 1}}},
		{"ring 1", Ring(1, 1), []Offset{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}},
		{"ring 3 (射击, 炮击)", Ring(3, 3), []Offset{{0, 3}, {1, 2}, {2, 1}, {3, 0}, {2, -1}, {1, -2}, {0, -3}, {-1, -2}, {-2, -1}, {-3, 0}, {-2, 1}, {-1, 2}}},
		{"diamond 1", Diamond(1), []Offset{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}},
		{"diamond 2", Diamond(2), []Offset{{0, -2}, {-1, -1}, {0, -1}, {1, -1}, {-2, 0}, {-1, 0}, {1, 0}, {2, 0}, {-1, 1}, {0, 1}, {1, 1}, {0, 2}}},
		{"empty interval", Line(3, 2), nil},
		{"negative diamond", Diamond(-1), nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, tt.got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.name, diff)
		}
	}
}

// A ring of radius r has 4r offsets; rings [1, n] and the diamond n cover
// the same set.
func TestRingSizes(t *testing.T) {
	for r := 1; r <= 6; r++ {
		if n := len(Ring(r, r)); n != 4*r {
			t.Errorf("ring %d has %d offsets, want %d", r, n, 4*r)
		}
		a, b := Ring(1, r), Diamond(r)
		slices.SortFunc(a, cmpOffset)
		slices.SortFunc(b, cmpOffset)
		if !slices.Equal(a, b) {
			t.Errorf("ring [1,%d] and diamond %d differ", r, r)
		}
	}
	if n := len(Ring(1, MaxRadius+50)); n != 2*MaxRadius*(MaxRadius+1) {
		t.Errorf("ring radii are not clamped to %d: %d offsets", MaxRadius, n)
	}
}

func cmpOffset(a, b Offset) int {
	if a[0] != b[0] {
		return a[0] - b[0]
	}
	return a[1] - b[1]
}

// Expand's order: self, line, diagonal, ring, diamond, then the explicit
// offsets. 辅助攻击 (facts §2.4: (0,0) plus ring 1 plus ring 2, 13 unique) is
// self + line 1 + ring 2.
func TestExpandOrder(t *testing.T) {
	one, two := &Interval{Min: 1, Max: 1}, &Interval{Min: 2, Max: 2}
	d := 1
	got := Expand(RangeSrc{Self: true, Line: one, Diagonal: one, Ring: two, Diamond: &d}, [][]int{{5, 5}, {0, 0}, {7}})
	want := []Offset{{0, 0}, {1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1},
		{0, 2}, {1, 1}, {2, 0}, {1, -1}, {0, -2}, {-1, -1}, {-2, 0}, {-1, 1},
		{0, -1}, {-1, 0}, {1, 0}, {0, 1}, {5, 5}, {0, 0}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Expand (-want +got):\n%s", diff)
	}
	if got := Expand(RangeSrc{Ring: &Interval{Invalid: true}}, nil); len(got) != 0 {
		t.Errorf("an invalid interval expands to %v", got)
	}
	dups, first := Duplicates(nil)
	if dups != nil || first != -1 {
		t.Errorf("Duplicates of nothing = %v, %d", dups, first)
	}
}

// 强化直攻 (facts §2.4): the four diagonals, then the full ring 2: 12 offsets,
// 8 unique, the diagonals repeated.
func TestDuplicates(t *testing.T) {
	offs := Expand(RangeSrc{Diagonal: &Interval{Min: 1, Max: 1}, Ring: &Interval{Min: 2, Max: 2}}, nil)
	dups, first := Duplicates(offs)
	if len(offs) != 12 || Unique(offs) != 8 || first != 5 {
		t.Errorf("强化直攻: %d offsets, %d unique, first repeat at %d; want 12, 8, 5", len(offs), Unique(offs), first)
	}
	if diff := cmp.Diff([]Offset{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}, dups); diff != "" {
		t.Errorf("repeated offsets (-want +got):\n%s", diff)
	}
}

// EncodeRange inverts Expand exactly, duplicates and odd orders included.
func TestEncodeRange(t *testing.T) {
	ring5 := []Offset{{0, 5}, {1, 4}, {2, 3}, {3, 2}, {4, 1}, {5, 0}, {4, -1}, {3, -2}, {2, -3}, {1, -4},
		{0, -5}, {-1, 4}, {-2, 3}, {-3, 2}, {-4, 1}, {-5, 0}, {-4, -1}, {-3, -2}, {-2, -3}, {-1, -4}}
	tests := []struct {
		name     string
		offs     []Offset
		want     string // rangeText
		explicit int
	}{
		{"直攻", Line(1, 1), "{ line = 1 }", 0},
		{"强化直攻", append(Diagonal(1, 1), Ring(2, 2)...), "{ diagonal = 1, ring = 2 }", 0},
		{"舔刺", append(Line(1, 4), Offset{1, 1}, Offset{2, 2}, Offset{-1, 1}, Offset{-2, 2}, Offset{1, -1}, Offset{2, -2}, Offset{-1, -1}, Offset{-2, -2}), "{ line = [1, 4] }", 8},
		{"射击", Ring(2, 3), "{ ring = [2, 3] }", 0},
		{"炮击", append(Ring(3, 4), ring5...), "{ ring = [3, 4] }", 20},
		{"远程无效", append(append([]Offset{{0, 0}}, Diagonal(1, 1)...), Ring(2, 4)...), "{ self = true, diagonal = 1, ring = [2, 4] }", 0},
		{"diamond", append([]Offset{{0, 0}}, Diamond(3)...), "{ self = true, diamond = 3 }", 0},
		{"nothing", nil, "", 0},
		{"odd", []Offset{{3, 3}, {0, 0}, {0, 0}}, "", 3},
		{"huge", []Offset{{1 << 40, 0}, {0, -(1 << 40)}}, "", 2},
	}
	for _, tt := range tests {
		r, explicit := EncodeRange(tt.offs)
		if got := rangeText(r); got != tt.want || len(explicit) != tt.explicit {
			t.Errorf("%s: range %q with %d explicit, want %q with %d", tt.name, got, len(explicit), tt.want, tt.explicit)
		}
		if got := Expand(r, explicit); !slices.Equal(got, tt.offs) && len(tt.offs) > 0 {
			t.Errorf("%s: Expand(EncodeRange(offs)) = %v, want %v", tt.name, got, tt.offs)
		}
	}
}
