package legacy

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
)

// Check returns CheckRules(r) followed by CheckLevel(r, l). Either may be
// nil. To check several levels against one rules file, call CheckRules once
// and CheckLevel per level, so that the rules' diagnostics are not repeated.
func Check(r *Rules, l *Level) diag.Diagnostics {
	return append(CheckRules(r), CheckLevel(r, l)...)
}

// CheckRules validates the values of a parsed rules file that the original
// never checks (facts §2, "Nothing is range-checked").
//
// Errors (ftbt-legacy-value) are zero divisors that make the original
// panic: MAX_ABI when a fly or disable-long tech exists, and the AI
// constants the AI divides by. Warnings are what it accepts with surprising
// results: a tech class outside 0..4 (the tech does nothing), a negative
// terrain weight (ftbt-legacy-value), and a target offset listed twice in
// one tech (ftbt-legacy-duplicate; the shipped star.tech has such
// duplicates, which are legitimate data).
//
// Every diagnostic points at the offending token; values not read from a
// file (not Present) are skipped. Counts are checked by ParseRules, which
// cannot go on past a bad one. CheckRules never panics, on partial rules
// too.
func CheckRules(r *Rules) diag.Diagnostics {
	if r == nil {
		return nil
	}
	c := &checker{}
	for i, t := range r.Terrains {
		name := label("terrain", t.Name, "index", i)
		switch {
		case t.Weight.V == -1:
			c.report(diag.Warning, CodeValue, t.Weight.R, "Impassable terrain",
				fmt.Sprintf("The move weight of %s is -1, which the original treats like a cell held by an enemy: nobody can enter it, and stepping sideways past it costs double.", name))
		case t.Weight.V < -1:
			c.report(diag.Warning, CodeValue, t.Weight.R, "Negative terrain weight",
				fmt.Sprintf("The move weight of %s is %d; the original's range search then adds negative step costs, so units move farther than their speed allows.", name, t.Weight.V))
		}
	}
	var hasClass [classCount]bool
	for id, t := range r.Techs {
		name := label("tech", t.Name, "id", id)
		if t.Class.V >= 0 && t.Class.V < classCount {
			hasClass[t.Class.V] = true
		} else {
			c.report(diag.Warning, CodeValue, t.Class.R, "Unknown tech class",
				fmt.Sprintf("%s has class %d, but the classes are 0 (damage), 1 (attack buff), 2 (defence buff), 3 (fly) and 4 (disable long-range). The original lets such a tech be cast, and it does nothing, not even its DoTech event.", capitalize(name), t.Class.V))
		}
		c.duplicates(t, name)
	}
	if r.MaxAbi.V == 0 && (hasClass[ClassFly] || hasClass[ClassDisableLong]) {
		c.report(diag.Error, CodeValue, r.MaxAbi.R, "Division by zero",
			"MAX_ABI is 0, but the original divides by it to size the area of fly and disable-long techs, so it panics when one is cast.")
	}
	if r.AI != nil {
		c.aiDivisors(r.AI, hasClass)
	}
	return c.ds
}

type checker struct {
	ds diag.Diagnostics
}

func (c *checker) report(sev diag.Severity, code string, r diag.Range, summary, detail string, related ...diag.Related) {
	if r.Start.Line <= 0 {
		return // not read from a file: nothing to point at
	}
	c.ds = append(c.ds, diag.Diagnostic{
		Severity: sev, Code: code, Summary: summary, Detail: detail, Subject: r.Ptr(), Related: related,
	})
}

// duplicates warns about every offset of t that repeats an earlier one.
func (c *checker) duplicates(t Tech, name string) {
	first := map[[2]int]int{}
	for j, o := range t.Range {
		key := [2]int{o.DX.V, o.DY.V}
		k, dup := first[key]
		if !dup {
			first[key] = j
			continue
		}
		c.report(diag.Warning, CodeDuplicate, span(o.DX.R, o.DY.R), "Duplicate offset",
			fmt.Sprintf("Offset %d of %s, (%d, %d), repeats offset %d. The original keeps both entries; the repeat adds no target cell and changes nothing in play, but it is part of the data, so an importer keeps the list as written.",
				j+1, name, o.DX.V, o.DY.V, k+1),
			diag.Related{Message: "first listed here", Range: span(t.Range[k].DX.R, t.Range[k].DY.R)})
	}
}

