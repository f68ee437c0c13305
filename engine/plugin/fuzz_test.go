package plugin_test

import (
	"errors"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// FuzzRunScript loads arbitrary source as an test.tech hook and calls it:
// whatever the source, loading and calling return (an *Error at worst),
// never panic or hang, and the worker then still runs a good hook. The seed
// corpus, which includes the hostile catalogue, runs in every go test.
func FuzzRunScript(f *testing.F) {
	seeds := []string{
		"function effect(ctx) return 0, -ctx.value end",
		"function effect(ctx) host.burn(ctx.params.burn_rounds or 4) return 0, -ctx.value end",
		"function effect(ctx) local t = {} for i = 1, 100 do t[#t + 1] = i .. '' end return #t, -1 end",
		"function effect(ctx) return ('x'):rep(10):gsub('x', '%0%0'):len(), 0 end",
		"function effect(ctx) return string.format('%5.1f', ctx.value), 0 end",
		"function effect(ctx) return math.random(6), -math.random() end",
		"local t = setmetatable({}, {__index = function(t, k) return k end}) function effect(ctx) return 0, -#t.abc end",
		"function effect(ctx) return {}, 0 end",
		"function effect(ctx) return 0/0, 1/0 end",
		"x = = 1",
		"function effect(ctx) goto l end",
		"return",
		"",
	}
	for _, h := range hostileScripts() {
		seeds = append(seeds, h.src)
	}
	for _, s := range seeds {
		f.Add(s)
	}
	const good = "function effect(ctx) return ctx.value, -1 end"
	f.Fuzz(func(t *testing.T, src string) {
		// Small budgets keep each input quick; the code paths are the same.
		reg, err := plugin.NewRegistry(testKinds(), plugin.Limits{MaxInstructions: 100_000, MaxAllocBytes: 1 << 20, MaxStringLen: 1 << 16, MaxArrayLen: 1 << 12})
		if err != nil {
			t.Fatal(err)
		}
		_, loadErr := reg.AddLua(techKind, "fuzz", "fuzz.lua", []byte(src))
		var e *plugin.Error
		if loadErr != nil && !errors.As(loadErr, &e) {
			t.Fatalf("load error %v is not an *Error", loadErr)
		}
		if _, err := reg.AddLua(techKind, "good", "good.lua", []byte(good)); err != nil {
			t.Fatal(err)
		}
		w := reg.NewWorker(plugin.WorkerOptions{Rand: seeded(7), Print: func(plugin.Print) {}})
		defer w.Close()
		if loadErr == nil {
			ref, _ := reg.Lookup(techKind, "fuzz")
			for range 2 {
				if _, err := runTech(w, ref, &techCtx{Value: 3, DHP: -5, Params: plugin.NewParams(map[string]float64{"burn_rounds": 2})}, &techHost{}); err != nil && !errors.As(err, &e) {
					t.Fatalf("call error %v is not an *Error", err)
				}
			}
		}
		ref, _ := reg.Lookup(techKind, "good")
		if r, err := runTech(w, ref, &techCtx{Value: 2}, &techHost{}); err != nil || r != (tres(2, -1)) {
			t.Fatalf("good hook after the fuzzed one: %+v, %v", r, err)
		}
	})
}
