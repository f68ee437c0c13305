package render

import (
	"strings"
	"testing"
)

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1.5: "1.5", 2.004: "2", -0.001: "0", 12.345: "12.35", -3.1: "-3.1", 100: "100"} {
		if got := Num(v); got != want {
			t.Errorf("Num(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestEscape(t *testing.T) {
	if got, want := Escape(`a<b>&"c'`+"\x01许"), "a&lt;b&gt;&amp;&quot;c&#39;许"; got != want {
		t.Errorf("Escape = %q, want %q", got, want)
	}
}

func TestTextWidthAndClip(t *testing.T) {
	if got := TextWidth("许昌", 10); got != 20 {
		t.Errorf("TextWidth(许昌, 10) = %v, want 20 (one em per Han character)", got)
	}
	if got := TextWidth("ab", 10); got != 12 {
		t.Errorf("TextWidth(ab, 10) = %v, want 12", got)
	}
	if got := Clip("蓝·枪兵队长", 40, 10); got != "蓝·枪…" {
		t.Errorf("Clip = %q", got)
	}
	if got := Clip("甲", 40, 10); got != "甲" {
		t.Errorf("Clip of a short text = %q", got)
	}
}

func TestCanvasDocument(t *testing.T) {
	c := New(100, 50)
	c.Group("a")
	c.Rect(1, 2, 3, 4, Style{Fill: "#fff", Stroke: "#000", StrokeWidth: 1, Opacity: 0.5})
	c.Text(5, 6, "许<昌>", TextStyle{Anchor: Middle, Bold: true})
	// The open group is closed by Bytes.
	got := string(c.Bytes())
	for _, want := range []string{
		`<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50"`,
		`<rect x="1" y="2" width="3" height="4" fill="#fff" stroke="#000" stroke-width="1" opacity="0.5"/>`,
		`<text x="5" y="6" font-size="12" text-anchor="middle" font-weight="bold">许&lt;昌&gt;</text>`,
		"  </g>\n</svg>\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("document lacks %q:\n%s", want, got)
		}
	}
	if Side(-1) == Side(0) || Side(0) == Side(1) || Side(len(Palette)) != Side(0) {
		t.Error("side colours: none must differ from side 0, sides 0 and 1 must differ, the palette cycles")
	}
}

// Axes numbers the columns above the grid, centred on each, and the rows
// left of it, on each row's middle.
func TestAxes(t *testing.T) {
	c := New(100, 100)
	c.Axes(20, 30, 10, 2, 1)
	got := string(c.Bytes())
	for _, want := range []string{
		`<text x="25" y="24" font-size="10" fill="#616161" text-anchor="middle">0</text>`,
		`<text x="35" y="24" font-size="10" fill="#616161" text-anchor="middle">1</text>`,
		`<text x="14" y="39" font-size="10" fill="#616161" text-anchor="end">0</text>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	if n := strings.Count(got, "<text"); n != 3 {
		t.Errorf("%d texts, want 3 (two columns, one row)", n)
	}
}
