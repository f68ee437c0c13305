package luarewrite_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"

	"github.com/sandtable/sandtable/engine/plugin/luarewrite"
)

func parseChunk(t *testing.T, src string) []ast.Stmt {
	t.Helper()
	chunk, err := parse.Parse(strings.NewReader(src), "t.lua")
	if err != nil {
		t.Fatal(err)
	}
	return chunk
}

// callee returns the name of the function e calls, or "".
func callee(e ast.Expr) string {
	if c, ok := e.(*ast.FuncCallExpr); ok {
		if id, ok := c.Func.(*ast.IdentExpr); ok {
			return id.Value
		}
	}
	return ""
}

// TestRewrite: each rewritten operation becomes a call of its hidden
// function, cheap ones stay, and the prelude declares the hidden names.
func TestRewrite(t *testing.T) {
	chunk := parseChunk(t, `local a, b = ...
local c = a .. b .. "x"
local n = #a
local lt = a < b
local ne = a ~= b
local cheap = a < 3
t = {}
t[a] = 1
t.x = 2
`)
	out, err := luarewrite.Rewrite(chunk, luarewrite.Options{MaxNesting: 200, ShortString: 32})
	if err != nil {
		t.Fatal(err)
	}
	prelude := out[0].(*ast.LocalAssignStmt)
	if strings.Join(prelude.Names, " ") != strings.Join(luarewrite.Hidden, " ") {
		t.Errorf("prelude declares %v, want %v", prelude.Names, luarewrite.Hidden)
	}
	value := func(i int) ast.Expr { return out[i].(*ast.LocalAssignStmt).Exprs[0] }
	for i, want := range map[int]string{2: luarewrite.Concat, 3: luarewrite.Len, 4: luarewrite.LT, 6: ""} {
		if got := callee(value(i)); got != want {
			t.Errorf("statement %d calls %q, want %q", i, got, want)
		}
	}
	if not, ok := value(5).(*ast.UnaryNotOpExpr); !ok || callee(not.Expr) != luarewrite.EQ {
		t.Errorf("a ~= b is %T, want not (eq)(a, b)", value(5))
	}
	if s, ok := out[8].(*ast.FuncCallStmt); !ok || callee(s.Expr) != luarewrite.SetIndex {
		t.Errorf("t[a] = 1 is %T, want a call of %s", out[8], luarewrite.SetIndex)
	}
	if _, ok := out[9].(*ast.AssignStmt); !ok {
		t.Errorf("t.x = 2 is %T, want a plain assignment", out[9])
	}
}

// TestRewriteRefusesDeepNesting: a script nested past the limit is refused
// at the line where it passes it.
func TestRewriteRefusesDeepNesting(t *testing.T) {
	src := "local x = 1\n" + strings.Repeat("do ", 30) + strings.Repeat("end ", 30) + "\n"
	_, err := luarewrite.Rewrite(parseChunk(t, src), luarewrite.Options{MaxNesting: 10, ShortString: 32})
	var e *luarewrite.Error
	if !errors.As(err, &e) || e.Line != 2 || !strings.Contains(e.Msg, "the limit is 10") {
		t.Fatalf("err = %v, want a nesting refusal at line 2", err)
	}
}

// TestMarkStateWrites: inside a function, assigning a global or a top-level
// local passes the value through (state) with the message; a function's own
// local and the top level stay plain.
func TestMarkStateWrites(t *testing.T) {
	chunk := parseChunk(t, `local up = 0
g = 1
function f(p)
  local l
  l = 2
  p = 3
  g = 4
  up = 5
end
`)
	luarewrite.MarkStateWrites(chunk, 200)
	if callee(chunk[1].(*ast.AssignStmt).Rhs[0]) != "" {
		t.Error("a global set at the top level is marked")
	}
	body := chunk[2].(*ast.FuncDefStmt).Func.Stmts
	for i, want := range []string{"", "", luarewrite.StateWriteMessage("g", false), luarewrite.StateWriteMessage("up", true)} {
		rhs := body[i+1].(*ast.AssignStmt).Rhs[0]
		got := ""
		if callee(rhs) == luarewrite.State {
			got = rhs.(*ast.FuncCallExpr).Args[0].(*ast.StringExpr).Value
		}
		if got != want {
			t.Errorf("assignment %d is marked %q, want %q", i+1, got, want)
		}
	}
}
