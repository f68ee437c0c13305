package luacheck_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/engine/plugin/compiled"
	"github.com/sandtable/sandtable/engine/plugin/luarewrite"
	"github.com/sandtable/sandtable/kit/luacheck"

	"github.com/google/go-cmp/cmp"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string
		want []luacheck.Problem
	}{
		{"clean", "local k = 2\nfunction effect(ctx)\n  return 0, -k * ctx.value\nend\n", nil},
		{"syntax", "function effect(ctx)\n  return 0,, 1\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeSyntax, Message: "syntax error near ','", Line: 2, Column: 12}}},
		{"syntax after multibyte", "-- 火箭\nlocal s = \"火箭\" +* 2\n", []luacheck.Problem{
			{Code: luacheck.CodeSyntax, Message: "syntax error near '*'", Line: 2, Column: 17}}},
		{"syntax at end", "function effect(ctx)\n  return 0, 0\n", []luacheck.Problem{
			{Code: luacheck.CodeSyntax, Message: "syntax error near '0'", Line: 2, Column: 13}}},
		{"missing function", "function efect(ctx)\n  return 0, 0\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeMissingFunction, Message: `mbg.tech "t" does not define the required function effect`, Line: 1, Column: 1},
			{Severity: luacheck.SeverityWarning, Code: luacheck.CodeUnknownGlobal, Line: 1, Column: 10,
				Message: `assignment to global "efect", which is not a function of mbg.tech ("effect"); a hook's globals are private to it and reset every game, so declare it local`}}},
		{"local function", "local function effect(ctx)\n  return 0, 0\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeMissingFunction, Line: 1, Column: 16,
				Message: `mbg.tech "t" does not define the required function effect (it is declared local; the engine finds only a global effect)`}}},
		{"unknown global", "count = 0\nfunction effect(ctx)\n  local x\n  x, count = 1, count + 1\n  total = (total or 0) + count\n  return 0, 0\nend\n", []luacheck.Problem{
			{Severity: luacheck.SeverityWarning, Code: luacheck.CodeUnknownGlobal, Line: 1, Column: 1,
				Message: `assignment to global "count", which is not a function of mbg.tech ("effect"); a hook's globals are private to it and reset every game, so declare it local`},
			{Code: luacheck.CodeStateWrite, Line: 4, Column: 6, Message: luarewrite.StateWriteMessage("count", false)},
			{Code: luacheck.CodeStateWrite, Line: 5, Column: 3, Message: luarewrite.StateWriteMessage("total", false)}}},
		{"upvalue write", "local n, k = 0, 2\nfunction effect(ctx)\n  local m = k\n  m = m + 1\n  n = n + m\n  return 0, 0\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeStateWrite, Line: 5, Column: 3, Message: luarewrite.StateWriteMessage("n", true)}}},
		{"unavailable", "local os2 = 1\nfunction effect(ctx)\n  local t = os.time()\n  local f = loadstring('x')\n  local io = 3\n  return 0, -io\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeUnavailable, Line: 3, Column: 13, Message: plugin.UnavailableMessage("os")},
			{Code: luacheck.CodeUnavailable, Line: 4, Column: 13, Message: plugin.UnavailableMessage("loadstring")}}},
		{"scopes", `local helper = {}
function helper.f(a) a = 1 end
function helper:g() self.x = 1 end
function effect(ctx)
  for i = 1, 3 do i = i + 1 end
  for k, v in pairs(ctx) do k = v end
  repeat local r = 1; r = 2 until r == 2
  local function inner(p, ...) p = 2 end
  do local d; d = 1 end
  return 0, 0
end
`, nil},
		{"local out of scope", "function effect(ctx)\n  do local d end\n  d = 1\n  return 0, 0\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeStateWrite, Line: 3, Column: 3, Message: luarewrite.StateWriteMessage("d", false)}}},
		{"compile error", "function effect(ctx)\n  goto nowhere\n  return 0, 0\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeSyntax, Message: "no visible label 'nowhere' for <goto> at line 2", Line: 4, Column: 1}}},
		{"too deep", "function effect(ctx)\n  return " + strings.Repeat("(", 300) + "1" + strings.Repeat(" + 1)", 300) + "\nend\n", []luacheck.Problem{
			{Code: luacheck.CodeSyntax, Message: "too many nested blocks or expressions (the limit is 200)", Line: 2, Column: 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := luacheck.Check(mbghooks.TechKind, "t", "t.lua", []byte(c.src))
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}

// techsDir holds the shipped-style techs mbg's hook tests run.
var techsDir = filepath.Join("..", "..", "engine", "mbg", "hooks", "testdata", "techs")

// TestCheckTestdata: the shipped-style techs are clean.
func TestCheckTestdata(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob(filepath.Join(techsDir, "*.lua"))
	if err != nil || len(paths) < 12 {
		t.Fatalf("techs %v, %v", paths, err)
	}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		id := strings.TrimSuffix(filepath.Base(path), ".lua")
		if ps := luacheck.Check(mbghooks.TechKind, id, path, src); len(ps) != 0 {
			t.Errorf("%s: %v", id, ps)
		}
	}
}

// TestCheckUses: reads of unknown ctx fields, host and library members and
// undefined names, and host calls with a wrong argument count, each at its
// line and column with the name it may have meant; idiomatic code (locals
// shadowing, aliases, tables built in the script, reassigned locals) gives
// none.
func TestCheckUses(t *testing.T) {
	t.Parallel()
	type want struct {
		code      string
		line, col int
		name      string // Problem.Name
		msg       string // a part of the message
	}
	cases := []struct {
		name string
		src  string
		want []want
	}{
		{"ctx field", "function effect(ctx)\n  return 0, -ctx.celvee\nend\n",
			[]want{{luacheck.CodeUnknownField, 2, 18, "celvee", "the ctx of mbg.tech has no field celvee"}}},
		{"ctx renamed", "function effect(c)\n  local v = c.valeu\n  return 0, -v\nend\n",
			[]want{{luacheck.CodeUnknownField, 2, 15, "valeu", "has no field valeu"}}},
		{"host member", "function effect(ctx)\n  mbg.burnn(2)\n  return 0, 0\nend\n",
			[]want{{luacheck.CodeUnknownMember, 2, 7, "burnn", "the host table mbg has no function burnn"}}},
		{"host typo", "function effect(ctx)\n  mgb.burn(2)\n  return 0, 0\nend\n",
			[]want{{luacheck.CodeUndefined, 2, 3, "mgb", "the name mgb is not defined"}}},
		{"library member", "function effect(ctx)\n  return 0, -math.flor(ctx.value)\nend\n",
			[]want{{luacheck.CodeUnknownMember, 2, 19, "flor", "the library table math has no member flor"}}},
		{"library alias", "local m, s = math, string\nfunction effect(ctx)\n  local x = s.upper('a')\n  return 0, -m.florr(ctx.value)\nend\n",
			[]want{{luacheck.CodeUnknownMember, 4, 16, "florr", "math has no member florr"}}},
		{"arity", "function effect(ctx)\n  mbg.burn(2, 3)\n  mbg.confuse()\n  return 0, 0\nend\n",
			[]want{{luacheck.CodeArity, 2, 7, "", "the host function mbg.burn takes 1 argument (rounds), not 2"},
				{luacheck.CodeArity, 3, 7, "", "mbg.confuse takes"}}},
		{"library arity", "local m = math\nfunction effect(ctx)\n  local a = m.floor(ctx.value, 2)\n  local b = math.max()\n  local c = string.rep('x')\n  local d = math.max(1, 2, 3) + math.floor(m.modf(1.5)) + #string.format('%d %d', 1, 2)\n  return 0, -(a + b + #c + d)\nend\n",
			[]want{{luacheck.CodeArity, 3, 15, "", "math.floor takes 1 argument, not 2"}, {luacheck.CodeArity, 4, 18, "", "math.max takes at least 1 argument, not 0"},
				{luacheck.CodeArity, 5, 20, "", "string.rep takes 2 arguments, not 1"}}},
		{"idiomatic", `local math = {flor = function(x) return x end}
local helpers = {}
function helpers.scale(v) return v * 2 end
local function pick(t) return t.anything end
function effect(ctx)
  local ctx2 = {celvee = 1}
  local mbg = {burnn = function() end}
  mbg.burnn()
  local v = ctx.value
  v = math.flor(v) + ctx2.celvee + helpers.scale(1)
  local c = ctx
  c = {nope = 1}
  local n = c.nope + pick({anything = 1})
  local f = string.format("%d", n)
  return 0, -(v + n + select("#", f) + viaG())
end
_G.viaG = function() return 0 end
`, nil},
	}
	for _, c := range cases {
		got := luacheck.Check(mbghooks.TechKind, "t", "t.lua", []byte(c.src))
		if len(got) != len(c.want) {
			t.Errorf("%s: problems %+v, want %d", c.name, got, len(c.want))
			continue
		}
		for i, w := range c.want {
			p := got[i]
			if p.Code != w.code || p.Line != w.line || p.Column != w.col || p.Name != w.name || !strings.Contains(p.Message, w.msg) {
				t.Errorf("%s: problem %+v, want %+v", c.name, p, w)
			}
		}
	}
}

// TestScriptUses: the params a script reads, whether each has a fallback,
// and when the reads cannot be followed.
func TestScriptUses(t *testing.T) {
	t.Parallel()
	src := "function effect(ctx)\n  local p = ctx.params\n  local a = ctx.params.burn_rounds\n  local b = p.share or 0.5\n  local c = ctx.params.c or 1\n  return 0, -(a + b + c)\nend\n"
	u := luacheck.ScriptUses(mbghooks.TechKind, "t.lua", []byte(src))
	want := []luacheck.ParamUse{{Name: "burn_rounds", Line: 3, Column: 24}, {Name: "share", Line: 4, Column: 15, Default: true},
		{Name: "c", Line: 5, Column: 24, Default: true}} // the read's c, not the local's
	if diff := cmp.Diff(want, u.Params); diff != "" || u.Dynamic {
		t.Errorf("uses (-want +got):\n%s dynamic %v", diff, u.Dynamic)
	}
	for _, dyn := range []string{
		"function effect(ctx)\n  local k = 'x'\n  return 0, -ctx.params[k]\nend\n",
		"function effect(ctx)\n  for k, v in pairs(ctx.params) do end\n  return 0, 0\nend\n",
		"local function f(p) return p.x end\nfunction effect(ctx)\n  local p = ctx.params\n  return 0, -f(p)\nend\n",
		// ctx handed to a helper, whose own ctx parameter is not the hook's.
		"local function f(ctx) return ctx.params.x end\nfunction effect(ctx)\n  return 0, -f(ctx)\nend\n",
	} {
		if u := luacheck.ScriptUses(mbghooks.TechKind, "t.lua", []byte(dyn)); !u.Dynamic {
			t.Errorf("%q: reads followed: %+v", dyn, u)
		}
	}
}

// TestCheckPlacesLikeRuntime: a script Check reports, run anyway, fails at
// the line and column Check reports, on the VM and on the fast path.
func TestCheckPlacesLikeRuntime(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, src string
		code      string
		line, col int
	}{
		{"upvalue write", "local hits = 0\nfunction effect(ctx)\n\tlocal n = 1; hits = hits + n\n  return 0, 0\nend\n", luacheck.CodeStateWrite, 3, 15},
		{"global write", "function effect(ctx)\n  local n = 1\n  n = n + 1; total = (total or 0) + n\n  return 0, 0\nend\n", luacheck.CodeStateWrite, 3, 14},
		{"removed name", "function effect(ctx)\n  local a, t = 1, os.time()\n  return 0, 0\nend\n", luacheck.CodeUnavailable, 2, 19},
		{"undefined table", "function effect(ctx)\n  local n = 1 + mgb.burn(2)\n  return 0, n\nend\n", luacheck.CodeUndefined, 2, 17},
		{"undefined function", "function effect(ctx)\n  local n = 2 * burn(2)\n  return 0, n\nend\n", luacheck.CodeUndefined, 2, 17},
		{"unknown member called", "function effect(ctx)\n  local n = 1\n  n = n + mbg.burnn(2)\n  return 0, n\nend\n", luacheck.CodeUnknownMember, 3, 15},
	}
	for _, c := range cases {
		ps := luacheck.Check(mbghooks.TechKind, "t", "t.lua", []byte(c.src))
		if len(ps) == 0 || ps[0].Code != c.code || ps[0].Line != c.line || ps[0].Column != c.col {
			t.Errorf("%s: Check reports %+v, want %s at %d:%d", c.name, ps, c.code, c.line, c.col)
		}
		reg, err := plugin.NewRegistry(mbghooks.Kinds(), plugin.Limits{Timeout: time.Minute})
		if err == nil {
			err = reg.SetCompiler(compiled.Compiler{}) // so the worker without NoFastPath runs compiled code
		}
		if err != nil {
			t.Fatal(err)
		}
		if _, err := reg.AddLua(mbghooks.TechKind, "t", "t.lua", []byte(c.src)); err != nil {
			t.Fatal(err)
		}
		ref, _ := reg.Lookup(mbghooks.TechKind, "t")
		for _, noFast := range []bool{false, true} {
			w := reg.NewWorker(plugin.WorkerOptions{NoFastPath: noFast, Rand: rand.New(rand.NewPCG(1, 2))})
			_, err := mbghooks.RunTech(w, ref, &mbghooks.TechCtx{Value: 2}, nopHost{})
			var e *plugin.Error
			if !errors.As(err, &e) || e.Line != c.line || e.Column != c.col {
				t.Errorf("%s (no fast path %v): the run-time error %v is not at %d:%d", c.name, noFast, err, c.line, c.col)
			}
			w.Close()
		}
	}
}

// nopHost is an mbg.tech host that does nothing.
type nopHost struct{}

func (nopHost) Burn(int)            {}
func (nopHost) Confuse(string, int) {}
func (nopHost) Exile()              {}
