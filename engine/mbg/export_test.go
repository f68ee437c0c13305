package mbg

import (
	"fmt"
	"slices"
)

// CheckInvariants rebuilds every membership list from the officers' own
// fields (as Load does) and reports any difference from the live lists, and
// any value Load would refuse. Tests call it after every step.
func (g *Game) CheckInvariants() error {
	// A copy of the saved fields (restore rebuilds the rest in place).
	c := &Game{cfg: g.cfg, st: g.st}
	st := &c.st
	st.Free = [3][]int{}
	st.Officers = slices.Clone(st.Officers)
	st.Cities = slices.Clone(st.Cities)
	st.Roles = slices.Clone(st.Roles)
	st.Institutes = slices.Clone(st.Institutes)
	for i := range st.Institutes {
		st.Institutes[i].Tech = slices.Clone(st.Institutes[i].Tech)
		st.Institutes[i].Points = slices.Clone(st.Institutes[i].Points)
	}
	st.Trainings = slices.Clone(st.Trainings)
	if err := c.restore(); err != nil {
		return err
	}
	same := func(what string, a, b []int) error {
		if !slices.Equal(a, b) && len(a)+len(b) > 0 {
			return fmt.Errorf("%s: live %v, rebuilt %v", what, a, b)
		}
		return nil
	}
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	for r := range g.st.Roles {
		add(same(fmt.Sprintf("role %d retinue", r), g.st.Roles[r].Retinue, c.st.Roles[r].Retinue))
		add(same(fmt.Sprintf("role %d cities", r), g.st.Roles[r].Cities, c.st.Roles[r].Cities))
	}
	for i := range g.st.Cities {
		a, b := &g.st.Cities[i], &c.st.Cities[i]
		add(same(fmt.Sprintf("city %d garrison", i), a.Garrison, b.Garrison))
		if a.Mayor != b.Mayor || a.Treasurer != b.Treasurer {
			add(fmt.Errorf("city %d posts: live %d/%d, rebuilt %d/%d", i, a.Mayor, a.Treasurer, b.Mayor, b.Treasurer))
		}
		if a.Owner >= 0 && len(a.Garrison) == 0 {
			add(fmt.Errorf("city %d owned by %d without garrison", i, a.Owner))
		}
	}
	for i := range g.st.Institutes {
		add(same(fmt.Sprintf("institute %d", i), g.st.Institutes[i].Researcher, c.st.Institutes[i].Researcher))
	}
	for i := range g.st.Trainings {
		add(same(fmt.Sprintf("training %d", i), g.st.Trainings[i].Trainee, c.st.Trainings[i].Trainee))
	}
	for l := range g.st.Free {
		add(same(fmt.Sprintf("free %d", l), g.st.Free[l], c.st.Free[l]))
	}
	if len(errs) > 0 {
		return fmt.Errorf("turn %d: %v", g.st.Turn, errs)
	}
	return nil
}

// State exposes the live state to the external tests.
func (g *Game) State() *State { return &g.st }
