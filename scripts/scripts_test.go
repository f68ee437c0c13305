package scripts

import (
	"io/fs"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/plugin"
)

var hostCall = regexp.MustCompile(`\b(mbg)\.([a-z_]+)\s*\(`)

// TestBuiltinScripts checks every shipped hook script: it passes the
// build-time checks of its kind and calls only host functions the kind
// binds (a misspelt host call would only fail when a game reaches it).
func TestBuiltinScripts(t *testing.T) {
	kinds := map[string]*plugin.Kind{"tech": plugin.MBGTech, "card": plugin.MBGCard}
	n := 0
	err := fs.WalkDir(FS, "mbg", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".lua") {
			return err
		}
		n++
		kind := kinds[strings.Split(path, "/")[1]]
		if kind == nil {
			t.Errorf("%s: no hook kind for this folder", path)
			return nil
		}
		src, _ := fs.ReadFile(FS, path)
		for _, p := range plugin.Check(kind, path, path, src) {
			t.Errorf("%s:%d:%d: %s %s", path, p.Line, p.Column, p.Code, p.Message)
		}
		var host []string
		for _, h := range kind.Host {
			host = append(host, h.Name)
		}
		for _, m := range hostCall.FindAllStringSubmatch(string(src), -1) {
			if !slices.Contains(host, m[2]) {
				t.Errorf("%s calls mbg.%s, which %s does not bind (it binds %v)", path, m[2], kind.Name, host)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != 26 {
		t.Errorf("%d scripts, want the 12 techs and 14 cards", n)
	}
}

// TestBuiltinScriptsLoad loads every script into a registry, as a game does.
func TestBuiltinScriptsLoad(t *testing.T) {
	reg, err := plugin.NewRegistry(plugin.Builtin(), plugin.DefaultLimits())
	if err != nil {
		t.Fatal(err)
	}
	sub, err := fs.Sub(FS, ".")
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
	if _, ok := reg.Lookup(plugin.MBGTech, "arrows"); !ok {
		var ids []string
		for _, h := range reg.Hooks() {
			ids = append(ids, h.Kind().Name+":"+h.ID())
		}
		t.Errorf("arrows not registered; hooks: %v", ids)
	}
}
