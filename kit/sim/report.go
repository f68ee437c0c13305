package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteText prints the report as a table for people.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%d games, seed %d: mean %.1f turns, median %.1f\n", r.Games, r.Seed, r.MeanTurns, r.MedianTurn)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ROLE\tAGENT\tWINS\tWIN RATE\t95% CI\tBANKRUPT\tTURNS TO WIN")
	for _, rr := range r.Roles {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%.3f\t[%.3f, %.3f]\t%d\t%.1f\n", rr.Name, rr.Agent, rr.Wins, rr.WinRate, rr.CILow, rr.CIHigh, rr.Bankrupt, rr.MeanTurnsW)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "draws %d, turn-limit endings %d; endings:", r.Draws, r.TurnLimit)
	for _, c := range r.Reasons {
		fmt.Fprintf(w, " %s %d", c.Reason, c.Games)
	}
	_, err := fmt.Fprintln(w)
	return err
}

// WriteJSON prints the report as one indented JSON document.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
