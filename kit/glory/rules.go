package glory

import (
	"fmt"
	"slices"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// Rules is every glory lint rule, in the order they run.
var Rules = []*lint.Rule[*Unit]{
	UnknownRef,
	DuplicateID,
	SamePlace,
	EdgeShape,
	EdgeKind,
	Disconnected,
	Towers,
	MissingHook,
	SkillLimits,
	SkillTarget,
	SmallPool,
	WeaponTable,
	HeroWeapons,
}

func report(p *lint.Pass[*Unit], ptr, summary, format string, args ...any) {
	p.Reportf(p.Model.Src.Range(ptr), summary, format, args...)
}

func reportRef(p *lint.Pass[*Unit], ptr, kind, name string, known []string) {
	detail, sugg := diag.SuggestDetail(fmt.Sprintf("No %s is named %q.", kind, name), name, known)
	d := p.Diagnostic(p.Model.Src.Range(ptr), "Unknown "+kind, "%s", detail)
	d.Suggestions = sugg
	p.Report(d)
}

// UnknownRef reports references to undeclared points, weapons, heroes and
// 数竞 classes.
var UnknownRef = &lint.Rule[*Unit]{
	Name: "glory-unknown-ref",
	Doc: `reference to an undeclared point, weapon, hero or class

Edges and spawns name point ids; a hero's weapons name fixed weapons; a
skill's hero_refs and contest_refs name heroes and 数竞 classes, and its
rule_refs numeric [rules] settings. Each must be declared (in this file or
an include).`,
	Example:    "[map.edges]\nnormal = [[1, 99]]  # there is no point 99\n",
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, e := range u.Edges() {
			for _, id := range []int{e.A, e.B} {
				if _, ok := u.Ix.Points[id]; e.OK && !ok {
					report(p, EdgePtr(e.Kind, e.Index), "Unknown point", "The %s edge %d–%d names point %d, which the map does not declare.", e.Kind, e.A, e.B, id)
				}
			}
		}
		for _, side := range []string{"red", "blue"} {
			if id, ok := u.Map.Spawn[side]; ok {
				if _, ok := u.Ix.Points[id]; !ok {
					report(p, "/map/spawn/"+side, "Unknown point", "The %s spawn is point %d, which the map does not declare.", side, id)
				}
			}
		}
		for h, hs := range u.Heroes {
			for i, w := range hs.Weapons {
				if _, ok := u.Ix.Weapons[w]; !ok {
					reportRef(p, Ptr("heroes", h, "weapons", fmt.Sprint(i)), "weapon", w, sortedKeys(u.Ix.Weapons))
				}
			}
			for s, sk := range hs.Skills {
				for _, k := range sortedKeys(sk.HeroRefs) {
					if _, ok := u.Ix.Heroes[sk.HeroRefs[k]]; !ok {
						reportRef(p, SkillPtr(h, s, "hero_refs", k), "hero", sk.HeroRefs[k], sortedKeys(u.Ix.Heroes))
					}
				}
				for _, k := range sortedKeys(sk.ContestRefs) {
					if _, ok := u.Ix.Contests[sk.ContestRefs[k]]; !ok {
						reportRef(p, SkillPtr(h, s, "contest_refs", k), "contest class", sk.ContestRefs[k], sortedKeys(u.Ix.Contests))
					}
				}
				rules := u.numericRules()
				for _, k := range sortedKeys(sk.RuleRefs) {
					if _, ok := rules[sk.RuleRefs[k]]; !ok {
						reportRef(p, SkillPtr(h, s, "rule_refs", k), "numeric rule", sk.RuleRefs[k], sortedKeys(rules))
					}
				}
			}
		}
	},
}

