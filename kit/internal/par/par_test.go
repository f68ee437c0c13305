package par

import (
	"errors"
	"testing"
)

func TestBesideJoins(t *testing.T) {
	x := 0
	wait := Beside(func() { x = 42 })
	if p := wait(); p != nil {
		t.Fatalf("wait returned %v for work that did not panic", p)
	}
	if x != 42 {
		t.Fatalf("after wait the work's write is %d, want 42", x)
	}
}

func TestBesideReturnsPanic(t *testing.T) {
	boom := errors.New("boom")
	wait := Beside(func() { panic(boom) })
	if p := wait(); p != boom {
		t.Fatalf("wait returned %v, want the work's panic value %v", p, boom)
	}
}

// A panic of the work is not a crash of the process: wait hands it to the
// caller, whose own recover catches it when the caller raises it again.
func TestBesidePanicReachesCallersRecover(t *testing.T) {
	got := func() (p any) {
		defer func() { p = recover() }()
		wait := Beside(func() { panic("index") })
		if p := wait(); p != nil {
			panic(p)
		}
		return nil
	}()
	if got != "index" {
		t.Fatalf("recover in the caller got %v, want %q", got, "index")
	}
}
