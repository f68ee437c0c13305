package plugin_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/plugintest"
)

// TestCostlyOperations: every operation whose work grows with its operands
// (# and next on a sparse table or one with deleted keys, the string and
// table functions on large inputs) is stopped at its line by a counted
// limit, on both routes, idle and under load (plugintest.RunCostly; the
// games' hook packages run the same catalogue on their kinds).
func TestCostlyOperations(t *testing.T) {
	t.Parallel()
	call := func(w *plugin.Worker, ref plugin.Ref) error {
		_, err := plugin.Call(w, testRun, ref, &struct{}{}, nil)
		return err
	}
	t.Run("default", func(t *testing.T) {
		t.Parallel()
		plugintest.RunCostly(t, plugintest.Route{Kinds: []*plugin.Kind{testKind}, Kind: testKind, Func: "run", Call: call})
	})
	// With the largest memory budget a scenario may set, even the functions
	// that build large results end on their instruction charge.
	t.Run("memory_budget_max", func(t *testing.T) {
		t.Parallel()
		mem := plugin.BudgetBounds()[1].Max
		plugintest.RunCostly(t, plugintest.Route{Kinds: []*plugin.Kind{testKind}, Kind: testKind, Func: "run", Call: call,
			Limits: plugin.Limits{MaxAllocBytes: mem}, VMOnly: true})
	})
}
