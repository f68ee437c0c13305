package play

// Script is a Lua source a config bundles with its sha256, so one config
// file runs a game. Every game's config lists its scripts this way; an
// engine hands them to its hook runner, which checks the sha256.
type Script struct {
	ID     string `json:"id"`     // the hook's id: the file name without .lua
	Kind   string `json:"kind"`   // hook kind, e.g. "mbg.tech"
	Path   string `json:"path"`   // where it came from, for diagnostics
	SHA256 string `json:"sha256"` // of Source
	Source string `json:"source"`
}
