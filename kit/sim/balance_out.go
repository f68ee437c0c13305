package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func ci(r Rate) string { return fmt.Sprintf("[%s, %s]", pct(r.CILow), pct(r.CIHigh)) }

// WriteJSON writes the balance report as one indented JSON document.
func (b *Balance) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(b)
}

// MatchupTitle explains the matchup matrix: what a cell counts and what to
// compare it with.
func (b *Balance) MatchupTitle() string {
	if len(b.Roles) == 2 {
		return "Agent against agent: the row agent's wins in its games against the column agent"
	}
	return fmt.Sprintf("Agent against agent: win rate of the row agent's seats in the games where the column agent also sat (fair share %s, as for a seat)",
		pct(b.FirstMover.Fair))
}

// WriteText writes the balance report for people, in sections.
func (b *Balance) WriteText(w io.Writer) error {
	var s strings.Builder
	fmt.Fprintf(&s, "Balance of %s: %d games, seed %d, %s\n", b.Scenario, b.Games, b.Seed, plural(len(b.Orders), "seat order"))
	for _, o := range b.Orders {
		fmt.Fprintf(&s, "  %d games with %s\n", o.Games, strings.Join(o.Agents, ", "))
	}
	fmt.Fprintf(&s, "Agents: %s\n", strings.Join(b.AgentNames, ", "))
	rateRows := func(title string, rates []Rate) {
		fmt.Fprintf(&s, "\n%s\n", title)
		rows := [][]string{{"", "WINS", "OF", "RATE", "95% CI"}}
		for _, r := range rates {
			rows = append(rows, []string{r.Name, fmt.Sprint(r.Wins), fmt.Sprint(r.Of), pct(r.Rate), ci(r)})
		}
		writeTable(&s, rows)
	}
	rateRows("Win rate per seat (every seat order)", b.Seats)
	rateRows("Win rate per agent (every seat it took)", b.Agents)
	if len(b.Matchups) > 0 {
		fmt.Fprintf(&s, "\n%s\n", b.MatchupTitle())
		rows := [][]string{append([]string{""}, b.AgentNames...)}
		for _, a := range b.AgentNames {
			row := []string{a}
			for _, o := range b.AgentNames {
				cell := "-"
				if m, ok := b.Matchup(a, o); ok {
					cell = fmt.Sprintf("%s %s of %d", pct(m.Rate.Rate), ci(m.Rate), m.Of)
				}
				row = append(row, cell)
			}
			rows = append(rows, row)
		}
		writeTable(&s, rows)
	}
	fm := b.FirstMover
	fmt.Fprintf(&s, "\nFirst mover: %s wins %s %s against a fair share of %s (advantage %+.1f points): %s.\n",
		fm.Name, pct(fm.Rate.Rate), ci(fm.Rate), pct(fm.Fair), 100*fm.Advantage, fm.Verdict)
	l := b.Length
	fmt.Fprintf(&s, "\nGame length: mean %.1f turns, median %.1f, from %d to %d\n", l.Mean, l.Median, l.Min, l.Max)
	most := 0
	for _, bin := range l.Bins {
		most = max(most, bin.Games)
	}
	for _, bin := range l.Bins {
		bar := 0
		if most > 0 {
			bar = (bin.Games*40 + most - 1) / most
		}
		fmt.Fprintf(&s, "  %4d-%-4d %6d %s\n", bin.From, bin.To, bin.Games, strings.Repeat("#", bar))
	}
	fmt.Fprintf(&s, "\nEndings:")
	for _, c := range b.Endings {
		fmt.Fprintf(&s, " %s %d (%s)", c.Reason, c.Games, pct(float64(c.Games)/float64(b.Games)))
	}
	fmt.Fprintf(&s, "; draws %s %s\n", pct(b.Draws.Rate), ci(b.Draws))
	ld := b.Lead
	if ld.Games > 0 {
		fmt.Fprintf(&s, "\nLead (by the game's own score, %d games): %.2f lead changes per game; the winner led at the end in %s %s of %d decided games",
			ld.Games, ld.MeanChanges, pct(ld.WinnerLedAtEnd.Rate), ci(ld.WinnerLedAtEnd), ld.WinnerLedAtEnd.Of)
		if ld.WinnerLedAtEnd.Wins > 0 {
			fmt.Fprintf(&s, ", and led for good from %s of the game on (median %s)", pct(ld.ForGoodMean), pct(ld.ForGoodMedian))
		}
		s.WriteString(".\n")
	}
	if len(b.Content) > 0 {
		s.WriteString("\nContent: win rate of one agent's roles that used it against its roles that did not\n")
		rows := [][]string{{"", "GAMES", "AGENT", "USES", "USED", "95% CI", "NOT USED", "95% CI", ""}}
		for _, c := range b.Content {
			for k, a := range c.Agents {
				name, games := c.Name, fmt.Sprint(c.Games)
				if k > 0 {
					name, games = "", ""
				}
				rows = append(rows, []string{name, games, a.Agent, fmt.Sprint(a.Uses),
					fmt.Sprintf("%s of %d", pct(a.Used.Rate), a.Used.Of), ci(a.Used),
					fmt.Sprintf("%s of %d", pct(a.NotUsed.Rate), a.NotUsed.Of), ci(a.NotUsed), a.Flag})
			}
		}
		writeTable(&s, rows)
	}
	if len(b.Notes) > 0 {
		s.WriteString("\nNotes:\n")
		for _, n := range b.Notes {
			fmt.Fprintf(&s, "  - %s\n", n)
		}
	}
	_, err := io.WriteString(w, s.String())
	return err
}
