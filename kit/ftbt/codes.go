package ftbt

import (
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/ftbt/legacy"
	"github.com/sandtable/sandtable/kit/lint"
)

// importCodes documents the importer's own code.
var importCodes = []diag.CodeInfo{
	{Code: CodeImport, Category: "import", Severity: diag.Warning, Title: "legacy data adjusted on import",
		Doc: "The TOML format cannot hold something the legacy files had as it was, so the importer changed it and says what it did: " +
			"a repeated terrain, tech or person name gets a #2 suffix (names are ids), and a tech of a class number the original " +
			"did not know (it succeeded and did nothing) gets the class none, whose hook does nothing.",
		Example: "直攻 7 false 4 1 0 -1 0 0 1 0 -1 0 0 false 0 true true 15   # class 7\n", ExampleLang: "text"},
}

// Catalogue implements build.Game: the lint rules, the legacy reader's
// codes and the importer's.
func (Game) Catalogue() diag.Catalogue {
	imports, err := diag.NewCatalogue(append(legacy.Codes(), importCodes...)...)
	if err != nil {
		panic(err) // a programming error, caught by TestRulesWellFormed
	}
	merged, err := diag.MergeCatalogues(lint.Catalogue(Rules), imports)
	if err != nil {
		panic(err)
	}
	return merged
}
