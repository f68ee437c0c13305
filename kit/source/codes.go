package source

// Diagnostic codes reported by this package.
const (
	CodeSyntax         = "toml-syntax"
	CodeNonFinite      = "toml-nonfinite"
	CodeIncludeType    = "include-invalid"
	CodeIncludeRead    = "include-missing"
	CodeIncludeCycle   = "include-cycle"
	CodeIncludeOutside = "include-outside"
	CodeNotRegular     = "file-not-regular"
	CodeTooLarge       = "file-too-large"
	CodeTooDeep        = "toml-too-deep"
	CodeTooManyKeys    = "toml-too-many-keys"
	CodeLineTooLong    = "toml-line-too-long"
	CodeDuplicateKey   = "duplicate-key"
	CodeNoScenario     = "scenario-missing"
)
