package studio

import (
	"slices"
	"testing"
)

// TestTables: an inspector's value becomes a table of its scalars by
// path and one table per list of objects, columns in the inspector's
// order (not sorted), every key of every row.
func TestTables(t *testing.T) {
	root, err := decodeOrdered([]byte(`{"name":"s","pool":{"high":2,"low":1},
		"officers":[{"name":"曹操","level":"high","hire":[2543.4,3108.6]},{"name":"张辽","owner":"魏","techs":[]}],
		"empty":[],"chains":[[1,2],[3]]}`))
	if err != nil {
		t.Fatal(err)
	}
	ts := tables(root)
	if len(ts) != 2 {
		t.Fatalf("%d tables: %+v", len(ts), ts)
	}
	values, officers := ts[0], ts[1]
	wantValues := [][]string{{"name", "s"}, {"pool.high", "2"}, {"pool.low", "1"}, {"empty", "—"}, {"chains", "[[1, 2], [3]]"}}
	if !slices.EqualFunc(values.Rows, wantValues, slices.Equal) {
		t.Errorf("values: %q", values.Rows)
	}
	if officers.Title != "officers" || !slices.Equal(officers.Columns, []string{"name", "level", "hire", "owner", "techs"}) {
		t.Errorf("officers: %q %q", officers.Title, officers.Columns)
	}
	wantRows := [][]string{{"曹操", "high", "[2543.4, 3108.6]", "", ""}, {"张辽", "", "", "魏", "—"}}
	if !slices.EqualFunc(officers.Rows, wantRows, slices.Equal) {
		t.Errorf("officer rows: %q", officers.Rows)
	}
}
