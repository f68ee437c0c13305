package diag

import (
	"path/filepath"
	"slices"
	"strings"
)

// ignoreDirective is the word after the comment marker that suppresses
// diagnostics on the next line.
const ignoreDirective = "lint:ignore"

// FilterIgnored returns ds without the diagnostics an ignore comment
// suppresses: a diagnostic whose subject starts on line N is dropped when
// line N-1 of the same file is a comment standing alone on its line,
//
//	# lint:ignore CODE[,CODE2...] [reason]
//
// or, in .lua files, "-- lint:ignore CODE ...". Codes must match exactly;
// a comment ignores nothing else, so a stale one cannot hide new problems.
// Diagnostics without a subject, or in files sources cannot supply, are
// kept. The order of ds is preserved.
func FilterIgnored(ds Diagnostics, sources func(file string) ([]byte, bool)) Diagnostics {
	if sources == nil {
		return slices.Clone(ds)
	}
	files := map[string][]string{}
	lines := func(file string) []string {
		ls, ok := files[file]
		if !ok {
			if b, found := sources(file); found {
				ls = splitLines(b)
			}
			files[file] = ls
		}
		return ls
	}
	out := make(Diagnostics, 0, len(ds))
	for _, d := range ds {
		if r := d.Subject; r != nil && r.Start.Line >= 2 {
			ls := lines(r.File)
			if r.Start.Line-1 <= len(ls) && slices.Contains(ignoredCodes(r.File, ls[r.Start.Line-2]), d.Code) {
				continue
			}
		}
		out = append(out, d)
	}
	return out
}

// ignoredCodes returns the codes listed by a lint:ignore comment on line,
// or nil when line is not one. The comment marker depends on the file type.
func ignoredCodes(file, line string) []string {
	marker := "#"
	if strings.EqualFold(filepath.Ext(file), ".lua") {
		marker = "--"
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), marker)
	if !ok {
		return nil
	}
	rest, ok = strings.CutPrefix(strings.TrimLeft(rest, " \t"), ignoreDirective)
	if !ok {
		return nil
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 || !strings.HasPrefix(rest, " ") && !strings.HasPrefix(rest, "\t") {
		return nil // "lint:ignored" or no codes
	}
	var codes []string
	for c := range strings.SplitSeq(fields[0], ",") {
		if c != "" {
			codes = append(codes, c)
		}
	}
	return codes
}

// IgnoredCodes returns the codes listed by a lint:ignore comment on line of
// file, or nil when the line is not one.
func IgnoredCodes(file, line string) []string { return ignoredCodes(file, line) }

// SplitLines splits a file's content into lines as FilterIgnored does.
func SplitLines(b []byte) []string { return splitLines(b) }
