//go:build linux

package hooks_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time of the calling thread, so that benchmarks
// on a busy machine (which lock their goroutine to its thread) can report
// rates per CPU second.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
