package studio

import (
	"testing"

	"github.com/sandtable/sandtable/kit/build"
)

// For the browser test, an external test package: the games' kit packages
// import this one (Filmer), so only a studio_test package can register
// them beside the fake game.

// FakeGame is the fake game of the handler tests.
var FakeGame build.Game = fake{}

// FakeScenario writes a fake scenario of the given size into dir/name.
func FakeScenario(t *testing.T, dir, name string, size int) string {
	return fakeScenario(t, dir, name, size)
}

// FirstClean is the key of the first scenario of game without errors, or "".
func (s *Server) FirstClean(game string) string {
	for _, sn := range s.reg.list() {
		if sn.Game == game && sn.Errors == 0 {
			return sn.Key
		}
	}
	return ""
}
