package sim

// Simulator is implemented by games whose engine plays headless games for
// `mapc sim`.
type Simulator interface {
	// Agents names the agents Sim's games accept, the default first.
	Agents() []string
	// DecodeConfig reads a compiled config file of the game (already
	// validated against its config schema).
	DecodeConfig(data []byte) (any, error)
	// Sim returns the playable game of a compiled config (what Compile or
	// DecodeConfig returned), with script mod directories layered over its
	// bundled scripts in order. Warnings (a mod replacing a hook) are
	// returned as text.
	Sim(config any, mods []string) (Game, []string, error)
}
