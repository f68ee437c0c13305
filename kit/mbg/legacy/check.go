package legacy

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
)

// Check validates the cross-references and values of a parsed Map, which
// the original engine never checks at load.
//
// Errors are what makes the original panic or misbehave: an index that
// refers to nothing (mbg-legacy-index: officer, city, square, tech, a
// square's base) and a value outside its set (mbg-legacy-value: square
// class, city scope, training prop). Warnings (mbg-legacy-value) are the
// quirks the original accepts with surprising results: a direction other
// than ±1, duplicate membership or ownership, a mayor or treasurer outside
// the garrison or holding both posts, a garrison in an unowned city, an owned
// city without garrison, and a role that never plays but holds officers.
//
// Every diagnostic points at the offending token. Fields that were not read
// from a token (not Present) are skipped. Check is meant for a Map that Parse
// read without errors; on a partial Map it may report follow-on problems,
// but it never panics.
func Check(m *Map) diag.Diagnostics {
	if m == nil {
		return nil
	}
	c := &checker{m: m}
	c.squares()
	c.cities()
	c.roles()
	c.institutes()
	c.trains()
	c.membership()
	return c.ds
}

type checker struct {
	m  *Map
	ds diag.Diagnostics
}

func (c *checker) report(sev diag.Severity, code string, r diag.Range, summary, detail string, related ...diag.Related) {
	if r.Start.Line <= 0 {
		return // not read from the file: nothing to point at
	}
	c.ds = append(c.ds, diag.Diagnostic{
		Severity: sev, Code: code, Summary: summary, Detail: detail, Subject: r.Ptr(), Related: related,
	})
}

// noun is a kind of indexed record, for messages.
type noun int

const (
	nOfficer noun = iota
	nCity
	nInst
	nTrain
	nSquare
)

func (n noun) one() string {
	switch n {
	case nOfficer:
		return "officer"
	case nCity:
		return "city"
	case nInst:
		return "institute"
	case nTrain:
		return "training room"
	}
	return "square"
}

func (n noun) many() string {
	if n == nCity {
		return "cities"
	}
	return n.one() + "s"
}

// count is "1 officer", "2 officers".
func count(n int, what noun) string {
	if n == 1 {
		return "1 " + what.one()
	}
	return fmt.Sprintf("%d %s", n, what.many())
}

// has describes an index space: "the map has 5 cities (indices 0 to 4)".
func has(n int, what noun) string {
	switch n {
	case 0:
		return "the map has no " + what.many()
	case 1:
		return "the map has 1 " + what.one() + " (index 0)"
	}
	return fmt.Sprintf("the map has %d %s (indices 0 to %d)", n, what.many(), n-1)
}

func (c *checker) officerName(i int) string {
	if i >= 0 && i < len(c.m.Officers) && c.m.Officers[i].Name.V != "" {
		return fmt.Sprintf("officer %d (%s)", i, displayName(c.m.Officers[i].Name.V))
	}
	return fmt.Sprintf("officer %d", i)
}

func (c *checker) cityName(i int) string {
	if i >= 0 && i < len(c.m.Cities) && c.m.Cities[i].Name.V != "" {
		return fmt.Sprintf("city %s (index %d)", displayName(c.m.Cities[i].Name.V), i)
	}
	return fmt.Sprintf("city %d", i)
}

func named(kind, name string, i int) string {
	if name == "" {
		return fmt.Sprintf("%s %d", kind, i)
	}
	return fmt.Sprintf("%s %s (index %d)", kind, displayName(name), i)
}

// index reports t if it is not a valid index below n.
func (c *checker) index(t Tok[int], n int, what noun, holder, consequence string) {
	if !t.Present() || (t.V >= 0 && t.V < n) {
		return
	}
	c.report(diag.Error, CodeIndex, t.R, "Unknown "+what.one()+" index",
		fmt.Sprintf("%s refers to %s %d, but %s. %s", capitalize(holder), what.one(), t.V, has(n, what), consequence))
}

// tech reports t if it is not a tech id.
func (c *checker) tech(t Tok[int], holder, consequence string) {
	if !t.Present() || (t.V >= 0 && t.V < TechCount) {
		return
	}
	c.report(diag.Error, CodeIndex, t.R, "Unknown tech id",
		fmt.Sprintf("%s lists tech %d, but tech ids are 0 to %d. %s", capitalize(holder), t.V, TechCount-1, consequence))
}

