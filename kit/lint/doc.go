// Package lint runs game lint rules over a resolved scenario model.
//
// It follows golang.org/x/tools/go/analysis: a Rule is a value with a stable
// Name (also the diagnostic code), a Doc whose first line is a lowercase
// title, Categories, a default Severity and a Run function that receives a
// Pass. A game lists its rules in an explicit slice (var All = []*Rule[M]{…});
// nothing registers itself in init, so every game and every test chooses its
// rules. A test calls Validate on that slice to keep names unique and docs
// well formed, and Catalogue turns the slice into the code documentation the
// renderers and docs/diagnostics.md use.
//
// Rules are generic over the game's model type M, so a rule reads typed
// fields instead of walking maps. Positions come from the caller: Pass.Range
// maps a JSON pointer into the model ("/cities/3/mayor") to the TOML range
// that produced it, through a function the source layer provides.
//
// The subpackage linttest checks rule output against inline
// `# want "regexp"` comments in fixture files.
package lint
