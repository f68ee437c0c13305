package diag

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"
)

// renderGitHub writes one GitHub Actions workflow command per diagnostic,
// which the runner turns into an annotation on the pull request:
//
//	::error file=F,line=L,col=C,endLine=L2,endColumn=C2,title=CODE: Summary::message
//
// endColumn is inclusive there (GitHub shows it only for one-line ranges),
// unlike Range.End. Related locations, which annotations cannot point at,
// follow the message as "note:" lines.
func renderGitHub(buf *bytes.Buffer, ds Diagnostics, opts Options) {
	for _, d := range ds {
		var props []string
		if r := d.Subject; r != nil {
			file, _ := relPath(opts.BaseDir, r.File)
			props = append(props, "file="+escapeProperty(file))
			if r.Start.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", r.Start.Line))
			}
			if r.Start.Column > 0 {
				props = append(props, fmt.Sprintf("col=%d", r.Start.Column))
			}
			props = append(props, githubEnd(*r)...)
		}
		title := d.Summary
		if d.Code != "" {
			title = d.Code + ": " + d.Summary
		}
		props = append(props, "title="+escapeProperty(title))

		msg := message(d)
		for _, rel := range d.Related {
			file, _ := relPath(opts.BaseDir, rel.Range.File)
			msg += fmt.Sprintf("\nnote: %s (%s:%d:%d)", rel.Message, file, rel.Range.Start.Line, rel.Range.Start.Column)
		}
		fmt.Fprintf(buf, "::%s %s::%s\n", githubCommand(d.Severity), strings.Join(props, ","), escapeData(msg))
	}
}

// githubEnd returns the endLine and endColumn properties for r, or none when
// r has no end.
func githubEnd(r Range) []string {
	end := r.End
	if end.Line < r.Start.Line || end.Line == 0 {
		return nil
	}
	if end.Line > r.Start.Line && end.Column <= 1 {
		// Ends with the newline of the previous line; its column is unknown here.
		return []string{fmt.Sprintf("endLine=%d", end.Line-1)}
	}
	props := []string{fmt.Sprintf("endLine=%d", end.Line)}
	if end.Column > 0 {
		last := end.Column - 1
		if end.Line == r.Start.Line {
			last = max(last, r.Start.Column) // an empty range still marks one column
		}
		props = append(props, fmt.Sprintf("endColumn=%d", max(last, 1)))
	}
	return props
}

func githubCommand(s Severity) string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	}
	return "notice"
}

// escapeData escapes a workflow command's message as the Actions runner
// expects (toolkit's escapeData).
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command property value; ':' and ','
// would otherwise end the value (toolkit's escapeProperty).
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// relPath returns file relative to base with forward slashes, and whether
// the result is relative. A file outside base (or any file when base is
// empty) keeps its own form; relative names are assumed to be relative to
// the working directory when base is absolute.
func relPath(base, file string) (string, bool) {
	if base != "" {
		b, f := base, file
		if filepath.IsAbs(b) != filepath.IsAbs(f) {
			if abs, err := filepath.Abs(b); err == nil {
				b = abs
			}
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
		}
		rel, err := filepath.Rel(b, f)
		if err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(rel), true
		}
	}
	return filepath.ToSlash(file), !filepath.IsAbs(file)
}
