package scentest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestPauseCheck: a run that paused after the log is fine; one that ended
// first, or failed, says so.
func TestPauseCheck(t *testing.T) {
	boom := errors.New("boom")
	over := &Pause[int, int]{Log: []int{0, 1, 2}}
	if err := over.Check(nil); err == nil || !strings.Contains(err.Error(), "over after 3 decisions") {
		t.Errorf("ended game: %v", err)
	}
	if err := over.Check(boom); err != boom {
		t.Errorf("failed game: %v, want boom", err)
	}
	paused := &Pause[int, int]{Log: []int{0}, Paused: true}
	if err := paused.Check(fmt.Errorf("stopped: %w", ErrPaused)); err != nil {
		t.Errorf("paused game: %v", err)
	}
	if err := paused.Check(boom); err != boom {
		t.Errorf("paused, then failed: %v, want boom", err)
	}
}
