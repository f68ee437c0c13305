package legacy

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/sandtable/sandtable/kit/diag"
)

// Limits of the values the readers accept.
const (
	MaxSide   = 254     // 255 is the original's invalid position
	MaxValue  = 1000000 // resource, attack and defence
	MaxWeight = 1000    // kernel weights
	KernelN   = 9       // the kernel is KernelN×KernelN (MILITARY_KERNEL_SIZE 5)
)

// Block names the three grids of a map file, in file order.
var Block = [3]string{"resource", "attack", "defence"}

// Map is a legacy map file. Grids are row-major: cell (x, y) is at index
// y·Cols + x, the order of the file.
type Map struct {
	Cols, Rows int
	// Grids holds the resource, attack and defence grids (Block order).
	Grids [3][]int
	// Ranges holds the token of every value of Grids, and SizeRange the
	// tokens of cols and rows.
	Ranges    [3][]diag.Range `json:"-"`
	SizeRange [2]diag.Range   `json:"-"`
}

// Index returns the index of cell (x, y) in the grids.
func (m *Map) Index(x, y int) int { return y*m.Cols + x }

// Res, Atk and Def return the values of cell (x, y).
func (m *Map) Res(x, y int) int { return m.Grids[0][m.Index(x, y)] }

// Atk returns the attack ratio of cell (x, y).
func (m *Map) Atk(x, y int) int { return m.Grids[1][m.Index(x, y)] }

// Def returns the defence ratio of cell (x, y).
func (m *Map) Def(x, y int) int { return m.Grids[2][m.Index(x, y)] }

// Kernel is a legacy military kernel file: W[n][m] is the weight at x
// offset n−4 and y offset m−4, as float32 like the original's loader.
type Kernel struct {
	W [KernelN][KernelN]float32
	// Text is each weight as written, Ranges its token.
	Text   [KernelN][KernelN]string
	Ranges [KernelN][KernelN]diag.Range `json:"-"`
}

// token is one white-space separated word of a file.
type token struct {
	text string
	r    diag.Range
}

// isSpace is C's isspace in the "C" locale, which the original's streams
// use.
func isSpace(b byte) bool { return b == ' ' || (b >= '\t' && b <= '\r') }

// tokens splits data[start:end] into words; line is the line of start and
// col its rune column, off its byte offset in the file.
func tokens(file string, data []byte, line, col int) []token {
	var out []token
	i := 0
	for i < len(data) {
		if isSpace(data[i]) {
			if data[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
			i++
			continue
		}
		start, sc := i, col
		for i < len(data) && !isSpace(data[i]) {
			_, size := utf8.DecodeRune(data[i:])
			i += size
			col++
		}
		out = append(out, token{
			text: string(data[start:i]),
			r: diag.Range{File: file,
				Start: diag.Pos{Line: line, Column: sc, Byte: start},
				End:   diag.Pos{Line: line, Column: col, Byte: i}},
		})
	}
	return out
}

func errAt(r diag.Range, code, summary, detail string) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Code: code, Summary: summary, Detail: detail, Subject: r.Ptr()}
}

var intRE = regexp.MustCompile(`^[+-]?[0-9]+$`)

// readInt reads an integer token as the original's `>> int` would accept
// it whole.
func readInt(t token, what string) (int, *diag.Diagnostic) {
	if !intRE.MatchString(t.text) {
		d := errAt(t.r, CodeToken, "Not an integer", fmt.Sprintf("The %s must be a decimal integer; %q is not one.", what, clip(t.text)))
		return 0, &d
	}
	v, err := strconv.ParseInt(t.text, 10, 32)
	if err != nil {
		d := errAt(t.r, CodeToken, "Integer too large", fmt.Sprintf("The %s %s does not fit in a 32-bit integer.", what, clip(t.text)))
		return 0, &d
	}
	return int(v), nil
}

// clip shortens a token quoted in a message.
func clip(s string) string {
	if utf8.RuneCountInString(s) <= 24 {
		return s
	}
	r := []rune(s)
	return string(r[:24]) + "…"
}

// ParseMap reads a legacy map file. It always returns a map: on errors, the
// values read so far and zeros after them (no grids when the size is bad).
func ParseMap(file string, data []byte) (*Map, diag.Diagnostics) {
	m := &Map{}
	toks := tokens(file, data, 1, 1)
	var ds diag.Diagnostics
	eof := endRange(file, data)
	var size [2]int
	for i, what := range []string{"cols (map width)", "rows (map height)"} {
		if i >= len(toks) {
			ds = append(ds, errAt(eof, CodeEOF, "Map file ends early", fmt.Sprintf("The file ends before %s.", what)))
			return m, ds
		}
		v, d := readInt(toks[i], what)
		if d != nil {
			return m, append(ds, *d)
		}
		if v < 1 || v > MaxSide {
			return m, append(ds, errAt(toks[i].r, CodeSize, "Impossible map size", fmt.Sprintf("The %s is %d; it must be between 1 and %d.", what, v, MaxSide)))
		}
		size[i] = v
		m.SizeRange[i] = toks[i].r
	}
	m.Cols, m.Rows = size[0], size[1]
	n := m.Cols * m.Rows
	for b := range m.Grids {
		m.Grids[b] = make([]int, n)
		m.Ranges[b] = make([]diag.Range, n)
	}
	k := 2
	for b := range m.Grids {
		for i := range n {
			x, y := i%m.Cols, i/m.Cols
			if k >= len(toks) {
				return m, append(ds, errAt(eof, CodeEOF, "Map file ends early",
					fmt.Sprintf("The file ends before the %s value of cell (%d, %d); a %d×%d map needs %d integers after the size, %d were found.", Block[b], x, y, m.Cols, m.Rows, 3*n, k-2)))
			}
			t := toks[k]
			k++
			what := fmt.Sprintf("%s value of cell (%d, %d)", Block[b], x, y)
			v, d := readInt(t, what)
			if d != nil {
				return m, append(ds, *d)
			}
			if v < 0 || v > MaxValue {
				ds = append(ds, errAt(t.r, CodeRange, "Terrain value out of range", fmt.Sprintf("The %s is %d; it must be between 0 and %d.", what, v, MaxValue)))
			}
			m.Grids[b][i] = v
			m.Ranges[b][i] = t.r
		}
	}
	if k < len(toks) {
		ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeTrailing, Summary: "Extra tokens after the map",
			Detail:  fmt.Sprintf("%d tokens follow the defence block; the original ignores them. Check cols and rows (%d×%d).", len(toks)-k, m.Cols, m.Rows),
			Subject: toks[k].r.Ptr()})
	}
	return m, ds
}

