package diag

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// textRenderer writes the human format. It keeps the split lines of every
// file it has fetched, because diagnostics cluster in few files.
type textRenderer struct {
	buf     *bytes.Buffer
	p       palette
	sources Sources
	files   map[string][]string // nil entry: file unavailable
}

// renderText writes each diagnostic as
//
//	error[CODE]: Summary
//	  --> file:line:col
//	   |
//	 3 | source line
//	   |        ^^^^
//	Detail.
//	note: related message
//	  --> file:line:col
//	help: did you mean "x"?
//
// followed by a blank line.
func renderText(buf *bytes.Buffer, ds Diagnostics, opts Options) {
	tr := &textRenderer{buf: buf, p: newPalette(opts.Color), sources: opts.Sources, files: map[string][]string{}}
	for _, d := range ds {
		tr.diagnostic(d)
	}
}

func (tr *textRenderer) diagnostic(d Diagnostic) {
	head := d.Severity.String()
	if d.Code != "" {
		head += "[" + d.Code + "]"
	}
	fmt.Fprintf(tr.buf, "%s%s\n", tr.p.severity(d.Severity).paint(head), tr.p.bold().paint(": "+printable(d.Summary)))
	if d.Subject != nil {
		tr.subject(d.Severity, *d.Subject)
	}
	if d.Detail != "" {
		tr.buf.WriteString(printable(strings.TrimRight(d.Detail, "\n")))
		tr.buf.WriteString("\n")
	}
	for _, rel := range d.Related {
		fmt.Fprintf(tr.buf, "%s %s\n", tr.p.note().paint("note:"), printable(rel.Message))
		tr.arrow(gutterWidth(rel.Range.Start.Line), rel.Range)
	}
	if ss := missingSuggestions(d); len(ss) > 0 {
		fmt.Fprintf(tr.buf, "%s %s\n", tr.p.help().paint("help:"), printable(didYouMean(ss)))
	}
	tr.buf.WriteString("\n")
}

// gutterWidth is the width of the line-number column: the digits of the
// largest line number shown.
func gutterWidth(line int) int { return len(strconv.Itoa(max(line, 1))) }

// arrow writes "  --> file:line:col", indented to sit under the gutter.
func (tr *textRenderer) arrow(width int, r Range) {
	fmt.Fprintf(tr.buf, "%s%s %s\n", strings.Repeat(" ", width+1), tr.p.gutter().paint("-->"), printable(r.String()))
}

// lines returns the lines of file without their terminators, or nil when
// the file is unavailable.
func (tr *textRenderer) lines(file string) []string {
	if ls, ok := tr.files[file]; ok {
		return ls
	}
	var ls []string
	if tr.sources != nil {
		if b, ok := tr.sources(file); ok {
			ls = splitLines(b)
		}
	}
	tr.files[file] = ls
	return ls
}

// splitLines splits on \n and drops a \r before it, so CRLF files render
// like LF files. A final newline does not start an extra line.
func splitLines(b []byte) []string {
	// A byte order mark is not part of the first line: positions do not
	// count it, and terminals do not show it.
	s := strings.TrimSuffix(strings.TrimPrefix(string(b), "\uFEFF"), "\n")
	ls := strings.Split(s, "\n")
	for i, l := range ls {
		ls[i] = strings.TrimSuffix(l, "\r")
	}
	return ls
}

// span is an underlined stretch of one line, in 1-based rune columns with
// an exclusive end.
type span struct {
	line     int
	from, to int
}

