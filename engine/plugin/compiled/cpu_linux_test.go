package compiled

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time of the calling thread: on a busy machine, a
// steadier measure than the wall clock (lock the goroutine to its thread).
func threadCPU() time.Duration {
	var r syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &r) != nil {
		return 0
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
