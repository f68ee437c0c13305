package compiled

import (
	"runtime"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// BenchmarkFastLoop: the fast path on a loop of 100 iterations whose body
// calls a local function (call) or does the same arithmetic inline
// (inline); the difference is the cost of 100 local calls.
func BenchmarkFastLoop(b *testing.B) {
	scripts := map[string]string{
		"call": luaIdiv + `function run(ctx)
	local s = 0
	for i = 1, 100 do s = s + idiv(i * ctx.a, 7) end
	return s
end`,
		"inline": `function run(ctx)
	local s = 0
	for i = 1, 100 do
		local q = i * ctx.a / 7
		if q < 0 then q = math.ceil(q) else q = math.floor(q) end
		s = s + q
	end
	return s
end`,
		"host": `function run(ctx)
	local s = 0
	for _, x in ipairs(h.list(100)) do s = s + h.num(x) end
	return s
end`,
	}
	for _, name := range []string{"call", "inline", "host"} {
		b.Run(name, func(b *testing.B) {
			k := *fastKind
			k.Host = append([]plugin.HostFunc(nil), fastKind.Host...)
			for i := range k.Host {
				switch k.Host[i].Name {
				case "list":
					xs := make([]int, 100)
					k.Host[i].Impl = func(_ any, a *plugin.Args) { a.ReturnInts(xs) }
				case "num":
					k.Host[i].Impl = func(_ any, a *plugin.Args) { a.ReturnNumber(a.Number(1)) }
				}
			}
			reg, err := compilingRegistry([]*plugin.Kind{&k}, plugin.Limits{})
			if err != nil {
				b.Fatal(err)
			}
			if _, err := reg.AddLua(&k, "h", "bench.lua", []byte(scripts[name])); err != nil {
				b.Fatal(err)
			}
			ref, _ := reg.Lookup(&k, "h")
			w := reg.NewWorker(plugin.WorkerOptions{})
			sig := plugin.NewSig[float64, any, float64](&k, "run", func(t *plugin.Table, c *float64) { t.Number(0, *c) },
				func(r plugin.Results) (float64, error) { return r.Number(1) }, nil)
			ctx := new(float64)
			*ctx = 3
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := threadCPU()
			for b.Loop() {
				if _, err := plugin.Call(w, sig, ref, ctx, any(nil)); err != nil {
					b.Fatal(err)
				}
			}
			if c := threadCPU() - c0; c > 0 {
				b.ReportMetric(float64(c.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}
