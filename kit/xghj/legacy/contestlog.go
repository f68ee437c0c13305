package legacy

import (
	"bytes"
	"fmt"

	"github.com/sandtable/sandtable/kit/diag"
)

// ContestMagic is the first value of a contest log file (facts §11).
const ContestMagic = -8930218

// CodeLog is the code of a contest log that is not in the logger's
// format.
const CodeLog = "xghj-legacy-log"

// logCode documents CodeLog; Codes lists it.
var logCode = diag.CodeInfo{Code: CodeLog, Category: "import", Severity: diag.Error,
	Title: "malformed contest log",
	Doc: "A log_*.txt file of the original controller does not have the layout of facts §11: the magic number −8930218, the player " +
		"count, one name per line, the bids, the spawn pairs, then one line per round with one record per player (one diplomatic " +
		"command per player, \"x y size\" triples, then \"-1 capX capY\"). The detail names what is missing or wrong.",
	Example: "-8930218\n2\nA\nB\n10 0\n0 0 5 5\n0 0 -1 0 0 0 0 -1 5 5\n", ExampleLang: "text"}

// LogRecord is one player's raw orders of one round, as logged before
// validation: diplomatic command numbers (one per player), bombs
// {x, y, size} and the capital.
type LogRecord struct {
	Diplomacy []int
	Bombs     [][3]int
	Capital   [2]int
	// Ranges of the diplomacy tokens, for diagnostics about their values.
	DipRanges []diag.Range
}

// ContestLog is a parsed contest log.
type ContestLog struct {
	Players int
	Names   []string
	Bids    []int
	Spawns  [][2]int
	// Rounds[r][p] is player p's record of round r+1; Lines[r] its line.
	Rounds [][]LogRecord
	Lines  []int
}

// ParseContestLog reads a log of the original controller (facts §11).
func ParseContestLog(file string, data []byte) (*ContestLog, diag.Diagnostics) {
	l := &ContestLog{}
	var ds diag.Diagnostics
	lines := bytes.Split(data, []byte("\n"))
	offs := make([]int, len(lines))
	for i, off := 0, 0; i < len(lines); i++ {
		offs[i] = off
		off += len(lines[i]) + 1
	}
	lineToks := func(i int) []token {
		ts := tokens(file, lines[i], i+1, 1)
		for k := range ts {
			ts[k].r.Start.Byte += offs[i]
			ts[k].r.End.Byte += offs[i]
		}
		return ts
	}
	eof := endRange(file, data)
	fail := func(r diag.Range, format string, args ...any) (*ContestLog, diag.Diagnostics) {
		return l, append(ds, errAt(r, CodeLog, "Malformed contest log", fmt.Sprintf(format, args...)))
	}
	// A stream of the header's tokens, line by line.
	li, pending := 0, []token(nil)
	var last token
	next := func() (token, bool) {
		for len(pending) == 0 {
			if li >= len(lines) {
				return token{}, false
			}
			pending = lineToks(li)
			li++
		}
		t := pending[0]
		pending = pending[1:]
		last = t
		return t, true
	}
	header := func(what string) (int, bool) {
		t, ok := next()
		if !ok {
			ds = append(ds, errAt(eof, CodeEOF, "Contest log ends early", "The log ends before "+what+"."))
			return 0, false
		}
		v, d := readInt(t, what)
		if d != nil {
			ds = append(ds, *d)
			return 0, false
		}
		return v, true
	}
	magic, ok := header("the magic number")
	if !ok {
		return l, ds
	}
	if magic != ContestMagic {
		return fail(last.r, "The first value is %d; a contest log starts with %d.", magic, ContestMagic)
	}
	n, ok := header("the player count")
	if !ok {
		return l, ds
	}
	if n < 1 || n > 200 {
		return fail(last.r, "The player count is %d; it must be 1 to 200.", n)
	}
	l.Players = n
	// Names: the next n lines, whole.
	pending = nil
	for range n {
		if li >= len(lines) {
			ds = append(ds, errAt(eof, CodeEOF, "Contest log ends early", "The log ends before the player names."))
			return l, ds
		}
		l.Names = append(l.Names, string(bytes.TrimRight(lines[li], "\r")))
		li++
	}
	for p := range n {
		v, ok := header(fmt.Sprintf("the bid of player %d", p))
		if !ok {
			return l, ds
		}
		l.Bids = append(l.Bids, v)
	}
	for p := range n {
		x, ok := header(fmt.Sprintf("the spawn x of player %d", p))
		if !ok {
			return l, ds
		}
		y, ok := header(fmt.Sprintf("the spawn y of player %d", p))
		if !ok {
			return l, ds
		}
		l.Spawns = append(l.Spawns, [2]int{x, y})
	}
	if len(pending) > 0 {
		return fail(pending[0].r, "Tokens follow the spawns on their line; the rounds start on the next line.")
	}
	for ; li < len(lines); li++ {
		ts := lineToks(li)
		if len(ts) == 0 {
			continue
		}
		k := 0
		get := func(what string) (int, diag.Range, bool) {
			if k >= len(ts) {
				end := diag.Range{File: file, Start: ts[len(ts)-1].r.End, End: ts[len(ts)-1].r.End}
				ds = append(ds, errAt(end, CodeLog, "Round record ends early", fmt.Sprintf("Line %d ends before %s.", li+1, what)))
				return 0, diag.Range{}, false
			}
			t := ts[k]
			k++
			v, d := readInt(t, what)
			if d != nil {
				ds = append(ds, *d)
				return 0, t.r, false
			}
			return v, t.r, true
		}
		round := make([]LogRecord, n)
		for p := range n {
			rec := &round[p]
			for q := range n {
				v, r, ok := get(fmt.Sprintf("player %d's command toward player %d", p, q))
				if !ok {
					return l, ds
				}
				rec.Diplomacy = append(rec.Diplomacy, v)
				rec.DipRanges = append(rec.DipRanges, r)
			}
			for {
				x, _, ok := get(fmt.Sprintf("player %d's next bomb or -1", p))
				if !ok {
					return l, ds
				}
				if x == -1 {
					cx, _, ok := get(fmt.Sprintf("player %d's capital x", p))
					if !ok {
						return l, ds
					}
					cy, _, ok := get(fmt.Sprintf("player %d's capital y", p))
					if !ok {
						return l, ds
					}
					rec.Capital = [2]int{cx, cy}
					break
				}
				y, _, ok := get(fmt.Sprintf("player %d's bomb y", p))
				if !ok {
					return l, ds
				}
				size, _, ok := get(fmt.Sprintf("player %d's bomb size", p))
				if !ok {
					return l, ds
				}
				rec.Bombs = append(rec.Bombs, [3]int{x, y, size})
			}
		}
		if k < len(ts) {
			ds = append(ds, diag.Diagnostic{Severity: diag.Warning, Code: CodeTrailing, Summary: "Extra tokens after a round",
				Detail: fmt.Sprintf("Line %d has values after the %d player records; they are ignored.", li+1, n), Subject: ts[k].r.Ptr()})
		}
		l.Rounds = append(l.Rounds, round)
		l.Lines = append(l.Lines, li+1)
	}
	return l, ds
}
