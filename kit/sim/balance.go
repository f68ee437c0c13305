package sim

import (
	"cmp"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// MinSample is the number of games (or role-games) below which the balance
// report says a rate cannot be told apart from chance.
const MinSample = 30

// SeatOrders returns the agent lists of a seat swap: agents (one per role)
// rotated over the roles, each distinct order once, the given order first.
func SeatOrders(agents []string) [][]string {
	var out [][]string
	for k := range agents {
		order := append(slices.Clone(agents[k:]), agents[:k]...)
		if !slices.ContainsFunc(out, func(o []string) bool { return slices.Equal(o, order) }) {
			out = append(out, order)
		}
	}
	return out
}

// Balance is the balance report of a seat-swapped study: one complete batch
// per seat order, every rate with its 95% interval and the number of games
// behind it.
type Balance struct {
	Scenario string   `json:"scenario"`
	Seed     uint64   `json:"seed"`
	Roles    []string `json:"roles"`
	Orders   []Order  `json:"orders"`
	Games    int      `json:"games"`
	// Seats are the win rates of each role over every order; Agents those
	// of each agent over every seat it took.
	Seats  []Rate `json:"seats"`
	Agents []Rate `json:"agents"`
	// AgentNames are the agents that played, in the order they first sat.
	// Matchups, when more than one did, are each agent's record against
	// each other (and against itself, when it held two seats of one game),
	// by agent and then opponent in that order; pairs that never met are
	// left out.
	AgentNames []string  `json:"agent_names"`
	Matchups   []Matchup `json:"matchups,omitempty"`
	// FirstMover compares the first role's win rate with its fair share.
	FirstMover FirstMover `json:"first_mover"`
	Length     Length     `json:"length"`
	Endings    []Count    `json:"endings"`
	Draws      Rate       `json:"draws"`
	Lead       Lead       `json:"lead"`
	Content    []Content  `json:"content"`
	// Notes are the sentences a reader must not miss: samples too small to
	// tell, outliers.
	Notes []string `json:"notes"`
}

// Order is one seat order of the study and its games.
type Order struct {
	Agents []string `json:"agents"`
	Games  int      `json:"games"`
}

// Rate is a count out of a number of trials, with its Wilson interval.
type Rate struct {
	Name   string  `json:"name"`
	Wins   int     `json:"wins"`
	Of     int     `json:"of"`
	Rate   float64 `json:"rate"`
	CILow  float64 `json:"ci95_low"`
	CIHigh float64 `json:"ci95_high"`
}

func newRate(name string, k, n int) Rate {
	r := Rate{Name: name, Wins: k, Of: n}
	if n > 0 {
		r.Rate = float64(k) / float64(n)
	}
	r.CILow, r.CIHigh = Wilson(k, n)
	return r
}

// Matchup is one agent's record against another: over the games both
// played, the seats the agent held (Of, one per seat, so a game where it
// held two counts twice) and how many of them won. In two-role games it is
// the head-to-head score; with more roles, compare it with the fair share
// of the decided games, as for a seat.
type Matchup struct {
	Agent    string `json:"agent"`
	Opponent string `json:"opponent"`
	Rate
}

// Matchup returns agent's record against opponent, and false when they
// never met.
func (b *Balance) Matchup(agent, opponent string) (Matchup, bool) {
	for _, m := range b.Matchups {
		if m.Agent == agent && m.Opponent == opponent {
			return m, true
		}
	}
	return Matchup{}, false
}

// FirstMover is the first role's win rate against its fair share: the
// decided games' share divided evenly among the roles.
type FirstMover struct {
	Rate
	Fair      float64 `json:"fair_share"`
	Advantage float64 `json:"advantage"` // Rate − Fair
	Verdict   string  `json:"verdict"`
}

// Length describes how long games last.
type Length struct {
	Mean   float64 `json:"mean"`
	Median float64 `json:"median"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
	Bins   []Bin   `json:"histogram"`
}

// Bin is a histogram bin: games lasting From to To turns, inclusive.
type Bin struct {
	From  int `json:"from"`
	To    int `json:"to"`
	Games int `json:"games"`
}

// Lead describes who led during the games, by the game's own score.
type Lead struct {
	// Games is the number of games whose engine reported the leader.
	Games int `json:"games"`
	// MeanChanges is the mean number of times the lead passed to another
	// role in a game (ties do not count as a change).
	MeanChanges float64 `json:"mean_lead_changes"`
	// WinnerLedAtEnd counts the decided games whose winner led at the
	// last turn.
	WinnerLedAtEnd Rate `json:"winner_led_at_end"`
	// ForGood is, over the decided games whose winner ended in the lead,
	// the mean and median share of the game (0 = from the first turn) after
	// which the winner led for good.
	ForGoodMean   float64 `json:"lead_for_good_mean"`
	ForGoodMedian float64 `json:"lead_for_good_median"`
}

// Content is how one piece of content was used and how the roles that used
// it fared against those that did not. Agents differ far more in strength
// than content does, so the comparison is made within each agent: the
// role-games of one agent that used it against that agent's role-games that
// did not.
type Content struct {
	Name string `json:"name"`
	// Games in which some role used it; Uses in all.
	Games  int            `json:"games"`
	Uses   int            `json:"uses"`
	Agents []ContentAgent `json:"agents"`
}

// ContentAgent is one agent's use of a piece of content and its effect.
type ContentAgent struct {
	Agent string `json:"agent"`
	Uses  int    `json:"uses"`
	// Used is the win rate of the agent's role-games that used it, NotUsed
	// of those that did not.
	Used    Rate   `json:"used"`
	NotUsed Rate   `json:"not_used"`
	Flag    string `json:"flag,omitempty"` // "strong", "weak", "too few games", or ""
}

// NewBalance builds the report from one complete batch per seat order.
func NewBalance(batches []*Batch) (*Balance, error) {
	if len(batches) == 0 {
		return nil, errors.New("balance: no batches")
	}
	first := batches[0]
	b := &Balance{Scenario: first.Scenario, Seed: first.Seed, Roles: first.Roles}
	nRoles := len(first.Roles)
	// The batches' tallies add up to the study's; per agent, each role's
	// counts go to the agent that played it.
	t := newTally(nRoles, len(first.Columns))
	type pair struct{ agent, opponent string }
	met := map[pair]*Matchup{}
	agentWins, agentGames := map[string]int{}, map[string]int{}
	var agentOrder []string
	type agentUse struct{ content, agent string }
	agentUses := map[agentUse]RoleUse{}
	for _, bt := range batches {
		if !bt.Complete() {
			return nil, fmt.Errorf("balance: the batch of agents %v holds %d of its %d games", bt.Agents, bt.Tally.Games, bt.Games)
		}
		if !slices.Equal(bt.Roles, first.Roles) || !slices.Equal(bt.Columns, first.Columns) || bt.Scenario != first.Scenario {
			return nil, errors.New("balance: the batches are of different scenarios")
		}
		b.Orders = append(b.Orders, Order{Agents: bt.Agents, Games: bt.Games})
		for _, a := range bt.Agents {
			if !slices.Contains(agentOrder, a) {
				agentOrder = append(agentOrder, a)
			}
		}
		t.Merge(bt.Tally)
		for r, a := range bt.Agents {
			agentGames[a] += bt.Tally.Games
			agentWins[a] += bt.Tally.Wins[r]
			// Every seat of a is a seat against each other agent of the
			// game, counted once per opponent however many seats it held.
			var opponents []string
			for s, o := range bt.Agents {
				if s != r && !slices.Contains(opponents, o) {
					opponents = append(opponents, o)
				}
			}
			for _, o := range opponents {
				m := met[pair{a, o}]
				if m == nil {
					m = &Matchup{Agent: a, Opponent: o}
					met[pair{a, o}] = m
				}
				m.Of += bt.Tally.Games
				m.Wins += bt.Tally.Wins[r]
			}
			for _, c := range bt.Tally.Content {
				k := agentUse{c.Name, a}
				u := agentUses[k]
				u.Uses += c.Roles[r].Uses
				u.Games += c.Roles[r].Games
				u.Wins += c.Roles[r].Wins
				agentUses[k] = u
			}
		}
	}
	b.Games = t.Games
	seatGames, draws := t.Games, t.Draws
	seatWins := t.Wins
	for r, name := range first.Roles {
		b.Seats = append(b.Seats, newRate(name, seatWins[r], seatGames))
	}
	for _, a := range agentOrder {
		b.Agents = append(b.Agents, newRate(a, agentWins[a], agentGames[a]))
	}
	b.AgentNames = agentOrder
	if len(agentOrder) > 1 {
		for _, a := range agentOrder {
			for _, o := range agentOrder {
				if m := met[pair{a, o}]; m != nil {
					m.Rate = newRate(a+" against "+o, m.Wins, m.Of)
					b.Matchups = append(b.Matchups, *m)
				}
			}
		}
	}
	// The fair share is an even split of the decided games.
	fm := FirstMover{Rate: b.Seats[0], Fair: float64(seatGames-draws) / float64(seatGames) / float64(nRoles)}
	fm.Advantage = fm.Rate.Rate - fm.Fair
	switch {
	case draws == seatGames:
		fm.Verdict = "every game was a draw, so nobody moves first to any advantage"
	case fm.Of < MinSample:
		fm.Verdict = fmt.Sprintf("too few games to tell (%d)", fm.Of)
	case fm.CILow > fm.Fair:
		fm.Verdict = "the first role wins more often than its fair share"
	case fm.CIHigh < fm.Fair:
		fm.Verdict = "the first role wins less often than its fair share"
	default:
		fm.Verdict = "no clear first-mover advantage"
	}
	b.FirstMover = fm
	b.Length = length(t.Turns)
	b.Endings = t.Endings
	b.Draws = newRate("draws", draws, b.Games)
	ld := t.Lead
	b.Lead.Games = ld.Games
	if ld.Games > 0 {
		b.Lead.MeanChanges = float64(ld.Changes) / float64(ld.Games)
	}
	b.Lead.WinnerLedAtEnd = newRate("winner led at the end", ld.WinnerLed, ld.Decided)
	if ld.WinnerLed > 0 {
		b.Lead.ForGoodMean, b.Lead.ForGoodMedian = shareMean(ld.ForGood), shareMedian(ld.ForGood)
	}
	for _, tc := range t.Content {
		c := tc.Name
		ct := Content{Name: c, Games: tc.Games}
		for _, a := range agentOrder {
			u := agentUses[agentUse{c, a}]
			ca := ContentAgent{Agent: a, Uses: u.Uses}
			usedWins, usedN := u.Wins, u.Games
			notWins, notN := agentWins[a]-usedWins, agentGames[a]-usedN
			if usedN == 0 {
				continue
			}
			ct.Uses += ca.Uses
			ca.Used, ca.NotUsed = newRate("used", usedWins, usedN), newRate("not used", notWins, notN)
			switch {
			case usedN < MinSample || notN < MinSample:
				ca.Flag = "too few games"
			case ca.Used.CILow > ca.NotUsed.CIHigh:
				ca.Flag = "strong"
				b.Notes = append(b.Notes, fmt.Sprintf("%s: %s roles that used it won %s of their games, those that did not %s (intervals apart)",
					c, a, pct(ca.Used.Rate), pct(ca.NotUsed.Rate)))
			case ca.Used.CIHigh < ca.NotUsed.CILow:
				ca.Flag = "weak"
				b.Notes = append(b.Notes, fmt.Sprintf("%s: %s roles that used it won only %s of their games, those that did not %s (intervals apart)",
					c, a, pct(ca.Used.Rate), pct(ca.NotUsed.Rate)))
			}
			ct.Agents = append(ct.Agents, ca)
		}
		b.Content = append(b.Content, ct)
	}
	// An agent that wins every game it plays (or none) decides the games by
	// itself: whoever used a piece of content, the agent won or lost, so the
	// Content rows measure the agents.
	var lopsided []string
	for _, a := range b.Agents {
		if len(b.Agents) > 1 && a.Of > 0 && (a.Wins == a.Of || a.Wins == 0) {
			lopsided = append(lopsided, fmt.Sprintf("%s won %s of its games: one agent decides every game, so each Content row compares the agents, not the content; play agents of like strength against each other for that",
				a.Name, pct(a.Rate)))
			break
		}
	}
	b.Notes = append(lopsided, b.Notes...)
	if n, _ := t.Distinct(); t.Fingerprinted > 1 && 2*n < t.Fingerprinted {
		b.Notes = append(b.Notes, fmt.Sprintf("only %d different games of %d: the agents play alike whatever the seed, so the intervals, which count every game as a new sample, are too narrow",
			n, t.Fingerprinted))
	}
	if all := (&Batch{Catalogue: first.Catalogue, Tally: t}).Unused(); len(all) > 0 {
		b.Notes = append(b.Notes, fmt.Sprintf("never used in any of the %d games (%d of %d pieces of content): %s; a broken hook there would go unnoticed",
			b.Games, len(all), len(first.Catalogue), strings.Join(all, ", ")))
	}
	if b.Games < MinSample {
		b.Notes = append([]string{fmt.Sprintf("only %d games: too few to tell most rates apart from chance; play more", b.Games)}, b.Notes...)
	}
	if b.Notes == nil {
		b.Notes = []string{}
	}
	return b, nil
}

// length summarises a histogram of game lengths with one of at most
// about twelve bins of whole turns.
func length(h []Tick) Length {
	l := Length{}
	if len(h) == 0 {
		return l
	}
	l.Mean, l.Median, l.Min, l.Max = meanTurns(h), medianTurns(h), h[0].Turns, h[len(h)-1].Turns
	width := max(1, (l.Max-l.Min+12)/12)
	for from := l.Min; from <= l.Max; from += width {
		l.Bins = append(l.Bins, Bin{From: from, To: from + width - 1})
	}
	for _, e := range h {
		l.Bins[(e.Turns-l.Min)/width].Games += e.Games
	}
	return l
}

// shareMean is the mean share of a histogram of shares, computed exactly
// and rounded once.
func shareMean(h []Share) float64 {
	sum, n := new(big.Rat), 0
	for _, e := range h {
		sum.Add(sum, big.NewRat(int64(e.From)*int64(e.Games), int64(e.Of)))
		n += e.Games
	}
	f, _ := sum.Quo(sum, big.NewRat(int64(n), 1)).Float64()
	return f
}

// shareMedian is the median share of a histogram of shares: the middle
// game's, or the mean of the two middle games'.
func shareMedian(h []Share) float64 {
	byValue := slices.Clone(h)
	slices.SortStableFunc(byValue, func(a, b Share) int {
		return cmp.Compare(int64(a.From)*int64(b.Of), int64(b.From)*int64(a.Of))
	})
	n := 0
	for _, e := range h {
		n += e.Games
	}
	nth := func(k int) *big.Rat {
		for _, e := range byValue {
			if k < e.Games {
				return big.NewRat(int64(e.From), int64(e.Of))
			}
			k -= e.Games
		}
		return new(big.Rat)
	}
	m := nth(n / 2)
	if n%2 == 0 {
		m.Add(m, nth(n/2-1))
		m.Quo(m, big.NewRat(2, 1))
	}
	f, _ := m.Float64()
	return f
}
