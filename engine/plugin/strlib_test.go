package plugin_test

import (
	"strings"
	"testing"
)

// libPrelude gives snippets a join(...) that renders all results.
const libPrelude = `local function join(...)
  local t = {}
  for i = 1, select('#', ...) do t[#t + 1] = tostring((select(i, ...))) end
  return table.concat(t, " ")
end
`

// TestStringLibrary checks the sandbox's string and table functions
// against Lua 5.1's results.
func TestStringLibrary(t *testing.T) {
	t.Parallel()
	cases := []struct{ expr, want string }{
		// find
		{`("hello world"):find("o w")`, "5 7"},
		{`("hello"):find("l")`, "3 3"},
		{`("hello"):find("xyz")`, "nil"},
		{`("a.b"):find(".", 1, true)`, "2 2"},
		{`("a.b"):find(".")`, "1 1"},
		{`("hello"):find("(l)(l)")`, "3 4 l l"},
		{`("hello"):find("^h")`, "1 1"},
		{`("hello"):find("^e")`, "nil"},
		{`string.find("abc", "c", -1)`, "3 3"},
		{`string.find("abc", "", 10)`, "4 3"},
		{`string.find("", "")`, "1 0"},
		// match
		{`string.match("key = value", "(%w+)%s*=%s*(%w+)")`, "key value"},
		{`string.match("hello", "()ll()")`, "3 5"},
		{`string.match("  trim me  ", "^%s*(.-)%s*$")`, "trim me"},
		{`string.match("f(a(b)c)d", "%b()")`, "(a(b)c)"},
		{`string.match("THE (quick) fox", "%f[%a]%a+", 5)`, "quick"},
		{`string.match("2024-05-06", "(%d+)-(%d+)-(%d+)")`, "2024 05 06"},
		{`string.match("abcabc", "(abc)%1")`, "abc"},
		{`string.match("x = [[y]]", "%[(%[?)(.-)%]%1")`, " [y"},
		{`string.match("aaa", "a-b")`, "nil"},
		{`string.match("aaab", "a*b")`, "aaab"},
		{`string.match("ab", "a?b")`, "ab"},
		{`string.match("hello", ".-(l+)(.*)")`, "ll o"},
		{`string.match("A1 b2", "%u%d")`, "A1"},
		{`string.match("tab\there", "%S+$")`, "here"},
		{`string.match("x-y", "[%w-]+")`, "x-y"},
		{`string.match("a]b", "[]]")`, "]"},
		{`string.match("abc", "[^ab]")`, "c"},
		{`string.match("end.", "%.$")`, "."},
		// gsub
		{`string.gsub("hello world", "o", "0")`, "hell0 w0rld 2"},
		{`string.gsub("hello world", "(o)", "[%1]", 1)`, "hell[o] world 1"},
		{`string.gsub("abc", "%w", "%0%0")`, "aabbcc 3"},
		{`string.gsub("hello world", "%w+", {hello = "HI"})`, "HI world 2"},
		{`string.gsub("abc", "", "-")`, "-a-b-c- 4"},
		{`string.gsub("hello", "l", function(c) return nil end)`, "hello 2"},
		{`string.gsub("$name is $age", "%$(%w+)", {name = "bob", age = 3})`, "bob is 3 2"},
		{`string.gsub("abc", "^a", "x")`, "xbc 1"},
		{`string.gsub("a,b", ",", "%%")`, "a%b 1"},
		// gmatch
		{`(function() local r = {} for w in ("one two three"):gmatch("%a+") do r[#r + 1] = w end return table.concat(r, ",") end)()`, "one,two,three"},
		{`(function() local r = "" for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do r = r .. k .. v end return r end)()`, "a1b2"},
		{`(function() local n = 0 for _ in ("abc"):gmatch("") do n = n + 1 end return n end)()`, "4"},
		// format
		{`string.format("%d|%5.2f|%s|%x|%X|%o|%c|%e|%%", 42, 3.14159, "hi", 255, 255, 8, 65, 12345.678)`, "42| 3.14|hi|ff|FF|10|A|1.234568e+04|%"},
		{`string.format("%5s|%-5s|%05d|%+d", "ab", "cd", 42, 7)`, "   ab|cd   |00042|+7"},
		{`string.format("%g %g %g %g", 1e20, 100000, 1234567, 0.0001)`, "1e+20 100000 1.23457e+06 0.0001"},
		{`string.format("%x", -1)`, "ffffffffffffffff"},
		{`string.format("%d", "10")`, "10"},
		{`string.format("%d", 3.7)`, "3"},
		{`string.format("%s %s %s", 1, true, nil)`, "1 true nil"},
		{`string.format("%q", 'a"b\\c\n')`, "\"a\\\"b\\\\c\\\n\""},
		{`string.format("%.3s", "abcdef")`, "abc"},
		// rep, sub, byte, char, case, reverse, len
		{`("ab"):rep(3)`, "ababab"},
		{`("x"):rep(0) .. ("x"):rep(-1) .. "|"`, "|"},
		{`("hello"):sub(2, 4)`, "ell"},
		{`("hello"):sub(-3)`, "llo"},
		{`("hello"):sub(0)`, "hello"},
		{`("hello"):sub(10) .. "|"`, "|"},
		{`string.byte("ABC", 1, 3)`, "65 66 67"},
		{`string.byte("ABC", -1)`, "67"},
		{`select("#", string.byte(""))`, "0"},
		{`string.char(72, 105)`, "Hi"},
		{`("Héllo"):upper() .. " " .. ("ÀB"):lower()`, "HéLLO Àb"},
		{`("abc"):reverse() .. #"abc" .. string.len("abcd")`, "cba34"},
		// table
		{`table.concat({1, 2, "x"}, ", ")`, "1, 2, x"},
		{`table.concat({}, ",") .. "|"`, "|"},
		{`table.concat({1, 2, 3}, "-", 2, 3)`, "2-3"},
		{`(function() local t = {1, 2, 3}; table.insert(t, 2, 9); return table.concat(t, " ") end)()`, "1 9 2 3"},
		{`(function() local t = {1, 2, 3}; local a = table.remove(t, 1); local b = table.remove(t); table.insert(t, 7); return a .. b .. " " .. table.concat(t, " ") end)()`, "13 2 7"},
		{`(function() local t = {3, 1, 2}; table.sort(t); local u = {3, 1, 2}; table.sort(u, function(a, b) return a > b end); return table.concat(t) .. table.concat(u) end)()`, "123321"},
		{`table.getn({1, 2}) .. table.maxn({1, 2, nil, 4})`, "24"},
		{`select("#", unpack({1, 2, 3})) .. " " .. join(unpack({1, 2, 3}, 2))`, "3 2 3"},
	}
	for _, c := range cases {
		out, err := eval(t, libPrelude+"return join("+c.expr+")")
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if out != c.want {
			t.Errorf("%s = %q, want %q", c.expr, out, c.want)
		}
	}
}

