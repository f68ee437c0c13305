package diag

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRuneWidth(t *testing.T) {
	t.Parallel()
	tests := []struct {
		r    rune
		want int
	}{
		{'a', 1},
		{'é', 1},
		{'\u0301', 0}, // combining acute accent
		{'\u200d', 0}, // zero width joiner
		{'曹', 2},
		{'の', 2},
		{'한', 2},
		{'，', 2}, // fullwidth comma
		{'。', 2}, // ideographic full stop
		{'𠀀', 2}, // CJK extension B
		{'😀', 2},
		{'→', 1},
	}
	for _, tt := range tests {
		if got := runeWidth(tt.r); got != tt.want {
			t.Errorf("runeWidth(%q) = %d, want %d", tt.r, got, tt.want)
		}
	}
}

func TestExpandLine(t *testing.T) {
	t.Parallel()
	display, cells := expandLine("\t曹a\x1b")
	if want := "    曹a\uFFFD"; display != want {
		t.Errorf("display = %q, want %q", display, want)
	}
	if diff := cmp.Diff([]int{0, 4, 6, 7, 8}, cells); diff != "" {
		t.Errorf("cells (-want +got):\n%s", diff)
	}
}
