package plugin_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

// techHost records what a test.tech effect (or, in fast_games_test.go, an
// mbg.tech one) asks of its host.
type techHost struct{ calls []string }

func (h *techHost) Burn(n int) { h.calls = append(h.calls, fmt.Sprintf("burn %d", n)) }
func (h *techHost) Confuse(s string, n int) {
	h.calls = append(h.calls, fmt.Sprintf("confuse %s %d", s, n))
}
func (h *techHost) Exile() { h.calls = append(h.calls, "exile") }

// testLimits: see export_test.go.
func testLimits(l plugin.Limits) plugin.Limits { return plugin.TestLimits(l) }

// lookup returns the Ref of a registered hook or fails the test.
func lookup(t testing.TB, reg *plugin.Registry, kind *plugin.Kind, id string) plugin.Ref {
	t.Helper()
	ref, ok := reg.Lookup(kind, id)
	if !ok {
		t.Fatalf("no %s %q", kind.Name, id)
	}
	return ref
}

func seeded(seed uint64) *rand.Rand { return plugin.Seeded(seed) }

// asError unwraps err as *Error or fails the test.
func asError(t testing.TB, err error) *plugin.Error {
	t.Helper()
	var e *plugin.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v (%T) is not a *plugin.Error", err, err)
	}
	return e
}

// testKind is a kind for exercising the sandbox: run returns a string.
var testKind = &plugin.Kind{
	Name:  "test.eval",
	Doc:   "Runs a snippet and returns a string.",
	Funcs: []plugin.Func{{Name: "run", Required: true, Returns: []plugin.Field{{Name: "out", Type: "string"}}, Doc: "Runs."}},
}

var testRun = plugin.NewSig[struct{}, any, string](testKind, "run", nil,
	func(r plugin.Results) (string, error) { return r.String(1) }, nil)

// evaluator runs Lua snippets as test.eval hooks on one worker.
type evaluator struct {
	t      testing.TB
	reg    *plugin.Registry
	w      *plugin.Worker
	prints []plugin.Print
}

// newEvaluator registers each source as the hook "e<i>".
func newEvaluator(t testing.TB, limits plugin.Limits, srcs ...string) *evaluator {
	t.Helper()
	reg, err := plugin.NewRegistry(testKinds(), testLimits(limits))
	if err != nil {
		t.Fatal(err)
	}
	for i, src := range srcs {
		if _, err := reg.AddLua(testKind, fmt.Sprint("e", i), fmt.Sprintf("e%d.lua", i), []byte(src)); err != nil {
			t.Fatalf("e%d: %v", i, err)
		}
	}
	ev := &evaluator{t: t, reg: reg}
	ev.w = reg.NewWorker(plugin.WorkerOptions{Rand: seeded(1), Print: func(p plugin.Print) { ev.prints = append(ev.prints, p) }})
	return ev
}

func (ev *evaluator) run(i int) (string, error) {
	ref := lookup(ev.t, ev.reg, testKind, fmt.Sprint("e", i))
	return plugin.Call(ev.w, testRun, ref, &struct{}{}, nil)
}

// eval runs "function run() return <expr> end" style snippets: body is the
// body of run.
func eval(t testing.TB, body string) (string, error) {
	t.Helper()
	ev := newEvaluator(t, plugin.Limits{}, "function run()\n"+body+"\nend")
	return ev.run(0)
}

func mustEval(t testing.TB, body string) string {
	t.Helper()
	out, err := eval(t, body)
	if err != nil {
		t.Fatalf("%s: %v", strings.TrimSpace(body), err)
	}
	return out
}