// DuplicateID reports ids declared twice.
var DuplicateID = &lint.Rule[*Unit]{
	Name: "glory-duplicate-id",
	Doc: `id declared twice

Point ids, weapon ids, 数竞 class ids and hero ids are unique in a scenario
(includes count), and a hero's skill ids are unique among its skills.`,
	Example:    "[[heroes]]\nid = \"581\"\n# …\n[[heroes]]\nid = \"581\"  # already declared\n",
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		seen := map[string]string{}
		dup := func(what, id, ptr string) {
			if id == "" {
				return
			}
			key := what + "\x00" + id
			if first, ok := seen[key]; ok {
				d := p.Diagnostic(u.Src.Range(ptr), "Duplicate "+what, "The %s %q is already declared.", what, id)
				if r := u.Src.Range(first); r != nil {
					d.Related = append(d.Related, diag.Related{Message: "first declared here", Range: *r})
				}
				p.Report(d)
				return
			}
			seen[key] = ptr
		}
		for i, pt := range u.Map.Points {
			if !pt.Bad {
				dup("point", fmt.Sprint(pt.ID), PointPtr(i, "id"))
			}
		}
		for i, w := range u.Weapons {
			dup("weapon", w.ID, Ptr("weapons", i, "id"))
		}
		for i, c := range u.Contests {
			dup("contest class", c.ID, Ptr("contests", i, "id"))
		}
		for i, h := range u.Heroes {
			dup("hero", h.ID, Ptr("heroes", i, "id"))
			for s, sk := range h.Skills {
				dup("skill of "+h.ID, sk.ID, SkillPtr(i, s, "id"))
			}
		}
	},
}

// SamePlace reports two points on one lattice position.
var SamePlace = &lint.Rule[*Unit]{
	Name:       "glory-same-place",
	Doc:        "two points at the same coordinates\n\nEvery point has a lattice position of its own; steps, r and 视域 are computed from them.",
	Example:    "points = [{ id = 1, x = 1, y = 1 }, { id = 2, x = 1, y = 1 }]\n",
	Categories: []string{"map"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		at := map[[2]int]int{}
		for i, pt := range p.Model.Map.Points {
			if pt.Bad {
				continue
			}
			k := [2]int{pt.X, pt.Y}
			if j, ok := at[k]; ok {
				report(p, PointPtr(i, "x"), "Points on one position", "Point %d is at (%d,%d), where point %d already is.", pt.ID, pt.X, pt.Y, p.Model.Map.Points[j].ID)
				continue
			}
			at[k] = i
		}
	},
}

// EdgeShape reports edges that are not unit steps between lattice
// neighbours, and edges drawn twice.
var EdgeShape = &lint.Rule[*Unit]{
	Name: "glory-edge-shape",
	Doc: `edge that is not one straight unit step

An edge joins two lattice neighbours: orthogonal (r = 1) or diagonal
(r = √2). Longer segments are drawn as several unit edges, so that the
straight chains that define 视域 stay straight; an edge may be drawn once.`,
	Example:    "[map.edges]\nnormal = [[12, 42]]  # three units: draw 12–22, 22–32, 32–42\n",
	Categories: []string{"map"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		drawn := map[[2]int]bool{}
		for _, e := range u.Edges() {
			i, iok := u.Ix.Points[e.A]
			j, jok := u.Ix.Points[e.B]
			if !e.OK || !iok || !jok {
				continue
			}
			a, b := u.Map.Points[i], u.Map.Points[j]
			dx, dy := abs(a.X-b.X), abs(a.Y-b.Y)
			ptr := EdgePtr(e.Kind, e.Index)
			switch {
			case i == j:
				report(p, ptr, "Edge to itself", "The %s edge %d–%d joins a point to itself.", e.Kind, e.A, e.B)
			case dx > 1 || dy > 1:
				report(p, ptr, "Edge is not a unit step", "Points %d (%d,%d) and %d (%d,%d) are not lattice neighbours; draw the segment as unit edges through the points between.", e.A, a.X, a.Y, e.B, b.X, b.Y)
			default:
				k := [2]int{min(i, j), max(i, j)}
				if drawn[k] {
					report(p, ptr, "Edge drawn twice", "The edge %d–%d is already drawn.", e.A, e.B)
				}
				drawn[k] = true
			}
		}
	},
}

// EdgeKind reports edges whose kind does not fit their points.
var EdgeKind = &lint.Rule[*Unit]{
	Name: "glory-edge-kind",
	Doc: `edge kind does not fit its points

Rail edges join two rail points; boarding edges join a rail point to a road
point; normal and central edges join two road points.`,
	Example:    "[map.edges]\nrail = [[12, 13]]  # neither point is on the railway\n",
	Categories: []string{"map"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, e := range u.Edges() {
			i, iok := u.Ix.Points[e.A]
			j, jok := u.Ix.Points[e.B]
			if !e.OK || !iok || !jok {
				continue
			}
			ra, rb := u.Map.Points[i].Rail, u.Map.Points[j].Rail
			var why string
			switch e.Kind {
			case "rail":
				if !ra || !rb {
					why = "a rail edge must join two rail points"
				}
			case "boarding":
				if ra == rb {
					why = "a boarding edge must join a rail point to a road point"
				}
			default:
				if ra || rb {
					why = "a " + e.Kind + " edge may not touch a rail point (use boarding)"
				}
			}
			if why != "" {
				report(p, EdgePtr(e.Kind, e.Index), "Wrong edge kind", "The %s edge %d–%d: %s.", e.Kind, e.A, e.B, why)
			}
		}
	},
}

