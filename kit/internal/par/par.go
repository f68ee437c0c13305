// Package par runs a piece of work beside the caller's own, on a second
// core when there is one, without changing what the caller sees: the two
// are joined at a fixed point, so nothing depends on which side finishes
// first, and a panic of the work comes back to the caller's goroutine,
// which decides whether to raise it again there.
package par

// Beside starts f on another goroutine and returns wait, which blocks
// until f has returned and then returns the value f panicked with, or nil.
// Call wait exactly once, before reading anything f writes.
func Beside(f func()) (wait func() (panicked any)) {
	done := make(chan struct{})
	var crash any
	go func() {
		defer close(done)
		defer func() { crash = recover() }()
		f()
	}()
	return func() any {
		<-done
		return crash
	}
}