// TestStringLibraryErrors: bad calls fail with Lua's messages.
func TestStringLibraryErrors(t *testing.T) {
	t.Parallel()
	cases := []struct{ expr, want string }{
		{`string.format("%d")`, "bad argument #2"},
		{`string.format("%y", 1)`, "invalid option '%y'"},
		{`string.format("%123d", 1)`, "width or precision too long"},
		{`string.format("%d", {})`, "number expected"},
		{`string.rep()`, "bad argument #1"},
		{`string.find("a", "%")`, "malformed pattern (ends with '%')"},
		{`string.find("a", "[a")`, "malformed pattern (missing ']')"},
		{`string.find("a", "(a")`, "unfinished capture"},
		{`string.match("a", "a)")`, "invalid pattern capture"},
		{`string.format("%")`, "invalid option '%' to 'format'"},
		{`string.find("a", "%1")`, "invalid capture index"},
		{`string.find("a", "%b")`, "unbalanced pattern"},
		{`string.find("a", "%fa")`, "missing '['"},
		{`string.gsub("a", "a", true)`, "string/function/table expected"},
		{`string.gsub("a", "a", function() return {} end)`, "invalid replacement value (a table)"},
		{`string.char(256)`, "invalid value"},
		{`table.concat({1, {}, 3})`, "invalid value (at index 2)"},
		{`"x" .. nil`, "attempt to concatenate a nil value"},
		{`"x" .. {}`, "attempt to concatenate a table value"},
		{`rawset({}, nil, 1)`, "table index is nil"},
		{`{[0/0] = 1}`, "table index is NaN"},
	}
	for _, c := range cases {
		_, err := eval(t, "local x = "+c.expr+"\nreturn ''")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.expr, err, c.want)
			continue
		}
		if e := asError(t, err); e.Line != 2 {
			t.Errorf("%s: line %d, want 2", c.expr, e.Line)
		}
	}
}

// TestInstrumentedSemantics: the rewritten concatenations and computed-key
// assignments keep Lua's meaning.
func TestInstrumentedSemantics(t *testing.T) {
	t.Parallel()
	cases := []struct{ body, want string }{
		{`return 1 .. 2 .. "x" .. 1.5`, "12x1.5"},
		{`local a, b = "p", "q"; return (a .. b) .. (b .. a)`, "pqqp"},
		{`local m = setmetatable({}, {__concat = function(a, b) return "M" end}); return (m .. "x") .. ("x" .. m) .. ("a" .. "b" .. m)`, "MMaM"},
		{`local function two() return "a", "b" end; return two() .. two()`, "aa"},
		{`local t, i = {}, 1; i, t[i] = i + 1, 20; return i .. " " .. t[1] .. " " .. tostring(t[2])`, "2 20 nil"},
		{`local t = {1, 2}; t[1], t[2] = t[2], t[1]; return t[1] .. t[2]`, "21"},
		{`local t, k = {}, "a"; local a, b, c; a, t[k], b, c = (function() return 1, 2, 3, 4 end)(); return a .. t.a .. b .. c`, "1234"},
		{`local t, k = {}, "a"; t[k], t.b = 1; return tostring(t.a) .. tostring(t.b)`, "1nil"},
		{`local t = setmetatable({}, {__newindex = function(t, k, v) rawset(t, k, v * 2) end}); local k = "a"; t[k] = 5; return t.a .. ""`, "10"},
		{`local k = "x"; local t = {1, 2, [k] = 3, y = 4, [10] = 5, [100000] = 6}; return t[1] .. t[2] .. t.x .. t.y .. t[10] .. t[100000]`, "123456"},
		{`local n = 0; local t = {[(function() n = n + 1; return n end)()] = n}; return next(t) .. ""`, "1"},
		{`local t = {}; for i = 1, 10 do t[i * 2] = i end; return #t >= 0 and t[20] .. ""`, "10"},
		{`local t = {}; t[1.5] = "f"; t[-3] = "n"; t[true] = "b"; return t[1.5] .. t[-3] .. t[true]`, "fnb"},
	}
	for _, c := range cases {
		out, err := eval(t, c.body)
		if err != nil {
			t.Errorf("%s: %v", c.body, err)
			continue
		}
		if out != c.want {
			t.Errorf("%s = %q, want %q", c.body, out, c.want)
		}
	}
}
