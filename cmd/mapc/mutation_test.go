package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/cli"
	"github.com/sandtable/sandtable/kit/diag"
)

// A mutation is one mistake an author might make in a shipped scenario's
// entry file: the line it changes and the text it puts there.
type mutation struct {
	kind string // "key typo", "wrong type", "unknown id", "other game"
	line int    // 0-based line of scenario.toml
	text string // the line's new text
}

var (
	keyLine    = regexp.MustCompile(`^(\s*)([a-z][a-z_]*[a-z])(\s*=\s*)(.+)$`)
	intValue   = regexp.MustCompile(`^(\s*[a-z][a-z_]*\s*=\s*)(-?[0-9]+)(\s*(#.*)?)$`)
	nameDef    = regexp.MustCompile(`(?:^|[{,]\s*)name\s*=\s*"([^"]+)"`)
	quotedText = regexp.MustCompile(`"([^"\\]+)"`)
)

// typo swaps two neighbouring letters of a key (glyph → gylph), the
// commonest slip, or doubles one when they are the same.
func typo(key string) string {
	r := []rune(key)
	i := len(r) / 2
	if r[i-1] == r[i] {
		return string(r[:i]) + string(r[i-1:])
	}
	r[i-1], r[i] = r[i], r[i-1]
	return string(r)
}

// spread picks at most n of the candidates, evenly spaced, so the mistakes
// reach the whole file and not only its head.
func spread[T any](cands []T, n int) []T {
	if len(cands) <= n {
		return cands
	}
	out := make([]T, 0, n)
	for i := range n {
		out = append(out, cands[i*len(cands)/n])
	}
	return out
}

// mutations lists the single-mistake variants of one entry file.
func mutations(game string, lines []string, games []string) []mutation {
	var typos, types, ids []mutation
	defined := map[string]bool{}
	for _, l := range lines {
		for _, m := range nameDef.FindAllStringSubmatch(l, -1) {
			defined[m[1]] = true
		}
	}
	inArray := false
	for i, l := range lines {
		trimmed := strings.TrimSpace(l)
		if strings.HasPrefix(trimmed, "#") || trimmed == "" {
			continue
		}
		if m := keyLine.FindStringSubmatch(l); m != nil && !inArray && len(m[2]) >= 3 {
			typos = append(typos, mutation{"key typo", i, m[1] + typo(m[2]) + m[3] + m[4]})
			if v := intValue.FindStringSubmatch(l); v != nil {
				types = append(types, mutation{"wrong type", i, v[1] + `"` + v[2] + ` units"` + v[3]})
			}
		}
		if !nameDef.MatchString(l) {
			for _, q := range quotedText.FindAllStringSubmatchIndex(l, -1) {
				s := l[q[2]:q[3]]
				if defined[s] && !strings.HasPrefix(s, "builtin:") {
					ids = append(ids, mutation{"unknown id", i, l[:q[2]] + s + "乙" + l[q[3]:]})
					break
				}
			}
		}
		// Multi-line arrays of values: keys inside them are not keys.
		if strings.HasSuffix(trimmed, "[") {
			inArray = true
		} else if strings.HasPrefix(trimmed, "]") {
			inArray = false
		}
	}
	out := append(append(spread(typos, 3), spread(types, 3)...), spread(ids, 3)...)
	for _, other := range games {
		if other != game && strings.HasPrefix(lines[0], "#:schema") {
			out = append(out, mutation{"other game", 0, "#:schema ../../../schemas/" + other + ".scenario.schema.json"})
			break
		}
	}
	return out
}

func warnings(ds diag.Diagnostics) diag.Diagnostics {
	var out diag.Diagnostics
	for _, d := range ds {
		if d.Severity == diag.Warning {
			out = append(out, d)
		}
	}
	return out
}

// TestOneMistakeOneError makes single mistakes in every shipped scenario —
// a misspelt key, a value of the wrong type, a reference to an id that does
// not exist, another game's #:schema line — and checks that mapc check
// reports each as exactly one error.
func TestOneMistakeOneError(t *testing.T) {
	env := withGames(cli.OSEnv())
	var games []string
	for _, g := range env.GameList() {
		games = append(games, g.Name())
	}
	entries, err := filepath.Glob(filepath.Join("..", "..", "scenarios", "*", "*", "scenario.toml"))
	if err != nil || len(entries) == 0 {
		t.Fatalf("no shipped scenarios: %v", err)
	}
	total := 0
	kinds := map[string]int{}
	perGame := map[string]int{}
	for _, entry := range entries {
		src := filepath.Dir(entry)
		game := filepath.Base(filepath.Dir(src))
		data, err := os.ReadFile(entry)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		// A mistake adds no warnings either: the scenario's own warnings
		// may stay (or go, when the mistake stops a check), no more.
		baseline := warnings(env.Compiler().Compile(src, build.Options{}).Diags)
		for _, m := range mutations(game, lines, games) {
			total++
			kinds[m.kind]++
			perGame[game]++
			name := fmt.Sprintf("%s/%s/%s@%d", game, filepath.Base(src), m.kind, m.line+1)
			t.Run(name, func(t *testing.T) {
				dir := filepath.Join(t.TempDir(), game, filepath.Base(src))
				if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
					t.Fatal(err)
				}
				mutated := slices.Clone(lines)
				mutated[m.line] = m.text
				// The copy sits two levels below a temporary root, so
				// the #:schema line's relative path names no file; the
				// game comes from its base name, as it does for mapc.
				if err := os.WriteFile(filepath.Join(dir, "scenario.toml"), []byte(strings.Join(mutated, "\n")), 0o644); err != nil {
					t.Fatal(err)
				}
				res := env.Compiler().Compile(dir, build.Options{})
				var errs diag.Diagnostics
				for _, d := range res.Diags {
					if d.Severity == diag.Error {
						errs = append(errs, d)
					}
				}
				if ws := warnings(res.Diags); len(ws) > len(baseline) {
					t.Errorf("line %d changed to %q: %d warnings, the scenario has %d; first: %s", m.line+1, m.text, len(ws), len(baseline), ws[0].Error())
				}
				if len(errs) != 1 {
					var b strings.Builder
					for i, d := range errs {
						if i == 6 {
							fmt.Fprintf(&b, "\n  … %d more", len(errs)-i)
							break
						}
						fmt.Fprintf(&b, "\n  %s", d.Error())
					}
					t.Errorf("line %d changed to %q: %d errors, want 1:%s", m.line+1, m.text, len(errs), b.String())
				}
			})
		}
	}
	if total < 40 {
		t.Errorf("only %d mutations", total)
	}
	for _, g := range games {
		if perGame[g] == 0 {
			t.Errorf("no mutation of a %s scenario", g)
		}
	}
	t.Logf("%d mutations: %v; per game %v", total, kinds, perGame)
}
