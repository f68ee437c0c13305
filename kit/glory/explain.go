package glory

import (
	"errors"
	"fmt"
	"strings"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/agent"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/scentest"
)

// Explanation is what `mapc inspect --ai` prints for a glory scenario: the
// request pending after the replayed decisions, every option the heuristic
// agent rated with its score terms (or why it left the option out), and
// its choice. A turn's operation request holds the options of all the
// side's unacted heroes; --person keeps one hero's.
type Explanation struct {
	Game       string      `json:"game"`
	Name       string      `json:"name"`
	Seed       uint64      `json:"seed"`
	Decisions  int         `json:"after_decisions"`
	Round      int         `json:"round"`
	Request    string      `json:"request"`
	Question   string      `json:"question"`
	Side       string      `json:"side"`
	Hero       string      `json:"hero,omitempty"` // the hero the request is about, or --person
	Rule       string      `json:"rule"`
	Candidates []Candidate `json:"candidates"`
	Choice     int         `json:"choice"`
	Chosen     string      `json:"chosen"`
	ChosenSays string      `json:"chosen_says"`
	// PersonChoice is the best option of --person's hero when the agent
	// chose another hero's operation.
	PersonChoice *int `json:"person_choice,omitempty"`
}

// Candidate is one option as the heuristic rated it: Score is the sum of
// Terms; an option with Skip was no candidate.
type Candidate struct {
	Option int          `json:"option"`
	ID     string       `json:"id"`
	Says   string       `json:"says"`
	Terms  []agent.Term `json:"terms,omitempty"`
	Score  int          `json:"score"`
	Skip   string       `json:"skip,omitempty"`
}

// heuristicRules say how the heuristic agent (engine/glory/agent) answers
// each kind of request.
var heuristicRules = map[engine.RequestKind]string{
	engine.AskMain:   "Drafts by value (HP, 25 per skill, 4 per math tier, 3 per 极值 above 6 for females), at random among the heroes within 30 of the best.",
	engine.AskBan:    "Bans by the same value, at random among the heroes within 30 of the best.",
	engine.AskPick:   "Picks by the same value, at random among the heroes within 30 of the best.",
	engine.AskWeapon: "Buys the weapon with the best value (mean damage at 0–3 steps, twice the splash, less 8 per G a shot costs); none when no value is above 0.",
	engine.AskPrep:   "Uses the first preparation skill offered.",
	engine.AskAction: "Previews every shot and skill and scores it by what it does (HP and towers, kills, G); a useful one (score above 0) beats any move and the best goes first. Otherwise it moves toward the nearest enemy tower or hero (home when an own tower is threatened), favouring economy zones and firing positions. Equal scores are chosen between at random.",
	engine.AskStart:  "Pulls the enemy to the offered point where its side's shots hit hardest, when that beats where the enemy stands (more when the enemy could be finished there); otherwise lets it be.",
}

// ExplainAI implements scentest.AIExplainer: it replays decisions with the
// heuristic agents that a heuristic-against-heuristic game of seed has at
// both sides watching (each is asked every replayed request, so its own
// random stream is where it would be in that game), then lets the agent
// of the side to decide rate the pending request's options.
func (Game) ExplainAI(config any, seed uint64, decisions []int, person string) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("glory: cannot explain a %T", config)
	}
	return Explain(cfg, seed, decisions, person)
}

