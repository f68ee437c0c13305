package diag

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// Format selects an output format for Render. Its values are the names
// accepted by the CLIs' --format flag.
type Format string

// Output formats.
const (
	FormatText   Format = "text"   // for people: source excerpt with a caret
	FormatJSON   Format = "json"   // one JSON object per line, see Render
	FormatGitHub Format = "github" // GitHub Actions workflow commands
	FormatSARIF  Format = "sarif"  // SARIF 2.1.0, for code scanning
)

// Formats returns every format in the order help texts list them.
func Formats() []Format {
	return []Format{FormatText, FormatJSON, FormatGitHub, FormatSARIF}
}

// ParseFormat returns the format named s.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats() {
		if string(f) == s {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (want text, json, github or sarif)", s)
}

// String returns the flag spelling of f.
func (f Format) String() string { return string(f) }

// Set implements flag.Value so a Format can back a --format flag directly.
func (f *Format) Set(s string) error {
	v, err := ParseFormat(s)
	if err != nil {
		return err
	}
	*f = v
	return nil
}

// Sources returns the content of the file a Range names, for source
// excerpts and lint:ignore comments. ok is false when the file is unknown.
type Sources func(file string) (content []byte, ok bool)

// MapSources serves file contents from m, as tests and in-memory builds have them.
func MapSources(m map[string][]byte) Sources {
	return func(file string) ([]byte, bool) {
		b, ok := m[file]
		return b, ok
	}
}

// FileSources reads files from disk by the name a Range carries and
// remembers them, so rendering many diagnostics reads each file once.
// It is safe for concurrent use.
func FileSources() Sources {
	type entry struct {
		b  []byte
		ok bool
	}
	var mu sync.Mutex
	cache := map[string]entry{}
	return func(file string) ([]byte, bool) {
		mu.Lock()
		defer mu.Unlock()
		e, seen := cache[file]
		if !seen {
			b, err := readRegular(file)
			e = entry{b, err == nil} // a failure is remembered too
			cache[file] = e
		}
		return e.b, e.ok
	}
}

// maxSourceSize bounds the files FileSources reads for excerpts.
const maxSourceSize = 16 << 20

// readRegular reads file for an excerpt only when it is a regular file of
// at most maxSourceSize bytes: a diagnostic may name a FIFO (reading it
// would block) or a device (reading it would not end).
func readRegular(file string) ([]byte, error) {
	st, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() || st.Size() > maxSourceSize {
		return nil, fmt.Errorf("%s: not a regular file within %d bytes", file, maxSourceSize)
	}
	return os.ReadFile(file)
}

// Options configures Render. The zero value renders plain text without
// source excerpts.
type Options struct {
	// Sources supplies file contents for source excerpts (text) and may be nil.
	Sources Sources
	// Color enables ANSI colors in the text format. Decide it with UseColor;
	// renderers never look at the terminal or the environment themselves.
	Color bool
	// Catalogue describes codes for SARIF rules.
	Catalogue Catalogue
	// BaseDir is the directory SARIF URIs and GitHub file names are made
	// relative to (the repository root); empty leaves file names as they are.
	BaseDir string
	// ToolName, ToolVersion and ToolURI describe the reporting tool in SARIF.
	ToolName    string
	ToolVersion string
	ToolURI     string
}

// Render writes ds to w in the given format, after Normalize.
//
// The json format writes one object per diagnostic and line, with these
// fields in this order (omitted when empty):
//
//	severity    "error", "warning" or "info"
//	code        string
//	summary     string
//	detail      string
//	file        string, the subject's file
//	line, column, endLine, endColumn
//	            1-based numbers; columns count runes, end is exclusive
//	related     [{message, file, line, column, endLine, endColumn}]
//	suggestions [string]
//
// Output is built in memory and written with one call, so a failing
// renderer writes nothing.
func Render(w io.Writer, format Format, ds Diagnostics, opts Options) error {
	ds = Normalize(ds)
	var buf bytes.Buffer
	var err error
	switch format {
	case FormatText:
		renderText(&buf, ds, opts)
	case FormatJSON:
		err = renderJSON(&buf, ds)
	case FormatGitHub:
		renderGitHub(&buf, ds, opts)
	case FormatSARIF:
		err = renderSARIF(&buf, ds, opts)
	default:
		return fmt.Errorf("render diagnostics: unknown format %q", format)
	}
	if err != nil {
		return fmt.Errorf("render diagnostics as %s: %w", format, err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// WriteSummary writes a line such as "2 errors, 1 warning" counting the
// normalized diagnostics, or nothing when there are none. It is separate from
// Render so that a CLI can print one summary after rendering several files.
func WriteSummary(w io.Writer, ds Diagnostics, color bool) error {
	ds = Normalize(ds)
	var parts []string
	for _, s := range []Severity{Error, Warning, Info} {
		n := ds.Count(s)
		if n == 0 {
			continue
		}
		word := s.String()
		if n > 1 && s != Info {
			word += "s"
		}
		parts = append(parts, newPalette(color).severity(s).paint(fmt.Sprintf("%d %s", n, word)))
	}
	if len(parts) == 0 {
		return nil
	}
	_, err := io.WriteString(w, strings.Join(parts, ", ")+"\n")
	return err
}

// Exit codes shared by the CLIs (see the Diagnostics section of DESIGN.md).
const (
	ExitOK      = 0 // no errors (warnings allowed)
	ExitErrors  = 1 // at least one error diagnostic
	ExitFailure = 2 // usage error or internal failure, set by CLIs themselves
)

// ExitCode returns ExitErrors when ds holds an error and ExitOK otherwise.
func ExitCode(ds Diagnostics) int {
	if ds.HasErrors() {
		return ExitErrors
	}
	return ExitOK
}

// missingSuggestions returns the suggestions the detail does not already
// offer, so that no format says "did you mean" twice.
func missingSuggestions(d Diagnostic) []string {
	detail := strings.ToLower(d.Detail)
	var out []string
	for _, s := range d.Suggestions {
		if !strings.Contains(detail, strings.ToLower(`did you mean "`+s+`"`)) {
			out = append(out, s)
		}
	}
	return out
}

// didYouMean phrases suggestions as `did you mean "a", "b" or "c"?`.
func didYouMean(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = `"` + s + `"`
	}
	list := q[len(q)-1]
	if len(q) > 1 {
		list = strings.Join(q[:len(q)-1], ", ") + " or " + list
	}
	return "did you mean " + list + "?"
}

// message is the one-string form of a diagnostic for formats without
// separate fields (GitHub, SARIF): the detail (or the summary when there is
// none), then a suggestion sentence the detail lacks.
func message(d Diagnostic) string {
	m := d.Detail
	if m == "" {
		m = d.Summary
	}
	if ss := missingSuggestions(d); len(ss) > 0 {
		h := didYouMean(ss)
		m += " " + strings.ToUpper(h[:1]) + h[1:]
	}
	return m
}
