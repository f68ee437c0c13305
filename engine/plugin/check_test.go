package plugin_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

func TestCheck(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		src  string
		want []plugin.Problem
	}{
		{"clean", "local k = 2\nfunction effect(ctx)\n  return 0, -k * ctx.value\nend\n", nil},
		{"syntax", "function effect(ctx)\n  return 0,, 1\nend\n", []plugin.Problem{
			{Code: plugin.CodeSyntax, Message: "syntax error near ','", Line: 2, Column: 12}}},
		{"syntax after multibyte", "-- 火箭\nlocal s = \"火箭\" +* 2\n", []plugin.Problem{
			{Code: plugin.CodeSyntax, Message: "syntax error near '*'", Line: 2, Column: 17}}},
		{"syntax at end", "function effect(ctx)\n  return 0, 0\n", []plugin.Problem{
			{Code: plugin.CodeSyntax, Message: "syntax error near '0'", Line: 2, Column: 13}}},
		{"missing function", "function efect(ctx)\n  return 0, 0\nend\n", []plugin.Problem{
			{Code: plugin.CodeMissingFunction, Message: `mbg.tech "t" does not define the required function effect`, Line: 1, Column: 1},
			{Severity: plugin.SeverityWarning, Code: plugin.CodeUnknownGlobal, Line: 1, Column: 10,
				Message: `assignment to global "efect", which is not a function of mbg.tech ("effect"); a hook's globals are private to it and reset every game, so declare it local`}}},
		{"local function", "local function effect(ctx)\n  return 0, 0\nend\n", []plugin.Problem{
			{Code: plugin.CodeMissingFunction, Line: 1, Column: 16,
				Message: `mbg.tech "t" does not define the required function effect (it is declared local; the engine finds only a global effect)`}}},
		{"unknown global", "count = 0\nfunction effect(ctx)\n  local x\n  x, count = 1, count + 1\n  total = (total or 0) + count\n  return 0, 0\nend\n", []plugin.Problem{
			{Severity: plugin.SeverityWarning, Code: plugin.CodeUnknownGlobal, Line: 1, Column: 1,
				Message: `assignment to global "count", which is not a function of mbg.tech ("effect"); a hook's globals are private to it and reset every game, so declare it local`},
			{Code: plugin.CodeStateWrite, Line: 4, Column: 6, Message: plugin.StateWriteMsg("count", false)},
			{Code: plugin.CodeStateWrite, Line: 5, Column: 3, Message: plugin.StateWriteMsg("total", false)}}},
		{"upvalue write", "local n, k = 0, 2\nfunction effect(ctx)\n  local m = k\n  m = m + 1\n  n = n + m\n  return 0, 0\nend\n", []plugin.Problem{
			{Code: plugin.CodeStateWrite, Line: 5, Column: 3, Message: plugin.StateWriteMsg("n", true)}}},
		{"unavailable", "local os2 = 1\nfunction effect(ctx)\n  local t = os.time()\n  local f = loadstring('x')\n  local io = 3\n  return 0, -io\nend\n", []plugin.Problem{
			{Code: plugin.CodeUnavailable, Line: 3, Column: 13, Message: plugin.UnavailableMsg("os")},
			{Code: plugin.CodeUnavailable, Line: 4, Column: 13, Message: plugin.UnavailableMsg("loadstring")}}},
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
		{"local out of scope", "function effect(ctx)\n  do local d end\n  d = 1\n  return 0, 0\nend\n", []plugin.Problem{
			{Code: plugin.CodeStateWrite, Line: 3, Column: 3, Message: plugin.StateWriteMsg("d", false)}}},
		{"compile error", "function effect(ctx)\n  goto nowhere\n  return 0, 0\nend\n", []plugin.Problem{
			{Code: plugin.CodeSyntax, Message: "no visible label 'nowhere' for <goto> at line 2", Line: 4, Column: 1}}},
		{"too deep", "function effect(ctx)\n  return " + strings.Repeat("(", 300) + "1" + strings.Repeat(" + 1)", 300) + "\nend\n", []plugin.Problem{
			{Code: plugin.CodeSyntax, Message: "too many nested blocks or expressions (the limit is 200)", Line: 2, Column: 1}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			got := plugin.Check(mbghooks.TechKind, "t", "t.lua", []byte(c.src))
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("Check (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckTestdata: the shipped-style techs are clean.
func TestCheckTestdata(t *testing.T) {
	t.Parallel()
	for _, id := range techIDs {
		path := filepath.Join("testdata", "techs", id+".lua")
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if ps := plugin.Check(mbghooks.TechKind, id, path, src); len(ps) != 0 {
			t.Errorf("%s: %v", id, ps)
		}
	}
}

// TestLoadSyntaxError: loading a script with a syntax error gives an *Error
// at the same position Check reports.
func TestLoadSyntaxError(t *testing.T) {
	t.Parallel()
	reg := newRegistry(t, plugin.Limits{})
	_, err := reg.AddLua(mbghooks.TechKind, "bad", "mods/x/mbg/tech/bad.lua", []byte("function effect(ctx)\n  return 0,, 1\nend\n"))
	e := asError(t, err)
	want := &plugin.Error{Script: "mods/x/mbg/tech/bad.lua", Line: 2, Column: 12, Kind: "mbg.tech", ID: "bad", Message: "syntax error near ','"}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := e.Error(); got != `mods/x/mbg/tech/bad.lua:2:12: mbg.tech "bad": syntax error near ','` {
		t.Errorf("Error() = %q", got)
	}
}

// TestSyntaxPosition pins gopher-lua's parser conventions that
// plugin.SyntaxPosition decodes: the column of the end of the offending token,
// line -1 at end of input.
func TestSyntaxPosition(t *testing.T) {
	t.Parallel()
	cases := []struct {
		src       string
		line, col int
		msg       string
	}{
		{"x = = 1", 1, 5, "syntax error near '='"},
		{"x = 1 + end", 1, 9, "syntax error near 'end'"},
		{"x = 1\n  y = = 22", 2, 7, "syntax error near '='"},
		{"foo.bar baz", 1, 9, "parse error near 'baz'"},
		{"x = 'é' +* 2", 1, 10, "syntax error near '*'"},
		{"x = 1 local", 1, 7, "syntax error near 'local'"},
		{"x = 'abc", 1, 6, "unterminated string near 'abc'"},
	}
	for _, c := range cases {
		_, err := parse.Parse(bytes.NewReader([]byte(c.src)), "s.lua")
		if err == nil {
			t.Fatalf("%q parses", c.src)
		}
		line, col, msg := plugin.SyntaxPosition(err, []byte(c.src))
		if line != c.line || col != c.col || msg != c.msg {
			t.Errorf("%q: %d:%d %q, want %d:%d %q (parser said %v)", c.src, line, col, msg, c.line, c.col, c.msg, err)
		}
	}
}

// TestParseTraceback pins the traceback format of gopher-lua's errors.
func TestParseTraceback(t *testing.T) {
	t.Parallel()
	L := lua.NewState()
	defer L.Close()
	fn, err := L.Load(strings.NewReader("local function f(n)\n  if n == 0 then error('deep') end\n  return 1 + f(n - 1)\nend\nlocal function g() f(3) end\ng()\n"), "tb.lua")
	if err != nil {
		t.Fatal(err)
	}
	L.Push(fn)
	err = L.PCall(0, 0, nil)
	ae, ok := err.(*lua.ApiError)
	if !ok {
		t.Fatalf("error %v", err)
	}
	frames := plugin.ParseTraceback(ae.StackTrace, "tb.lua")
	want := []plugin.Frame{
		{Script: "tb.lua", Line: 2, Func: "function 'f'"},
		{Script: "tb.lua", Line: 3, Func: "function 'f'"},
		{Script: "tb.lua", Line: 5, Func: "function 'g'"},
		{Script: "tb.lua", Line: 6, Func: "main chunk"},
	}
	if diff := cmp.Diff(want, frames); diff != "" {
		t.Errorf("frames (-want +got):\n%s\ntext:\n%s", diff, ae.StackTrace)
	}
	line, text := plugin.SplitWhere(plugin.ErrorText(ae.Object), "tb.lua")
	if line != 2 || text != "deep" {
		t.Errorf("plugin.SplitWhere = %d %q", line, text)
	}
	if line, text := plugin.SplitWhere("other.lua:3: x", "tb.lua"); line != 0 || text != "other.lua:3: x" {
		t.Errorf("plugin.SplitWhere of another chunk = %d %q", line, text)
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
			[]want{{plugin.CodeUnknownField, 2, 18, "celvee", "the ctx of mbg.tech has no field celvee"}}},
		{"ctx renamed", "function effect(c)\n  local v = c.valeu\n  return 0, -v\nend\n",
			[]want{{plugin.CodeUnknownField, 2, 15, "valeu", "has no field valeu"}}},
		{"host member", "function effect(ctx)\n  mbg.burnn(2)\n  return 0, 0\nend\n",
			[]want{{plugin.CodeUnknownMember, 2, 7, "burnn", "the host table mbg has no function burnn"}}},
		{"host typo", "function effect(ctx)\n  mgb.burn(2)\n  return 0, 0\nend\n",
			[]want{{plugin.CodeUndefined, 2, 3, "mgb", "the name mgb is not defined"}}},
		{"library member", "function effect(ctx)\n  return 0, -math.flor(ctx.value)\nend\n",
			[]want{{plugin.CodeUnknownMember, 2, 19, "flor", "the library table math has no member flor"}}},
		{"library alias", "local m, s = math, string\nfunction effect(ctx)\n  local x = s.upper('a')\n  return 0, -m.florr(ctx.value)\nend\n",
			[]want{{plugin.CodeUnknownMember, 4, 16, "florr", "math has no member florr"}}},
		{"arity", "function effect(ctx)\n  mbg.burn(2, 3)\n  mbg.confuse()\n  return 0, 0\nend\n",
			[]want{{plugin.CodeArity, 2, 7, "", "the host function mbg.burn takes 1 argument (rounds), not 2"},
				{plugin.CodeArity, 3, 7, "", "mbg.confuse takes"}}},
		{"library arity", "local m = math\nfunction effect(ctx)\n  local a = m.floor(ctx.value, 2)\n  local b = math.max()\n  local c = string.rep('x')\n  local d = math.max(1, 2, 3) + math.floor(m.modf(1.5)) + #string.format('%d %d', 1, 2)\n  return 0, -(a + b + #c + d)\nend\n",
			[]want{{plugin.CodeArity, 3, 15, "", "math.floor takes 1 argument, not 2"}, {plugin.CodeArity, 4, 18, "", "math.max takes at least 1 argument, not 0"},
				{plugin.CodeArity, 5, 20, "", "string.rep takes 2 arguments, not 1"}}},
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
		got := plugin.Check(mbghooks.TechKind, "t", "t.lua", []byte(c.src))
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
	src := "function effect(ctx)\n  local p = ctx.params\n  local a = ctx.params.burn_rounds\n  local b = p.share or 0.5\n  return 0, -(a + b)\nend\n"
	u := plugin.ScriptUses(mbghooks.TechKind, "t.lua", []byte(src))
	want := []plugin.ParamUse{{Name: "burn_rounds", Line: 3, Column: 24}, {Name: "share", Line: 4, Column: 15, Default: true}}
	if diff := cmp.Diff(want, u.Params); diff != "" || u.Dynamic {
		t.Errorf("uses (-want +got):\n%s dynamic %v", diff, u.Dynamic)
	}
	for _, dyn := range []string{
		"function effect(ctx)\n  local k = 'x'\n  return 0, -ctx.params[k]\nend\n",
		"function effect(ctx)\n  for k, v in pairs(ctx.params) do end\n  return 0, 0\nend\n",
		"local function f(p) return p.x end\nfunction effect(ctx)\n  local p = ctx.params\n  return 0, -f(p)\nend\n",
	} {
		if u := plugin.ScriptUses(mbghooks.TechKind, "t.lua", []byte(dyn)); !u.Dynamic {
			t.Errorf("%q: reads followed: %+v", dyn, u)
		}
	}
}

// TestLibraryNames: the members mapc check knows for string, table and
// math are exactly those a script's tables hold.
func TestLibraryNames(t *testing.T) {
	t.Parallel()
	for lib, want := range plugin.LibraryNames() {
		out := mustEval(t, "local names = {}\nfor k in pairs("+lib+") do names[#names + 1] = k end\ntable.sort(names)\nreturn table.concat(names, ',')")
		sorted := append([]string(nil), want...)
		slices.Sort(sorted)
		if out != strings.Join(sorted, ",") {
			t.Errorf("%s: the sandbox has %s, the check knows %v", lib, out, sorted)
		}
	}
}
