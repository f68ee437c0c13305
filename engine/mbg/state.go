package mbg

import "slices"

// Officer jobs (the original's job codes).
const (
	JobNone       = -1 // free, or travelling with his role (retinue)
	JobMayor      = 0
	JobTreasurer  = 1
	JobCitizen    = 2 // garrison member without a post
	JobResearcher = 3
	JobTrainee    = 4
)

// Movement states of a role.
const (
	MoveNormal = "normal"
	MoveSlow   = "slow"
	MoveFast   = "fast"
	MoveStop   = "stop"
)

// Alliance states of a role (RoleState.Ally); a value ≥ 0 is the ally.
const (
	NoAlly      = -1
	PublicEnemy = -2
)

// State is the complete mutable state of a game. The JSON form is the save
// format; membership lists (retinues, garrisons, posts, free pools) are not
// saved but rebuilt from each officer's Role, Job and Loc, which are the one
// source of truth, so a save cannot hold contradicting copies.
type State struct {
	// Turn is the current turn, from 1.
	Turn int `json:"turn"`
	// Next is the role to act next in Turn; len(Roles) means every role has
	// acted and the end-of-turn settlement is due.
	Next int `json:"next"`
	// Over is set when the game has ended; Result is then final.
	Over   bool   `json:"over"`
	Result Result `json:"result"`

	Officers   []OfficerState   `json:"officers"`
	Cities     []CityState      `json:"cities"`
	Institutes []InstituteState `json:"institutes"`
	Trainings  []TrainingState  `json:"training_rooms"`
	Squares    []SquareState    `json:"squares"`
	Roles      []RoleState      `json:"roles"`

	// Free lists the free officers by level (0 low, 1 mid, 2 high), ascending:
	// the hall draws from these.
	Free [3][]int `json:"-"`
}

// OfficerState is one officer's mutable state.
type OfficerState struct {
	Role  int               `json:"role"` // -1 free
	Job   int               `json:"job"`  // Job*
	Loc   int               `json:"loc"`  // city, institute or training room by Job; -1 otherwise
	HP    float64           `json:"hp"`
	Props [NumProps]float64 `json:"props"` // raw; training changes them
	// Quit marks an officer who leaves his role at the end of the turn
	// (exile tech, defect card).
	Quit bool `json:"quit"`
	// Rumour and Poison count the end-of-turn settlements the status still
	// covers, the current turn's included: a status set for N turns is
	// active until the N-th settlement from the one of the turn it was set in.
	Rumour int `json:"rumour"`
	Poison int `json:"poison"`

	// HPMax and Level are fixed by the config (training changes neither).
	HPMax float64 `json:"-"`
	Level int     `json:"-"`
}

// CityState is one city's mutable state.
type CityState struct {
	Owner    int     `json:"owner"` // role or -1
	Def      float64 `json:"def"`
	Fengshui float64 `json:"fengshui"`

	DefMax    float64 `json:"-"`
	Garrison  []int   `json:"-"` // ascending, mayor and treasurer included
	Mayor     int     `json:"-"` // officer or -1
	Treasurer int     `json:"-"` // officer or -1
}

// InstituteState is one institute's per-role research slots.
type InstituteState struct {
	Tech   []int     `json:"tech"`   // per role: tech being studied or -1
	Points []float64 `json:"points"` // per role: points still to study

	Researcher []int `json:"-"` // per role: officer or -1
}

// TrainingState is one training room's per-role slots.
type TrainingState struct {
	Left []int `json:"left"` // per role: turns of training left

	Trainee []int `json:"-"` // per role: officer or -1
}

// SquareState is what cards have put on a board square.
type SquareState struct {
	Barrier bool `json:"barrier"`
	Robber  bool `json:"robber"`
}

// RoleState is one role's mutable state.
type RoleState struct {
	// Loc is the board square, or -1 once the role is out of the game (or
	// never played).
	Loc      int     `json:"loc"`
	Bankrupt bool    `json:"bankrupt"`
	Money    float64 `json:"money"`
	Dir      int     `json:"dir"` // +1 or -1
	// Move is the movement state; MoveLeft counts the role's turns it still
	// covers, and MoveTurn is the turn that last used it. A state set for N
	// turns covers exactly the next N turns in which the role moves (or, when
	// stopped, would move): the first move of a turn uses up one, later moves
	// in the same turn (extra actions) share it. So the length does not
	// depend on whether the role had already moved in the turn the card was
	// played (the original's countdown at every settlement gave 2 or 3).
	Move     string `json:"move"`
	MoveLeft int    `json:"move_left"`
	MoveTurn int    `json:"move_turn"`
	// Extra is a pending extra action this turn (double-move card).
	Extra bool `json:"extra"`
	// Ally is NoAlly, PublicEnemy or the allied role; AllyLeft counts the
	// end-of-turn settlements it still covers, the current turn's included
	// (like officer statuses).
	Ally     int   `json:"ally"`
	AllyLeft int   `json:"ally_left"`
	Techs    []int `json:"techs"` // known techs, ascending
	Cards    []int `json:"cards"` // count per card kind

	Retinue []int `json:"-"` // ascending
	Cities  []int `json:"-"` // owned cities, ascending
}

// alive reports whether the role is still in the game.
func (r *RoleState) alive() bool { return r.Loc >= 0 }

// insertSorted adds v to the ascending slice s (no duplicates).
func insertSorted(s []int, v int) []int {
	i, found := slices.BinarySearch(s, v)
	if found {
		return s
	}
	return slices.Insert(s, i, v)
}