func endRange(file string, data []byte) diag.Range {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		i += size
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	p := diag.Pos{Line: line, Column: col, Byte: len(data)}
	return diag.Range{File: file, Start: p, End: p}
}

var floatRE = regexp.MustCompile(`^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$`)

// ParseKernel reads a legacy kernel file. It always returns a kernel: on
// errors, the weights read so far and zeros after them.
func ParseKernel(file string, data []byte) (*Kernel, diag.Diagnostics) {
	k := &Kernel{}
	var ds diag.Diagnostics
	row := 0
	off, line := 0, 1
	for off < len(data) && row < KernelN {
		end := off
		for end < len(data) && data[end] != '\n' {
			end++
		}
		if end > off && data[off] == '|' {
			text := make([]byte, end-off)
			copy(text, data[off:end])
			for i, c := range text {
				if c == '|' {
					text[i] = ' '
				}
			}
			toks := tokens(file, text, line, 1)
			for i := range toks {
				toks[i].r.Start.Byte += off
				toks[i].r.End.Byte += off
			}
			lineRange := diag.Range{File: file, Start: diag.Pos{Line: line, Column: 1, Byte: off}, End: diag.Pos{Line: line, Column: 2, Byte: off + 1}}
			if len(toks) < KernelN {
				ds = append(ds, errAt(lineRange, CodeRow, "Kernel row too short",
					fmt.Sprintf("Kernel row %d (x offset %d) holds %d values; it needs %d.", row, row-KernelN/2, len(toks), KernelN)))
			}
			for m, t := range toks {
				if m >= KernelN {
					ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeTrailing, Summary: "Extra values in a kernel row",
						Detail: fmt.Sprintf("Kernel row %d has %d values; the original reads the first %d and ignores the rest.", row, len(toks), KernelN), Subject: t.r.Ptr()})
					break
				}
				if !floatRE.MatchString(t.text) {
					ds = append(ds, errAt(t.r, CodeToken, "Not a number", fmt.Sprintf("Kernel weights are decimal numbers; %q is not one.", clip(t.text))))
					continue
				}
				v, err := strconv.ParseFloat(t.text, 32)
				f := float32(v)
				if err != nil || math.IsInf(v, 0) || f < 0 || f > MaxWeight {
					ds = append(ds, errAt(t.r, CodeWeight, "Kernel weight out of range", fmt.Sprintf("The weight %s at offset (%d, %d) must be between 0 and %d.", clip(t.text), row-KernelN/2, m-KernelN/2, MaxWeight)))
					continue
				}
				k.W[row][m] = f
				k.Text[row][m] = t.text
				k.Ranges[row][m] = t.r
			}
			row++
		}
		// Advance to the next line, counting it.
		off = end + 1
		line++
	}
	if row < KernelN {
		ds = append(ds, errAt(endRange(file, data), CodeRows, "Kernel file has too few rows",
			fmt.Sprintf("The kernel needs %d lines starting with '|'; the file has %d.", KernelN, row)))
	}
	return k, ds
}

// FormatMap writes m in the legacy format, as the shipped file lays it out:
// the size, a blank line, then each block as tab-separated rows followed by
// a blank line.
func FormatMap(m *Map) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %d\n\n", m.Cols, m.Rows)
	for g := range m.Grids {
		for y := range m.Rows {
			for x := range m.Cols {
				if x > 0 {
					b.WriteByte('\t')
				}
				b.WriteString(strconv.Itoa(m.Grids[g][m.Index(x, y)]))
			}
			b.WriteByte('\n')
		}
		b.WriteByte('\n')
	}
	return []byte(b.String())
}

// FormatKernel writes k in the legacy format: a title line and nine rows
// of '|'-separated weights, each in the shortest form that reads back as
// the same float32.
func FormatKernel(k *Kernel) []byte {
	var b strings.Builder
	b.WriteString("# Military Kernel\n\n")
	for n := range KernelN {
		for m := range KernelN {
			b.WriteString("| ")
			b.WriteString(strconv.FormatFloat(float64(k.W[n][m]), 'f', -1, 32))
			b.WriteByte(' ')
		}
		b.WriteString("|\n")
	}
	return []byte(b.String())
}
