// Package kit_test enforces the boundaries of the authoring side that
// docs/architecture.md states: the tools and the shared kit packages know
// no game (only kit/games lists them), the interfaces of the author's loop
// live with the packages that use them rather than in kit/build, no
// package registers anything in init(), and every game keeps one lint rule
// per file.
package kit_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/sandtable/sandtable/"

// goFiles returns the non-test Go files below the repository's cmd, kit,
// engine and scripts folders, by slash path relative to the repository.
func goFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, top := range []string{"cmd", "kit", "engine", "scripts", "schemas"} {
		err := filepath.WalkDir(filepath.Join("..", top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
				return nil
			}
			rel, _ := filepath.Rel("..", p)
			out = append(out, filepath.ToSlash(rel))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) < 50 {
		t.Fatalf("found only %d Go files; is the test running in kit/?", len(out))
	}
	return out
}

// imports maps each package (as "kit/…", "cmd/…") to the project packages
// its non-test files import.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, p := range goFiles(t) {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", p), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		pkg := path.Dir(p)
		if _, ok := out[pkg]; !ok {
			out[pkg] = nil
		}
		for _, s := range f.Imports {
			imp, _ := strconv.Unquote(s.Path.Value)
			if rest, ok := strings.CutPrefix(imp, module); ok && !slices.Contains(out[pkg], rest) {
				out[pkg] = append(out[pkg], rest)
			}
		}
	}
	return out
}

// games returns the games' kit folders: the kit/<name> packages that
// kit/games lists.
func games(t *testing.T, all map[string][]string) []string {
	t.Helper()
	var out []string
	for _, d := range all["kit/games"] {
		if strings.HasPrefix(d, "kit/") && strings.Count(d, "/") == 1 && d != "kit/build" {
			out = append(out, d)
		}
	}
	if len(out) < 4 {
		t.Fatalf("kit/games imports only the games %v", out)
	}
	return out
}

// gameOf returns the game folder pkg belongs to ("kit/mbg" for
// kit/mbg/legacy), or "".
func gameOf(pkg string, games []string) string {
	for _, g := range games {
		if pkg == g || strings.HasPrefix(pkg, g+"/") {
			return g
		}
	}
	return ""
}

// TestOnlyTheListKnowsTheGames: outside a game's own packages, only
// kit/games imports a game's kit packages, so cmd/mapc, cmd/lint and the
// shared kit packages hold nothing game-specific and a game brings its
// subcommands through cli.Commander.
func TestOnlyTheListKnowsTheGames(t *testing.T) {
	all := imports(t)
	gs := games(t, all)
	for pkg, deps := range all {
		if pkg == "kit/games" {
			continue
		}
		for _, d := range deps {
			if g := gameOf(d, gs); g != "" && gameOf(pkg, gs) != g {
				t.Errorf("%s imports %s: only kit/games may import a game's kit packages", pkg, d)
			}
		}
	}
	for _, tool := range []string{"cmd/mapc", "cmd/lint"} {
		if !slices.Contains(all[tool], "kit/games") {
			t.Errorf("%s does not import kit/games, the one list of games", tool)
		}
	}
}

// TestBuildIsTheCoreContract: kit/build holds the Game contract and the
// pipeline; the interfaces of sim, play, render and scenario tests live in
// kit/sim, kit/console, kit/render and kit/scentest, which kit/build does
// not import (kit/sim only, for loading a config through sim.Simulator).
// kit/sim and kit/console need nothing of the pipeline.
func TestBuildIsTheCoreContract(t *testing.T) {
	all := imports(t)
	for _, d := range all["kit/build"] {
		switch d {
		case "kit/console", "kit/render", "kit/scentest", "kit/cli", "kit/games":
			t.Errorf("kit/build imports %s: the interfaces the author's loop uses live with their users", d)
		}
	}
	for _, pkg := range []string{"kit/sim", "kit/console"} {
		if slices.Contains(all[pkg], "kit/build") {
			t.Errorf("%s imports kit/build; it declares its interface without the pipeline", pkg)
		}
	}
}

// TestNoInit: nothing registers itself in init(); lists are explicit.
func TestNoInit(t *testing.T) {
	for _, p := range goFiles(t) {
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", p), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
				t.Errorf("%s: func init(); list what it registers explicitly", p)
			}
		}
	}
}

// TestOneRulePerFile: every lint rule of a game (a package-level
// &lint.Rule[…]) stands alone in a file named rule_*.go.
func TestOneRulePerFile(t *testing.T) {
	all := imports(t)
	gs := games(t, all)
	n := 0
	for _, p := range goFiles(t) {
		if !slices.Contains(gs, path.Dir(p)) {
			continue
		}
		src, err := os.ReadFile(filepath.Join("..", p))
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		var rules []string
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if isRule(v) {
						rules = append(rules, vs.Names[i].Name)
					}
				}
			}
		}
		n += len(rules)
		base := path.Base(p)
		switch {
		case len(rules) > 1:
			t.Errorf("%s declares the rules %v; one rule a file", p, rules)
		case len(rules) == 1 && !strings.HasPrefix(base, "rule_"):
			t.Errorf("%s declares the rule %s; rules live in rule_*.go files", p, rules[0])
		}
	}
	if n < 40 {
		t.Errorf("found only %d rules in %v", n, gs)
	}
}

// isRule reports whether e is &lint.Rule[…]{…}.
func isRule(e ast.Expr) bool {
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	cl, ok := u.X.(*ast.CompositeLit)
	if !ok {
		return false
	}
	ix, ok := cl.Type.(*ast.IndexExpr)
	if !ok {
		return false
	}
	sel, ok := ix.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == "lint" && sel.Sel.Name == "Rule"
}