// removeSorted removes v from the ascending slice s, if present.
func removeSorted(s []int, v int) []int {
	i, found := slices.BinarySearch(s, v)
	if !found {
		return s
	}
	return slices.Delete(s, i, i+1)
}

// effective is an officer's property as the rules read it: reduced while
// poisoned (facts §11). Price, level and the training cap read raw values.
func (g *Game) effective(o int, p Prop) float64 {
	of := &g.st.Officers[o]
	v := of.Props[p]
	if of.Poison > 0 {
		v *= g.cfg.Constants.PPoisonPropScale
	}
	return v
}

// earn is a city's income per turn: max(min_earn, the treasurer's effective
// economy) × (1.5 + 0.5·scope + fengshui); a missing or rumoured treasurer
// counts as min_earn (facts §10.3).
func (g *Game) earn(c int) float64 {
	cs := &g.st.Cities[c]
	v := 0.0
	if t := cs.Treasurer; t >= 0 && g.st.Officers[t].Rumour == 0 {
		v = g.effective(t, Jing)
	}
	v = max(v, g.cfg.Constants.MinEarn)
	return v * (1.5 + 0.5*float64(g.cfg.Cities[c].Scope) + cs.Fengshui)
}

// heal changes officer o's hp by x > 0, capped at his hpmax; it returns the
// amount healed.
func (g *Game) heal(o int, x float64) float64 {
	of := &g.st.Officers[o]
	old := of.HP
	of.HP = min(of.HP+x, of.HPMax)
	return of.HP - old
}

// pay takes up to amount from role r (money never goes negative) and returns
// what was taken.
func (g *Game) pay(r int, amount float64) float64 {
	rs := &g.st.Roles[r]
	paid := min(max(amount, 0), rs.Money)
	rs.Money -= paid
	return paid
}

// ---- membership: every change of an officer's place goes through these ----

// toRetinue makes officer o, who must belong to role r and hold no post, a
// retinue member of r.
func (g *Game) toRetinue(o, r int) {
	of := &g.st.Officers[o]
	of.Role, of.Job, of.Loc = r, JobNone, -1
	g.st.Roles[r].Retinue = insertSorted(g.st.Roles[r].Retinue, o)
}

// leavePost takes officer o out of whatever he does (retinue, city, institute,
// training room), leaving his Role unchanged and him in no list. A city left
// without garrison becomes unowned (facts §10.4).
func (g *Game) leavePost(o int) {
	of := &g.st.Officers[o]
	r := of.Role
	switch of.Job {
	case JobNone:
		if r >= 0 {
			g.st.Roles[r].Retinue = removeSorted(g.st.Roles[r].Retinue, o)
		}
	case JobMayor, JobTreasurer, JobCitizen:
		c := of.Loc
		cs := &g.st.Cities[c]
		cs.Garrison = removeSorted(cs.Garrison, o)
		if cs.Mayor == o {
			cs.Mayor = -1
		}
		if cs.Treasurer == o {
			cs.Treasurer = -1
		}
		if len(cs.Garrison) == 0 && cs.Owner >= 0 {
			owner := cs.Owner
			g.unown(c)
			e := ev(EvCityAbandoned)
			e.Role, e.Place = owner, c
			g.emit(e)
		}
	case JobResearcher:
		is := &g.st.Institutes[of.Loc]
		is.Researcher[r], is.Tech[r], is.Points[r] = -1, -1, 0
	case JobTrainee:
		ts := &g.st.Trainings[of.Loc]
		ts.Trainee[r], ts.Left[r] = -1, 0
	}
	of.Job, of.Loc = JobNone, -1
}

// release makes officer o free: he leaves his post and his role and goes back
// to the free pool of his level with his current hp.
func (g *Game) release(o int) {
	g.leavePost(o)
	of := &g.st.Officers[o]
	of.Role = -1
	of.Quit = false
	g.st.Free[of.Level] = insertSorted(g.st.Free[of.Level], o)
}

// unown makes city c unowned; its garrison must already be empty or be
// handled by the caller.
func (g *Game) unown(c int) {
	cs := &g.st.Cities[c]
	if cs.Owner >= 0 {
		g.st.Roles[cs.Owner].Cities = removeSorted(g.st.Roles[cs.Owner].Cities, c)
	}
	cs.Owner = -1
}

// own gives the unowned city c to role r.
func (g *Game) own(c, r int) {
	g.st.Cities[c].Owner = r
	g.st.Roles[r].Cities = insertSorted(g.st.Roles[r].Cities, c)
}

// garrison moves retinue officer o of the city's owner into city c.
func (g *Game) garrison(o, c int) {
	g.leavePost(o)
	of := &g.st.Officers[o]
	of.Job, of.Loc = JobCitizen, c
	cs := &g.st.Cities[c]
	cs.Garrison = insertSorted(cs.Garrison, o)
}

// appoint makes garrison officer o of city c its mayor (JobMayor) or
// treasurer (JobTreasurer). One person holds one post: appointing the mayor
// as treasurer (or back) empties the other post, as in the original.
func (g *Game) appoint(o, c, job int) {
	cs := &g.st.Cities[c]
	old := &cs.Mayor
	other := &cs.Treasurer
	if job == JobTreasurer {
		old, other = other, old
	}
	if *old >= 0 {
		g.st.Officers[*old].Job = JobCitizen
	}
	if *other == o {
		*other = -1
	}
	*old = o
	g.st.Officers[o].Job = job
}
