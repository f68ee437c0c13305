package legacy

import "github.com/sandtable/sandtable/kit/diag"

// Diagnostic codes. They are stable: tools and documentation refer to them.
const (
	CodeToken     = "ftbt-legacy-token"
	CodeEOF       = "ftbt-legacy-eof"
	CodeCount     = "ftbt-legacy-count"
	CodeTrailing  = "ftbt-legacy-trailing"
	CodeQuirk     = "ftbt-legacy-quirk"
	CodeIndex     = "ftbt-legacy-index"
	CodeOverlap   = "ftbt-legacy-overlap"
	CodeDuplicate = "ftbt-legacy-duplicate"
	CodeValue     = "ftbt-legacy-value"
)

// Codes documents the diagnostic codes of this package, for a game's
// diag.Catalogue and the generated diagnostics reference.
func Codes() []diag.CodeInfo {
	return []diag.CodeInfo{
		{Code: CodeToken, Category: "import", Title: "unreadable value in a legacy ftbt file",
			Doc:     "A value cannot be read as the type its place in the .tech or .map format requires (facts §2), for example a name where a number is expected, or \"tru\" for a boolean. The original refuses the file at that point (初始化错误, or AI初始化错误 in the AI block), and the importer stops there too.",
			Example: "6\n平 15\n草 二十\n", ExampleLang: "text"},
		{Code: CodeEOF, Category: "import", Title: "legacy ftbt file ends early",
			Doc:     "The file ends before the value named in the detail. Only the AI blocks at the ends of the .tech and .map files may be left out entirely; a block that starts must be complete.",
			Example: "50 40\n0 0 0\n", ExampleLang: "text"},
		{Code: CodeCount, Category: "import", Title: "impossible count in a legacy ftbt file",
			Doc:     "A count (terrains, techs, offsets, map size, people, a person's techs) is negative, absurdly large, or, for the terrain count, zero. The original refuses a file without terrains and panics on a negative count.",
			Example: "0\n15 30 0\n", ExampleLang: "text"},
		{Code: CodeTrailing, Category: "import", Severity: diag.Warning, Title: "extra tokens after the end of a legacy ftbt file",
			Doc:     "Tokens follow the last value the original reads (the AI block, or the last person of a level without people). The original ignores them; they usually mean a count earlier in the file is too small.",
			Example: "... 800 800 600\nextra\n", ExampleLang: "text"},
		{Code: CodeQuirk, Category: "import", Severity: diag.Warning, Title: "value the original reads differently than written",
			Doc: "The importer reads values exactly as the original's fmt.Fscan does, and says so when that differs from what the text suggests: a leading zero makes an integer octal (010 is 8); a reader stops inside a token and leaves the rest for the next value (08 is 0 then 8, 12abc is 12 then abc, 10 as a boolean is true then 0); a call of the original's reader drops the character after its last value (12abc read alone loses the a); a word that does not start with t, f, 0 or 1 reads as false (yes is false, then es); invalid UTF-8 in a name reads as U+FFFD.\n\n" +
				"Rewrite the value as meant; the warning goes away when the text reads the same to a person and to the original.",
			Example: "010 08\n", ExampleLang: "text"},
		{Code: CodeIndex, Category: "import", Title: "index out of range in a legacy ftbt file",
			Doc:     "A terrain index, tech id, side, start position or AI goal is outside its range: terrain indices go from 0 to ndx−1, tech ids from 0 to ntech−1, sides are 0 and 1, and positions must be on the map. The original never checks them and panics, or silently wraps an x beyond the map's width to another row.",
			Example: "# the rules have 11 techs\nTank1 1 25 12 200 80 12 2\n1 11\n", ExampleLang: "text"},
		{Code: CodeOverlap, Category: "import", Title: "two people on one cell",
			Doc:     "Two people start on the same cell. The original places both: the later one takes the cell, both count as on the map, and the earlier one becomes a ghost whose moves clear the other's cell.",
			Example: "狗1 0 10 7 80 100 1 1\n0\n狗2 0 10 7 80 100 1 1\n0\n", ExampleLang: "text"},
		{Code: CodeDuplicate, Category: "import", Severity: diag.Warning, Title: "offset listed twice in one tech",
			Doc:     "A tech lists the same target offset twice. The original keeps both entries (the shipped star.tech does this for 强化直攻, 辅助防御 and 远程无效): a repeat adds no target cell and changes nothing in play, but it is part of the data, and a faithful import keeps the list as written. This is a warning only; remove the duplicate if the list was meant to be different.",
			Example: "12\n1 1\n1 -1\n-1 1\n-1 -1\n0 2\n1 1\n...\n", ExampleLang: "text"},
		{Code: CodeValue, Category: "import", Title: "value the original engine mishandles",
			Doc:     "A value is one the original accepts but mishandles: a zero divisor (MAX_ABI with fly or disable-long techs, or an AI constant the AI divides by) makes it panic (errors); a tech class outside 0 to 4 does nothing, a negative terrain weight makes cells impassable or gives negative step costs, a person without hp breaks the AI, and an AI block in only one of the two files makes the AI build refuse them (warnings).",
			Example: "水 -5\n", ExampleLang: "text"},
	}
}