func (c *checker) squares() {
	for i, s := range c.m.Squares {
		switch s.Class.V {
		case ClassEmpty, ClassSaloon, ClassChance:
			// The original forces base to 0, so any base is harmless.
		case ClassCity:
			c.index(s.Base, len(c.m.Cities), nCity, fmt.Sprintf("the base of the city square at index %d", i),
				"The original panics when a role lands on this square.")
		case ClassInstitute:
			c.index(s.Base, len(c.m.Institutes), nInst, fmt.Sprintf("the base of the institute square at index %d", i),
				"The original panics when a role lands on this square.")
		case ClassTraining:
			c.index(s.Base, len(c.m.Trains), nTrain, fmt.Sprintf("the base of the training room square at index %d", i),
				"The original panics when a role lands on this square.")
		default:
			if s.Class.Present() {
				c.report(diag.Error, CodeValue, s.Class.R, "Unknown square class",
					fmt.Sprintf("The square at index %d has class %d, but the classes are 0 (empty), 1 (city), 2 (saloon), 3 (institute), 4 (training room) and 5 (chance). The original silently treats it as an empty square.", i, s.Class.V))
			}
		}
	}
}

func (c *checker) cities() {
	for i, city := range c.m.Cities {
		name := named("city", city.Name.V, i)
		if city.Scope.Present() && (city.Scope.V < ScopeSmall || city.Scope.V > ScopeLarge) {
			c.report(diag.Error, CodeValue, city.Scope.R, "Unknown city scope",
				fmt.Sprintf("The scope of %s is %d, but only 0 (small), 1 (medium) and 2 (large) exist. The original gives such a city no defence and computes its income from the raw number.", name, city.Scope.V))
		}
		for _, g := range city.Garrison {
			c.index(g, len(c.m.Officers), nOfficer, "the garrison of "+name,
				"The original silently drops the entry or panics, depending on the index.")
		}
		c.post(city.Mayor, "mayor of "+name)
		c.post(city.Treasurer, "treasurer of "+name)
	}
}

// post checks a mayor or treasurer field: -1 or an officer index.
func (c *checker) post(t Tok[int], holder string) {
	if t.V == -1 {
		return
	}
	c.index(t, len(c.m.Officers), nOfficer, "the "+holder, "The original panics when it loads this map; use -1 for none.")
}

func (c *checker) roles() {
	for i, r := range c.m.Roles {
		name := named("role", r.Name.V, i)
		if r.Loc.V != -1 {
			// The original marks the role on its square at load, so a square
			// beyond the board panics at once; a negative one only when the
			// role first moves.
			consequence := "The original panics when it loads this map; use -1 for a role that does not play."
			if r.Loc.V < 0 {
				consequence = "The original panics when this role first moves; use -1 for a role that does not play."
			}
			c.index(r.Loc, len(c.m.Squares), nSquare, "the start square of "+name, consequence)
		}
		for _, t := range r.Techs {
			c.tech(t, name, "The original silently drops the entry or panics, depending on the id.")
		}
		for _, o := range r.Retinue {
			c.index(o, len(c.m.Officers), nOfficer, "the retinue of "+name,
				"The original silently drops the entry or panics, depending on the index.")
		}
		for _, ct := range r.Cities {
			c.index(ct, len(c.m.Cities), nCity, "the owned-city list of "+name,
				"The original silently drops the entry or panics, depending on the index.")
		}
		if r.Dir.Present() && r.Dir.V != 1 && r.Dir.V != -1 {
			c.report(diag.Warning, CodeValue, r.Dir.R, "Unusual direction",
				fmt.Sprintf("The direction of %s is %d. The original accepts any integer and moves the role that many squares per step, so 0 never moves and other values skip squares. Use 1 (forward) or -1 (backward).", name, r.Dir.V))
		}
		if r.Loc.Present() && r.Loc.V == -1 && (len(r.Retinue) > 0 || len(r.Cities) > 0) {
			c.report(diag.Warning, CodeValue, r.Loc.R, "Inactive role with officers",
				fmt.Sprintf("%s starts on square -1, so it never plays, but the original still binds its retinue and the garrisons of its cities to it: those officers leave the free pool and can never be hired.", capitalize(name)))
		}
	}
}

func (c *checker) institutes() {
	for i, in := range c.m.Institutes {
		name := named("institute", in.Name.V, i)
		for _, t := range in.Techs {
			c.tech(t, name, "The original panics when a role studies here.")
		}
	}
}

func (c *checker) trains() {
	for i, t := range c.m.Trains {
		if t.Item.Present() && (t.Item.V < 0 || t.Item.V >= PropCount) {
			c.report(diag.Error, CodeValue, t.Item.R, "Unknown training prop",
				fmt.Sprintf("%s trains prop %d, but the props are 0 (Wu 武), 1 (Zhan 战), 2 (Mou 谋), 3 (Zheng 政) and 4 (Jing 经). The original panics when a trainee finishes here.", capitalize(named("training room", t.Name.V, i)), t.Item.V))
		}
	}
}