// Disconnected reports points no hero can reach.
var Disconnected = &lint.Rule[*Unit]{
	Name: "glory-disconnected-map",
	Doc: `point unreachable from the spawns

Every point should be reachable over drawn edges from red's spawn; a point
that is not can never be entered, and steps to it are undefined.`,
	Example:    "points = [{ id = 1, x = 1, y = 1 }, { id = 2, x = 2, y = 1 }, { id = 9, x = 9, y = 9 }]  # 9 has no edge\n",
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		b := u.Board()
		if b == nil {
			return
		}
		start := b.Spawn(engine.Red)
		for i := range b.Len() {
			if b.Steps(start, i) < 0 {
				report(p, PointPtr(u.Ix.Points[b.ID(i)], "id"), "Unreachable point", "Point %d cannot be reached from red's spawn over drawn edges.", b.ID(i))
			}
		}
	},
}

// Towers reports a side without towers and towers without a side's zone.
var Towers = &lint.Rule[*Unit]{
	Name: "glory-towers",
	Doc: `a side without a tower

Each side loses when all its towers are down (facts §8); a side without a
tower can only lose by losing its heroes.`,
	Example:    "points = [{ id = 1, x = 1, y = 1, tower = { side = \"red\", hp = 100 } }]  # no blue tower\n",
	Categories: []string{"map"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		var has [2]bool
		for _, pt := range p.Model.Map.Points {
			if pt.Tower != nil {
				if s := engine.SideByName(pt.Tower.Side); s >= 0 {
					has[s] = true
				}
			}
		}
		for s, ok := range has {
			if !ok {
				report(p, "/map/points", "Side without a tower", "No point carries a %s tower.", engine.SideNames[s])
			}
		}
	},
}

// MissingHook reports skills whose hook has no script.
var MissingHook = &lint.Rule[*Unit]{
	Name: "glory-missing-hook",
	Doc: `skill names a hook without a script

A skill's hook is builtin:glory/skill/<hook>.lua unless the skill names its
own script; the file must exist.`,
	Example:    "skills = [{ id = \"x\", hook = \"no_such_hook\", target = \"none\" }]\n",
	Categories: []string{"reference", "scripts"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for h, hs := range u.Heroes {
			for s, sk := range hs.Skills {
				if sk.Hook == "" {
					continue
				}
				ref := ScriptOf(u.Model, sk)
				if _, ok := ReadScript(ref); !ok {
					field := "hook"
					if sk.Script != "" {
						field = "script"
					}
					report(p, SkillPtr(h, s, field), "Missing hook script", "The skill %q names hook %q, but %s does not exist.", sk.ID, sk.Hook, ref.Path)
				}
			}
		}
	},
}

// SkillLimits reports cooldowns, uses and costs out of any sensible range.
var SkillLimits = &lint.Rule[*Unit]{
	Name: "glory-skill-limits",
	Doc: `skill cooldown, uses or cost out of range

A cost above the starting purse can never be paid in the first rounds; a
cooldown as long as the round cap makes the skill single-use; more than 20
uses per game is certainly a typo for "no limit" (0).`,
	Example:    "skills = [{ id = \"x\", hook = \"teleport\", target = \"point\", cost = 40 }]\n",
	Categories: []string{"numbers"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for h, hs := range u.Heroes {
			for s, sk := range hs.Skills {
				if sk.Cost > u.Config.Rules.StartG {
					report(p, SkillPtr(h, s, "cost"), "Cost out of range", "Skill %q costs %d G, more than the starting purse of %d.", sk.ID, sk.Cost, u.Config.Rules.StartG)
				}
				if mr := u.Config.Rules.MaxRounds; mr > 0 && sk.Cooldown >= mr {
					report(p, SkillPtr(h, s, "cooldown"), "Cooldown out of range", "Skill %q has cooldown %d, not shorter than the round cap %d.", sk.ID, sk.Cooldown, mr)
				}
				if sk.Uses > 20 {
					report(p, SkillPtr(h, s, "uses"), "Uses out of range", "Skill %q allows %d uses; 0 means no limit.", sk.ID, sk.Uses)
				}
			}
		}
	},
}

