package console

// Playable is implemented by games a person can play at a terminal (mapc
// play): Table returns a game of a compiled config and seed, with the named
// agents at the roles whose entry is not empty, and script mod directories
// layered over the config's scripts. Warnings come back as text.
type Playable interface {
	Table(config any, seed uint64, agents []string, mods []string) (Table, []string, error)
}
