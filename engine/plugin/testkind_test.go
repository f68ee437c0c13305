package plugin_test

import (
	"fmt"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// The plugin's own tests run hooks of made-up kinds, so that they need no
// game. test.tech is shaped like the games' kinds: numbers and params in,
// two numbers out with a check, and a host table whose functions take an
// integer in a range, an enum and nothing, each with a fast form as well.

// techKind is the test kind most tests register their scripts as.
var techKind = &plugin.Kind{
	Name: "test.tech",
	Doc:  "A made-up battle tech: `effect` computes hp changes from numbers, and changes statuses through `host`.",
	Ctx: []plugin.Field{
		{Name: "value", Type: "number", Doc: "The tech's value."},
		{Name: "dhp", Type: "number", Doc: "The round's hp change (≤ 0)."},
		{Name: "self_hp", Type: "number", Doc: "The user's hp."},
		{Name: "opp_hp", Type: "number", Doc: "The opponent's hp."},
		{Name: "opp_def", Type: "number", Doc: "The opponent's walls."},
		{Name: "celve", Type: "number", Doc: "The user's strategy."},
		plugin.ParamsField,
	},
	Funcs: []plugin.Func{{
		Name:     "effect",
		Required: true,
		Params:   []plugin.Field{{Name: "ctx", Type: "test.tech.ctx", Doc: "The situation."}},
		Returns: []plugin.Field{
			{Name: "self", Type: "number?", Doc: "Change to the user (≥ 0)."},
			{Name: "opp", Type: "number?", Doc: "Change to the opponent (≤ 0)."},
		},
		Doc: "Computes the effect of the tech.",
	}},
	HostTable: "host",
	Host: []plugin.HostFunc{
		{
			Name:   "burn",
			Params: []plugin.Field{{Name: "rounds", Type: "integer", Doc: "Number of rounds (≥ 0)."}},
			Doc:    "Sets the opponent burning.",
			Impl:   func(host any, a *plugin.Args) { plugin.HostAs[techHostAPI](a, host).Burn(a.Rounds(1)) },
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(techHostAPI)
				if !ok || !plugin.RoundsOK(in[0]) {
					return 0, false
				}
				h.Burn(in[0])
				return 0, true
			},
		},
		{
			Name: "confuse",
			Params: []plugin.Field{
				{Name: "state", Type: `"chaos"|"infighting"`, Doc: "The state to set."},
				{Name: "rounds", Type: "integer", Doc: "Number of rounds (≥ 0)."},
			},
			Doc: "Puts the opponent in a state.",
			Impl: func(host any, a *plugin.Args) {
				state := a.Enum(1, confuseStates...)
				plugin.HostAs[techHostAPI](a, host).Confuse(state, a.Rounds(2))
			},
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(techHostAPI)
				if !ok || !plugin.RoundsOK(in[1]) {
					return 0, false
				}
				h.Confuse(confuseStates[in[0]], in[1])
				return 0, true
			},
		},
		{
			Name: "exile",
			Doc:  "Sends the opponent away.",
			Impl: func(host any, a *plugin.Args) { plugin.HostAs[techHostAPI](a, host).Exile() },
			Fast: func(host any, in, out []int) (int, bool) {
				h, ok := host.(techHostAPI)
				if !ok {
					return 0, false
				}
				h.Exile()
				return 0, true
			},
		},
	},
}

// confuseStates are host.confuse's states, in the order of its enum type.
var confuseStates = []string{"chaos", "infighting"}

// techHostAPI is what a test.tech hook may do besides returning numbers.
type techHostAPI interface {
	Burn(rounds int)
	Confuse(state string, rounds int)
	Exile()
}

// techCtx is the input of test.tech's effect.
type techCtx struct {
	Value, DHP, SelfHP, OppHP, OppDef, Celve float64
	Params                                   *plugin.Params
}

// techResult is what test.tech's effect returns.
type techResult struct{ Self, Opp float64 }

// techEffect is the calling convention of test.tech's effect.
var techEffect = plugin.NewSig[techCtx, techHostAPI, techResult](techKind, "effect",
	func(t *plugin.Table, c *techCtx) {
		for i, v := range []float64{c.Value, c.DHP, c.SelfHP, c.OppHP, c.OppDef, c.Celve} {
			t.Number(i, v)
		}
		t.Params(6, c.Params)
	},
	func(r plugin.Results) (techResult, error) {
		self, err := r.Number(1)
		if err != nil {
			return techResult{}, err
		}
		opp, err := r.Number(2)
		return techResult{Self: self, Opp: opp}, err
	},
	func(r techResult) error {
		switch {
		case r.Self-r.Self != 0 || r.Opp-r.Opp != 0: // NaN or infinite
			return fmt.Errorf("effect returned %g, %g; changes must be finite", r.Self, r.Opp)
		case r.Self < 0:
			return fmt.Errorf("effect returned %g for the user; a tech may only heal its user (≥ 0)", r.Self)
		case r.Opp > 0:
			return fmt.Errorf("effect returned %g for the opponent; a tech may only damage the opponent (≤ 0)", r.Opp)
		}
		return nil
	})

// runTech runs the test.tech hook ref.
func runTech(w *plugin.Worker, ref plugin.Ref, ctx *techCtx, host techHostAPI) (techResult, error) {
	return plugin.Call(w, techEffect, ref, ctx, host)
}

// goTech is a test.tech hook written in Go.
func goTech(id string, fn func(*techCtx, techHostAPI) (techResult, error)) *plugin.GoHook {
	return plugin.MustGoHook(techKind, id, "go:test", plugin.GoFn(techEffect, fn))
}

// testKinds are the kinds the tests' registries know.
func testKinds() []*plugin.Kind { return []*plugin.Kind{techKind, testKind} }

// testRegistry returns a registry of the test kinds with limits.
func testRegistry(t testing.TB, limits plugin.Limits) *plugin.Registry {
	t.Helper()
	reg, err := plugin.NewRegistry(testKinds(), testLimits(limits))
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// addLua registers src as the test.tech hook id (its file id.lua).
func addLua(t testing.TB, reg *plugin.Registry, id, src string) plugin.Ref {
	t.Helper()
	if _, err := reg.AddLua(techKind, id, id+".lua", []byte(src)); err != nil {
		t.Fatalf("%s: %v", id, err)
	}
	return lookup(t, reg, techKind, id)
}

// tres is a test.tech result (self, opp).
func tres(self, opp float64) techResult { return techResult{Self: self, Opp: opp} }
