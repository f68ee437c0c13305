package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// WriteText prints the report as a table for people.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%d games, seed %d: mean %.1f turns, median %.1f\n", r.Games, r.Seed, r.MeanTurns, r.MedianTurn)
	header := []string{"ROLE", "AGENT", "WINS", "WIN RATE", "95% CI"}
	for _, c := range r.Columns {
		header = append(header, c.Header)
	}
	rows := [][]string{append(header, "TURNS TO WIN")}
	for _, rr := range r.Roles {
		row := []string{rr.Name, rr.Agent, fmt.Sprint(rr.Wins), fmt.Sprintf("%.3f", rr.WinRate),
			fmt.Sprintf("[%.3f, %.3f]", rr.CILow, rr.CIHigh)}
		for _, n := range rr.Extra {
			row = append(row, fmt.Sprint(n))
		}
		rows = append(rows, append(row, fmt.Sprintf("%.1f", rr.MeanTurnsW)))
	}
	if err := writeTable(w, rows); err != nil {
		return err
	}
	fmt.Fprintf(w, "draws %d, turn-limit endings %d; endings:", r.Draws, r.TurnLimit)
	for _, c := range r.Reasons {
		fmt.Fprintf(w, " %s %d", c.Reason, c.Games)
	}
	_, err := fmt.Fprintln(w)
	if r.Fingerprinted > 0 && err == nil {
		_, err = fmt.Fprintf(w, "%s\n", r.DistinctSummary())
	}
	if len(r.Unused) > 0 && err == nil {
		_, err = fmt.Fprintf(w, "never used: %s\n", r.UnusedSummary())
	}
	return err
}

// UnusedSummary says which content no game of the batch used, with the
// counts: "2 of 14 pieces of content in 50 games: card 窃取, tech 火计".
func (r *Report) UnusedSummary() string {
	return fmt.Sprintf("%d of %d pieces of content in %d games: %s", len(r.Unused), r.Catalogue, r.Games, strings.Join(r.Unused, ", "))
}

// WriteJSON prints the report as one indented JSON document.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// writeTable aligns rows in columns two spaces apart by display width, so
// Chinese role names line up in a terminal.
func writeTable(w io.Writer, rows [][]string) error {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], diag.Width(cell))
		}
	}
	var b strings.Builder
	for _, row := range rows {
		for i, cell := range row {
			b.WriteString(cell)
			if i < len(row)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-diag.Width(cell)+2))
			}
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// DistinctSummary says how many different games the batch played:
// "48 different games of 50", or "about 9870 different games of 10000"
// once it is estimated.
func (r *Report) DistinctSummary() string {
	at := ""
	if !r.DistinctExact {
		at = "about "
	}
	return fmt.Sprintf("%s%d different games of %d", at, r.Distinct, r.Fingerprinted)
}
