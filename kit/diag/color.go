package diag

import (
	"fmt"
	"os"

	"github.com/fatih/color"
	"github.com/mattn/go-isatty"
)

// ColorMode is the value of a --color flag.
type ColorMode string

// Color modes. The zero value behaves as ColorAuto.
const (
	ColorAuto   ColorMode = "auto"
	ColorAlways ColorMode = "always"
	ColorNever  ColorMode = "never"
)

// ParseColorMode returns the mode named s: auto, always or never.
func ParseColorMode(s string) (ColorMode, error) {
	switch m := ColorMode(s); m {
	case ColorAuto, ColorAlways, ColorNever:
		return m, nil
	}
	return "", fmt.Errorf("unknown color mode %q (want auto, always or never)", s)
}

// String returns the flag spelling of m.
func (m ColorMode) String() string { return string(m) }

// Set implements flag.Value so a ColorMode can back a --color flag directly.
func (m *ColorMode) Set(s string) error {
	v, err := ParseColorMode(s)
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// UseColor decides whether text output to f gets colors. never and always
// are final; auto (or the zero mode) colors only a terminal, and only when
// the environment allows it: NO_COLOR unset or empty (https://no-color.org)
// and TERM not "dumb". env looks up environment variables; nil means
// os.Getenv. It is a parameter so that tests and embedders need not touch
// the process environment.
func UseColor(mode ColorMode, f *os.File, env func(string) string) bool {
	if env == nil {
		env = os.Getenv
	}
	tty := f != nil && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
	return useColor(mode, tty, env)
}

// useColor is UseColor with the terminal test done, so the policy can be
// tested without a terminal.
func useColor(mode ColorMode, tty bool, env func(string) string) bool {
	switch mode {
	case ColorNever:
		return false
	case ColorAlways:
		return true
	}
	return tty && env("NO_COLOR") == "" && env("TERM") != "dumb"
}

// palette paints the parts of text output. Its zero value (colors off)
// returns text unchanged, so renderers call it unconditionally and cannot
// leak escape codes when colors are off.
type palette struct {
	on bool
}

func newPalette(on bool) palette { return palette{on: on} }

// style is one text attribute set; nil means plain.
type style struct{ c *color.Color }

// paint wraps s in the style's escape codes.
func (st style) paint(s string) string {
	if st.c == nil || s == "" {
		return s
	}
	return st.c.Sprint(s)
}

// newStyle builds a color that ignores fatih/color's global NoColor switch:
// the caller has already decided, through UseColor.
func (p palette) newStyle(attrs ...color.Attribute) style {
	if !p.on {
		return style{}
	}
	c := color.New(attrs...)
	c.EnableColor()
	return style{c}
}

func (p palette) severity(s Severity) style {
	switch s {
	case Error:
		return p.newStyle(color.FgRed, color.Bold)
	case Warning:
		return p.newStyle(color.FgYellow, color.Bold)
	}
	return p.newStyle(color.FgCyan, color.Bold)
}

func (p palette) bold() style   { return p.newStyle(color.Bold) }
func (p palette) gutter() style { return p.newStyle(color.FgBlue, color.Bold) }
func (p palette) note() style   { return p.newStyle(color.FgCyan, color.Bold) }
func (p palette) help() style   { return p.newStyle(color.FgGreen, color.Bold) }
