package hooks

import "github.com/sandtable/sandtable/engine/ftbt"

// ScoreAdapter returns what the plugin's host functions receive while the
// runner scores with host.
func ScoreAdapter(host ftbt.ScoreHost) any {
	sa, _ := host.(ftbt.ScoreArrays)
	return &scoreHost{newReader(host), host, sa}
}
