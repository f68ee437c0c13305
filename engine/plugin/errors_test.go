package plugin_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"

	"github.com/google/go-cmp/cmp"
	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/parse"
)

// TestLoadSyntaxError: loading a script with a syntax error gives an *Error
// at the same position Check reports.
func TestLoadSyntaxError(t *testing.T) {
	t.Parallel()
	reg := testRegistry(t, plugin.Limits{})
	_, err := reg.AddLua(techKind, "bad", "mods/x/test/tech/bad.lua", []byte("function effect(ctx)\n  return 0,, 1\nend\n"))
	e := asError(t, err)
	want := &plugin.Error{Script: "mods/x/test/tech/bad.lua", Line: 2, Column: 12, Kind: "test.tech", ID: "bad", Message: "syntax error near ','"}
	if diff := cmp.Diff(want, e); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if got := e.Error(); got != `mods/x/test/tech/bad.lua:2:12: test.tech "bad": syntax error near ','` {
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
