package plugin_test

import (
	"bytes"
	"os"
	"path/filepath"
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
