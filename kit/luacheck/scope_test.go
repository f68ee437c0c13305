package luacheck_test

import (
	"fmt"
	"strings"
	"testing"

	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/kit/luacheck"
)

// TestCheckScoping holds the checker's scoping to the Lua 5.1 manual
// (§2.4.7 local declarations, §2.6 visibility rules, §2.4.5 for, §2.5.9
// function definitions), one rule per case, each once valid (no problem)
// and once broken (the problem at its line and column: the read, not the
// declaration of the same name on that line).
func TestCheckScoping(t *testing.T) {
	t.Parallel()
	type want struct {
		code      string
		line, col int
	}
	undef := func(line, col int) []want { return []want{{luacheck.CodeUndefined, line, col}} }
	cases := []struct {
		rule, src string
		want      []want
	}{
		// local function f: "local function f () body end translates to
		// local f; f = function () body end", so the body sees f.
		{"local function is visible in its body",
			"function effect(ctx)\n  local function fact(n) if n <= 1 then return 1 end return n * fact(n - 1) end\n  return 0, -fact(3)\nend\n", nil},
		{"local function is visible in a nested function of its body",
			"local function walk(n)\n  local function step() return walk(n - 1) end\n  if n > 0 then return step() end\n  return 0\nend\nfunction effect(ctx) return 0, walk(2) end\n", nil},
		{"local function is not visible before its statement",
			"function effect(ctx)\n  local a = later()\n  local function later() return 1 end\n  return 0, a\nend\n", undef(2, 13)},
		// local f = function: the scope of a local begins after its
		// declaration, so the body sees the f outside.
		{"local f = function sees the f outside",
			"local f = function() return 1 end\nfunction effect(ctx)\n  local f = function() return f() + 1 end\n  return 0, f()\nend\n", nil},
		{"local f = function does not see itself",
			"function effect(ctx)\n  local f = function(n) return f(n) end\n  return 0, f(1)\nend\n", undef(2, 32)},
		// Upvalues: a function sees the locals of the functions around it.
		{"upvalues of the chunk and of an enclosing function",
			"local k = 2\nfunction effect(ctx)\n  local m = 3\n  local function g() return function() return k * m end end\n  return 0, g()()\nend\n", nil},
		{"no function sees another function's locals",
			"local function a() local hidden = 1 return hidden end\nlocal function b() return hidden end\nfunction effect(ctx) return a(), b() end\n", undef(2, 27)},
		// Shadowing: an inner local hides the outer one inside its block.
		{"an inner local shadows, the outer one comes back",
			"function effect(ctx)\n  local x = 1\n  do local x = 'inner' x = x .. '!' end\n  return 0, x\nend\n", nil},
		{"a block's local ends with the block",
			"function effect(ctx)\n  do local z = 1 end\n  return 0, z\nend\n", undef(3, 13)},
		// Varargs: ... only in a vararg function, and not in the functions
		// nested in one.
		{"... in a vararg function and in the main chunk",
			"local n = select('#', ...)\nlocal function f(a, ...) return select('#', ...) + a end\nfunction effect(ctx) return 0, f(n, 1, 2) end\n", nil},
		{"... outside a vararg function",
			"local function f(a)\n  local s = '...'\n  return a, ...\nend\nfunction effect(ctx) return f(1) end\n",
			[]want{{luacheck.CodeSyntax, 3, 13}}},
		{"... in a function nested in a vararg one",
			"local function f(...)\n  return function() return ... end\nend\nfunction effect(ctx) return 0, f(1)() end\n",
			[]want{{luacheck.CodeSyntax, 2, 28}}},
		// Nested functions: parameters belong to their function only.
		{"parameters of nested functions",
			"function effect(ctx)\n  local function outer(a)\n    local function inner(b) return a + b end\n    return inner(a)\n  end\n  return 0, outer(1)\nend\n", nil},
		{"an inner parameter is not the outer function's",
			"function effect(ctx)\n  local function outer(a)\n    local function inner(b) return a + b end\n    return inner(a) + b\n  end\n  return 0, outer(1)\nend\n", undef(4, 23)},
		// Numeric for: the variable is local to the loop body; the limits
		// are evaluated outside it.
		{"numeric for variable in the body",
			"function effect(ctx)\n  local s = 0\n  for i = 1, 3 do s = s + i end\n  for i = 3, 1, -1 do s = s - i end\n  return 0, s\nend\n", nil},
		{"numeric for variable after the loop",
			"function effect(ctx)\n  local s = 0\n  for i = 1, 3 do s = s + i end\n  return 0, s + i\nend\n", undef(4, 17)},
		{"numeric for limits do not see the variable",
			"function effect(ctx)\n  for j = 1, j do end\n  return 0, 0\nend\n", undef(2, 14)},
		// Generic for: the same.
		{"generic for variables in the body",
			"function effect(ctx)\n  local s = 0\n  for k, v in ipairs({1, 2}) do s = s + k * v end\n  return 0, s\nend\n", nil},
		{"generic for variables after the loop",
			"function effect(ctx)\n  for k in pairs({}) do end\n  return 0, k\nend\n", undef(3, 13)},
		{"generic for explist does not see the variables",
			"function effect(ctx)\n  for k, v in pairs(v) do end\n  return 0, 0\nend\n", undef(2, 21)},
		// repeat … until: the condition sees the body's locals (§2.4.4);
		// while's condition does not.
		{"until sees the body's locals",
			"function effect(ctx)\n  local n = 0\n  repeat local done = n > 2 n = n + 1 until done\n  return 0, n\nend\n", nil},
		{"repeat's locals end after until",
			"function effect(ctx)\n  repeat local r = 1 until r\n  return 0, r\nend\n", undef(3, 13)},
		{"while's condition does not see the body's locals",
			"function effect(ctx)\n  while w do local w = false end\n  return 0, 0\nend\n", undef(2, 9)},
		// local x = x: the right side sees the outer x.
		{"local x = x sees the outer x",
			"local x = 1\nfunction effect(ctx)\n  local x = x + 1\n  return 0, x\nend\n", nil},
		{"local y = y with no outer y",
			"function effect(ctx)\n  local y = y\n  return 0, y\nend\n", undef(2, 13)},
		// Multiple assignment: all right sides are evaluated before the
		// names are declared (or assigned).
		{"multiple assignment and swap",
			"function effect(ctx)\n  local a, b = 1, 2\n  a, b = b, a\n  local c, d = a, b\n  return c, d\nend\n", nil},
		{"a right side does not see a name of its own statement",
			"function effect(ctx)\n  local c, d = 1, c\n  return c, d\nend\n", undef(2, 19)},
		// Method definitions: function t:m() has an implicit self.
		{"self in a method",
			"local t = {n = 1, inner = {}}\nfunction t:m() return self.n end\nfunction t.inner:m() return self end\nfunction effect(ctx) return 0, t:m() end\n", nil},
		{"no self in a function defined with a dot",
			"local t = {n = 1}\nfunction t.m() return self.n end\nfunction effect(ctx) return 0, t.m() end\n", undef(2, 23)},
	}
	for _, c := range cases {
		got := luacheck.Check(mbghooks.TechKind, "t", "t.lua", []byte(c.src))
		var g []want
		for _, p := range got {
			g = append(g, want{p.Code, p.Line, p.Column})
		}
		if fmt.Sprint(g) != fmt.Sprint(c.want) {
			t.Errorf("%s: problems %+v, want %v\n%s", c.rule, got, c.want, c.src)
		}
	}
}

// TestCheckOwnInitializer: a read of a name in its own local statement says
// why it is not defined, and how to write a recursive function.
func TestCheckOwnInitializer(t *testing.T) {
	t.Parallel()
	got := luacheck.Check(mbghooks.TechKind, "t", "t.lua", []byte("function effect(ctx)\n  local f = function(n) return f(n) end\n  return 0, f(1)\nend\n"))
	if len(got) != 1 || !strings.Contains(got[0].Message, "declared with local function f") {
		t.Errorf("problems %+v", got)
	}
	got = luacheck.Check(mbghooks.TechKind, "t", "t.lua", []byte("function effect(ctx)\n  local y = y + 1\n  local z\n  return 0, y\nend\n"))
	if len(got) != 1 || !strings.Contains(got[0].Message, "(a local is visible only after its local statement)") {
		t.Errorf("problems %+v", got)
	}
}
