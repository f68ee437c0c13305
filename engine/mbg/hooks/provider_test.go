package hooks_test

import (
	"errors"
	"fmt"
	"github.com/sandtable/sandtable/engine/mbg/hooks/hookstest"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"

	"github.com/google/go-cmp/cmp"
)

// TestTechProviders runs the twelve seed-style techs through both providers
// with the same inputs and expectations.
func TestTechProviders(t *testing.T) {
	t.Parallel()
	params := func(kv ...any) *plugin.Params {
		m := map[string]float64{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = float64(kv[i+1].(int))
		}
		return plugin.NewParams(m)
	}
	cases := []struct {
		id    string
		ctx   hooks.TechCtx
		want  hooks.TechResult
		calls []string
	}{
		{"arrows", hooks.TechCtx{Value: 25}, res(0, -25), nil},
		{"fire_arrows", hooks.TechCtx{Value: 25, Params: params("burn_rounds", 3)}, res(0, -25), []string{"burn 3"}},
		{"fire_arrows", hooks.TechCtx{Value: 25}, res(0, -25), []string{"burn 4"}},
		{"medic", hooks.TechCtx{Value: 40}, res(40, 0), nil},
		{"shield", hooks.TechCtx{Value: 1, DHP: -30}, res(30, 0), nil},
		{"shield", hooks.TechCtx{Value: 1, DHP: 0}, res(0, 0), nil},
		{"transfer", hooks.TechCtx{Value: 0.5, DHP: -30}, res(15, -15), nil},
		{"strong_strike", hooks.TechCtx{Value: 0.75, DHP: -20}, res(0, -15), nil},
		{"lifesteal", hooks.TechCtx{Value: 0.5, DHP: -50}, res(25, 0), nil},
		{"thunder", hooks.TechCtx{Value: 150}, res(0, -150), nil},
		{"chaos", hooks.TechCtx{Params: params("chaos_rounds", 2)}, hooks.TechResult{}, []string{"confuse chaos 2"}},
		{"chaos", hooks.TechCtx{}, hooks.TechResult{}, []string{"confuse chaos 3"}},
		{"infighting", hooks.TechCtx{}, hooks.TechResult{}, []string{"confuse infighting 2"}},
		{"siege", hooks.TechCtx{Value: 2, DHP: -20, OppDef: 10}, res(0, -10), nil},
		{"siege", hooks.TechCtx{Value: 2, DHP: -20, OppDef: 100}, res(0, -40), nil},
		{"siege", hooks.TechCtx{Value: 2, DHP: -20, OppDef: 0}, res(0, 0), nil},
		{"exile", hooks.TechCtx{}, hooks.TechResult{}, []string{"exile"}},
	}
	for _, p := range providers {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			reg := newRegistry(t, plugin.Limits{})
			addTechs(t, reg, p)
			w := reg.NewWorker(plugin.WorkerOptions{})
			defer w.Close()
			// Twice over, so the second round reuses the instantiated
			// hooks, their ctx tables and params tables.
			for range 2 {
				for _, c := range cases {
					host := &hookstest.TechHost{}
					ctx := c.ctx
					got, err := hooks.RunTech(w, lookup(t, reg, hooks.TechKind, c.id), &ctx, host)
					if err != nil {
						t.Fatalf("%s: %v", c.id, err)
					}
					if got != c.want {
						t.Errorf("%s %+v = %+v, want %+v", c.id, c.ctx, got, c.want)
					}
					if diff := cmp.Diff(c.calls, host.Calls); diff != "" {
						t.Errorf("%s host calls (-want +got):\n%s", c.id, diff)
					}
				}
			}
		})
	}
}

