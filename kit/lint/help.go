package lint

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/sandtable/sandtable/kit/diag"
)

// RulesHelp writes the listing of `lint --rules`: a header, then one line
// per code in catalogue order with its name, default severity, category and
// title in aligned columns. It takes a catalogue rather than rules so a CLI
// can list the rules of several games, whatever their model types.
func RulesHelp(w io.Writer, cat diag.Catalogue) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSEVERITY\tCATEGORY\tTITLE")
	for _, info := range cat.Infos() {
		category := info.Category
		if category == "" {
			category = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", info.Code, info.Severity, category, info.Title)
	}
	return tw.Flush() // tabwriter reports the first write error of w here
}
