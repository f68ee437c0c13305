package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// NumberRange reports numbers the engine would accept but that make no sense.
var NumberRange = &lint.Rule[*Unit]{
	Name: "ftbt-number-range",
	Doc: `number outside its meaningful range

The schema checks types and the hard bounds of the constants; this rule
checks the values of people, techs and AI factors: hp must be at least 1;
abi, def and speed must not be negative; an area of effect needs a radius
and ratio of at least 0; a duration must not be negative; a range
shorthand [min, max] needs min ≤ max; AI factors must not be negative.
The original engine checked none of these.`,
	Example:    "[[people]]\nname = \"A\"\nside = 0\nabi = 22\ndef = -3  # defence cannot be negative\nhp = 0    # nobody starts dead\nspeed = 100\nat = [13, 16]\n",
	Categories: []string{"value"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		bad := func(ptr, what string, v int, want string) {
			report(p, diag.Diagnostic{Summary: "Number out of range",
				Detail:  fmt.Sprintf("%s is %d; it must be %s.", what, v, want),
				Subject: u.Src.Range(ptr)})
		}
		for i, pr := range u.People {
			field := func(key string) string { return Ptr("people", i, key) }
			if _, ok := u.Src.Lookup(field("hp")); ok && pr.HP < 1 {
				bad(field("hp"), "The hp of "+pr.Name, pr.HP, "at least 1")
			}
			for _, f := range []struct {
				key string
				v   int
			}{{"abi", pr.Abi}, {"def", pr.Def}, {"speed", pr.Speed}} {
				if f.v < 0 {
					bad(field(f.key), "The "+f.key+" of "+pr.Name, f.v, "at least 0")
				}
			}
			if pr.AI != nil {
				for _, f := range []struct {
					key string
					v   *int
				}{{"att", pr.AI.Att}, {"def", pr.AI.Def}, {"move", pr.AI.Move}} {
					if f.v != nil && *f.v < 0 {
						bad(Ptr("people", i, "ai", f.key), "The AI factor "+f.key+" of "+pr.Name, *f.v, "at least 0 (leave ai out to disable the AI)")
					}
				}
			}
		}
		for i, t := range u.Techs {
			if t.AOE.Radius < 0 {
				bad(Ptr("techs", i, "aoe", "radius"), "The area radius of "+t.Name, t.AOE.Radius, "at least 0 (0 is the target cell only)")
			}
			if t.AOE.Ratio < 0 {
				bad(Ptr("techs", i, "aoe", "ratio"), "The area ratio of "+t.Name, t.AOE.Ratio, "at least 0")
			}
			if t.Duration < 0 {
				bad(Ptr("techs", i, "duration"), "The duration of "+t.Name, t.Duration, "at least 0 (0 is permanent for buffs and fly)")
			}
			for _, s := range []struct {
				key string
				iv  *Interval
			}{{"line", t.Range.Line}, {"diagonal", t.Range.Diagonal}, {"ring", t.Range.Ring}} {
				if s.iv != nil && !s.iv.Invalid && s.iv.Min > s.iv.Max {
					report(p, diag.Diagnostic{Summary: "Number out of range",
						Detail:  fmt.Sprintf("The %s shorthand of %s runs from %d to %d, which is empty; write [min, max] with min ≤ max.", s.key, t.Name, s.iv.Min, s.iv.Max),
						Subject: u.Src.Range(Ptr("techs", i, "range", s.key))})
				}
			}
		}
	},
}

// NumberSane warns about legal numbers far from anything that plays well.
var NumberSane = &lint.Rule[*Unit]{
	Name: "ftbt-number-sane",
	Doc: `number outside its sane range

The value is legal but odd: a constant or AI constant far from star.tech's
(the detail gives the default), an ability above max_abi (fly and
disable-long formulas then give odd weights and radii, facts §8.3), an
area ratio above 100 percent (the area hits harder than the target), or a
terrain of weight 0 (free movement).`,
	Example:    "[constants]\nmax_abi = 1  # sane range 5..1000, star.tech 30\n",
	Categories: []string{"value"},
	Severity:   diag.Warning,
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for _, s := range Settings {
			v := u.Values[s.Path()]
			if u.Set[s.Path()] && (v < s.SaneMin || v > s.SaneMax) {
				report(p, diag.Diagnostic{Summary: "Setting outside its sane range",
					Detail:  fmt.Sprintf("%s = %d is outside %d..%d (star.tech %d). %s", s.Path(), v, s.SaneMin, s.SaneMax, s.Default, s.Doc),
					Subject: u.Src.Range("/" + s.Table + "/" + s.Key)})
			}
		}
		maxAbi := u.Values["constants.max_abi"]
		for i, pr := range u.People {
			if pr.Abi > maxAbi {
				report(p, diag.Diagnostic{Summary: "Ability above max_abi",
					Detail:  fmt.Sprintf("The abi of %s is %d, above max_abi = %d: its fly techs give zero or negative weights and its disable-long radius grows past the tech's.", pr.Name, pr.Abi, maxAbi),
					Subject: u.Src.Range(Ptr("people", i, "abi"))})
			}
		}
		for i, t := range u.Techs {
			if t.AOE.Ratio > 100 {
				report(p, diag.Diagnostic{Summary: "Area ratio above 100",
					Detail:  fmt.Sprintf("The area ratio of %s is %d%%: cells around the target get more than the target itself.", t.Name, t.AOE.Ratio),
					Subject: u.Src.Range(Ptr("techs", i, "aoe", "ratio"))})
			}
		}
		for i, t := range u.Terrains {
			if t.Weight == 0 {
				report(p, diag.Diagnostic{Summary: "Terrain of weight 0",
					Detail:  fmt.Sprintf("Entering %s costs nothing, so people cross any number of its cells in one move. Use -1 for impassable terrain.", t.Name),
					Subject: u.Src.Range(Ptr("terrains", i, "weight"))})
			}
		}
	},
}
