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
