// Package render draws pictures of scenarios as SVG: a small, deterministic
// writer of shapes and text (CJK included), shared by every game's
// renderer. Output depends only on what is drawn, in the order it is drawn:
// numbers are printed with at most two decimals and no map is iterated, so
// the same scenario gives the same bytes (golden files).
package render

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// FontFamily lists fonts that carry Chinese glyphs first, so a viewer or a
// rasteriser picks one that renders 许昌 rather than boxes.
const FontFamily = "Noto Sans CJK SC, Source Han Sans SC, WenQuanYi Micro Hei, PingFang SC, Microsoft YaHei, sans-serif"

// Canvas accumulates the elements of one SVG picture.
type Canvas struct {
	W, H  float64
	buf   bytes.Buffer
	depth int
}

// New returns an empty canvas of the given size (user units = pixels).
func New(w, h float64) *Canvas { return &Canvas{W: w, H: h} }

// Num formats a coordinate: rounded to two decimals, no trailing zeros.
func Num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// Escape escapes text for XML character data and attribute values. Control
// characters other than tab and newline, which XML forbids, are dropped.
func Escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '"':
			b.WriteString("&quot;")
		case '\'':
			b.WriteString("&#39;")
		default:
			if r == utf8.RuneError || (r < 0x20 && r != '\t' && r != '\n') || r == 0x7f {
				continue
			}
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Style is the presentation of a shape; empty fields are left out.
type Style struct {
	Fill        string
	Stroke      string
	StrokeWidth float64
	Dash        string  // stroke-dasharray
	Opacity     float64 // 0 means opaque (not written)
}

func (s Style) attrs() string {
	var b strings.Builder
	if s.Fill != "" {
		fmt.Fprintf(&b, ` fill="%s"`, Escape(s.Fill))
	}
	if s.Stroke != "" {
		fmt.Fprintf(&b, ` stroke="%s"`, Escape(s.Stroke))
		if s.StrokeWidth > 0 {
			fmt.Fprintf(&b, ` stroke-width="%s"`, Num(s.StrokeWidth))
		}
	}
	if s.Dash != "" {
		fmt.Fprintf(&b, ` stroke-dasharray="%s"`, Escape(s.Dash))
	}
	if s.Opacity > 0 && s.Opacity < 1 {
		fmt.Fprintf(&b, ` opacity="%s"`, Num(s.Opacity))
	}
	return b.String()
}

func (c *Canvas) line(format string, args ...any) {
	c.buf.WriteString(strings.Repeat("  ", c.depth+1))
	fmt.Fprintf(&c.buf, format, args...)
	c.buf.WriteByte('\n')
}

// Rect draws a rectangle.
func (c *Canvas) Rect(x, y, w, h float64, s Style) {
	c.line(`<rect x="%s" y="%s" width="%s" height="%s"%s/>`, Num(x), Num(y), Num(w), Num(h), s.attrs())
}

// Circle draws a circle.
func (c *Canvas) Circle(cx, cy, r float64, s Style) {
	c.line(`<circle cx="%s" cy="%s" r="%s"%s/>`, Num(cx), Num(cy), Num(r), s.attrs())
}

// Line draws a segment.
func (c *Canvas) Line(x1, y1, x2, y2 float64, s Style) {
	c.line(`<line x1="%s" y1="%s" x2="%s" y2="%s"%s/>`, Num(x1), Num(y1), Num(x2), Num(y2), s.attrs())
}

// Polygon draws a closed shape through the points (x0, y0, x1, y1 …).
func (c *Canvas) Polygon(points []float64, s Style) {
	var b strings.Builder
	for i := 0; i+1 < len(points); i += 2 {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(Num(points[i]) + "," + Num(points[i+1]))
	}
	c.line(`<polygon points="%s"%s/>`, b.String(), s.attrs())
}

// Anchor is a text alignment.
type Anchor string

// Text anchors.
const (
	Start  Anchor = "start"
	Middle Anchor = "middle"
	End    Anchor = "end"
)

// TextStyle is the presentation of a text.
type TextStyle struct {
	Size   float64 // font size; 0 means 12
	Fill   string  // 0 means black
	Anchor Anchor
	Bold   bool
}

// Text draws one line of text with its baseline at y.
func (c *Canvas) Text(x, y float64, text string, s TextStyle) {
	size := s.Size
	if size == 0 {
		size = 12
	}
	attrs := fmt.Sprintf(` font-size="%s"`, Num(size))
	if s.Fill != "" {
		attrs += fmt.Sprintf(` fill="%s"`, Escape(s.Fill))
	}
	if s.Anchor != "" && s.Anchor != Start {
		attrs += fmt.Sprintf(` text-anchor="%s"`, s.Anchor)
	}
	if s.Bold {
		attrs += ` font-weight="bold"`
	}
	c.line(`<text x="%s" y="%s"%s>%s</text>`, Num(x), Num(y), attrs, Escape(text))
}