// aiDivisors reports AI constants that the AI divides by and that are 0.
func (c *checker) aiDivisors(ai *RulesAI, hasClass [classCount]bool) {
	for _, d := range []struct {
		tok  Tok[int]
		name string
		when bool
		use  string
	}{
		{ai.MoveDist, "AI_MAX_MOVE_DIST", true, "to score how close a cell is to the goal"},
		{ai.BufValue, "AI_MAX_BUF_VALUE", true, "to score the buffs on every candidate cell"},
		{ai.TechBufVMD, "AI_MAX_TECH_BUF_VMD", hasClass[ClassAttackBuff] || hasClass[ClassDefenceBuff], "to score attack and defence buffs"},
		{ai.TechFlyVMD, "AI_MAX_TECH_FLY_VMD", hasClass[ClassFly], "to score fly techs"},
		{ai.TechDLVMD, "AI_MAX_TECH_DL_VMD", hasClass[ClassDisableLong], "to score disable-long techs"},
	} {
		if d.when && d.tok.V == 0 {
			c.report(diag.Error, CodeValue, d.tok.R, "Division by zero",
				fmt.Sprintf("%s is 0, but the original's AI divides by it %s, so the AI build panics.", d.name, d.use))
		}
	}
}

// CheckLevel validates a parsed level file, against the rules file when r
// is not nil. Errors are what makes the original panic or misbehave
// (facts §2): a terrain index outside 0..ndx−1 or a tech id outside
// 0..ntech−1 (needs r), a side other than 0 and 1, a start position or AI
// goal off the map (ftbt-legacy-index), and two people on one cell
// (ftbt-legacy-overlap). Warnings (ftbt-legacy-value) are a person without
// hp, and an AI block in only one of the two files.
//
// Like CheckRules, it points every diagnostic at the offending token, skips
// values not read from a file, and never panics.
func CheckLevel(r *Rules, l *Level) diag.Diagnostics {
	if l == nil {
		return nil
	}
	c := &checker{}
	nx := l.NX.V
	if r != nil && len(r.Terrains) > 0 {
		n := len(r.Terrains)
		for i, cell := range l.Cells {
			if cell.V < 0 || cell.V >= n {
				x, y := i, 0
				if nx > 0 {
					x, y = i%nx, i/nx
				}
				c.report(diag.Error, CodeIndex, cell.R, "Unknown terrain index",
					fmt.Sprintf("Cell (%d, %d) has terrain %d, but %s. The original panics at the first weight update.", x, y, cell.V, has(n, "terrain", "terrains")))
			}
		}
	}
	// placed maps a cell to the first person placed there.
	placed := map[int]int{}
	for i, p := range l.People {
		name := label("person", p.Name, "index", i)
		if p.Side.V != 0 && p.Side.V != 1 {
			c.report(diag.Error, CodeIndex, p.Side.R, "Unknown side",
				fmt.Sprintf("The side of %s is %d, but the sides are 0 and 1. The original panics when it places the person.", name, p.Side.V))
		}
		if p.HP.V <= 0 {
			c.report(diag.Warning, CodeValue, p.HP.R, "Person without hp",
				fmt.Sprintf("%s starts with %d hp. The original places the person anyway and removes it only when it is hit, and its AI divides by the hp of every person it considers hitting, so the AI build panics.", capitalize(name), p.HP.V))
		}
		if r != nil {
			for _, t := range p.Techs {
				if t.V < 0 || t.V >= len(r.Techs) {
					c.report(diag.Error, CodeIndex, t.R, "Unknown tech id",
						fmt.Sprintf("%s has tech %d, but %s. The original panics when the tech is used.", capitalize(name), t.V, hasIDs(len(r.Techs))))
				}
			}
		}
		loc, ok := c.position(l, p.X, p.Y, "The start position of "+name, "when it places the person")
		if !ok {
			continue
		}
		if j, taken := placed[loc]; taken {
			q := l.People[j]
			c.report(diag.Error, CodeOverlap, span(p.X.R, p.Y.R), "Two people on one cell",
				fmt.Sprintf("%s starts on cell (%d, %d), where %s already is. The original places both: %s takes the cell, both count as on the map, and %s becomes a ghost whose moves clear the cell.",
					capitalize(name), loc%nx, loc/nx, label("person", q.Name, "index", j), displayName(p.Name.V), displayName(q.Name.V)),
				diag.Related{Message: "first placed here", Range: span(q.X.R, q.Y.R)})
			continue
		}
		placed[loc] = i
	}
	for i, a := range l.AI {
		if i >= len(l.People) {
			break
		}
		p := l.People[i]
		if p.Side.V == 0 || a.GoalX.V < 0 || a.GoalY.V < 0 {
			continue // no fixed goal, or discarded (side 0)
		}
		c.position(l, a.GoalX, a.GoalY, "The AI goal of "+label("person", p.Name, "index", i), "when the AI measures distances from it")
	}
	if r != nil {
		c.aiBlocks(r, l)
	}
	return c.ds
}

