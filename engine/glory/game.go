package glory

import (
	"errors"
	"fmt"
	"slices"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

// Game is one game of glory in progress. It is not safe for concurrent use.
type Game struct {
	cfg    *Config
	board  *Board
	seed   uint64
	rng    *rng.RNG
	skills SkillRunner
	st     State
	// spare is a state whose slices Preview reuses for its copy.
	spare  State
	seats  seats
	events play.Events[Event]
	req    Request
	view   View
	hostv  Host
	err    error
	// hookErr is a hook failure inside damage resolution, returned by the
	// operation.
	hookErr error
	// occ lists the living heroes on each point, in hero order.
	occ [][]int
	// towerAt is the tower index on each point, or -1.
	towerAt []int
	// snap is the state at the step's start, kept for imagining deciders.
	snap snapshot
}

// New starts a game of cfg with seed. skills resolves the heroes' skill
// hooks; it may be nil only when no hero has a skill. deciders has one
// entry per side (nil: the side always takes the default).
func New(cfg *Config, skills SkillRunner, seed uint64, deciders ...Decider) (*Game, error) {
	g, err := newGame(cfg, skills, seed, deciders)
	if err != nil {
		return nil, err
	}
	g.st = State{Phase: PhaseMain, Round: 1, Winner: -1,
		Draft: Draft{Main: [2]int{-1, -1}, Ban: [2]int{-1, -1}}}
	return g, nil
}

func newGame(cfg *Config, skills SkillRunner, seed uint64, deciders []Decider) (*Game, error) {
	if cfg == nil {
		return nil, errors.New("glory: no config")
	}
	if err := cfg.Validate(); err != nil {
		return nil, fmt.Errorf("glory: config %q: %w", cfg.Name, err)
	}
	b, err := NewBoard(cfg.Map)
	if err != nil {
		return nil, fmt.Errorf("glory: config %q: map: %w", cfg.Name, err)
	}
	for i := range cfg.Heroes {
		for _, s := range cfg.Heroes[i].Skills {
			if skills == nil || !skills.Has(s.Hook) {
				return nil, fmt.Errorf("glory: config %q: hero %s skill %s: no hook %q", cfg.Name, cfg.Heroes[i].ID, s.ID, s.Hook)
			}
		}
	}
	if len(deciders) > 2 {
		return nil, fmt.Errorf("glory: %d deciders, at most 2", len(deciders))
	}
	g := &Game{cfg: cfg, board: b, seed: seed, rng: rng.New(seed), skills: skills}
	g.seats.Deciders = append([]Decider(nil), deciders...)
	if u, ok := skills.(RandomUser); ok {
		u.UseRNG(g.rng)
	}
	g.view.g = g
	g.hostv.g = g
	g.events.Reserve(256)
	return g, nil
}

// Config returns the game's config (read-only).
func (g *Game) Config() *Config { return g.cfg }

// Board returns the game's board.
func (g *Game) Board() *Board { return g.board }

// View returns the read-only view deciders get.
func (g *Game) View() *View { return &g.view }

// State returns the game state (read-only).
func (g *Game) State() *State { return &g.st }

// Over reports whether the game is decided.
func (g *Game) Over() bool { return g.st.Phase == PhaseOver }

// Winner returns the winning side, or -1 for a draw or an unfinished game.
func (g *Game) Winner() int { return g.st.Winner }

// Events returns the event log (read-only).
func (g *Game) Events() []Event { return g.events.All() }

// Decisions returns the decision log (read-only).
func (g *Game) Decisions() []Decision { return g.seats.Log }

// RNG returns the game's random source (hooks draw from it).
func (g *Game) RNG() *rng.RNG { return g.rng }

// Run steps the game until it is over.
func (g *Game) Run() error {
	for !g.Over() {
		if err := g.Step(); err != nil {
			return err
		}
	}
	return nil
}

// Step advances the game by one unit: a whole draft step, the whole weapon
// preparation, one turn start or end, or one operation. A game may be
// saved between steps. After an error the game stays stopped.
func (g *Game) Step() error {
	if g.err != nil {
		return g.err
	}
	g.mark()
	var err error
	switch g.st.Phase {
	case PhaseMain:
		err = g.draftMain()
	case PhaseBan:
		err = g.draftBan()
	case PhasePicks:
		err = g.draftPicks()
	case PhaseWeapons:
		err = g.prepareWeapons()
	case PhaseSkills:
		err = g.prepareSkills()
	case PhasePlay:
		err = g.playStep()
	case PhaseOver:
		return nil
	default:
		err = fmt.Errorf("glory: unknown phase %d", g.st.Phase)
	}
	if err != nil {
		g.err = err
	}
	return err
}

func (g *Game) emit(e Event) {
	e.Round = g.st.Round
	g.events.Emit(e)
}

func ev(kind string, side, hero, other, point, item, amount int) Event {
	return Event{Kind: kind, Side: side, Hero: hero, Other: other, Point: point, Item: item, Amount: amount}
}

// ask prepares g.req for a new request; the caller appends the options.
func (g *Game) ask(kind RequestKind, side, hero int) *Request {
	r := &g.req
	r.Reset(kind, side)
	r.Hero, r.Left = hero, 0
	return r
}

func (g *Game) decide(r *Request) (Option, error) {
	c, err := g.seats.Decide(&g.view, g.st.Round, r)
	if err != nil {
		return Option{}, fmt.Errorf("glory: %w", err)
	}
	return r.Options[c], nil
}

// ---- draft (facts §7) ----

// draftMain runs step 1: both sides choose a main hero at once; if they
// choose the same one, both choose again and neither may take its earlier
// choice. After half the pool has clashed away, blue chooses seeing red's
// choice (so the step ends whatever the deciders do).
func (g *Game) draftMain() error {
	var excluded [2][]int
	for {
		var pick [2]int
		sequential := 2*len(excluded[0]) >= len(g.cfg.Heroes)
		for s := range 2 {
			r := g.ask(AskMain, s, -1)
			for h := range g.cfg.Heroes {
				if !slices.Contains(excluded[s], h) && !(sequential && s == Blue && h == pick[Red]) {
					r.Options = append(r.Options, opt(OptHero, -1, h, -1, -1))
				}
			}
			if len(r.Options) == 0 {
				return fmt.Errorf("glory: draft: %s has no main hero left to choose", SideNames[s])
			}
			o, err := g.decide(r)
			if err != nil {
				return err
			}
			pick[s] = o.A
		}
		if pick[0] != pick[1] {
			g.st.Draft.Main = pick
			for s := range 2 {
				g.emit(ev(EvMain, s, -1, -1, -1, pick[s], 0))
			}
			break
		}
		g.emit(ev(EvClash, -1, -1, -1, -1, pick[0], 1))
		for s := range 2 {
			excluded[s] = append(excluded[s], pick[s])
		}
	}
	g.st.Phase = PhaseBan
	if !g.cfg.Rules.Bans {
		g.st.Phase = PhasePicks
	}
	return nil
}

// draftBan runs step 2: each side bans one hero for the opponent; the
// bans may coincide and cannot name a main hero.
func (g *Game) draftBan() error {
	var ban [2]int
	for s := range 2 {
		r := g.ask(AskBan, s, -1)
		for h := range g.cfg.Heroes {
			if h != g.st.Draft.Main[0] && h != g.st.Draft.Main[1] {
				r.Options = append(r.Options, opt(OptHero, -1, h, -1, -1))
			}
		}
		o, err := g.decide(r)
		if err != nil {
			return err
		}
		ban[s] = o.A
	}
	g.st.Draft.Ban = ban
	for s := range 2 {
		g.emit(ev(EvBan, s, -1, -1, -1, ban[s], 0))
	}
	g.st.Phase = PhasePicks
	return nil
}

// pickable reports whether side may pick config hero h in step 3 (beside
// the picks held so far, which the caller excludes). lenient lifts the
// clash exclusion (and, with bans too, the ban) for the sequential
// fallback.
func (g *Game) pickable(side, h int, lenient, bans bool) bool {
	d := &g.st.Draft
	if h == d.Main[0] || h == d.Main[1] {
		return false
	}
	if !lenient {
		return h != d.Ban[1-side] && !slices.Contains(d.Clashed, h)
	}
	return !bans || h != d.Ban[1-side]
}

// pickOffers returns the heroes side may pick now, given the picks held
// and the fresh picks of this pass.
func (g *Game) pickOffers(side int, picks, fresh *[2][]int, lenient, bans bool) []int {
	var out []int
	for h := range g.cfg.Heroes {
		if g.pickable(side, h, lenient, bans) && !slices.Contains(picks[0], h) && !slices.Contains(picks[1], h) &&
			!slices.Contains(fresh[side], h) && !(lenient && slices.Contains(fresh[1-side], h)) {
			out = append(out, h)
		}
	}
	return out
}

// draftPicks runs step 3: both sides pick the remaining heroes at once;
// every hero picked by both is dropped by both, never pickable again, and
// both pick again for the dropped places (a main choice lost in step 1 is
// allowed again here).
//
// The rulebook's clash rule can empty the pool; when the heroes still
// allowed cannot fill both sides' places, the remaining places are picked
// one side after the other (red first, each seeing the other's picks), so
// no clash can occur, with the clash exclusion lifted (and the bans, if
// still short). This guarantees the draft ends.
func (g *Game) draftPicks() error {
	need := [2]int{g.cfg.Rules.Picks, g.cfg.Rules.Picks}
	var picks [2][]int
	for need[0] > 0 || need[1] > 0 {
		var fresh [2][]int
		lenient := g.draftShort(need, &picks)
		bans := true
		for s := range 2 {
			if lenient && len(g.pickOffers(s, &picks, &fresh, true, true)) < need[s] {
				bans = false
			}
		}
		for s := range 2 {
			for k := range need[s] {
				r := g.ask(AskPick, s, -1)
				r.Left = need[s] - k
				for _, h := range g.pickOffers(s, &picks, &fresh, lenient, bans) {
					r.Options = append(r.Options, opt(OptHero, -1, h, -1, -1))
				}
				if len(r.Options) == 0 {
					return fmt.Errorf("glory: draft: the pool is exhausted, %s has no hero left to pick", SideNames[s])
				}
				o, err := g.decide(r)
				if err != nil {
					return err
				}
				fresh[s] = append(fresh[s], o.A)
			}
		}
		need = [2]int{}
		for s := range 2 {
			for _, h := range fresh[s] {
				if slices.Contains(fresh[1-s], h) {
					need[s]++
					if s == 0 {
						g.st.Draft.Clashed = append(g.st.Draft.Clashed, h)
						g.emit(ev(EvClash, -1, -1, -1, -1, h, 3))
					}
					continue
				}
				picks[s] = append(picks[s], h)
			}
		}
	}
	g.st.Draft.Picks = picks
	for s := range 2 {
		for _, h := range picks[s] {
			g.emit(ev(EvPick, s, -1, -1, -1, h, 0))
		}
	}
	g.setUp()
	g.st.Phase = PhaseWeapons
	return nil
}

// draftShort reports whether the heroes still allowed cannot fill both
// sides' remaining places without clashes.
func (g *Game) draftShort(need [2]int, picks *[2][]int) bool {
	var none [2][]int
	a, b := g.pickOffers(0, picks, &none, false, true), g.pickOffers(1, picks, &none, false, true)
	union := len(a)
	for _, h := range b {
		if !slices.Contains(a, h) {
			union++
		}
	}
	return len(a) < need[0] || len(b) < need[1] || union < need[0]+need[1]
}

// setUp places the drafted heroes on their spawns and the towers at full
// HP, and gives both sides the starting purse.
func (g *Game) setUp() {
	for s := range 2 {
		for _, h := range append([]int{g.st.Draft.Main[s]}, g.st.Draft.Picks[s]...) {
			c := &g.cfg.Heroes[h]
			hs := HeroState{Hero: h, Side: s, HP: c.HP, MaxHP: c.HP, Point: g.board.Spawn(s), Alive: true,
				Weapon: -1, Extreme: c.Extreme, Math: c.Math, Speed: c.Speed}
			if n := len(c.Skills); n > 0 {
				hs.Uses, hs.Next = make([]int, n), make([]int, n)
			}
			hs.Vars = slices.Clone(c.Vars)
			g.st.Heroes = append(g.st.Heroes, hs)
		}
	}
	for _, p := range g.board.Towers() {
		side, hp := g.board.Tower(p)
		g.st.Towers = append(g.st.Towers, TowerState{Point: p, Side: side, HP: hp})
	}
	for s := range 2 {
		g.st.Econ[s] = make([]bool, len(g.board.EconPoints()))
		g.st.G[s] = g.cfg.Rules.StartG
	}
	g.index()
}

// index rebuilds the point occupancy and tower lookup from the state.
func (g *Game) index() {
	n := g.board.Len()
	if g.occ == nil {
		g.occ = make([][]int, n)
		g.towerAt = make([]int, n)
	}
	for p := range n {
		g.occ[p] = g.occ[p][:0]
		g.towerAt[p] = -1
	}
	for i, h := range g.st.Heroes {
		if h.Alive {
			g.occ[h.Point] = append(g.occ[h.Point], i)
		}
	}
	for i, t := range g.st.Towers {
		g.towerAt[t.Point] = i
	}
}

// ---- preparation (facts §5, §7 steps 4–6) ----

// prepareWeapons lets each side buy at most one weapon per hero out of its
// purse, with each weapon's preparation limit (one M202); red's choices are
// revealed only after blue has chosen.
func (g *Game) prepareWeapons() error {
	var chosen [2][]int
	var spent [2]int
	for s := range 2 {
		bought := make([]int, len(g.cfg.Weapons))
		for i := range g.st.Heroes {
			h := &g.st.Heroes[i]
			if h.Side != s || len(g.cfg.Heroes[h.Hero].Weapons) > 0 {
				continue
			}
			r := g.ask(AskWeapon, s, i)
			r.Options = append(r.Options, opt(OptNone, i, -1, -1, -1))
			for w, wc := range g.cfg.Weapons {
				if !wc.Fixed && wc.PrepareCost <= g.st.G[s]-spent[s] && (wc.PrepLimit == 0 || bought[w] < wc.PrepLimit) {
					r.Options = append(r.Options, opt(OptWeapon, i, w, -1, -1))
				}
			}
			o, err := g.decide(r)
			if err != nil {
				return err
			}
			if o.Kind == OptWeapon {
				bought[o.A]++
				spent[s] += g.cfg.Weapons[o.A].PrepareCost
				chosen[s] = append(chosen[s], i, o.A)
			}
		}
	}
	for s := range 2 {
		g.st.G[s] -= spent[s]
		for k := 0; k < len(chosen[s]); k += 2 {
			g.st.Heroes[chosen[s][k]].Weapon = chosen[s][k+1]
			g.emit(ev(EvWeapon, s, chosen[s][k], -1, -1, chosen[s][k+1], g.cfg.Weapons[chosen[s][k+1]].PrepareCost))
		}
	}
	g.st.Phase = PhaseSkills
	return nil
}