// Axes numbers a grid of w × h square cells of side cell whose top-left
// corner is at (left, top): the columns above it, the rows on its left.
func (c *Canvas) Axes(left, top, cell float64, w, h int) {
	for x := range w {
		c.Text(left+float64(x)*cell+cell/2, top-6, fmt.Sprint(x), TextStyle{Size: 10, Anchor: Middle, Fill: "#616161"})
	}
	for y := range h {
		c.Text(left-6, top+float64(y)*cell+cell/2+4, fmt.Sprint(y), TextStyle{Size: 10, Anchor: End, Fill: "#616161"})
	}
}

// Title attaches a tooltip to the enclosing group (shown on hover).
func (c *Canvas) Title(text string) { c.line(`<title>%s</title>`, Escape(text)) }

// Group opens a group with an optional class (for styling and tests);
// close it with End.
func (c *Canvas) Group(class string) {
	if class == "" {
		c.line(`<g>`)
	} else {
		c.line(`<g class="%s">`, Escape(class))
	}
	c.depth++
}

// End closes the innermost group.
func (c *Canvas) End() {
	if c.depth == 0 {
		return
	}
	c.depth--
	c.line(`</g>`)
}

// Bytes returns the complete SVG document; open groups are closed.
func (c *Canvas) Bytes() []byte {
	for c.depth > 0 {
		c.End()
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, `<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s">`+"\n",
		Num(c.W), Num(c.H), Num(c.W), Num(c.H), FontFamily)
	fmt.Fprintf(&out, `  <rect x="0" y="0" width="%s" height="%s" fill="#ffffff"/>`+"\n", Num(c.W), Num(c.H))
	out.Write(c.buf.Bytes())
	out.WriteString("</svg>\n")
	return out.Bytes()
}

// TextWidth estimates the width of text at a font size: wide (CJK,
// fullwidth: diag.Wide, the terminal's table) characters take one em,
// others about 0.6 em. Layouts use it
// to size legends and boxes without font metrics.
func TextWidth(text string, size float64) float64 {
	w := 0.0
	for _, r := range text {
		if diag.Wide(r) {
			w += size
		} else {
			w += 0.6 * size
		}
	}
	return w
}

// Clip shortens text to at most width at size, ending it with "…" when cut.
func Clip(text string, width, size float64) string {
	if TextWidth(text, size) <= width {
		return text
	}
	rs := []rune(text)
	for len(rs) > 0 && TextWidth(string(rs)+"…", size) > width {
		rs = rs[:len(rs)-1]
	}
	return string(rs) + "…"
}

// Palette holds the colours of sides/roles, distinguishable and printable;
// Side(i) cycles through it.
var Palette = []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"}

// Side returns the colour of side or role i (grey for -1, none).
func Side(i int) string {
	if i < 0 {
		return "#9e9e9e"
	}
	return Palette[i%len(Palette)]
}

// LegendEntry is one swatch and its label.
type LegendEntry struct {
	Label  string
	Fill   string
	Stroke string
	Circle bool // a round swatch (units, roles) instead of a square
}

// Legend draws entries in a column at (x, y), one per row of height row,
// and returns the height used.
func (c *Canvas) Legend(x, y float64, title string, entries []LegendEntry) float64 {
	const row, sw, size = 20.0, 14.0, 12.0
	c.Group("legend")
	h := 0.0
	if title != "" {
		c.Text(x, y+size, title, TextStyle{Size: size, Bold: true})
		h += row
	}
	for _, e := range entries {
		yy := y + h
		st := Style{Fill: e.Fill, Stroke: e.Stroke, StrokeWidth: 1}
		if st.Stroke == "" {
			st.Stroke = "#444444"
		}
		if e.Circle {
			c.Circle(x+sw/2, yy+sw/2+1, sw/2, st)
		} else {
			c.Rect(x, yy+1, sw, sw, st)
		}
		c.Text(x+sw+6, yy+size, e.Label, TextStyle{Size: size})
		h += row
	}
	c.End()
	return h
}

// LegendWidth is the width Legend needs for entries.
func LegendWidth(title string, entries []LegendEntry) float64 {
	w := TextWidth(title, 12)
	for _, e := range entries {
		w = max(w, 20+TextWidth(e.Label, 12))
	}
	return w
}

// Marker draws a diagnostic marker (a red ring with an exclamation mark)
// centred at (x, y), with the message as its tooltip.
func (c *Canvas) Marker(x, y, r float64, message string) {
	c.Group("diagnostic")
	c.Title(message)
	c.Circle(x, y, r, Style{Fill: "none", Stroke: "#e00000", StrokeWidth: 3})
	c.Text(x, y+r*0.35, "!", TextStyle{Size: r, Fill: "#e00000", Anchor: Middle, Bold: true})
	c.End()
}