// TestProviderErrors: a hook that breaks its kind's contract, or fails,
// gives the same kind of *Error through either provider.
func TestProviderErrors(t *testing.T) {
	t.Parallel()
	type hook struct {
		lua string
		fn  hooks.TechFunc
	}
	cases := map[string]hook{
		"hurts_self": {`function effect(ctx) return -1, 0 end`,
			func(*hooks.TechCtx, hooks.TechHost) (hooks.TechResult, error) {
				return res(-1, 0), nil
			}},
		"heals_opp": {`function effect(ctx) return 0, 5 end`,
			func(*hooks.TechCtx, hooks.TechHost) (hooks.TechResult, error) {
				return res(0, 5), nil
			}},
		"nan": {`function effect(ctx) return 0/0, 0 end`,
			func(*hooks.TechCtx, hooks.TechHost) (hooks.TechResult, error) {
				return res(nanValue(), 0), nil
			}},
		"fails": {`function effect(ctx) error("boom") end`,
			func(*hooks.TechCtx, hooks.TechHost) (hooks.TechResult, error) {
				return hooks.TechResult{}, errors.New("boom")
			}},
	}
	want := map[string]string{
		"hurts_self": "may only heal its user",
		"heals_opp":  "may only damage the opponent",
		"nan":        "finite",
		"fails":      "boom",
	}
	for _, p := range providers {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			reg := newRegistry(t, plugin.Limits{})
			for _, id := range []string{"fails", "heals_opp", "hurts_self", "nan"} {
				var err error
				if p == "lua" {
					_, err = reg.AddLua(hooks.TechKind, id, id+".lua", []byte(cases[id].lua))
				} else {
					_, err = reg.Add(hooks.GoTech(id, "go:test", cases[id].fn))
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			w := reg.NewWorker(plugin.WorkerOptions{})
			for _, id := range []string{"fails", "heals_opp", "hurts_self", "nan"} {
				_, err := hooks.RunTech(w, lookup(t, reg, hooks.TechKind, id), &hooks.TechCtx{}, &hookstest.TechHost{})
				e := asError(t, err)
				if e.Kind != "mbg.tech" || e.ID != id || e.Func != "effect" || !strings.Contains(e.Message, want[id]) {
					t.Errorf("%s: error %+v, want mbg.tech %s effect: …%s…", id, e, id, want[id])
				}
				if p == "lua" && e.Line != 1 {
					t.Errorf("%s: line %d, want 1", id, e.Line)
				}
			}
		})
	}
}

func nanValue() float64 { z := 0.0; return z / z }

const stealLua = `
function play(ctx)
  if mbg.money(ctx.target) <= 0 then
    return false
  end
  mbg.steal(ctx.target, ctx.user, ctx.params.amount)
  return true
end
`

func stealGo(c *hooks.CardCtx, h hooks.CardHost) (bool, error) {
	if h.Money(c.Target) <= 0 {
		return false, nil
	}
	amount, _ := c.Params.Get("amount")
	h.Steal(c.Target, c.User, amount)
	return true, nil
}

// TestCardProviders plays the same card through both providers.
func TestCardProviders(t *testing.T) {
	t.Parallel()
	params := plugin.NewParams(map[string]float64{"amount": 1500})
	for _, p := range providers {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			reg := newRegistry(t, plugin.Limits{})
			var err error
			if p == "lua" {
				_, err = reg.AddLua(hooks.CardKind, "steal", "steal.lua", []byte(stealLua))
			} else {
				_, err = reg.Add(hooks.GoCard("steal", "go:test", stealGo))
			}
			if err != nil {
				t.Fatal(err)
			}
			ref := lookup(t, reg, hooks.CardKind, "steal")
			w := reg.NewWorker(plugin.WorkerOptions{})

			host := &hookstest.CardHost{Cash: [2]float64{100, 1000}}
			ok, err := hooks.RunCard(w, ref, &hooks.CardCtx{User: 0, Target: 1, Params: params}, host)
			if err != nil || !ok || host.Cash != [2]float64{1100, 0} {
				t.Errorf("steal from a rich role: ok %v, err %v, money %v; want true, nil, [1100 0]", ok, err, host.Cash)
			}
			ok, err = hooks.RunCard(w, ref, &hooks.CardCtx{User: 0, Target: 1, Params: params}, host)
			if err != nil || ok {
				t.Errorf("steal from a broke role: ok %v, err %v; want false (card stays in hand)", ok, err)
			}
			_, err = hooks.RunCard(w, ref, &hooks.CardCtx{User: 0, Target: 7, Params: params}, host)
			e := asError(t, err)
			if !errors.Is(err, hookstest.ErrBadRole) || e.ID != "steal" || e.Kind != "mbg.card" {
				t.Errorf("bad target: error %v, want an mbg.card steal *Error wrapping hookstest.ErrBadRole", err)
			}
			if p == "lua" && (e.Line != 3 || !strings.Contains(e.Message, "mbg.money")) {
				t.Errorf("bad target: %+v, want line 3 naming mbg.money", e)
			}
			if host.Cash != [2]float64{1100, 0} {
				t.Errorf("failed card changed money: %v", host.Cash)
			}
		})
	}
}

