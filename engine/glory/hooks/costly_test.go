package hooks_test

import (
	"testing"

	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/plugintest"
)

// TestCostlyOperations: a glory.skill hook that loops over an operation whose work
// grows with its operands (# and next on sparse tables, the string and
// table functions on large inputs) is stopped at its line by a counted
// limit, on the VM and on the compiled route, idle and under load — never
// by the wall-clock backstop (the catalogue is plugintest.CostlyScripts).
func TestCostlyOperations(t *testing.T) {
	t.Parallel()
	plugintest.RunCostly(t, plugintest.Route{
		Kinds: hooks.Kinds(), Kind: hooks.Skill, Func: "modify",
		Call: func(w *plugin.Worker, ref plugin.Ref) error {
			_, err := plugin.Call(w, hooks.SigModify, ref, &hooks.Ctx{}, nil)
			return err
		},
	})
}