// listing is where an officer or city is first listed.
type listing struct {
	where string
	r     diag.Range
}

// membership checks that every officer is in at most one garrison or
// retinue and every city has at most one owner, and that posts and
// garrisons agree with ownership, in file order (garrisons before retinues).
func (c *checker) membership() {
	m := c.m
	officers := map[int]listing{}
	add := func(t Tok[int], where string) {
		if !t.Present() || t.V < 0 || t.V >= len(m.Officers) {
			return
		}
		if first, dup := officers[t.V]; dup {
			detail := fmt.Sprintf("%s is in %s and also in %s. The original accepts this and ends up with inconsistent state (the officer is counted in both places).",
				capitalize(c.officerName(t.V)), first.where, where)
			if first.where == where {
				detail = fmt.Sprintf("%s is listed twice in %s. The original keeps one entry.", capitalize(c.officerName(t.V)), where)
			}
			c.report(diag.Warning, CodeValue, t.R, "Duplicate membership", detail,
				diag.Related{Message: "first listed here", Range: first.r})
			return
		}
		officers[t.V] = listing{where, t.R}
	}
	for i, city := range m.Cities {
		for _, g := range city.Garrison {
			add(g, "the garrison of "+named("city", city.Name.V, i))
		}
	}
	for i, r := range m.Roles {
		for _, o := range r.Retinue {
			add(o, "the retinue of "+named("role", r.Name.V, i))
		}
	}

	owners := map[int]listing{}
	for i, r := range m.Roles {
		role := named("role", r.Name.V, i)
		for _, ct := range r.Cities {
			if !ct.Present() || ct.V < 0 || ct.V >= len(m.Cities) {
				continue
			}
			if first, dup := owners[ct.V]; dup {
				detail := fmt.Sprintf("%s is owned by %s and also by %s. The original gives it to the later role while both list it.", capitalize(c.cityName(ct.V)), first.where, role)
				if first.where == role {
					detail = fmt.Sprintf("%s lists %s twice among its owned cities. The original keeps one entry.", capitalize(role), c.cityName(ct.V))
				}
				c.report(diag.Warning, CodeValue, ct.R, "Duplicate city ownership", detail,
					diag.Related{Message: "first listed here", Range: first.r})
				continue
			}
			owners[ct.V] = listing{role, ct.R}
			if len(m.Cities[ct.V].Garrison) == 0 {
				c.report(diag.Warning, CodeValue, ct.R, "Owned city without garrison",
					fmt.Sprintf("%s owns %s, whose garrison is empty. The original keeps the ownership, but in play a city is abandoned as soon as its garrison empties, so this state cannot arise otherwise.", capitalize(role), c.cityName(ct.V)))
			}
		}
	}

	for i, city := range m.Cities {
		name := named("city", city.Name.V, i)
		in := map[int]bool{}
		for _, g := range city.Garrison {
			in[g.V] = true
		}
		_, owned := owners[i]
		if !owned && len(city.Garrison) > 0 {
			r := city.NGarrison.R
			if !city.NGarrison.Present() {
				r = city.Name.R
			}
			c.report(diag.Warning, CodeValue, r, "Garrison of an unowned city",
				fmt.Sprintf("No role owns %s, so the original removes its garrison (%s) at load and clears its mayor and treasurer; they stay free for hire.", name, count(len(city.Garrison), nOfficer)))
		}
		valid := func(t Tok[int]) bool { return t.Present() && t.V >= 0 && t.V < len(m.Officers) }
		if valid(city.Mayor) && !in[city.Mayor.V] {
			c.report(diag.Warning, CodeValue, city.Mayor.R, "Mayor outside the garrison",
				fmt.Sprintf("%s names %s as mayor, but he is not in its garrison. The original still gives him the mayor's job without placing him in the city.", capitalize(name), c.officerName(city.Mayor.V)))
		}
		if valid(city.Treasurer) && !in[city.Treasurer.V] {
			c.report(diag.Warning, CodeValue, city.Treasurer.R, "Treasurer outside the garrison",
				fmt.Sprintf("%s names %s as treasurer, but he is not in its garrison. The original still gives him the treasurer's job without placing him in the city.", capitalize(name), c.officerName(city.Treasurer.V)))
		}
		if valid(city.Mayor) && valid(city.Treasurer) && city.Mayor.V == city.Treasurer.V {
			c.report(diag.Warning, CodeValue, city.Treasurer.R, "Same mayor and treasurer",
				fmt.Sprintf("%s names %s as both mayor and treasurer. The original leaves him with only the treasurer's job while both posts point at him.", capitalize(name), c.officerName(city.Mayor.V)))
		}
	}
}
