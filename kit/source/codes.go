package source

// Diagnostic codes reported by this package.
const (
	CodeSyntax       = "toml-syntax"
	CodeNonFinite    = "toml-nonfinite"
	CodeIncludeType  = "include-invalid"
	CodeIncludeRead  = "include-missing"
	CodeIncludeCycle = "include-cycle"
	CodeDuplicateKey = "duplicate-key"
	CodeNoScenario   = "scenario-missing"
)
