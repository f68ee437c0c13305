package ftbt

import (
	"errors"
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/scentest"
)

// Explanation is what `mapc inspect --ai` prints for an ftbt level: the
// scoring AI's evaluation of every destination of one person (facts §9.3)
// in its evaluation order, with each score term, and its choice.
type Explanation struct {
	Game      string `json:"game"`
	Name      string `json:"name"`
	Seed      uint64 `json:"seed"`
	Decisions int    `json:"after_decisions"` // recorded decisions replayed first
	Round     int    `json:"round"`
	Side      int    `json:"side"` // the side to move
	Pending   string `json:"pending"`
	Person    string `json:"person"`
	At        [2]int `json:"at"`
	// Factors are the person's AI weights: Total = Att·att + Def·def + Loc·move.
	Factors    *engine.PersonAI `json:"factors"`
	Goal       string           `json:"goal"`
	Candidates []Candidate      `json:"candidates"`
	Chosen     *Candidate       `json:"chosen"`
	Why        string           `json:"why"`
}

// Candidate is one destination the AI evaluated: the best tech use from
// there (slot order, offsets in file order; the first candidate is kept
// unless a later one scores strictly more), the defence and location
// scores and the weighted total.
type Candidate struct {
	Order  int     `json:"order"` // position in the evaluation order (range list pop order)
	Cell   [2]int  `json:"cell"`
	Cost   int     `json:"cost"`
	Tech   string  `json:"tech"`   // "" for none
	Slot   int     `json:"slot"`   // -1 for none
	Target *[2]int `json:"target"` // nil for none
	Att    int     `json:"att"`
	Def    int     `json:"def"`
	Loc    int     `json:"loc"`
	Total  int     `json:"total"`
	// Uses are every tech use scored from this cell, in evaluation order;
	// Att is the best of them.
	Uses []TechUse `json:"uses"`
}

// TechUse is one tech use the AI scored: the tech (its slot) on a target
// cell, and what it is worth.
type TechUse struct {
	Tech   string `json:"tech"`
	Slot   int    `json:"slot"`
	Target [2]int `json:"target"`
	Score  int    `json:"score"`
}

// ExplainAI implements scentest.AIExplainer.
func (Game) ExplainAI(config any, seed uint64, decisions []int, person string) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("ftbt: cannot explain a %T", config)
	}
	return Explain(playable(cfg), seed, decisions, person)
}

