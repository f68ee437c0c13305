package games_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
)

// TestTemplateHookComments: the comment heading a Lua hook that mapc new
// writes lists its kind's ctx fields and host functions. The kind
// (engine/<game>/hooks) is the one description of them; the comment is a
// summary for the author and must not drift from it.
func TestTemplateHookComments(t *testing.T) {
	n := 0
	for _, g := range games.All() {
		tpl, ok := g.(build.Templater)
		if !ok {
			continue
		}
		kinds := map[string]*plugin.Kind{}
		for _, k := range g.Kinds() {
			kinds[k.Name] = k
		}
		for path, text := range tpl.Template("t", "s.json") {
			if !strings.HasSuffix(path, ".lua") {
				continue
			}
			class, _, _ := strings.Cut(path, "/")
			k := kinds[g.Name()+"."+class]
			if k == nil {
				t.Errorf("%s: %s is not in a folder named after a %s hook kind", g.Name(), path, g.Name())
				continue
			}
			n++
			var comment strings.Builder
			for _, line := range strings.Split(string(text), "\n") {
				if !strings.HasPrefix(line, "--") {
					break
				}
				comment.WriteString(line + "\n")
			}
			c := comment.String()
			for _, f := range k.Ctx {
				if !regexp.MustCompile(`\b` + f.Name + `\b`).MatchString(c) {
					t.Errorf("%s %s: the comment does not list ctx.%s", g.Name(), path, f.Name)
				}
			}
			for _, h := range k.Host {
				if !strings.Contains(c, k.HostTable+"."+h.Name+"(") {
					t.Errorf("%s %s: the comment does not list %s.%s", g.Name(), path, k.HostTable, h.Name)
				}
			}
		}
	}
	if n < 2 {
		t.Errorf("checked %d template hooks, want mbg's and ftbt's at least", n)
	}
}
