package xghj

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/lint"
)

// Rules is every xghj lint rule, in the order they run.
var Rules = []*lint.Rule[*Unit]{
	DuplicateID,
	MapGlyph,
	MapWidth,
	OffMap,
	WaterFlag,
	KernelSize,
	KernelUnusual,
	UnreachableLand,
	FewSpawns,
	ConstantSane,
	RegionEmpty,
	PlayerNames,
	HookScript,
	HookRegion,
}

func cellName(x, y int) string { return fmt.Sprintf("(%d,%d)", x, y) }

// allGlyphsKnown reports whether every terrain has a glyph and every map
// cell is drawn with one of them.
func allGlyphsKnown(u *Unit) bool {
	known := map[string]bool{}
	for _, t := range u.Terrains {
		if t.Glyph == "" {
			return false
		}
		known[t.Glyph] = true
	}
	for _, row := range u.Map.Rows {
		for _, g := range glyphs(row) {
			if !known[g] {
				return false
			}
		}
	}
	return true
}
