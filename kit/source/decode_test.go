package source

import "testing"

func TestDecodeList(t *testing.T) {
	type item struct {
		Name string `json:"name"`
		N    int    `json:"n"`
		Bad  bool   `json:"-"`
	}
	in := []any{
		map[string]any{"name": "a", "n": int64(1)},
		map[string]any{"name": "b", "n": "two"}, // wrong type: keeps its name, marked bad
		"c",                                     // not a table
	}
	got := DecodeList[item](in, func(o *item) { o.Bad = true })
	want := []item{{"a", 1, false}, {"b", 0, true}, {"", 0, true}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("item %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	var x struct{ A int }
	if DecodeInto(nil, &x) || !DecodeInto(map[string]any{"A": int64(3)}, &x) || x.A != 3 {
		t.Errorf("DecodeInto: %+v", x)
	}
}
