package scentest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
)

func TestDiff(t *testing.T) {
	if d := Diff([]byte("a\nb\n"), []byte("a\nb\n")); d != "" {
		t.Errorf("equal texts differ: %q", d)
	}
	d := Diff([]byte("a\nb\nc\nd\n"), []byte("a\nb\nX\nd\n"))
	if want := "diff golden now\n--- golden\n+++ now\n@@ -1,4 +1,4 @@\n a\n b\n-c\n+X\n d"; d != want {
		t.Errorf("diff:\n%s\nwant:\n%s", d, want)
	}
	// A long difference is cut.
	var long []byte
	for i := range 100 {
		long = append(long, fmt.Sprintf("line %d\n", i)...)
	}
	d = Diff(nil, long)
	if lines := strings.Split(d, "\n"); len(lines) != maxDiffLines+1 || lines[len(lines)-1] != "… 80 more lines" {
		t.Errorf("a long diff is not cut after %d lines:\n%s", maxDiffLines, d)
	}
}

type kind int

func (k kind) String() string { return [...]string{"start", "hired"}[k] }

type event struct {
	Turn    int     `json:"turn"`
	Kind    kind    `json:"kind"`
	Role    int     `json:"role"`
	Officer int     `json:"officer"`
	N       int     `json:"n"`
	Amount  float64 `json:"amount"`
	Note    string  `json:"note,omitempty"`
}

func TestRecordOf(t *testing.T) {
	names := []string{"魏", "蜀"}
	resolve := func(kind, key string, n int) (string, bool) {
		if key == "role" && n >= 0 && n < len(names) {
			return names[n], true
		}
		return "", false
	}
	none := map[string]bool{"role": true, "officer": true}
	r := RecordOf(event{Turn: 3, Kind: 1, Role: 1, Officer: -1, N: 0, Amount: 2.5}, "turn", resolve, none)
	if got, want := r.String(), "3 hired role=蜀 amount=2.5"; got != want {
		t.Errorf("record = %q, want %q", got, want)
	}
	r = RecordOf(event{Turn: 1, Kind: 0, Role: 0, Officer: 0, N: -1, Note: "a b"}, "turn", resolve, none)
	if got, want := r.String(), `1 start role=魏 officer=0 n=-1 note="a b"`; got != want {
		t.Errorf("record = %q, want %q", got, want)
	}
}

type req struct{ n int }

type fixed int

func (f fixed) Decide(_ int, _ *req) (int, error) { return int(f), nil }

func TestPrefixed(t *testing.T) {
	ds := Prefixed([]play.Decider[int, *req]{fixed(7), fixed(8)}, []int{1, 2}, func(r *req) int { return r.n })
	r := &req{n: 10}
	var got []int
	for _, p := range []int{1, 0, 1, 0} {
		i, err := ds[p].Decide(0, r)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, i)
	}
	// The prefix is shared by the players, then each agent decides.
	if want := []int{1, 2, 8, 7}; !slices.Equal(got, want) {
		t.Errorf("decisions = %v, want %v", got, want)
	}
	bad := Prefixed([]play.Decider[int, *req]{fixed(0)}, []int{5}, func(r *req) int { return r.n })
	if _, err := bad[0].Decide(0, &req{n: 3}); err == nil || !strings.Contains(err.Error(), "scripted decision 1 is option 5, but the request has 3 options") {
		t.Errorf("out-of-range prefix: %v", err)
	}
}

func TestRepeat(t *testing.T) {
	if got := strings.Join(Repeat([]string{"a", "b"}, 4), ","); got != "a,b,b,b" {
		t.Errorf("Repeat = %s", got)
	}
	if got := Repeat(nil, 3); len(got) != 0 {
		t.Errorf("Repeat(nil) = %v", got)
	}
}

func TestCodesDocumented(t *testing.T) {
	documented := map[string]bool{}
	for _, c := range CodeInfo() {
		if err := c.Validate(); err != nil {
			t.Errorf("%s: %v", c.Code, err)
		}
		documented[c.Code] = true
	}
	for _, code := range []string{CodeInvalid, CodeFailed, CodeGolden, CodeNoGolden} {
		if !documented[code] {
			t.Errorf("code %s is not documented", code)
		}
	}
}
