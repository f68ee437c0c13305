package sim

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// balanceHTML is the page of the balance report; html/template escapes
// every name and note in its context.
//
//go:embed balance.html.tmpl
var balanceHTML string

var balancePage = template.Must(template.New("balance").Funcs(template.FuncMap{
	"pct":    pct,
	"ci":     ci,
	"plural": plural,
	"share":  func(c Count, of int) string { return pct(float64(c.Games) / float64(of)) },
	"dashed": func(s string) string { return strings.ReplaceAll(s, " ", "-") },
	"matchup": func(b *Balance, agent, opponent string) *Matchup {
		if m, ok := b.Matchup(agent, opponent); ok {
			return &m
		}
		return nil
	},
}).Parse(balanceHTML))

// WriteHTML writes the balance report as one self-contained page: inline
// CSS and SVG charts, no scripts and no external assets.
func (b *Balance) WriteHTML(w io.Writer) error {
	page := struct {
		*Balance
		SeatChart, AgentChart, ContentChart *rateChart
		Histogram                           histogram
	}{Balance: b, SeatChart: newRateChart(b.Seats, b.FirstMover.Fair, "fair share", nil),
		AgentChart: newRateChart(b.Agents, -1, "", nil), ContentChart: contentChart(b.Content),
		Histogram: newHistogram(b.Length.Bins)}
	var s strings.Builder
	if err := balancePage.Execute(&s, page); err != nil {
		return err
	}
	_, err := io.WriteString(w, s.String())
	return err
}

// rateChart is a chart of horizontal bars with interval whiskers on a
// 0–100% axis, and a dashed reference line; the fields are its layout.
type rateChart struct {
	Width, Height         int
	Bottom                int // where the grid lines end
	TickLabelY, RefLabelY int
	Ticks                 []tick // 0%, 25% … 100%
	Bars                  []bar  // one per rate
	Ref                   *ref   // nil: none
}

type tick struct {
	X     float64
	Label string
}

// bar is one rate: its name right-aligned at NameX, its bar from Left,
// the interval's whisker from Low to High.
type bar struct {
	Rate
	NameX, Left      int
	TextY, RectY     int
	Mid, Top, Base   int
	Width, Low, High float64
	ValueX           float64
	Fill             string
}

type ref struct {
	X, LabelX float64
	Label     string
}

// newRateChart lays out rates with a reference line at refAt (none when
// refAt < 0); light marks the bars drawn in a lighter colour (nil: none).
func newRateChart(rates []Rate, refAt float64, refLabel string, light func(i int) bool) *rateChart {
	left := 60
	for _, r := range rates {
		left = max(left, 14+7*diag.Width(r.Name))
	}
	const width, row = 400, 26
	h := len(rates)*row + 40
	x := func(v float64) float64 { return float64(left) + v*width }
	c := &rateChart{Width: left + width + 60, Height: h, Bottom: h - 25, TickLabelY: h - 10, RefLabelY: h - 28}
	for _, t := range []float64{0, .25, .5, .75, 1} {
		c.Ticks = append(c.Ticks, tick{X: x(t), Label: pct(t)})
	}
	for i, r := range rates {
		y := 12 + i*row
		fill := "#4a78b0"
		if light != nil && light(i) {
			fill = "#a9c1de"
		}
		c.Bars = append(c.Bars, bar{Rate: r, NameX: left - 8, Left: left, TextY: y + 14, RectY: y + 2,
			Mid: y + 10, Top: y + 5, Base: y + 15, Width: r.Rate * width, Low: x(r.CILow), High: x(r.CIHigh),
			ValueX: x(r.CIHigh) + 6, Fill: fill})
	}
	if refAt >= 0 {
		c.Ref = &ref{X: x(refAt), LabelX: x(refAt) + 4, Label: refLabel}
	}
	return c
}

// contentChart charts, per content and agent, the used and not-used win
// rates as two bars; only comparisons with enough games on both sides are
// drawn (nil: none).
func contentChart(cs []Content) *rateChart {
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
		return nil
	}
	return newRateChart(rates, -1, "", func(i int) bool { return i%2 == 1 })
}

// histogram is the game-length bins drawn as columns; the fields are its
// layout.
type histogram struct {
	Width, Height, Most int
	Left, NumbersX      int
	ZeroY, AxisY        int
	Columns             []column
}

// column is one bin, its label centred under it.
type column struct {
	Bin
	X, Width, Centre, LabelY int
	Y, H                     float64
	Label                    string
}

func newHistogram(bins []Bin) histogram {
	const left, height, colw = 50, 160, 48
	h := histogram{Width: left + len(bins)*colw + 20, Height: height + 50, Most: 1, Left: left, NumbersX: left - 6,
		ZeroY: height + 10, AxisY: height + 44}
	for _, b := range bins {
		h.Most = max(h.Most, b.Games)
	}
	for i, b := range bins {
		bh := float64(b.Games) / float64(h.Most) * (height - 10)
		x := left + i*colw
		label := fmt.Sprint(b.From)
		if b.To != b.From {
			label += "–" + fmt.Sprint(b.To)
		}
		h.Columns = append(h.Columns, column{Bin: b, X: x + 2, Width: colw - 4, Centre: x + colw/2, LabelY: height + 26,
			Y: float64(height) - bh + 10, H: bh, Label: label})
	}
	return h
}
