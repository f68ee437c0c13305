package sim

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
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
	seatWins := make([]int, nRoles)
	seatGames := 0
	agentWins, agentGames := map[string]int{}, map[string]int{}
	var agentOrder []string
	reasons := map[string]int{}
	var turns []float64
	draws := 0
	type roleGame struct {
		agent string
		won   bool
		used  map[string]int
	}
	var rgs []roleGame
	contentGames := map[string]int{}
	changes, ledGames, decided, winnerLed := 0, 0, 0, 0
	var forGood []float64
	for _, bt := range batches {
		if !bt.Complete() {
			return nil, fmt.Errorf("balance: the batch of agents %v holds %d of its %d games", bt.Agents, len(bt.Results), bt.Games)
		}
		if !slices.Equal(bt.Roles, first.Roles) || bt.Scenario != first.Scenario {
			return nil, errors.New("balance: the batches are of different scenarios")
		}
		b.Orders = append(b.Orders, Order{Agents: bt.Agents, Games: bt.Games})
		for _, a := range bt.Agents {
			if !slices.Contains(agentOrder, a) {
				agentOrder = append(agentOrder, a)
			}
		}
		for _, res := range bt.Results {
			o := res.Outcome
			b.Games++
			seatGames++
			reasons[o.Reason]++
			turns = append(turns, float64(o.Turns))
			if o.Winner < 0 {
				draws++
			} else {
				seatWins[o.Winner]++
			}
			used := make([]map[string]int, nRoles)
			for i := range used {
				used[i] = map[string]int{}
			}
			seen := map[string]bool{}
			for _, u := range o.Uses {
				if u.Role >= 0 && u.Role < nRoles {
					used[u.Role][u.Content] += u.Times
					seen[u.Content] = true
				}
			}
			for c := range seen {
				contentGames[c]++
			}
			for r := range nRoles {
				a := bt.Agents[r]
				agentGames[a]++
				if o.Winner == r {
					agentWins[a]++
				}
				rgs = append(rgs, roleGame{agent: a, won: o.Winner == r, used: used[r]})
			}
			if len(o.Leaders) > 0 {
				ledGames++
				prev := -1
				for _, l := range o.Leaders {
					if l >= 0 && prev >= 0 && l != prev {
						changes++
					}
					if l >= 0 {
						prev = l
					}
				}
				if o.Winner >= 0 {
					decided++
					if o.Leaders[len(o.Leaders)-1] == o.Winner {
						winnerLed++
						k := len(o.Leaders) - 1
						for k > 0 && o.Leaders[k-1] == o.Winner {
							k--
						}
						forGood = append(forGood, float64(k)/float64(len(o.Leaders)))
					}
				}
			}
		}
	}
	for r, name := range first.Roles {
		b.Seats = append(b.Seats, newRate(name, seatWins[r], seatGames))
	}
	for _, a := range agentOrder {
		b.Agents = append(b.Agents, newRate(a, agentWins[a], agentGames[a]))
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
	b.Length = length(turns)
	for name, n := range reasons {
		b.Endings = append(b.Endings, Count{name, n})
	}
	slices.SortFunc(b.Endings, func(x, y Count) int { return cmp.Compare(x.Reason, y.Reason) })
	b.Draws = newRate("draws", draws, b.Games)
	b.Lead.Games = ledGames
	if ledGames > 0 {
		b.Lead.MeanChanges = float64(changes) / float64(ledGames)
	}
	b.Lead.WinnerLedAtEnd = newRate("winner led at the end", winnerLed, decided)
	if len(forGood) > 0 {
		sum := 0.0
		for _, f := range forGood {
			sum += f
		}
		b.Lead.ForGoodMean = sum / float64(len(forGood))
		b.Lead.ForGoodMedian = median(forGood)
	}
	names := make([]string, 0, len(contentGames))
	for c := range contentGames {
		names = append(names, c)
	}
	slices.Sort(names)
	for _, c := range names {
		ct := Content{Name: c, Games: contentGames[c]}
		for _, a := range agentOrder {
			ca := ContentAgent{Agent: a}
			usedWins, usedN, notWins, notN := 0, 0, 0, 0
			for _, rg := range rgs {
				if rg.agent != a {
					continue
				}
				if n := rg.used[c]; n > 0 {
					ca.Uses += n
					usedN++
					if rg.won {
						usedWins++
					}
				} else {
					notN++
					if rg.won {
						notWins++
					}
				}
			}
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
	if b.Games < MinSample {
		b.Notes = append([]string{fmt.Sprintf("only %d games: too few to tell most rates apart from chance; play more", b.Games)}, b.Notes...)
	}
	if b.Notes == nil {
		b.Notes = []string{}
	}
	return b, nil
}

// length summarises game lengths with a histogram of at most about twelve
// bins of whole turns.
func length(turns []float64) Length {
	l := Length{}
	if len(turns) == 0 {
		return l
	}
	sum := 0.0
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, t := range turns {
		sum += t
		lo, hi = min(lo, t), max(hi, t)
	}
	l.Mean, l.Median, l.Min, l.Max = sum/float64(len(turns)), median(turns), int(lo), int(hi)
	width := max(1, (l.Max-l.Min+12)/12)
	for from := l.Min; from <= l.Max; from += width {
		l.Bins = append(l.Bins, Bin{From: from, To: from + width - 1})
	}
	for _, t := range turns {
		l.Bins[(int(t)-l.Min)/width].Games++
	}
	return l
}
