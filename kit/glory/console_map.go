package glory

import (
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/glory"
)

// mapLines draws the board for mapc play: one row of the lattice a line,
// top row first, two characters a point. A point with living heroes shows
// its side's letter and how many stand there (R2, B1; ** for both sides);
// otherwise its tower (Tr, Tb; xx destroyed) or its kind (== railway, ++
// central area, $$ economy zone, .. road). The point asked about (the
// request's hero's) is bracketed. Columns and rows carry the lattice's x
// and y.
func mapLines(v *engine.View, asked int) []string {
	b := v.Board()
	if b == nil || b.Len() == 0 {
		return nil
	}
	minX, maxX, minY, maxY := 1<<30, -1<<30, 1<<30, -1<<30
	at := map[[2]int]int{}
	for p := range b.Len() {
		x, y := b.XY(p)
		minX, maxX, minY, maxY = min(minX, x), max(maxX, x), min(minY, y), max(maxY, y)
		at[[2]int{x, y}] = p
	}
	var counts [2][]int
	for s := range 2 {
		counts[s] = make([]int, b.Len())
	}
	for _, h := range v.Heroes() {
		if h.Alive {
			counts[h.Side][h.Point]++
		}
	}
	towerHP := map[int]int{}
	for _, t := range v.Towers() {
		towerHP[t.Point] = t.HP
	}
	mark := -1
	if hs := v.Heroes(); asked >= 0 && asked < len(hs) {
		mark = hs[asked].Point
	}
	var out []string
	head := "     "
	for x := minX; x <= maxX; x++ {
		head += fmt.Sprintf("%-3d", x%100)
	}
	out = append(out, strings.TrimRight(head, " "))
	for y := maxY; y >= minY; y-- {
		var row strings.Builder
		fmt.Fprintf(&row, "  %2d ", y)
		for x := minX; x <= maxX; x++ {
			p, ok := at[[2]int{x, y}]
			cell := "  "
			if ok {
				cell = pointGlyph(b, p, counts[0][p], counts[1][p], towerHP)
			}
			if ok && p == mark {
				row.WriteString("[" + cell + "]")
			} else {
				row.WriteString(cell + " ")
			}
		}
		out = append(out, strings.TrimRight(row.String(), " "))
	}
	out = append(out, "  map: R2/B1 heroes of red/blue (** both)  Tr/Tb tower (xx destroyed)  == rail  ++ central  $$ economy  .. road  [ ] the hero asked")
	return out
}

// pointGlyph is point p's two characters on the map.
func pointGlyph(b *engine.Board, p, red, blue int, towerHP map[int]int) string {
	switch {
	case red > 0 && blue > 0:
		return "**"
	case red > 0:
		return "R" + digit(red)
	case blue > 0:
		return "B" + digit(blue)
	}
	if side, _ := b.Tower(p); side >= 0 {
		if hp, ok := towerHP[p]; ok && hp <= 0 {
			return "xx"
		}
		return "T" + string(engine.SideNames[side][0])
	}
	switch {
	case b.Rail(p):
		return "=="
	case b.Central(p):
		return "++"
	case b.Econ(p):
		return "$$"
	}
	return ".."
}

// digit writes 1–9, + for more.
func digit(n int) string {
	if n > 9 {
		return "+"
	}
	return string(rune('0' + n))
}
