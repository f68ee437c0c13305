//go:build unix

package mbg_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user + system), so
// benchmarks on a busy machine can report rates per CPU second beside the
// wall-clock ones.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