// TestCardHostAPI drives every mbg.card host function from Lua.
func TestCardHostAPI(t *testing.T) {
	t.Parallel()
	src := `
function play(ctx)
  mbg.set_move(0, "slow", 3)
  mbg.extra_action(1)
  local moved = mbg.steal(1, 0, 10)
  mbg.heal_retinue(0, 0.1)
  mbg.heal_all(1, 0.5)
  mbg.rumour(5, 4)
  mbg.poison(6, 8)
  mbg.defect(7)
  mbg.place(12, "robber")
  local a = mbg.alliance(0, 1, 7)
  local p = mbg.public_enemy(1, 5)
  mbg.reverse(0)
  return moved == 10 and a and p and mbg.money(0) == 110
end`
	reg := newRegistry(t, plugin.Limits{})
	if _, err := reg.AddLua(hooks.CardKind, "all", "all.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	host := &hookstest.CardHost{Cash: [2]float64{100, 100}}
	ok, err := hooks.RunCard(w, lookup(t, reg, hooks.CardKind, "all"), &hooks.CardCtx{Target: -1}, host)
	if err != nil || !ok {
		t.Fatalf("play = %v, %v", ok, err)
	}
	want := []string{"set_move 0 slow 3", "extra_action 1", "steal 1 0 10", "heal 0 0.1 false", "heal 1 0.5 true", "rumour 5 4",
		"poison 6 8", "defect 7", "place 12 robber", "alliance 0 1 7", "public_enemy 1 5", "reverse 0"}
	if diff := cmp.Diff(want, host.Calls); diff != "" {
		t.Errorf("host calls (-want +got):\n%s", diff)
	}
}

// TestHostArgumentChecks: bad arguments to host functions fail at the
// script's line before the host sees them.
func TestHostArgumentChecks(t *testing.T) {
	t.Parallel()
	cases := []struct{ call, want string }{
		{`mbg.burn("3")`, "bad argument #1 'rounds': integer expected, got string"},
		{`mbg.burn(2.5)`, "integer expected, got number 2.5"},
		{`mbg.burn(-1)`, "must be between 0"},
		{`mbg.burn()`, "integer expected, got nil"},
		{`mbg.confuse("sleep", 2)`, `expected "chaos" or "infighting", got "sleep"`},
		{`mbg.confuse("chaos", 1e9)`, "must be between 0"},
	}
	for i, c := range cases {
		reg := newRegistry(t, plugin.Limits{})
		src := "function effect(ctx)\n  " + c.call + "\n  return 0, 0\nend"
		if _, err := reg.AddLua(hooks.TechKind, "t", "t.lua", []byte(src)); err != nil {
			t.Fatal(err)
		}
		w := reg.NewWorker(plugin.WorkerOptions{})
		host := &hookstest.TechHost{}
		_, err := hooks.RunTech(w, lookup(t, reg, hooks.TechKind, "t"), &hooks.TechCtx{}, host)
		e := asError(t, err)
		if e.Line != 2 || !strings.Contains(e.Message, c.want) {
			t.Errorf("case %d %s: %+v, want line 2 and %q", i, c.call, e, c.want)
		}
		if len(host.Calls) != 0 {
			t.Errorf("case %d: host was called: %v", i, host.Calls)
		}
	}
}

// TestHostAtLoadTime: the host API needs a call in progress.
func TestHostAtLoadTime(t *testing.T) {
	t.Parallel()
	reg := newRegistry(t, plugin.Limits{})
	src := "mbg.exile()\nfunction effect(ctx) return 0, 0 end"
	if _, err := reg.AddLua(hooks.TechKind, "early", "early.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	_, err := hooks.RunTech(w, lookup(t, reg, hooks.TechKind, "early"), &hooks.TechCtx{}, &hookstest.TechHost{})
	e := asError(t, err)
	if e.Func != "(load)" || e.Line != 1 || !strings.Contains(e.Message, "only be called while a hook function runs") {
		t.Errorf("error %+v", e)
	}
}

// TestParamsTable: ctx.params is a plain table in name order.
func TestParamsTable(t *testing.T) {
	t.Parallel()
	reg := newRegistry(t, plugin.Limits{})
	src := `
function effect(ctx)
  local names = {}
  for k, v in pairs(ctx.params) do names[#names + 1] = k .. "=" .. v end
  print(table.concat(names, " "))
  return 0, -ctx.params.b
end`
	if _, err := reg.AddLua(hooks.TechKind, "p", "p.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	var printed []string
	w := reg.NewWorker(plugin.WorkerOptions{Print: func(p plugin.Print) { printed = append(printed, p.Text) }})
	p := plugin.NewParams(map[string]float64{"c": 3, "a": 1, "b": 2})
	r, err := hooks.RunTech(w, lookup(t, reg, hooks.TechKind, "p"), &hooks.TechCtx{Params: p}, &hookstest.TechHost{})
	if err != nil || r.Opp != -2 {
		t.Fatalf("effect = %+v, %v", r, err)
	}
	if !slices.Equal(printed, []string{"a=1 b=2 c=3"}) {
		t.Errorf("printed %q, want params in name order", printed)
	}
	if got := p.Names(); !slices.Equal(got, []string{"a", "b", "c"}) {
		t.Errorf("Names() = %v", got)
	}
}

// TestHostErrCaught: a failure the host recorded fails the hook even when
// the script caught the error with pcall.
func TestHostErrCaught(t *testing.T) {
	t.Parallel()
	reg := newRegistry(t, plugin.Limits{})
	src := "function play(ctx)\n  pcall(mbg.money, 9)\n  return true\nend"
	if _, err := reg.AddLua(hooks.CardKind, "sly", "sly.lua", []byte(src)); err != nil {
		t.Fatal(err)
	}
	w := reg.NewWorker(plugin.WorkerOptions{})
	ok, err := hooks.RunCard(w, lookup(t, reg, hooks.CardKind, "sly"), &hooks.CardCtx{}, &hookstest.CardHost{})
	if ok || !errors.Is(err, hookstest.ErrBadRole) {
		t.Errorf("play = %v, %v; want an error wrapping hookstest.ErrBadRole", ok, err)
	}
}

// TestHostErrPerCall: the host's error counts for the hook calls that call
// a host function, on the VM and on the fast path alike: a hook that calls
// none succeeds on a host with an error left over, one that does fails at
// its call.
func TestHostErrPerCall(t *testing.T) {
	t.Parallel()
	reg := newRegistry(t, plugin.Limits{})
	quiet := "function play(ctx)\n  return true\nend"
	loud := "function play(ctx)\n  local m = mbg.money(0)\n  return m >= 0\nend"
	for _, h := range [][2]string{{"quiet", quiet}, {"loud", loud}} {
		if _, err := reg.AddLua(hooks.CardKind, h[0], h[0]+".lua", []byte(h[1])); err != nil {
			t.Fatal(err)
		}
	}
	for _, vm := range []bool{false, true} {
		w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: vm})
		stale := fmt.Errorf("earlier: %w", hookstest.ErrBadRole)
		ok, err := hooks.RunCard(w, lookup(t, reg, hooks.CardKind, "quiet"), &hooks.CardCtx{}, &hookstest.CardHost{Failure: stale})
		if !ok || err != nil {
			t.Errorf("vm %v: quiet play = %v, %v; want true, nil", vm, ok, err)
		}
		ok, err = hooks.RunCard(w, lookup(t, reg, hooks.CardKind, "loud"), &hooks.CardCtx{}, &hookstest.CardHost{Failure: stale})
		var pe *plugin.Error
		if ok || !errors.As(err, &pe) || !errors.Is(err, hookstest.ErrBadRole) || pe.Line != 2 {
			t.Errorf("vm %v: loud play = %v, %v; want an error at line 2 wrapping hookstest.ErrBadRole", vm, ok, err)
		}
		w.Close()
	}
}

// TestLayerReplacesNothing: a mod script that replaces no hook of the
// config is a warning naming the file and the hooks it could have meant; one
// that replaces a hook is the replacement warning.
func TestLayerReplacesNothing(t *testing.T) {
	t.Parallel()
	src := []byte("function effect(ctx) return 0, -1 end")
	bundle := []plugin.Script{plugin.Bundle("mbg.tech", "fireball", "tech/fireball.lua", src)}
	mod := fstest.MapFS{
		"mbg/tech/fireball.lua": {Data: src},
		"mbg/tech/firebal2.lua": {Data: src},
		"mbg/card/nothing.lua":  {Data: []byte("function play(ctx) return true end")},
	}
	_, warns, err := plugin.NewBundleRegistry(hooks.Kinds(), bundle, plugin.Layer{FS: mod, Origin: "mymod"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range warns {
		got = append(got, w.Code+" "+w.New)
	}
	want := []string{
		"plugin-replaced mymod/mbg/tech/fireball.lua",
		"plugin-replaces-nothing mymod/mbg/card/nothing.lua",
		"plugin-replaces-nothing mymod/mbg/tech/firebal2.lua",
	}
	if !slices.Equal(got, want) {
		t.Errorf("warnings %q, want %q", got, want)
	}
	if !strings.Contains(warns[2].Message, `the scenario has no mbg.tech hook "firebal2" (it has "fireball")`) {
		t.Errorf("message %q", warns[2].Message)
	}
}
