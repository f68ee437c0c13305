package games_test

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	mbghooks "github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/luacheck"
	"github.com/sandtable/sandtable/scripts"
)

var hostCall = regexp.MustCompile(`\b([a-z]+)\.([a-z_]+)\s*\(`)

// TestBuiltinScripts checks every shipped hook script: it belongs to a kind
// of a registered game, passes the build-time checks of its kind and calls only host functions the kind
// binds (a misspelt host call would only fail when a game reaches it).
func TestBuiltinScripts(t *testing.T) {
	kinds := map[string]*plugin.Kind{}
	for _, k := range games.Kinds() {
		kinds[k.Name] = k
	}
	n := map[string]int{}
	err := fs.WalkDir(scripts.FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".lua") {
			return err
		}
		parts := strings.Split(path, "/")
		kind := kinds[parts[0]+"."+parts[min(1, len(parts)-1)]]
		if kind == nil {
			t.Errorf("%s: no hook kind for this folder", path)
			return nil
		}
		n[kind.Name]++
		src, _ := fs.ReadFile(scripts.FS, path)
		for _, p := range luacheck.Check(kind, path, path, src) {
			t.Errorf("%s:%d:%d: %s %s", path, p.Line, p.Column, p.Code, p.Message)
		}
		var host []string
		for _, h := range kind.Host {
			host = append(host, h.Name)
		}
		for _, m := range hostCall.FindAllStringSubmatch(string(src), -1) {
			if m[1] == kind.HostTable && !slices.Contains(host, m[2]) {
				t.Errorf("%s calls %s.%s, which %s does not bind (it binds %v)", path, m[1], m[2], kind.Name, host)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The seed's 12 techs and 14 cards; ftbt's five original classes and heal.
	want := map[string]int{"mbg.tech": 12, "mbg.card": 14, "ftbt.effect": 6, "glory.skill": 33}
	for k, c := range want {
		if n[k] != c {
			t.Errorf("%d %s scripts, want %d", n[k], k, c)
		}
	}
}

// TestBuiltinScriptsLoad loads every script into a registry, as a game does.
func TestBuiltinScriptsLoad(t *testing.T) {
	reg, err := plugin.NewRegistry(games.Kinds(), plugin.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	sub, err := fs.Sub(scripts.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	ws, err := reg.LoadFS(sub, "builtin")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ws {
		t.Logf("warning: %v", w)
	}
	if _, ok := reg.Lookup(mbghooks.TechKind, "arrows"); !ok {
		var ids []string
		for _, h := range reg.Hooks() {
			ids = append(ids, h.Kind().Name+":"+h.ID())
		}
		t.Errorf("arrows not registered; hooks: %v", ids)
	}
}
