package linttest

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// T is the part of *testing.T that Check uses; tests of this package pass a
// recorder to see Check fail.
type T interface {
	Helper()
	Errorf(format string, args ...any)
}

// want is one expected diagnostic.
type want struct {
	file    string // as found under the fixture directory, for messages
	line    int
	re      *regexp.Regexp
	matched bool
}

// Check compares ds, the diagnostics produced for the fixtures under dir (a
// directory, searched recursively for .toml and .lua files, or one file),
// with the want comments of those fixtures. ds is normalized first, as users
// see it: duplicates count once. See the package doc for the syntax.
func Check(t T, dir string, ds diag.Diagnostics) {
	t.Helper()
	wants := map[string][]*want{} // key: absolute file and line
	var order []*want
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() || !isFixture(path) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		ws, errs := parseWants(path, src)
		for _, err := range errs {
			t.Errorf("%v", err)
		}
		for _, w := range ws {
			k := key(w.file, w.line)
			wants[k] = append(wants[k], w)
			order = append(order, w)
		}
		return nil
	})
	if err != nil {
		t.Errorf("read fixtures: %v", err)
		return
	}

	for _, d := range diag.Normalize(ds) {
		text := Text(d)
		if d.Subject == nil {
			t.Errorf("unexpected diagnostic without a position: %s", text)
			continue
		}
		i := slices.IndexFunc(wants[key(d.Subject.File, d.Subject.Start.Line)], func(w *want) bool {
			return !w.matched && w.re.MatchString(text)
		})
		if i < 0 {
			t.Errorf("%s:%d: unexpected diagnostic: %s", d.Subject.File, d.Subject.Start.Line, text)
			continue
		}
		wants[key(d.Subject.File, d.Subject.Start.Line)][i].matched = true
	}
	for _, w := range order {
		if !w.matched {
			t.Errorf("%s:%d: no diagnostic matching %q", w.file, w.line, w.re)
		}
	}
}

// Text is the string want patterns are matched against:
// "CODE: Summary: Detail", without ": Detail" when the detail is empty.
func Text(d diag.Diagnostic) string {
	s := d.Code + ": " + d.Summary
	if d.Detail != "" {
		s += ": " + d.Detail
	}
	return s
}

func isFixture(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".toml", ".lua":
		return true
	}
	return false
}

// key identifies a line of a file however the producer spelled the path
// ("testdata/x/a.toml", "./testdata/x/a.toml" or absolute).
func key(file string, line int) string {
	if abs, err := filepath.Abs(file); err == nil {
		file = abs
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// parseWants returns the want comments of a fixture file, and an error for
// each malformed one (reported, so that a typo cannot silently drop an
// expectation).
func parseWants(file string, src []byte) ([]*want, []error) {
	comment := tomlComments
	if strings.EqualFold(filepath.Ext(file), ".lua") {
		comment = luaComments
	}
	var ws []*want
	var errs []error
	for _, c := range comment(string(src)) {
		res, err := parseWant(c.text)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s:%d: %w", file, c.line, err))
		}
		for _, re := range res {
			ws = append(ws, &want{file: file, line: c.line, re: re})
		}
	}
	return ws, errs
}

// parseWant parses the text of one comment. A comment that does not start
// with the word "want" is an ordinary comment and yields nothing.
func parseWant(comment string) ([]*regexp.Regexp, error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(comment), "want")
	if !ok || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return nil, nil
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return nil, fmt.Errorf("want comment without a pattern")
	}
	var res []*regexp.Regexp
	for rest != "" {
		if rest[0] != '"' && rest[0] != '`' {
			return nil, fmt.Errorf("want: expected a quoted pattern at %q", rest)
		}
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return nil, fmt.Errorf("want: malformed pattern at %q: %w", rest, err)
		}
		s, _ := strconv.Unquote(q) // QuotedPrefix accepted it
		re, err := regexp.Compile(s)
		if err != nil {
			return nil, fmt.Errorf("want: %w", err)
		}
		res = append(res, re)
		rest = strings.TrimLeft(rest[len(q):], " \t")
	}
	return res, nil
}