// position checks that (x, y) is on the map and returns its cell index. Off
// the map, the original computes y·nx + x anyway: inside the map that is
// another cell, else it panics.
func (c *checker) position(l *Level, x, y Tok[int], what, when string) (int, bool) {
	nx, ny := l.NX.V, l.NY.V
	if x.V >= 0 && x.V < nx && y.V >= 0 && y.V < ny {
		return y.V*nx + x.V, true
	}
	bad := x
	if x.V >= 0 && x.V < nx {
		bad = y
	}
	loc := y.V*nx + x.V // overflows like the original
	consequence := fmt.Sprintf("The original panics %s.", when)
	if loc >= 0 && loc < nx*ny {
		consequence = fmt.Sprintf("The original silently uses cell (%d, %d) instead.", loc%nx, loc/nx)
	}
	c.report(diag.Error, CodeIndex, bad.R, "Position off the map",
		fmt.Sprintf("%s is (%d, %d), but the map is %d × %d (x from 0 to %d, y from 0 to %d). %s",
			what, x.V, y.V, nx, ny, nx-1, ny-1, consequence))
	return 0, false
}

// aiBlocks warns when only one of the two files has its AI block: the AI
// build then refuses the pair, while the build without AI ignores both.
func (c *checker) aiBlocks(r *Rules, l *Level) {
	switch {
	case r.AI != nil && l.AI == nil && len(l.People) > 0:
		c.report(diag.Warning, CodeValue, r.AI.MoveDist.R, "AI block without AI lines",
			fmt.Sprintf("The rules file has AI constants, but the level %s has no AI lines. The original's AI build fails to load the level (AI初始化错误); the build without AI ignores the constants.", l.NX.R.File))
	case r.AI == nil && len(l.AI) > 0:
		c.report(diag.Warning, CodeValue, l.AI[0].Att.R, "AI lines without AI block",
			fmt.Sprintf("The level has AI lines, but the rules file %s has no AI constants. The original's AI build fails to load it (AI初始化错误); the build without AI ignores the lines.", r.NDX.R.File))
	}
}

// span covers the tokens a and b when they are on one line, else a.
func span(a, b diag.Range) diag.Range {
	if a.File != b.File || a.Start.Line != b.End.Line || b.End.Byte < a.Start.Byte {
		return a
	}
	return diag.Range{File: a.File, Start: a.Start, End: b.End}
}

// has describes an index space: "the rules have 6 terrains (0 to 5)".
func has(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("the rules have 1 %s (index 0)", one)
	}
	return fmt.Sprintf("the rules have %d %s (indices 0 to %d)", n, many, n-1)
}

func hasIDs(n int) string {
	switch n {
	case 0:
		return "the rules have no techs"
	case 1:
		return "the rules have 1 tech (id 0)"
	}
	return fmt.Sprintf("the rules have %d techs (ids 0 to %d)", n, n-1)
}
