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
	SyntaxPosition = syntaxPosition
	ArrayLenFunc   = arrayLenFunc
	RemovedGlobals = removedGlobals
	LuaCall        = luaCall
)

// NextScanned is Worker.nextScanned.
func NextScanned(t *lua.LTable, key, k lua.LValue) int {
	return (&Worker{arrayLen: arrayLenFunc()}).nextScanned(t, key, k)
}

// SandboxGlobalNames lists the sandbox's base library names; SandboxGlobalCalls
// their documented call forms.
func SandboxGlobalNames() []string {
	var out []string
	for _, g := range sandboxGlobals() {
		out = append(out, g.name)
	}
	return out
}

// SandboxGlobalCalls lists the sandbox's base library call forms, as the
// stubs declare them.
func SandboxGlobalCalls() []string {
	var out []string
	for _, g := range sandboxGlobals() {
		out = append(out, luaCall(g.name, g.params))
	}
	return out
}

// ThreadCPU is threadCPU, for the external benchmarks.
var ThreadCPU = threadCPU

// The messages of state writes and unavailable names, for the check tests.
var (
	StateWriteMsg  = stateWriteMsg
	UnavailableMsg = unavailableMsg
)

// LibraryNames exports libraryNames for the tests.
var LibraryNames = libraryNames
