package diag

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLevenshtein(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "abc", 3},
		{"kitten", "sitting", 3},
		{"luoyang", "luoyang", 0},
		{"曹操", "曹橾", 1}, // one rune, though three bytes differ
		{"曹操", "操曹", 2},
		{"司马懿", "司马", 1},
		{"洛阳", "luoyang", 7},
	}
	for _, tt := range tests {
		if got := Levenshtein(tt.a, tt.b); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := Levenshtein(tt.b, tt.a); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d (symmetry)", tt.b, tt.a, got, tt.want)
		}
	}
}

func TestDidYouMean(t *testing.T) {
	t.Parallel()
	officers := []string{"曹操", "曹仁", "司马懿", "liubei", "guanyu"}
	tests := []struct {
		name string
		want string
	}{
		{"曹橾", "曹操"},         // distance 1; 曹仁 is also 1 but comes later
		{"司马", "司马懿"},        // distance 1
		{"liubie", "liubei"}, // transposition = 2 edits
		{"guan", "guanyu"},   // distance 2, the limit
		{"gu", ""},           // distance 2 to 曹操, but nothing is left of "gu"
		{"孙权", ""},           // distance 2 to 曹操: all runes replaced
		{"abc", ""},          // distance 2 to "曹操" and 3 to the rest
		{"x", ""},            // distance 2 at most, yet no rune kept
		{"曹操", "曹仁"},         // an exact match is not a suggestion for itself
	}
	for _, tt := range tests {
		if got := DidYouMean(tt.name, officers); got != tt.want {
			t.Errorf("DidYouMean(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestSuggestDetail(t *testing.T) {
	t.Parallel()
	detail, sugg := SuggestDetail(`Officer "曹橾" is not defined.`, "曹橾", []string{"曹操"})
	if want := `Officer "曹橾" is not defined. Did you mean "曹操"?`; detail != want {
		t.Errorf("detail = %q, want %q", detail, want)
	}
	if diff := cmp.Diff([]string{"曹操"}, sugg); diff != "" {
		t.Errorf("suggestions (-want +got):\n%s", diff)
	}
	// The text renderer must recognise this phrasing and not add a help line.
	if ss := missingSuggestions(Diagnostic{Detail: detail, Suggestions: sugg}); len(ss) != 0 {
		t.Errorf("missingSuggestions after SuggestDetail = %q, want none", ss)
	}
	if detail, sugg := SuggestDetail("Unknown.", "zzz", []string{"曹操"}); detail != "Unknown." || sugg != nil {
		t.Errorf("no candidate: got %q, %q", detail, sugg)
	}
}

// TestDidYouMeanSwap: two swapped letters are one typo.
func TestDidYouMeanSwap(t *testing.T) {
	if got := DidYouMean("mgb", []string{"ftbt", "mbg"}); got != "mbg" {
		t.Errorf("DidYouMean(mgb) = %q, want mbg", got)
	}
	if got := DidYouMean("celvee", []string{"celve", "value"}); got != "celve" {
		t.Errorf("DidYouMean(celvee) = %q, want celve", got)
	}
}
