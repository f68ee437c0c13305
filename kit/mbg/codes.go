package mbg

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/mbg/legacy"
)

// importCodes documents the codes of the legacy reader and the importer.
var importCodes = []diag.CodeInfo{
	{Code: legacy.CodeToken, Category: "import", Title: "unexpected token in a legacy .map file",
		Doc:     "A token does not have the type its place in the .map format requires (facts §3), for example a name where a count is expected. The original engine would silently shift every later field; the importer stops there.",
		Example: "1 2 0 0\n3\n曹操 72 99 九十二 96 88\n", ExampleLang: "text"},
	{Code: legacy.CodeEOF, Category: "import", Title: "legacy .map file ends early",
		Doc:     "The file ends before the token named in the detail. Only a file ending right before the institute or training room counts is accepted, as the original engine did.",
		Example: "60 15 15 30000\n1 0 0 0\n", ExampleLang: "text"},
	{Code: legacy.CodeCount, Category: "import", Title: "impossible count in a legacy .map file",
		Doc:     "A count (of squares, officers, cities…) is negative or absurdly large.",
		Example: "-3 15 15 30000\n", ExampleLang: "text"},
	{Code: legacy.CodeTrailing, Category: "import", Severity: diag.Warning, Title: "extra tokens after the end of a legacy .map file",
		Doc:     "Tokens follow the last training room. The original ignored them; they usually mean a count earlier in the file is too small.",
		Example: "... 5 训练所 0 0 0 0 0\nextra\n", ExampleLang: "text"},
	{Code: legacy.CodeIndex, Category: "import", Title: "index out of range in a legacy .map file",
		Doc:     "An officer, city, tech or facility index points past the end of its list. The original engine would panic or corrupt its state when it used it.",
		Example: "许昌 2 1 999 -1 -1 0 0 0 0\n", ExampleLang: "text"},
	{Code: legacy.CodeValue, Category: "import", Title: "value the original engine mishandles",
		Doc:     "A value is outside what the original engine handles well: an unknown square class, scope or property (errors), or a quirk it accepted, such as a direction other than ±1, duplicate membership or a mayor outside the garrison (warnings).",
		Example: "魏 0 0 0 0 10000 2\n", ExampleLang: "text"},
	{Code: CodeImport, Category: "import", Severity: diag.Warning, Title: "legacy state adjusted on import",
		Doc:     "The TOML format forbids a state the legacy file had (an officer in two places, a mayor who is also treasurer or not in the garrison, a repeated name). The importer resolves it the way the original engine's loader ended up and says what it changed.",
		Example: "许昌 2 1 5 5 5 0 0 0 0   # officer 5 is mayor and treasurer\n", ExampleLang: "text"},
}

// Catalogue implements build.Game: the lint rules plus the import codes.
func (Game) Catalogue() diag.Catalogue {
	imports, err := diag.NewCatalogue(importCodes...)
	if err != nil {
		panic(err)
	}
	merged, err := diag.MergeCatalogues(lintCatalogue(), imports)
	if err != nil {
		panic(err) // a programming error, caught by the catalogue tests
	}
	return merged
}
