package ftbt

// MaxRadius bounds the radii of range shorthands (the schema enforces it;
// Expand clamps to it so that a rejected value cannot blow up memory).
const MaxRadius = 100

// Offset is a target offset (dx, dy): x to the right, y downward.
type Offset = [2]int

// Directions of the line shorthand: the engine's neighbour order
// (facts §1: +x, −x, +y, −y).
var lineDirs = []Offset{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// Directions of the diagonal shorthand: sign of dx major, plus first.
var diagonalDirs = []Offset{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}

// Line returns the offsets of the line shorthand [lo, hi]: for each
// direction +x, −x, +y, −y, the distances lo to hi in increasing order.
// line = 1 gives (1,0) (−1,0) (0,1) (0,−1), the range of star.tech's 直攻.
func Line(lo, hi int) []Offset { return rays(lineDirs, lo, hi) }

// Diagonal returns the offsets of the diagonal shorthand [lo, hi]: for each
// direction (+,+), (+,−), (−,+), (−,−), the distances lo to hi in
// increasing order.
func Diagonal(lo, hi int) []Offset { return rays(diagonalDirs, lo, hi) }

func rays(dirs []Offset, lo, hi int) []Offset {
	lo, hi = max(lo, 1), min(hi, MaxRadius)
	var out []Offset
	for _, d := range dirs {
		for k := lo; k <= hi; k++ {
			out = append(out, Offset{k * d[0], k * d[1]})
		}
	}
	return out
}

// Ring returns the offsets of the ring shorthand [lo, hi]: the Manhattan
// rings of radius lo to hi, each walked from (0, r) through (r, 0), (0, −r)
// and (−r, 0) back toward (0, r). This is star.tech's own order for rings
// of radius 2 to 4: ring 2 is (0,2) (1,1) (2,0) (1,−1) (0,−2) (−1,−1)
// (−2,0) (−1,1).
func Ring(lo, hi int) []Offset {
	lo, hi = max(lo, 1), min(hi, MaxRadius)
	var out []Offset
	for r := lo; r <= hi; r++ {
		for k := range r {
			out = append(out, Offset{k, r - k})
		}
		for k := range r {
			out = append(out, Offset{r - k, -k})
		}
		for k := range r {
			out = append(out, Offset{-k, -(r - k)})
		}
		for k := range r {
			out = append(out, Offset{-(r - k), k})
		}
	}
	return out
}

// Diamond returns the offsets of the diamond shorthand: every offset at
// Manhattan distance 1 to n, in the scan order of an area of effect (rows
// from dy = −n to n, each from left to right; facts §8). The centre is not
// included; add self = true for it.
func Diamond(n int) []Offset {
	n = min(n, MaxRadius)
	var out []Offset
	for dy := -n; dy <= n; dy++ {
		w := n - abs(dy)
		for dx := -w; dx <= w; dx++ {
			if dx != 0 || dy != 0 {
				out = append(out, Offset{dx, dy})
			}
		}
	}
	return out
}

// Expand returns the target offsets of a range table followed by the
// explicit offsets, in this fixed order: self (0,0), line, diagonal, ring,
// diamond, then the offsets list as written. Duplicates are kept, as the
// engine keeps them (facts §2.1). Malformed explicit offsets (not two
// integers) are skipped.
func Expand(r RangeSrc, explicit [][]int) []Offset {
	out := []Offset{}
	if r.Self {
		out = append(out, Offset{0, 0})
	}
	if iv := r.Line; iv != nil && !iv.Invalid {
		out = append(out, Line(iv.Min, iv.Max)...)
	}
	if iv := r.Diagonal; iv != nil && !iv.Invalid {
		out = append(out, Diagonal(iv.Min, iv.Max)...)
	}
	if iv := r.Ring; iv != nil && !iv.Invalid {
		out = append(out, Ring(iv.Min, iv.Max)...)
	}
	if r.Diamond != nil {
		out = append(out, Diamond(*r.Diamond)...)
	}
	for _, o := range explicit {
		if len(o) == 2 {
			out = append(out, Offset{o[0], o[1]})
		}
	}
	return out
}

// Duplicates returns, in order, the offsets of offs that repeat an earlier
// one, and the index of the first repetition (-1 when there is none).
func Duplicates(offs []Offset) (dups []Offset, first int) {
	first = -1
	seen := make(map[Offset]bool, len(offs))
	for i, o := range offs {
		if seen[o] {
			if first < 0 {
				first = i
			}
			dups = append(dups, o)
			continue
		}
		seen[o] = true
	}
	return dups, first
}

// Unique returns the number of distinct offsets of offs.
func Unique(offs []Offset) int {
	d, _ := Duplicates(offs)
	return len(offs) - len(d)
}

// abs returns |v|, saturating at the largest int for the smallest one.
func abs(v int) int {
	if v >= 0 {
		return v
	}
	if -v < 0 {
		return int(^uint(0) >> 1)
	}
	return -v
}
