package sim

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// race is a fake three-role game: the role with the best agent and luck
// wins; leaders drift each turn; roles use "fire" (which helps) and "ice"
// (which does nothing) at random. A short race lasts 3 to 6 turns, not 5
// to 24.
type race struct{ short bool }

func (race) Roles() []string { return []string{"甲", "乙", "丙"} }

func (rc race) Play(seed uint64, agents []string) (Outcome, error) {
	r := rand.New(rand.NewPCG(seed, 9))
	turns := 5 + r.IntN(20)
	if rc.short {
		turns = 3 + r.IntN(4)
	}
	o := Outcome{Turns: turns, Reason: "score"}
	var u Uses
	score := make([]float64, 3)
	for i, a := range agents {
		if a == "strong" {
			score[i] += 0.5
		}
		if r.IntN(3) == 0 {
			u.Add("fire", i)
			u.Add("fire", i)
			score[i] += 0.3
		}
		if r.IntN(2) == 0 {
			u.Add("ice", i)
		}
		score[i] += r.Float64()
	}
	for range turns {
		o.Leaders = append(o.Leaders, r.IntN(4)-1)
	}
	best := slices.Index(score, slices.Max(score))
	o.Winner = best
	if r.IntN(10) == 0 {
		o.Winner, o.Reason = -1, "draw"
	}
	o.Uses = u.List()
	return o, nil
}

