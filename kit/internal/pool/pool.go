// Package pool keeps a few large, reusable values (parsers, token tapes)
// between compiles. Unlike a sync.Pool it survives garbage collections,
// which a compile of a large scenario triggers several of, so the values
// are not grown anew each time.
package pool

import "sync"

// Free is a list of at most Max idle values; the zero value with Max set is
// ready to use, and it is safe for concurrent use.
type Free[T any] struct {
	Max  int
	mu   sync.Mutex
	idle []*T
}

// Get returns an idle value, or a new zero one.
func (f *Free[T]) Get() *T {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.idle); n > 0 {
		v := f.idle[n-1]
		f.idle[n-1] = nil
		f.idle = f.idle[:n-1]
		return v
	}
	return new(T)
}

// Put keeps v for a later Get, unless Max values are idle already.
func (f *Free[T]) Put(v *T) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.idle) < f.Max {
		f.idle = append(f.idle, v)
	}
}
