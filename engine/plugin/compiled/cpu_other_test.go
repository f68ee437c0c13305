//go:build !linux

package compiled

import "time"

// threadCPU is unknown here; benchmarks then report no CPU times.
func threadCPU() time.Duration { return 0 }