// TestBalanceAgainstDirectCount recounts every number of the balance report
// from the games' own outcomes.
func TestBalanceAgainstDirectCount(t *testing.T) {
	agents := []string{"strong", "weak", "weak"}
	orders := SeatOrders(agents)
	if len(orders) != 3 || !slices.Equal(orders[1], []string{"weak", "weak", "strong"}) {
		t.Fatalf("seat orders %v", orders)
	}
	var batches []*Batch
	for _, o := range orders {
		b, err := Play(race{}, Options{Games: 400, Seed: 3, Agents: o, Workers: 2, Scenario: "race"})
		if err != nil {
			t.Fatal(err)
		}
		batches = append(batches, b)
	}
	bal, err := NewBalance(batches)
	if err != nil {
		t.Fatal(err)
	}
	// Direct counts.
	seat := make([]int, 3)
	agentWins, agentGames := map[string]int{}, map[string]int{}
	draws, games := 0, 0
	type key struct{ content, agent string }
	used, usedWins, not, notWins, uses := map[key]int{}, map[key]int{}, map[key]int{}, map[key]int{}, map[key]int{}
	hist := map[int]int{}
	changes, decided, led := 0, 0, 0
	var lengths, forGood []float64
	// The batch keeps only its tally: replay its games, which depend on
	// their seeds alone, and count their outcomes here.
	for _, b := range batches {
		for i := range b.Games {
			o, err := race{}.Play(GameSeed(b.Seed, i), b.Agents)
			if err != nil {
				t.Fatal(err)
			}
			games++
			hist[o.Turns]++
			lengths = append(lengths, float64(o.Turns))
			if o.Winner < 0 {
				draws++
			} else {
				seat[o.Winner]++
				decided++
				if o.Leaders[len(o.Leaders)-1] == o.Winner {
					led++
					k := len(o.Leaders) - 1
					for k > 0 && o.Leaders[k-1] == o.Winner {
						k--
					}
					forGood = append(forGood, float64(k)/float64(len(o.Leaders)))
				}
			}
			last := -1
			for _, l := range o.Leaders {
				if l >= 0 {
					if last >= 0 && l != last {
						changes++
					}
					last = l
				}
			}
			for r, a := range b.Agents {
				agentGames[a]++
				if o.Winner == r {
					agentWins[a]++
				}
				for _, c := range []string{"fire", "ice"} {
					n := 0
					for _, u := range o.Uses {
						if u.Role == r && u.Content == c {
							n += u.Times
						}
					}
					k := key{c, a}
					uses[k] += n
					if n > 0 {
						used[k]++
						if o.Winner == r {
							usedWins[k]++
						}
					} else {
						not[k]++
						if o.Winner == r {
							notWins[k]++
						}
					}
				}
			}
		}
	}
	if bal.Games != games || games != 1200 {
		t.Errorf("games %d, counted %d", bal.Games, games)
	}
	for r, s := range bal.Seats {
		if s.Wins != seat[r] || s.Of != games {
			t.Errorf("seat %s: %d of %d, counted %d of %d", s.Name, s.Wins, s.Of, seat[r], games)
		}
	}
	for _, a := range bal.Agents {
		if a.Wins != agentWins[a.Name] || a.Of != agentGames[a.Name] {
			t.Errorf("agent %s: %d of %d, counted %d of %d", a.Name, a.Wins, a.Of, agentWins[a.Name], agentGames[a.Name])
		}
	}
	if bal.Draws.Wins != draws {
		t.Errorf("draws %d, counted %d", bal.Draws.Wins, draws)
	}
	binned := 0
	for _, bin := range bal.Length.Bins {
		n := 0
		for turns := bin.From; turns <= bin.To; turns++ {
			n += hist[turns]
		}
		if bin.Games != n {
			t.Errorf("bin %d-%d: %d games, counted %d", bin.From, bin.To, bin.Games, n)
		}
		binned += bin.Games
	}
	if binned != games {
		t.Errorf("histogram holds %d games", binned)
	}
	if want := float64(changes) / float64(games); bal.Lead.MeanChanges != want {
		t.Errorf("lead changes %g, counted %g", bal.Lead.MeanChanges, want)
	}
	// Order statistics from the list of every game against the report's
	// histograms: equal (means to rounding, as the list sums in floats).
	if l := bal.Length; l.Median != listMedian(lengths) || l.Mean != listMean(lengths) ||
		float64(l.Min) != slices.Min(lengths) || float64(l.Max) != slices.Max(lengths) {
		t.Errorf("length %+v, counted median %g, mean %g", l, listMedian(lengths), listMean(lengths))
	}
	if ld := bal.Lead; len(forGood) < 100 || math.Abs(ld.ForGoodMedian-listMedian(forGood)) > 1e-12 || math.Abs(ld.ForGoodMean-listMean(forGood)) > 1e-12 {
		t.Errorf("lead for good from mean %g, median %g; counted %g, %g over %d games",
			ld.ForGoodMean, ld.ForGoodMedian, listMean(forGood), listMedian(forGood), len(forGood))
	}
	if bal.Lead.WinnerLedAtEnd.Wins != led || bal.Lead.WinnerLedAtEnd.Of != decided {
		t.Errorf("winner led %d of %d, counted %d of %d", bal.Lead.WinnerLedAtEnd.Wins, bal.Lead.WinnerLedAtEnd.Of, led, decided)
	}
	for _, c := range bal.Content {
		for _, a := range c.Agents {
			k := key{c.Name, a.Agent}
			if a.Uses != uses[k] || a.Used.Of != used[k] || a.Used.Wins != usedWins[k] || a.NotUsed.Of != not[k] || a.NotUsed.Wins != notWins[k] {
				t.Errorf("%v: %+v, counted uses %d, used %d/%d, not %d/%d", k, a, uses[k], usedWins[k], used[k], notWins[k], not[k])
			}
		}
	}
	// The fake's "fire" helps: the report must flag it for the weak agent,
	// whose many role-games give the sample to see it; "ice" does nothing.
	flags := map[string]string{}
	for _, c := range bal.Content {
		for _, a := range c.Agents {
			flags[c.Name+"/"+a.Agent] = a.Flag
		}
	}
	if flags["fire/weak"] != "strong" || flags["ice/weak"] != "" {
		t.Errorf("flags %v", flags)
	}
	// Every format renders; the HTML is self-contained.
	var text, js, page bytes.Buffer
	if bal.WriteText(&text) != nil || bal.WriteJSON(&js) != nil || bal.WriteHTML(&page) != nil {
		t.Fatal("write failed")
	}
	for _, want := range []string{"甲", "First mover:", "fire", "Game length"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q", want)
		}
	}
	for _, bad := range []string{"<script", "http://", "https://", "src="} {
		if strings.Contains(strings.ReplaceAll(page.String(), `xmlns="http://www.w3.org/2000/svg"`, ""), bad) {
			t.Errorf("HTML has %q: not self-contained", bad)
		}
	}
	if !strings.Contains(page.String(), "<svg") || !strings.Contains(page.String(), "甲") {
		t.Error("HTML lacks its charts or the role names")
	}
}

