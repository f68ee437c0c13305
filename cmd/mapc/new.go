package main

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/luadoc"
	"github.com/sandtable/sandtable/kit/source"
)

func runNew(args []string, env cli.Env) int {
	var out cli.Output
	fs := flags("new", env)
	out.Register(fs)
	dest := fs.String("o", "", "directory to create (default: ./NAME)")
	from := fs.String("from", "", "copy this scenario directory instead of starting from the game's template")
	positional, code, ok := parse(fs, args)
	if !ok {
		return code
	}
	if len(positional) != 2 {
		fs.Usage()
		return diag.ExitFailure
	}
	game, name := positional[0], positional[1]
	if !validName(name) {
		fmt.Fprintf(env.Stderr, "mapc new: %q is not a scenario name (letters, digits, - and _; no spaces or slashes)\n", name)
		return diag.ExitFailure
	}
	c := env.Compiler()
	g, known := c.Game(game)
	tpl, ok := g.(build.Templater)
	if !known || (!ok && *from == "") {
		var names []string
		for _, g := range env.GameList() {
			if _, ok := g.(build.Templater); ok {
				names = append(names, g.Name())
			}
		}
		fmt.Fprintf(env.Stderr, "mapc new: no template for game %q (games: %s)\n", game, strings.Join(names, ", "))
		return diag.ExitFailure
	}
	dir := *dest
	if dir == "" {
		dir = name
	}
	if entries, err := os.ReadDir(dir); err == nil && len(entries) > 0 {
		fmt.Fprintf(env.Stderr, "mapc new: %s exists and is not empty\n", filepath.ToSlash(dir))
		return diag.ExitFailure
	}
	schemaPath, schemaCopy := schemaPathFor(g, dir)
	var files map[string][]byte
	if *from != "" {
		var err error
		files, err = copyScenario(*from, game, name, schemaPath)
		if err != nil {
			fmt.Fprintln(env.Stderr, "mapc new:", err)
			return diag.ExitFailure
		}
	} else {
		files = tpl.Template(name, schemaPath)
	}
	// LuaLS definitions of the game's hook kinds, so the editor completes
	// ctx and the host API in the scenario's scripts.
	for _, f := range luadoc.Stubs(g.Kinds()) {
		files[f.Name] = f.Data
	}
	if schemaCopy != nil {
		files[schemaCopy.Name] = schemaCopy.Data
	}
	var written []string
	for _, rel := range slices.Sorted(maps.Keys(files)) {
		target := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			fmt.Fprintln(env.Stderr, "mapc new:", err)
			return diag.ExitFailure
		}
		if err := build.WriteAtomic(target, files[rel]); err != nil {
			fmt.Fprintln(env.Stderr, "mapc new:", err)
			return diag.ExitFailure
		}
		written = append(written, filepath.ToSlash(target))
	}
	if out.Format == diag.FormatText {
		fmt.Fprintf(env.Stderr, "wrote %s: %d files (scenario.toml, scripts, tests, editor stubs)\n", filepath.ToSlash(dir), len(written))
	}
	// Check what was written, so the author starts from a clean scenario.
	res := c.Compile(dir, build.Options{})
	return out.Report(env, res.Diags, cli.Sources([]*build.Result{res}))
}

// validName accepts names that are safe as a directory and file name.
func validName(name string) bool {
	if name == "" || name == "." || name == ".." {
		return false
	}
	for _, r := range name {
		if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

var (
	schemaRe = regexp.MustCompile(`(?m)^#:schema\s+\S+`)
	// nameRe finds the name key of the [scenario] table: the first
	// name = "…" line after the header.
	scenarioRe = regexp.MustCompile(`(?m)^\[scenario\][^\n]*\n`)
	nameRe     = regexp.MustCompile(`(?m)^name\s*=\s*"[^"\n]*"`)
)

// copyScenario reads the scenario directory src (its regular files, with
// the include rules' size limit) for mapc new --from, renamed to name and
// its #:schema line pointing at schemaPath. Tests and golden playthroughs
// come along: the copy plays as the original does until it is changed.
func copyScenario(src, game, name, schemaPath string) (map[string][]byte, error) {
	entry, err := source.ReadRegular(filepath.Join(src, source.EntryFile), source.DefaultLimits.MaxFileSize)
	if err != nil {
		return nil, fmt.Errorf("--from: %v", err)
	}
	if g := build.DetectGame(entry); g != game {
		return nil, fmt.Errorf("--from: %s is a %q scenario, not %s", filepath.ToSlash(src), g, game)
	}
	files := map[string][]byte{}
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() || strings.HasPrefix(d.Name(), ".") {
			return nil // links and special files are not copied
		}
		data, err := source.ReadRegular(p, source.DefaultLimits.MaxFileSize)
		if err != nil {
			return err
		}
		files[rel] = data
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("--from: %v", err)
	}
	text := string(files[source.EntryFile])
	text = schemaRe.ReplaceAllLiteralString(text, "#:schema "+schemaPath)
	if loc := scenarioRe.FindStringIndex(text); loc != nil {
		rest := text[loc[1]:]
		if m := nameRe.FindStringIndex(rest); m != nil {
			rest = rest[:m[0]] + fmt.Sprintf("name = %q", name) + rest[m[1]:]
		}
		text = text[:loc[1]] + rest
	}
	files[source.EntryFile] = []byte(text)
	return files, nil
}
