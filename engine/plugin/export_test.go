package plugin

import (
	"math/rand/v2"
	"time"

	lua "github.com/yuin/gopher-lua"
)

// testLimits fills in the wall-clock backstop for tests: a loaded machine
// must never fail a test by time, only the counted limits may.
func testLimits(l Limits) Limits {
	if l.Timeout == 0 {
		l.Timeout = time.Minute
	}
	return l
}

// seeded returns a test's deterministic random source.
func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// Exported for the external tests (package plugin_test).
var (
	TestLimits     = testLimits
	Seeded         = seeded
	ErrorText      = errorText
	ParseTraceback = parseTraceback
	SplitWhere     = splitWhere
	ArrayLenFunc   = arrayLenFunc
)

// NextScanned is Worker.nextScanned.
func NextScanned(t *lua.LTable, key, k lua.LValue) int {
	return (&Worker{arrayLen: arrayLenFunc()}).nextScanned(t, key, k)
}