func listMean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func listMedian(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

func TestBalanceSmallSample(t *testing.T) {
	b, _ := Play(race{}, Options{Games: 5, Seed: 1, Agents: []string{"weak"}, Scenario: "race"})
	bal, err := NewBalance([]*Batch{b})
	if err != nil {
		t.Fatal(err)
	}
	if len(bal.Notes) == 0 || !strings.Contains(bal.Notes[0], "only 5 games") {
		t.Errorf("notes %v", bal.Notes)
	}
	if !strings.HasPrefix(bal.FirstMover.Verdict, "too few games") {
		t.Errorf("verdict %q", bal.FirstMover.Verdict)
	}
}

// stalemate is a fake game that always ends in a draw at the turn limit.
type stalemate struct{}

func (stalemate) Roles() []string { return []string{"a", "b"} }

func (stalemate) Play(uint64, []string) (Outcome, error) {
	return Outcome{Winner: -1, Reason: "turn_limit", Turns: 200, Leaders: []int{0, 0}}, nil
}

// TestBalanceAllDraws: with no decided game the fair share is zero and the
// first-mover line says why, instead of a 50-point disadvantage.
func TestBalanceAllDraws(t *testing.T) {
	b, _ := Play(stalemate{}, Options{Games: 40, Agents: []string{"x"}, Scenario: "s"})
	bal, err := NewBalance([]*Batch{b})
	if err != nil {
		t.Fatal(err)
	}
	if fm := bal.FirstMover; fm.Fair != 0 || fm.Advantage != 0 || !strings.HasPrefix(fm.Verdict, "every game was a draw") {
		t.Errorf("first mover %+v", fm)
	}
	if bal.Draws.Wins != 40 || bal.Lead.WinnerLedAtEnd.Of != 0 {
		t.Errorf("draws %+v, lead %+v", bal.Draws, bal.Lead)
	}
}

// hostile is race with names that are markup.
type hostile struct{ race }

func (hostile) Roles() []string { return []string{"<script>alert(1)</script>", `"/><b>`, "a&b"} }

// TestBalanceHTMLEscapes: names from the scenario reach the page as text,
// in the table, the charts and the title alike.
func TestBalanceHTMLEscapes(t *testing.T) {
	b, err := Play(hostile{}, Options{Games: 50, Seed: 1, Agents: []string{"strong", "weak"}, Scenario: "</title><script>x</script>"})
	if err != nil {
		t.Fatal(err)
	}
	bal, err := NewBalance([]*Batch{b})
	if err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := bal.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	s := page.String()
	if strings.Contains(s, "<script") || strings.Contains(s, `"/><b>`) || strings.Contains(s, "a&b") {
		t.Errorf("markup from names reached the page:\n%s", s)
	}
	for _, want := range []string{"<title>Balance of &lt;/title&gt;&lt;script&gt;", "<td>&lt;script&gt;alert(1)&lt;/script&gt;</td>",
		`text-anchor="end">&#34;/&gt;&lt;b&gt;</text>`, "<td>a&amp;b</td>"} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %s", want)
		}
	}
}

// bully: the agent "bully" wins every game it plays.
type bully struct{}

func (bully) Roles() []string { return []string{"a", "b"} }

func (bully) Play(seed uint64, agents []string) (Outcome, error) {
	var u Uses
	u.Add("fire", int(seed%2))
	o := Outcome{Turns: 3, Reason: "score", Winner: slices.Index(agents, "bully"), Uses: u.List()}
	return o, nil
}

// TestBalanceLopsided: when one agent wins every game, the Notes say that
// the Content rows measure the agents, and the page has a Notes section.
func TestBalanceLopsided(t *testing.T) {
	var batches []*Batch
	for _, order := range SeatOrders([]string{"bully", "meek"}) {
		b, err := Play(bully{}, Options{Games: 40, Seed: 1, Agents: order, Scenario: "bully"})
		if err != nil {
			t.Fatal(err)
		}
		batches = append(batches, b)
	}
	bal, err := NewBalance(batches)
	if err != nil {
		t.Fatal(err)
	}
	if len(bal.Notes) == 0 || !strings.HasPrefix(bal.Notes[0], "bully won 100.0% of its games: one agent decides every game") {
		t.Fatalf("notes %q", bal.Notes)
	}
	var html bytes.Buffer
	if err := bal.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.String(), "<h2>Notes</h2>\n<p class=\"note\">bully won 100.0%") {
		t.Errorf("no Notes section on the page")
	}
	// Agents of like strength: no such note.
	b, _ := Play(race{}, Options{Games: 60, Seed: 1, Agents: []string{"weak"}, Scenario: "race"})
	even, err := NewBalance([]*Batch{b})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range even.Notes {
		if strings.Contains(n, "decides every game") {
			t.Errorf("note for an even batch: %s", n)
		}
	}
}

