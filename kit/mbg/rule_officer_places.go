package mbg

import (
	"fmt"
	"strconv"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

func itoa(i int) string { return strconv.Itoa(i) }

// OfficerTwoPlaces reports an officer placed in two garrisons or retinues.
var OfficerTwoPlaces = &lint.Rule[*Unit]{
	Name: "mbg-officer-two-places",
	Doc: `officer assigned to two places

An officer is in one place at a time: one city's garrison or one role's
retinue. The original engine accepted duplicates and ended up in an
inconsistent state; here they are errors.`,
	Example:    "[[cities]]\nname = \"许昌\"\nscope = \"large\"\ngarrison = [\"荀彧\"]\n\n[[roles]]\nname = \"魏\"\nstart = 0\nretinue = [\"荀彧\"]  # already in the garrison of 许昌\nmoney = 5000\n",
	Categories: []string{"assignment"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		type place struct{ ptr, what string }
		first := map[string]place{}
		see := func(name, ptr, what string) {
			if name == "" || u.Ix.Officers.Lookup(name) < 0 {
				return
			}
			if f, ok := first[name]; ok {
				d := diag.Diagnostic{Summary: "Officer in two places",
					Detail:  fmt.Sprintf("%s is already in %s; an officer can be in one garrison or retinue only.", name, f.what),
					Subject: u.Src.Range(ptr)}
				if r := u.Src.Range(f.ptr); r != nil {
					d.Related = []diag.Related{{Message: "first placed here", Range: *r}}
				}
				report(p, d)
				return
			}
			first[name] = place{ptr, what}
		}
		for i, c := range u.Cities {
			for j, o := range c.Garrison {
				see(o, Ptr("cities", i, "garrison", itoa(j)), "the garrison of "+c.Name)
			}
		}
		for i, r := range u.Roles {
			for j, o := range r.Retinue {
				see(o, Ptr("roles", i, "retinue", itoa(j)), "the retinue of "+r.Name)
			}
		}
	},
}
