package pool

import "testing"

func TestFree(t *testing.T) {
	f := Free[[]int]{Max: 2}
	a := f.Get()
	if a == nil || *a != nil {
		t.Fatalf("Get on an empty list = %v, want a new zero value", a)
	}
	*a = append(*a, 1)
	b, c := f.Get(), f.Get()
	f.Put(a)
	f.Put(b)
	f.Put(c) // past Max: dropped
	if got := f.Get(); got != b {
		t.Errorf("Get returned %p, want the last value put back (%p)", got, b)
	}
	if got := f.Get(); got != a || len(*got) != 1 {
		t.Errorf("Get returned %p %v, want %p with its contents", got, *got, a)
	}
	if got := f.Get(); got == c {
		t.Error("a value put past Max was kept")
	}
}