// TestBalanceMatchups: the agent-against-agent matrix of a constructed
// study, worked by hand. Three roles, mcts against two heuristic seats,
// ten games per seat order with these winners:
//
//	mcts, heuristic, heuristic: mcts 5, seat 2 3, seat 3 1, draw 1
//	heuristic, heuristic, mcts: seat 1 2, seat 2 2, mcts 4, draws 2
//	heuristic, mcts, heuristic: seat 1 2, mcts 6, seat 3 2
//
// mcts against heuristic: 30 seats (one per game), 5+4+6 = 15 won, 50 %,
// Wilson [33.15 %, 66.85 %] (33.2 % and 66.8 % in the text). heuristic against mcts: 60 seats (two per
// game), 3+1+2+2+2+2 = 12 won, 20 %, Wilson [11.83 %, 31.78 %]; heuristic
// against heuristic: the same 60 seats, since every game had both
// heuristic seats. mcts never met itself.
func TestBalanceMatchups(t *testing.T) {
	type game struct{ winner, n int }
	orders := []struct {
		agents []string
		games  []game
	}{
		{[]string{"mcts", "heuristic", "heuristic"}, []game{{0, 5}, {1, 3}, {2, 1}, {-1, 1}}},
		{[]string{"heuristic", "heuristic", "mcts"}, []game{{0, 2}, {1, 2}, {2, 4}, {-1, 2}}},
		{[]string{"heuristic", "mcts", "heuristic"}, []game{{0, 2}, {1, 6}, {2, 2}}},
	}
	var batches []*Batch
	for _, o := range orders {
		b := &Batch{Scenario: "hand", Roles: []string{"甲", "乙", "丙"}, Agents: o.agents, Games: 10, Shards: 1, Tally: newTally(3, 0)}
		for _, g := range o.games {
			for range g.n {
				reason := "score"
				if g.winner < 0 {
					reason = "draw"
				}
				b.Tally.Add(Outcome{Winner: g.winner, Turns: 5, Reason: reason})
			}
		}
		batches = append(batches, b)
	}
	bal, err := NewBalance(batches)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(bal.AgentNames, []string{"mcts", "heuristic"}) {
		t.Errorf("agents %v", bal.AgentNames)
	}
	want := []struct {
		agent, opponent string
		wins, of        int
		lo, hi          float64
	}{
		{"mcts", "heuristic", 15, 30, 0.3315, 0.6685},
		{"heuristic", "mcts", 12, 60, 0.1183, 0.3178},
		{"heuristic", "heuristic", 12, 60, 0.1183, 0.3178},
	}
	if len(bal.Matchups) != len(want) {
		t.Fatalf("%d matchups, want %d: %+v", len(bal.Matchups), len(want), bal.Matchups)
	}
	for i, w := range want {
		m := bal.Matchups[i]
		if m.Agent != w.agent || m.Opponent != w.opponent || m.Wins != w.wins || m.Of != w.of ||
			math.Abs(m.CILow-w.lo) > 5e-5 || math.Abs(m.CIHigh-w.hi) > 5e-5 {
			t.Errorf("matchup %d: %+v, want %+v", i, m, w)
		}
	}
	if _, ok := bal.Matchup("mcts", "mcts"); ok {
		t.Error("mcts met itself")
	}
	var text, page bytes.Buffer
	if err := bal.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{
		"Agents: mcts, heuristic",
		"fair share 30.0%", // 27 decided games of 30, shared by three
		"mcts       -                           50.0% [33.2%, 66.8%] of 30",
		"heuristic  20.0% [11.8%, 31.8%] of 60  20.0% [11.8%, 31.8%] of 60",
	} {
		if !strings.Contains(text.String(), line) {
			t.Errorf("the text lacks %q:\n%s", line, text.String())
		}
	}
	if err := bal.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), "<td>mcts</td><td>–</td><td>50.0% [33.2%, 66.8%] of 30</td>") {
		t.Errorf("the page lacks the mcts row of the matrix")
	}
	// One agent in every seat: no matrix.
	for _, b := range batches {
		b.Agents = []string{"heuristic", "heuristic", "heuristic"}
	}
	if bal, _ := NewBalance(batches[:1]); len(bal.Matchups) != 0 || strings.Contains(fmt.Sprint(bal.WriteText(&bytes.Buffer{})), "against") {
		t.Errorf("a matrix for one agent: %+v", bal.Matchups)
	}
}
