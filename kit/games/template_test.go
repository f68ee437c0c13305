package games_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/games"
)

var ctxParam = regexp.MustCompile(`---@param ctx ([a-z]+\.[a-z]+)\.ctx`)

// TestTemplateHookComments: the comment heading a Lua hook that mapc new
// writes lists every ctx field of its kind and names no host function the
// kind does not bind. The kind (engine/<game>/hooks) is the one description
// of both; the comment is a summary for the author and must not drift from
// it.
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
			m := ctxParam.FindStringSubmatch(string(text))
			if m == nil || kinds[m[1]] == nil {
				t.Errorf("%s %s: no ---@param ctx <kind>.ctx of a %s kind", g.Name(), path, g.Name())
				continue
			}
			k := kinds[m[1]]
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
			host := map[string]bool{}
			for _, h := range k.Host {
				host[h.Name] = true
			}
			for _, call := range regexp.MustCompile(`\b`+k.HostTable+`\.([a-z_]+)\(`).FindAllStringSubmatch(c, -1) {
				if !host[call[1]] {
					t.Errorf("%s %s: the comment names %s.%s, which %s does not bind", g.Name(), path, k.HostTable, call[1], k.Name)
				}
			}
		}
	}
	if n < 4 {
		t.Errorf("checked %d template hooks, want one of each game", n)
	}
}
