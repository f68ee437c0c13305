package sim

import (
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
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

// WriteText writes the balance report for people, in sections.
func (b *Balance) WriteText(w io.Writer) error {
	var s strings.Builder
	fmt.Fprintf(&s, "Balance of %s: %d games, seed %d, %s\n", b.Scenario, b.Games, b.Seed, plural(len(b.Orders), "seat order"))
	for _, o := range b.Orders {
		fmt.Fprintf(&s, "  %d games with %s\n", o.Games, strings.Join(o.Agents, ", "))
	}
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

// WriteHTML writes the balance report as one self-contained page: inline
// CSS and SVG charts, no scripts and no external assets.
func (b *Balance) WriteHTML(w io.Writer) error {
	var s strings.Builder
	esc := html.EscapeString
	fmt.Fprintf(&s, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Balance of %s</title>
<style>
body{font-family:system-ui,"Noto Sans CJK SC","Noto Sans SC","Microsoft YaHei",sans-serif;margin:2em auto;max-width:60em;color:#222;padding:0 1em}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;font-size:.9em}td,th{padding:.2em .6em;text-align:right}th:first-child,td:first-child{text-align:left}
tr:nth-child(even){background:#f6f6f6}.note{background:#fff6d6;padding:.5em 1em;border-left:4px solid #e0b000}
.flag-strong{color:#b00000;font-weight:bold}.flag-weak{color:#0050b0;font-weight:bold}svg text{font-size:12px}
</style></head><body>
<h1>Balance of %s</h1>
<p>%d games, seed %d, in %s.</p>
`, esc(b.Scenario), esc(b.Scenario), b.Games, b.Seed, plural(len(b.Orders), "seat order"))
	for _, n := range b.Notes {
		fmt.Fprintf(&s, "<p class=\"note\">%s</p>\n", esc(n))
	}
	s.WriteString("<h2>Win rate per seat</h2>\n")
	s.WriteString(rateChart(b.Seats, b.FirstMover.Fair, "fair share", nil))
	s.WriteString(rateTable(b.Seats))
	fm := b.FirstMover
	fmt.Fprintf(&s, "<p>First mover: <b>%s</b> wins %s %s against a fair share of %s: %s.</p>\n",
		esc(fm.Name), pct(fm.Rate.Rate), ci(fm.Rate), pct(fm.Fair), esc(fm.Verdict))
	s.WriteString("<h2>Win rate per agent</h2>\n")
	s.WriteString(rateChart(b.Agents, -1, "", nil))
	s.WriteString(rateTable(b.Agents))
	l := b.Length
	fmt.Fprintf(&s, "<h2>Game length</h2>\n<p>Mean %.1f turns, median %.1f, from %d to %d.</p>\n", l.Mean, l.Median, l.Min, l.Max)
	s.WriteString(histogram(l.Bins))
	s.WriteString("<h2>Endings</h2>\n<table><tr><th>ending</th><th>games</th><th>share</th></tr>\n")
	for _, c := range b.Endings {
		fmt.Fprintf(&s, "<tr><td>%s</td><td>%d</td><td>%s</td></tr>\n", esc(c.Reason), c.Games, pct(float64(c.Games)/float64(b.Games)))
	}
	fmt.Fprintf(&s, "</table>\n<p>Draws: %s %s.</p>\n", pct(b.Draws.Rate), ci(b.Draws))
	if ld := b.Lead; ld.Games > 0 {
		fmt.Fprintf(&s, "<h2>Lead</h2>\n<p>By the game's own score over %d games: %.2f lead changes per game; the winner led at the end in %s %s of %d decided games",
			ld.Games, ld.MeanChanges, pct(ld.WinnerLedAtEnd.Rate), ci(ld.WinnerLedAtEnd), ld.WinnerLedAtEnd.Of)
		if ld.WinnerLedAtEnd.Wins > 0 {
			fmt.Fprintf(&s, ", and led for good from %s of the game on (median %s)", pct(ld.ForGoodMean), pct(ld.ForGoodMedian))
		}
		s.WriteString(".</p>\n")
	}
	if len(b.Content) > 0 {
		s.WriteString("<h2>Content</h2>\n<p>Win rate of one agent's roles that used each piece of content (✓) against that agent's roles that did not (✗), with 95% intervals.</p>\n")
		s.WriteString(contentChart(b.Content))
		s.WriteString("<table><tr><th>content</th><th>games</th><th>agent</th><th>uses</th><th>used</th><th>95% CI</th><th>not used</th><th>95% CI</th><th></th></tr>\n")
		for _, c := range b.Content {
			for _, a := range c.Agents {
				fmt.Fprintf(&s, "<tr><td>%s</td><td>%d</td><td>%s</td><td>%d</td><td>%s of %d</td><td>%s</td><td>%s of %d</td><td>%s</td><td class=\"flag-%s\">%s</td></tr>\n",
					esc(c.Name), c.Games, esc(a.Agent), a.Uses, pct(a.Used.Rate), a.Used.Of, ci(a.Used),
					pct(a.NotUsed.Rate), a.NotUsed.Of, ci(a.NotUsed), strings.ReplaceAll(a.Flag, " ", "-"), esc(a.Flag))
			}
		}
		s.WriteString("</table>\n")
	}
	s.WriteString("</body></html>\n")
	_, err := io.WriteString(w, s.String())
	return err
}

func rateTable(rates []Rate) string {
	var s strings.Builder
	s.WriteString("<table><tr><th></th><th>wins</th><th>of</th><th>rate</th><th>95% CI</th></tr>\n")
	for _, r := range rates {
		fmt.Fprintf(&s, "<tr><td>%s</td><td>%d</td><td>%d</td><td>%s</td><td>%s</td></tr>\n", html.EscapeString(r.Name), r.Wins, r.Of, pct(r.Rate), ci(r))
	}
	s.WriteString("</table>\n")
	return s.String()
}

// rateChart draws horizontal bars with interval whiskers on a 0–100% axis,
// and a dashed reference line at ref (none when ref < 0); light marks the
// bars drawn in a lighter colour (nil: none).
func rateChart(rates []Rate, ref float64, refLabel string, light func(i int) bool) string {
	left := 60
	for _, r := range rates {
		left = max(left, 14+7*displayWidth(r.Name))
	}
	const width, row = 400, 26
	h := len(rates)*row + 40
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`+"\n", left+width+60, h)
	x := func(v float64) float64 { return float64(left) + v*width }
	for _, t := range []float64{0, .25, .5, .75, 1} {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="#ddd"/><text x="%.1f" y="%d" text-anchor="middle" fill="#666">%s</text>`+"\n",
			x(t), x(t), h-25, x(t), h-10, pct(t))
	}
	for i, r := range rates {
		y := 12 + i*row
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="end">%s</text>`, left-8, y+14, html.EscapeString(r.Name))
		fill := "#4a78b0"
		if light != nil && light(i) {
			fill = "#a9c1de"
		}
		fmt.Fprintf(&s, `<rect x="%d" y="%d" width="%.1f" height="16" fill="%s"/>`, left, y+2, r.Rate*width, fill)
		fmt.Fprintf(&s, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#222" stroke-width="1.5"/>`, x(r.CILow), y+10, x(r.CIHigh), y+10)
		fmt.Fprintf(&s, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#222"/><line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#222"/>`,
			x(r.CILow), y+5, x(r.CILow), y+15, x(r.CIHigh), y+5, x(r.CIHigh), y+15)
		fmt.Fprintf(&s, `<text x="%.1f" y="%d" fill="#222">%s</text>`+"\n", x(r.CIHigh)+6, y+14, pct(r.Rate))
	}
	if ref >= 0 {
		fmt.Fprintf(&s, `<line x1="%.1f" y1="6" x2="%.1f" y2="%d" stroke="#c03030" stroke-dasharray="5,4"/><text x="%.1f" y="%d" fill="#c03030">%s</text>`+"\n",
			x(ref), x(ref), h-25, x(ref)+4, h-28, html.EscapeString(refLabel))
	}
	s.WriteString("</svg>\n")
	return s.String()
}

// histogram draws the game-length bins as columns.
func histogram(bins []Bin) string {
	const left, height, colw = 50, 160, 48
	most := 1
	for _, b := range bins {
		most = max(most, b.Games)
	}
	var s strings.Builder
	fmt.Fprintf(&s, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`+"\n", left+len(bins)*colw+20, height+50)
	fmt.Fprintf(&s, `<text x="%d" y="14" text-anchor="end" fill="#666">%d</text><text x="%d" y="%d" text-anchor="end" fill="#666">0</text>`+"\n",
		left-6, most, left-6, height+10)
	for i, b := range bins {
		bh := float64(b.Games) / float64(most) * (height - 10)
		x := left + i*colw
		fmt.Fprintf(&s, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="#4a78b0"><title>%d–%d turns: %d games</title></rect>`,
			x+2, float64(height)-bh+10, colw-4, bh, b.From, b.To, b.Games)
		label := fmt.Sprint(b.From)
		if b.To != b.From {
			label += "–" + fmt.Sprint(b.To)
		}
		fmt.Fprintf(&s, `<text x="%d" y="%d" text-anchor="middle" fill="#444" font-size="10">%s</text>`+"\n", x+colw/2, height+26, label)
	}
	fmt.Fprintf(&s, `<text x="%d" y="%d" fill="#666">turns</text>`+"\n", left, height+44)
	s.WriteString("</svg>\n")
	return s.String()
}

// contentChart draws, per content and agent, the used and not-used win
// rates as two bars with interval whiskers; only comparisons with enough
// games on both sides are drawn.
func contentChart(cs []Content) string {
	var rates []Rate
	for _, c := range cs {
		for _, a := range c.Agents {
			if a.Flag == "too few games" {
				continue
			}
			u, n := a.Used, a.NotUsed
			u.Name, n.Name = c.Name+" · "+a.Agent+" ✓", c.Name+" · "+a.Agent+" ✗"
			rates = append(rates, u, n)
		}
	}
	if len(rates) == 0 {
		return "<p>No piece of content was used and left unused often enough by one agent to compare.</p>\n"
	}
	return rateChart(rates, -1, "", func(i int) bool { return i%2 == 1 })
}

// displayWidth counts a CJK character as two columns, so labels get room.
func displayWidth(s string) int { return diag.Width(s) }
