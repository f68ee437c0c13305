package games_test

import (
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/luadoc"
	"github.com/sandtable/sandtable/scripts"
)

var (
	annotation = regexp.MustCompile(`---@(param\s+\S+|return|type)\s+([^\s#]+)`)
	typeName   = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_.]*`)
	classDecl  = regexp.MustCompile(`(?m)^---@(?:class|alias)\s+([A-Za-z0-9_.]+)`)
	funcDecl   = regexp.MustCompile(`(?m)^function\s+([A-Za-z0-9_.:]+)\s*\(`)
)

// luaLSTypes are the types LuaLS knows without a definition.
var luaLSTypes = []string{"any", "nil", "boolean", "number", "integer", "string", "table", "function", "unknown", "userdata", "thread"}

// TestStubsResolveAnnotations: every type the shipped scripts annotate is
// defined by the stubs mapc stubs writes (no mbg.TechCtx beside
// mbg.tech.ctx), and the stubs define each function once.
func TestStubsResolveAnnotations(t *testing.T) {
	defined := slices.Clone(luaLSTypes)
	funcs := map[string]string{}
	for _, f := range luadoc.Stubs(games.Kinds()) {
		for _, m := range classDecl.FindAllStringSubmatch(string(f.Data), -1) {
			defined = append(defined, m[1])
		}
		for _, m := range funcDecl.FindAllStringSubmatch(string(f.Data), -1) {
			if prev, ok := funcs[m[1]]; ok {
				t.Errorf("function %s is defined in %s and %s", m[1], prev, f.Name)
			}
			funcs[m[1]] = f.Name
		}
	}
	check := func(name string, src []byte) int {
		n := 0
		for _, m := range annotation.FindAllStringSubmatch(string(src), -1) {
			for _, tn := range typeName.FindAllString(m[2], -1) {
				n++
				if !slices.Contains(defined, tn) {
					t.Errorf("%s: ---@%s %s: type %s is not defined by the stubs", name, m[1], m[2], tn)
				}
			}
		}
		return n
	}
	total := 0
	err := fs.WalkDir(scripts.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return err
		}
		src, err := fs.ReadFile(scripts.FS, p)
		total += check(p, src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	err = fs.WalkDir(os.DirFS("../../scenarios"), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".lua") {
			return err
		}
		src, err := os.ReadFile("../../scenarios/" + p)
		total += check(p, src)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if total < 30 {
		t.Errorf("only %d annotated types found in the shipped scripts", total)
	}
}
