package legacy

import "github.com/sandtable/sandtable/kit/diag"

// Diagnostic codes. They are stable: tools and documentation refer to them.
const (
	CodeToken    = "xghj-legacy-token"
	CodeEOF      = "xghj-legacy-eof"
	CodeSize     = "xghj-legacy-size"
	CodeRange    = "xghj-legacy-range"
	CodeTrailing = "xghj-legacy-trailing"
	CodeRows     = "xghj-legacy-kernel-rows"
	CodeRow      = "xghj-legacy-kernel-row"
	CodeWeight   = "xghj-legacy-kernel-weight"
)

// Codes documents the diagnostic codes of this package.
func Codes() []diag.CodeInfo {
	return append([]diag.CodeInfo{
		{Code: CodeToken, Category: "import", Title: "unreadable value in a legacy xghj file",
			Doc:     "A token cannot be read as the number its place requires: the map file holds only decimal integers, the kernel rows only decimal numbers between the '|' separators. The original's stream extraction stops at such a token and leaves the rest of the grid zero, so the importer refuses it.",
			Example: "25 35\n0 0 x 1\n", ExampleLang: "text"},
		{Code: CodeEOF, Category: "import", Title: "legacy xghj map ends early",
			Doc:     "The map file ends before all 2 + 3·cols·rows integers were read. The detail names the block (resource, attack, defence) and the cell that is missing.",
			Example: "2 2\n1 1 1 1\n10 10\n", ExampleLang: "text"},
		{Code: CodeSize, Category: "import", Title: "impossible map size in a legacy xghj map",
			Doc:     "cols or rows is below 1 or above 254. Positions are unsigned bytes in the original and 255 marks an invalid position, so no map dimension may reach 255.",
			Example: "0 35\n", ExampleLang: "text"},
		{Code: CodeRange, Category: "import", Title: "terrain value out of range",
			Doc:     "A resource, attack or defence value is negative or larger than 1000000. The original stores them as 32-bit integers and multiplies them with influence, so large values overflow; negative values have no meaning (water is attack 0, not negative).",
			Example: "1 1\n-2\n10\n10\n", ExampleLang: "text"},
		{Code: CodeTrailing, Category: "import", Severity: diag.Warning, Title: "extra tokens after a legacy xghj file",
			Doc:     "Tokens follow the last value the original reads: after the defence block of a map, or after the ninth value of a kernel row. The original ignores them; they usually mean cols or rows is wrong, or a kernel row has a value too many.",
			Example: "1 1\n2\n10\n10\n7\n", ExampleLang: "text"},
		{Code: CodeRows, Category: "import", Title: "kernel file has fewer than nine rows",
			Doc:     "The kernel loader reads the first nine lines that start with '|' (in the first column). The file has fewer; lines indented before the '|' do not count.",
			Example: "| 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 | 1 |\n", ExampleLang: "text"},
		{Code: CodeRow, Category: "import", Title: "kernel row with fewer than nine values",
			Doc:     "A kernel row (a line starting with '|') holds fewer than nine numbers once the '|' are removed; the original would read the missing weights from the next row.",
			Example: "| 0.1 | 0.2 |\n", ExampleLang: "text"},
		{Code: CodeWeight, Category: "import", Title: "kernel weight out of range",
			Doc:     "A kernel weight is negative, not finite, or above 1000. Influence is ⌊weight·size⌋ summed into 32-bit integers, so a negative weight would break the facts' truncation equivalence and a huge one overflows.",
			Example: "| -0.1 | ...\n", ExampleLang: "text"},
	}, logCode)
}