// Explain returns the heuristic's explanation of the decision pending
// after decisions in a game of cfg with seed.
func Explain(cfg *engine.Config, seed uint64, decisions []int, person string) (*Explanation, error) {
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	if person != "" && !poolHas(cfg, person) {
		var names []string
		for _, h := range cfg.Heroes {
			names = append(names, h.ID)
		}
		msg := fmt.Sprintf("--person: no hero is named %q (heroes: %s)", person, strings.Join(names, ", "))
		if m := diag.DidYouMean(person, names); m != "" {
			msg += "; did you mean " + m + "?"
		}
		return nil, errors.New(msg)
	}
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		return nil, err
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	ds, err := deciders(seed, []string{AgentHeuristic, AgentHeuristic})
	if err != nil {
		return nil, err
	}
	agents := make([]*agent.Heuristic, 2)
	for i, d := range ds {
		agents[i] = d.(*agent.Heuristic)
	}
	w := &watched{pause: &scentest.Pause[*engine.View, *engine.Request]{Log: decisions, Options: func(r *engine.Request) int { return len(r.Options) }},
		agents: agents, left: len(decisions)}
	g, err := engine.New(cfg, r, seed, w, w)
	if err != nil {
		return nil, err
	}
	err = g.Run()
	if err := w.pause.Check(err); err != nil {
		return nil, err
	}
	v, req := w.pause.View, w.pause.Req
	t := &table{cfg: cfg}
	ex := &Explanation{Game: "glory", Name: cfg.Name, Seed: seed, Decisions: len(decisions), Round: v.Round(),
		Request: req.Kind.String(), Question: t.question(v, req), Side: sideNames[req.Player], Rule: heuristicRules[req.Kind],
		Candidates: []Candidate{}}
	if req.Hero >= 0 {
		ex.Hero = t.hero(v, req.Hero)
	}
	if person != "" {
		ex.Hero = person
	}
	h := agents[req.Player]
	var scored []agent.Scored
	h.Trace = func(s agent.Scored) { scored = append(scored, s) }
	choice, err := h.Decide(v, req)
	h.Trace = nil
	if err != nil {
		return nil, err
	}
	ex.Choice = choice
	if choice >= 0 && choice < len(req.Options) {
		ex.Chosen = req.Options[choice].ID()
		ex.ChosenSays = t.option(v, req, req.Options[choice])
	}
	bestOfPerson := -1
	for _, s := range scored {
		if s.Option < 0 || s.Option >= len(req.Options) {
			continue
		}
		o := req.Options[s.Option]
		if person != "" && !optionOf(cfg, v, req, o, person) {
			continue
		}
		ex.Candidates = append(ex.Candidates, Candidate{Option: s.Option, ID: o.ID(), Says: t.option(v, req, o),
			Terms: s.Terms, Score: s.Score, Skip: s.Skip})
		if s.Skip == "" && (bestOfPerson < 0 || s.Score > ex.Candidates[bestOfPerson].Score) {
			bestOfPerson = len(ex.Candidates) - 1
		}
	}
	if person != "" {
		if len(ex.Candidates) == 0 {
			return nil, fmt.Errorf("--person: %s has no option in the pending %s request of %s", person, ex.Request, ex.Side)
		}
		if bestOfPerson >= 0 && ex.Candidates[bestOfPerson].Option != choice {
			ex.PersonChoice = &ex.Candidates[bestOfPerson].Option
		}
	}
	return ex, nil
}

// poolHas reports whether a hero of the pool is called id.
func poolHas(cfg *engine.Config, id string) bool {
	for _, h := range cfg.Heroes {
		if h.ID == id {
			return true
		}
	}
	return false
}

// optionOf reports whether option o concerns the hero called id: its
// acting hero, the hero a draft option names, or the request's hero.
func optionOf(cfg *engine.Config, v *engine.View, req *engine.Request, o engine.Option, id string) bool {
	named := func(i int) bool {
		hs := v.Heroes()
		return i >= 0 && i < len(hs) && cfg.Heroes[hs[i].Hero].ID == id
	}
	switch {
	case o.Kind == engine.OptHero:
		return o.A >= 0 && o.A < len(cfg.Heroes) && cfg.Heroes[o.A].ID == id
	case o.Hero >= 0:
		return named(o.Hero)
	}
	return named(req.Hero)
}

// watched answers from the log through the pause, asking the side's
// heuristic agent first so that its random stream advances as in a game
// it plays itself.
type watched struct {
	pause  *scentest.Pause[*engine.View, *engine.Request]
	agents []*agent.Heuristic
	left   int
}

func (w *watched) Decide(v *engine.View, req *engine.Request) (int, error) {
	if w.left > 0 {
		w.left--
		if _, err := w.agents[req.Player].Decide(v, req); err != nil {
			return 0, err
		}
	}
	return w.pause.Decide(v, req)
}

var _ scentest.AIExplainer = Game{}