// Explain replays decisions in a game of cfg with seed and evaluates the
// next decision of person (by default the one the AI would activate) as
// the scoring AI does.
func Explain(cfg *engine.Config, seed uint64, decisions []int, person string) (*Explanation, error) {
	g, closer, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer closer()
	pause := &scentest.Pause[*engine.View, *engine.Request]{Log: decisions, Options: func(r *engine.Request) int { return len(r.Options) }}
	_, err = g.Run(pause.Deciders(2))
	if err := pause.Check(err); err != nil {
		return nil, err
	}
	v, req := pause.View, pause.Req
	xy := func(c int) [2]int { return [2]int{c % cfg.Width, c / cfg.Width} }
	p := req.Person
	if p < 0 {
		for _, o := range req.Options {
			if o.Kind == engine.OptPerson {
				p = o.A
				break
			}
		}
	}
	if person != "" {
		var names []string
		p = -1
		for i, pc := range cfg.People {
			names = append(names, pc.Name)
			if pc.Name == person && p < 0 {
				p = i
			}
		}
		if p < 0 {
			msg := fmt.Sprintf("--person: no person is named %q (people: %s)", person, strings.Join(names, ", "))
			if m := diag.DidYouMean(person, names); m != "" {
				msg += "; did you mean " + m + "?"
			}
			return nil, errors.New(msg)
		}
	}
	if p < 0 {
		return nil, fmt.Errorf("side %d has nobody left to activate this round", g.Side())
	}
	pc := cfg.People[p]
	pv := v.Person(p)
	ex := &Explanation{Game: "ftbt", Name: cfg.Name, Seed: seed, Decisions: len(decisions), Round: g.Round(), Side: g.Side(),
		Pending: req.Kind.String(), Person: pc.Name, Factors: pc.AI, Candidates: []Candidate{}}
	if pv.Cell >= 0 {
		ex.At = xy(pv.Cell)
	}
	switch {
	case pc.AI == nil:
		ex.Goal = "none"
		ex.Why = "The person has no ai table: the AI does not decide for it (it stays and uses no tech)."
		return ex, nil
	case pv.Cell < 0:
		ex.Why = "The person is off the map."
		return ex, nil
	case pc.AI.GoalX >= 0 && pc.AI.GoalY >= 0:
		ex.Goal = fmt.Sprintf("fixed cell (%d,%d)", pc.AI.GoalX, pc.AI.GoalY)
	default:
		ex.Goal = "the nearest enemy (by static distance)"
	}
	reach := v.Range()
	if req.Kind != engine.AskMove || req.Person != p {
		reach = g.Range(p) // not the activation in progress: its range from where it stands
	}
	cost := map[int]int{}
	for _, r := range reach {
		cost[r.Cell] = r.Cost
	}
	ai := agent.NewAI()
	uses := map[int][]TechUse{} // by cell
	ai.Trace = func(cell, slot, target, score int) {
		uses[cell] = append(uses[cell], TechUse{Tech: cfg.Techs[pc.Techs[slot]].ID, Slot: slot, Target: xy(target), Score: score})
	}
	scores, err := ai.Evaluate(v, p, reach, nil)
	if err != nil {
		return nil, err
	}
	best := -1
	for i, s := range scores {
		c := Candidate{Order: i, Cell: xy(s.Cell), Cost: cost[s.Cell], Slot: s.Slot, Att: s.Att, Def: s.Def, Loc: s.Loc, Total: s.Total, Uses: uses[s.Cell]}
		if c.Uses == nil {
			c.Uses = []TechUse{}
		}
		if s.Slot >= 0 && s.Slot < len(pc.Techs) {
			c.Tech = cfg.Techs[pc.Techs[s.Slot]].ID
		}
		if s.Target >= 0 {
			t := xy(s.Target)
			c.Target = &t
		}
		ex.Candidates = append(ex.Candidates, c)
		if best < 0 || s.Total > scores[best].Total {
			best = i
		}
	}
	if best < 0 {
		ex.Why = "No empty cell is reachable (or no enemy is left): the person stays and uses no tech."
		return ex, nil
	}
	ex.Chosen = &ex.Candidates[best]
	if (req.Kind == engine.AskTech || req.Kind == engine.AskTarget) && req.Person == p {
		defer func() {
			ex.Why = fmt.Sprintf("%s has moved already: it now uses the tech it planned when it chose its destination (replay one decision fewer to see that choice). Were it to move again from here: %s", pc.Name, ex.Why)
		}()
	}
	ties := 0
	for _, s := range scores {
		if s.Total == scores[best].Total {
			ties++
		}
	}
	ex.Why = fmt.Sprintf("Destination (%d,%d) has the greatest total, %d = %d·%d + %d·%d + %d·%d (att·att factor + def·def factor + loc·move factor)",
		ex.Chosen.Cell[0], ex.Chosen.Cell[1], ex.Chosen.Total, ex.Chosen.Att, pc.AI.Att, ex.Chosen.Def, pc.AI.Def, ex.Chosen.Loc, pc.AI.Move)
	if ties > 1 {
		ex.Why += fmt.Sprintf("; %d destinations share it and the first in evaluation order wins", ties)
	}
	if ex.Chosen.Tech != "" {
		ex.Why += fmt.Sprintf(". From there it uses %s on (%d,%d).", ex.Chosen.Tech, ex.Chosen.Target[0], ex.Chosen.Target[1])
	} else {
		ex.Why += ". From there no tech has a target."
	}
	return ex, nil
}

var _ scentest.AIExplainer = Game{}