// SkillTarget reports targeting settings that cannot apply.
var SkillTarget = &lint.Rule[*Unit]{
	Name: "glory-skill-target",
	Doc: `range or los on a skill that aims at nothing

Range and los restrict the target; a skill with target "none", or a
passive skill, has none to restrict (a turn-start skill with a target,
such as 约谈, has one).`,
	Example:    "skills = [{ id = \"x\", hook = \"infrasound\", target = \"none\", los = true }]\n",
	Categories: []string{"numbers"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		for h, hs := range p.Model.Heroes {
			for s, sk := range hs.Skills {
				if sk.Target != "none" && sk.Phase != "passive" {
					continue
				}
				if sk.LOS {
					report(p, SkillPtr(h, s, "los"), "Nothing to see", "Skill %q has no target, so los does nothing.", sk.ID)
				}
				if sk.Range != nil && *sk.Range >= 0 {
					report(p, SkillPtr(h, s, "range"), "Nothing in range", "Skill %q has no target, so range does nothing.", sk.ID)
				}
			}
		}
	},
}

// SmallPool reports a draft pool too small for the draft.
var SmallPool = &lint.Rule[*Unit]{
	Name: "glory-small-pool",
	Doc: `draft pool smaller than ten

The draft gives each side a main hero and rules.picks more (4): ten
distinct heroes with the default rules.`,
	Example:    "# only nine [[heroes]]\n",
	Categories: []string{"draft"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		need := 2 * (1 + p.Model.Config.Rules.Picks)
		ptr := "/heroes"
		if p.Model.Rules.Picks != nil {
			ptr = "/rules/picks"
		}
		if n := len(p.Model.Heroes); n < need {
			report(p, ptr, "Draft pool too small", "The draft needs %d heroes; the pool has %d.", need, n)
		}
	},
}

// WeaponTable reports weapons whose table cannot work as written.
var WeaponTable = &lint.Rule[*Unit]{
	Name: "glory-weapon-table",
	Doc: `weapon table that cannot work as written

A single-target weapon has no splash; a fixed weapon is never bought, so
it needs no preparation cost or limit; a fixed weapon no hero carries is
dead content.`,
	Example:    "[[weapons]]\nid = \"Gatling\"\ndamage = [40]\nsingle = true\nsplash = [5, 3]  # never used\n",
	Categories: []string{"numbers"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, w := range u.Weapons {
			if w.Single && slices.ContainsFunc(w.Splash, func(v int) bool { return v != 0 }) {
				report(p, Ptr("weapons", i, "splash"), "Splash of a single-target weapon", "%s hits one target; its splash is never used.", w.ID)
			}
			if w.Fixed && (w.PrepareCost != 0 || w.PrepLimit != 0) {
				report(p, Ptr("weapons", i, "id"), "Price of a fixed weapon", "%s is fixed: it is never bought, so prepare_cost and prep_limit do nothing.", w.ID)
			}
			if w.Fixed && !slices.ContainsFunc(u.Heroes, func(h HeroSrc) bool { return slices.Contains(h.Weapons, w.ID) }) {
				report(p, Ptr("weapons", i, "id"), "Unused fixed weapon", "No hero carries the fixed weapon %s.", w.ID)
			}
		}
	},
}

// HeroWeapons reports heroes carrying weapons that are not fixed.
var HeroWeapons = &lint.Rule[*Unit]{
	Name: "glory-hero-weapons",
	Doc: `hero starts with a weapon that is not fixed

A hero's weapons list holds its own fixed weapons (HJK's Barrett); main
weapons are bought in the preparation phase.`,
	Example:    "[[heroes]]\nid = \"BM\"\nweapons = [\"M202\"]  # M202 is bought, not fixed\n",
	Categories: []string{"reference"},
	Severity:   diag.Error,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for h, hs := range u.Heroes {
			for i, w := range hs.Weapons {
				if j, ok := u.Ix.Weapons[w]; ok && !u.Weapons[j].Fixed {
					report(p, Ptr("heroes", h, "weapons", fmt.Sprint(i)), "Weapon is not fixed", "%s is bought in the preparation phase; only fixed weapons can be a hero's own.", w)
				}
			}
		}
	},
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
