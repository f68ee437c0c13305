//go:build !linux

package hooks_test

import "time"

// cpuTime is unknown here; rates per CPU second are then not reported.
func cpuTime() time.Duration { return 0 }
