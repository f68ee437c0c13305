package mbg

import (
	"fmt"
	"slices"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
)

// PostOutsideGarrison reports a mayor or treasurer who is not in the city's garrison.
var PostOutsideGarrison = &lint.Rule[*Unit]{
	Name: "mbg-post-outside-garrison",
	Doc: `mayor or treasurer not in the garrison

A city's mayor and treasurer are chosen from the officers stationed there,
and one officer cannot hold both posts (the original engine left such a
city pointing at an officer who held only the second post).`,
	Example:    "[[cities]]\nname = \"洛阳\"\nscope = \"medium\"\ngarrison = [\"关羽\"]\ntreasurer = \"曹操\"  # not stationed in 洛阳\n",
	Categories: []string{"assignment"},
	Run: func(p *lint.Pass[*Unit]) {
		u := p.Model
		for i, c := range u.Cities {
			// A garrison that names an unknown officer is already an error
			// (mbg-unknown-ref); the post most likely names the officer the
			// typo meant, so saying it is outside the garrison would be the
			// same mistake reported twice.
			var known []string
			typo := false
			for _, o := range c.Garrison {
				if u.Ix.Officers.Lookup(o) < 0 {
					typo = true
				} else {
					known = append(known, o)
				}
			}
			for _, post := range []struct{ key, who string }{{"mayor", c.Mayor}, {"treasurer", c.Treasurer}} {
				if typo || post.who == "" || u.Ix.Officers.Lookup(post.who) < 0 || slices.Contains(c.Garrison, post.who) {
					continue
				}
				report(p, diag.Diagnostic{Summary: "Post outside the garrison",
					Detail:      fmt.Sprintf("The %s of %s, %s, is not in its garrison. Add %s to garrison or choose one of its officers.", post.key, c.Name, post.who, post.who),
					Subject:     u.Src.Range(Ptr("cities", i, post.key)),
					Suggestions: known})
			}
			if c.Mayor != "" && c.Mayor == c.Treasurer {
				report(p, diag.Diagnostic{Summary: "Same officer in two posts",
					Detail:  fmt.Sprintf("%s is both mayor and treasurer of %s; one officer holds one post.", c.Mayor, c.Name),
					Subject: u.Src.Range(Ptr("cities", i, "treasurer"))})
			}
		}
	},
}