// subjectSpans maps r onto the lines of its file: one span for a one-line
// subject; for a longer one, the first line from the start column to its end
// and the last line from its first non-blank rune to the end column, since
// showing the whole middle would bury the point.
func subjectSpans(r Range, lines []string) []span {
	start, end := r.Start, r.End
	if start.Line < 1 || start.Line > len(lines) {
		return nil
	}
	lineLen := func(n int) int { return utf8.RuneCountInString(lines[n-1]) }
	// A range past the end of the file ends with its last line.
	if end.Line > len(lines) {
		end.Line = len(lines)
		end.Column = lineLen(end.Line) + 1
	}
	// A range ending at column 1 ends with the previous line's newline.
	if end.Line > start.Line && end.Column <= 1 {
		end.Line--
		end.Column = lineLen(end.Line) + 1
	}
	if end.Line <= start.Line {
		// Also covers malformed ranges that end before they start.
		return []span{{start.Line, start.Column, max(end.Column, start.Column+1)}}
	}
	last := lines[end.Line-1]
	indent := utf8.RuneCountInString(last) - utf8.RuneCountInString(strings.TrimLeftFunc(last, unicode.IsSpace))
	return []span{
		{start.Line, start.Column, max(lineLen(start.Line)+1, start.Column+1)},
		{end.Line, min(indent+1, end.Column-1), end.Column},
	}
}

// subject writes the location and the source excerpt of r.
func (tr *textRenderer) subject(sev Severity, r Range) {
	lines := tr.lines(r.File)
	spans := subjectSpans(r, lines)
	width := gutterWidth(r.Start.Line)
	if len(spans) > 0 {
		width = gutterWidth(spans[len(spans)-1].line)
	}
	tr.arrow(width, r)
	if len(spans) == 0 {
		return
	}
	pad := strings.Repeat(" ", width+2) // under " 12 " of " 12 | line"
	bar := tr.p.gutter().paint("|")
	fmt.Fprintf(tr.buf, "%s%s\n", pad, bar)
	for i, sp := range spans {
		if i > 0 && sp.line > spans[i-1].line+1 {
			tr.buf.WriteString(tr.p.gutter().paint("...") + "\n")
		}
		line, from0, to0 := clipLine(lines[sp.line-1], sp.from-1, sp.to-1)
		display, cells := expandLine(line)
		display = strings.TrimRight(display, " ") // invisible, and golden files lose it
		num := tr.p.gutter().paint(fmt.Sprintf(" %*d |", width, sp.line))
		if display == "" {
			fmt.Fprintf(tr.buf, "%s\n", num) // no trailing blank
		} else {
			fmt.Fprintf(tr.buf, "%s %s\n", num, display)
		}
		n := len(cells) - 1 // runes in the line
		from := min(max(from0, 0), n)
		to := min(max(to0, from), n)
		startCell, endCell := cells[from], max(cells[to], cells[from]+1)
		carets := tr.p.severity(sev).paint(strings.Repeat("^", endCell-startCell))
		fmt.Fprintf(tr.buf, "%s%s %s%s\n", pad, bar, strings.Repeat(" ", startCell), carets)
	}
}

// Long lines are clipped in excerpts: at most clipRunes runes of the line
// are shown, starting clipContext runes before the subject, with "…" where
// the line goes on. A minified or generated line of megabytes thus prints
// about one terminal line.
const (
	clipRunes   = 120
	clipContext = 40
)

// clipLine returns the part of line an excerpt shows and the 0-based rune
// columns from and to (exclusive) moved into it. Lines within clipRunes are
// returned whole.
func clipLine(line string, from, to int) (string, int, int) {
	n := utf8.RuneCountInString(line)
	if n <= clipRunes {
		return line, from, to
	}
	start := min(max(from-clipContext, 0), n)
	end := min(start+clipRunes, n)
	start = max(min(start, end-clipRunes), 0)
	var b strings.Builder
	shift := start
	if start > 0 {
		b.WriteString("…")
		shift--
	}
	i := 0
	for _, r := range line {
		if i >= end {
			break
		}
		if i >= start {
			b.WriteRune(r)
		}
		i++
	}
	if end < n {
		b.WriteString("…")
	}
	from, to = from-shift, min(to, end)-shift
	return b.String(), from, max(to, from)
}

// printable replaces control characters other than newlines and tabs with
// U+FFFD in the text of a diagnostic (summaries, details and file names
// can quote a scenario's strings), so a hostile name cannot move the cursor
// or recolor the terminal, as excerpts already cannot (expandLine).
func printable(s string) string {
	if !strings.ContainsFunc(s, isHostile) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isHostile(r) {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

func isHostile(r rune) bool { return r != '\n' && r != '\t' && unicode.IsControl(r) }
