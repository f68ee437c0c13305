package mbg

import (
	"errors"
	"fmt"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/kit/scentest"
)

// Explanation is what `mapc inspect --ai` prints for an mbg scenario: the
// pending request after the replayed decisions, every option as the
// heuristic agent rated it (its candidates), what it chooses and the rule
// of thumb it follows for that kind of request.
type Explanation struct {
	Game       string      `json:"game"`
	Name       string      `json:"name"`
	Seed       uint64      `json:"seed"`
	Decisions  int         `json:"after_decisions"`
	Turn       int         `json:"turn"`
	Request    string      `json:"request"`
	Role       string      `json:"role"`
	Candidates []Candidate `json:"candidates"`
	Choice     int         `json:"choice"`
	Chosen     string      `json:"chosen"`
	Rule       string      `json:"rule"`
}

// Candidate is one option of the pending request: its stable label, the
// officer it names, and how the agent rated it. Where the agent scores
// options, Score is the sum of Terms (their product when Product is set)
// and the highest positive score wins; where its rule decides, Score is
// absent and Terms are the quantities the rule compared. Skip says why the
// option was not taken.
type Candidate struct {
	Option  string       `json:"option"`
	Name    string       `json:"name,omitempty"`
	Terms   []agent.Term `json:"terms,omitempty"`
	Product bool         `json:"product,omitempty"`
	Score   *float64     `json:"score,omitempty"`
	Skip    string       `json:"skip,omitempty"`
}

// heuristicRules say how the heuristic agent (engine/mbg/agent) answers
// each kind of request.
var heuristicRules = map[engine.RequestKind]string{
	engine.AskAction:     "Plays a card when it has a purpose now (steal from the richest, rumour or poison a rival's best officer, block the leader, speed itself up), each card at most once a turn; otherwise moves.",
	engine.AskCardTarget: "Aims the card at the target its plan chose (the richest rival, the rivals' most valuable officer the card still hurts, the leader's square); cancels when the plan has none.",
	engine.AskOccupy:     "Occupies when the retinue has at least two officers, so one can garrison while another stays to fight.",
	engine.AskGarrison:   "Sends the retinue's best economist (and with four or more officers its best politician too), keeping the best fighter unless he is the only one.",
	engine.AskMayor:      "Picks the garrison officer with the highest mayor score (politics, for healing the garrison).",
	engine.AskTreasurer:  "Picks the garrison officer with the highest effective economy (income).",
	engine.AskHire:       "Hires the most valuable officer it can afford while keeping a reserve of 4000 gold; otherwise none.",
	engine.AskResearch:   "Researches the most useful tech (by its rank of the standard techs) with an officer it can spare, keeping the reserve; otherwise none.",
	engine.AskTrain:      "Trains an officer it can spare in the room's property when that helps; otherwise none.",
	engine.AskScale:      "Fights only when its general is expected to win at least 1.5 times faster than the defender (walls included), at the largest scale it can pay; otherwise no battle.",
	engine.AskGeneral:    "Sends the officer with the best main-general score: (tactics + 1) × (hp + 1) × (martial + 20).",
	engine.AskVice:       "Adds the vice general who strengthens the main general most, if any.",
	engine.AskAllocate:   "Fills empty posts (mayor, treasurer) with the best garrison officer for them, and brings an officer back when the role has nobody to fight with; then done.",
}

// ExplainAI implements scentest.AIExplainer. mbg has no per-unit decisions,
// so person must be empty.
func (Game) ExplainAI(config any, seed uint64, decisions []int, person string) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("mbg: cannot explain a %T", config)
	}
	if person != "" {
		return nil, errors.New("--person: mbg decides per role, not per person; use --at to pick the decision")
	}
	g, closer, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer closer()
	pause := &scentest.Pause[*engine.View, *engine.Request]{Log: decisions, Options: func(r *engine.Request) int { return len(r.Options) }}
	_, err = g.Run(pause.Deciders(len(cfg.Roles)))
	if err := pause.Check(err); err != nil {
		return nil, err
	}
	v, req := pause.View, pause.Req
	ex := &Explanation{Game: "mbg", Name: cfg.Name, Seed: seed, Decisions: len(decisions), Turn: v.Turn(),
		Request: req.Kind.String(), Rule: heuristicRules[req.Kind], Candidates: []Candidate{}}
	if req.Player >= 0 && req.Player < len(cfg.Roles) {
		ex.Role = cfg.Roles[req.Player].Name
	}
	for _, o := range req.Options {
		oe := Candidate{Option: o.ID()}
		if (o.Kind == engine.OptOfficer || o.Kind == engine.OptResearch) && o.A >= 0 && o.A < len(cfg.Officers) {
			oe.Name = cfg.Officers[o.A].Name
			if o.Kind == engine.OptResearch && o.B >= 0 && o.B < len(cfg.Techs) {
				oe.Name += " → " + cfg.Techs[o.B].ID
			}
		}
		ex.Candidates = append(ex.Candidates, oe)
	}
	h := agent.NewHeuristic()
	h.Trace = func(s agent.Scored) {
		if s.Option < 0 || s.Option >= len(ex.Candidates) {
			return
		}
		c := &ex.Candidates[s.Option]
		c.Product, c.Skip = s.Product, s.Skip
		for _, t := range s.Terms {
			c.Terms = append(c.Terms, agent.Term{Name: t.Name, Value: round2(t.Value)})
		}
		if s.Score != nil {
			sc := round2(*s.Score)
			c.Score = &sc
		}
	}
	i, err := h.Decide(v, req)
	if err != nil {
		return nil, err
	}
	ex.Choice = i
	if i >= 0 && i < len(req.Options) {
		ex.Chosen = req.Options[i].ID()
	}
	return ex, nil
}

var _ scentest.AIExplainer = Game{}
