package glory_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/internal/fixture"
)

// standardMap returns the builtin map as an engine MapConfig.
func standardMap(t testing.TB) glory.MapConfig {
	t.Helper()
	m, err := fixture.StandardMap()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// standardBoard returns the board of the builtin map.
func standardBoard(t testing.TB) *glory.Board {
	t.Helper()
	b, err := glory.NewBoard(standardMap(t))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
