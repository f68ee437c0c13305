package source

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
)

// EntryFile is the file a scenario directory starts from.
const EntryFile = "scenario.toml"

// BuiltinPrefix marks include and script paths served from the files embedded
// in the binary (the scripts/ tree), e.g. "builtin:mbg/standard.toml".
const BuiltinPrefix = "builtin:"

// Options configure Load.
type Options struct {
	// Builtin serves paths that start with BuiltinPrefix; nil disables them.
	Builtin fs.FS
	// Root is the directory tree includes and scripts may be read from.
	// Empty means the scenario's directory, or the nearest directory above
	// it that holds RootMarker.
	Root string
	// Limits bound the size and shape of every file read; zero fields
	// take DefaultLimits.
	Limits Limits
}

// Source is a loaded scenario: the merged value tree of the entry file and
// its includes, with positions.
type Source struct {
	Entry string         // display name of the entry file
	Root  map[string]any // merged tree with JSON-typed values
	files map[string]*parsed
	order []string          // file names in load order
	raw   map[string][]byte // other files read through Read (scripts), for excerpts
	spans map[string]Span
	opts  Options
	root  root
}

// Files returns the names of every loaded file, in load order.
func (s *Source) Files() []string { return slices.Clone(s.order) }

// Content returns the text of a loaded file (for source excerpts in diagnostics).
func (s *Source) Content(name string) ([]byte, bool) {
	if p, ok := s.files[name]; ok {
		return p.data, true
	}
	if b, ok := s.raw[name]; ok {
		return b, true
	}
	return nil, false
}

// Lookup returns the span of the value at the JSON pointer ptr.
func (s *Source) Lookup(ptr string) (Span, bool) {
	sp, ok := s.spans[ptr]
	return sp, ok
}

// Range returns the range of the value at ptr, or of its closest ancestor
// that has a position, so a diagnostic always points somewhere useful.
func (s *Source) Range(ptr string) *diag.Range {
	for {
		if sp, ok := s.spans[ptr]; ok {
			return sp.Value.Ptr()
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return nil
		}
		ptr = ptr[:i]
	}
}

// KeyRange returns the range of the key naming the value at ptr, falling back
// to Range when the value has no key (array elements).
func (s *Source) KeyRange(ptr string) *diag.Range {
	if sp, ok := s.spans[ptr]; ok && sp.Key != nil {
		r := *sp.Key
		return &r
	}
	return s.Range(ptr)
}

// FileOf returns the name of the file that defined the value at ptr.
func (s *Source) FileOf(ptr string) string {
	if r := s.Range(ptr); r != nil {
		return r.File
	}
	return s.Entry
}

// ReadFile reads a file named relative to the file `from` (or a builtin path).
// It returns the display name used in diagnostics and the content.
func (s *Source) ReadFile(from, rel string) (string, []byte, error) {
	name := Join(from, rel)
	data, err := s.read(name)
	return name, data, err
}

// Join resolves rel against the directory of the file from. Builtin and
// absolute paths stand on their own; a relative path inside a builtin file
// stays builtin.
func Join(from, rel string) string {
	switch {
	case strings.HasPrefix(rel, BuiltinPrefix), filepath.IsAbs(rel):
		return rel
	case strings.HasPrefix(from, BuiltinPrefix):
		return BuiltinPrefix + path.Join(path.Dir(strings.TrimPrefix(from, BuiltinPrefix)), rel)
	}
	return filepath.Join(filepath.Dir(from), filepath.FromSlash(rel))
}

// Read reads a file by the name Join returned (a path or a builtin: name)
// and keeps it, so Content can show excerpts of scripts in diagnostics.
func (s *Source) Read(name string) ([]byte, error) {
	if b, ok := s.raw[name]; ok {
		return b, nil
	}
	b, err := s.read(name)
	if err == nil {
		if s.raw == nil {
			s.raw = map[string][]byte{}
		}
		s.raw[name] = b
	}
	return b, err
}

// read reads an include or a script: a builtin file, or a regular file
// inside the scenario's root (see RootMarker) within the size limit.
func (s *Source) read(name string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(name, BuiltinPrefix); ok {
		if s.opts.Builtin == nil {
			return nil, &ReadError{CodeIncludeRead, fmt.Errorf("builtin files are not available")}
		}
		if !fs.ValidPath(rest) {
			return nil, &ReadError{CodeIncludeOutside, fmt.Errorf("the path leaves the builtin tree")}
		}
		b, err := fs.ReadFile(s.opts.Builtin, rest)
		if err != nil {
			return nil, &ReadError{CodeIncludeRead, unwrapPathError(err)}
		}
		return b, nil
	}
	real, err := s.root.confine(name)
	if err != nil {
		return nil, err
	}
	return ReadRegular(real, s.opts.Limits.withDefaults().MaxFileSize)
}

// newSource prepares a Source whose entry file is entry, confined to
// opts.Root or the root found from the entry's directory.
func newSource(entry string, opts Options) *Source {
	s := &Source{Entry: entry, files: map[string]*parsed{}, spans: map[string]Span{}, opts: opts}
	dir := opts.Root
	if dir == "" {
		dir = filepath.Dir(entry)
	}
	s.root, _ = findRoot(dir)
	if !filepath.IsAbs(s.root.lexical) {
		s.root = root{lexical: "/nonexistent-root", real: "/nonexistent-root"} // Abs failed: read nothing
	}
	return s
}

// Load reads a scenario: dir may be a scenario directory (containing
// scenario.toml) or a TOML file. All problems are returned as diagnostics; the
// returned Source is nil only when the entry file cannot be read or parsed.
func Load(dir string, opts Options) (*Source, diag.Diagnostics) {
	entry := dir
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		entry = filepath.Join(dir, EntryFile)
	}
	s := newSource(entry, opts)
	data, err := ReadRegular(entry, opts.Limits.withDefaults().MaxFileSize)
	if err != nil {
		code, summary := CodeNoScenario, "Scenario not found"
		switch ErrorCode(err) {
		case CodeNotRegular:
			code, summary = CodeNotRegular, "Scenario is not a regular file"
		case CodeTooLarge:
			code, summary = CodeTooLarge, "File too large"
		}
		return nil, diag.Diagnostics{{
			Severity: diag.Error, Code: code, Summary: summary,
			Detail: fmt.Sprintf("Cannot read %s: %v.", entry, err),
		}}
	}
	l := loader{s: s}
	tree := l.load(entry, data, nil)
	if tree == nil {
		return nil, l.diags
	}
	s.Root = tree.tree
	s.spans = tree.spans
	return s, l.diags
}

// LoadBytes loads a scenario from one in-memory file (tests, fuzzing, stdin);
// its includes are read relative to name.
func LoadBytes(name string, data []byte, opts Options) (*Source, diag.Diagnostics) {
	s := newSource(name, opts)
	l := loader{s: s}
	tree := l.load(name, data, nil)
	if tree == nil {
		return nil, l.diags
	}
	s.Root = tree.tree
	s.spans = tree.spans
	return s, l.diags
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

type loader struct {
	s     *Source
	diags diag.Diagnostics
}

// merged is a tree with its spans, keyed by pointers into that tree.
type merged struct {
	tree  map[string]any
	spans map[string]Span
}

// load parses name and merges its includes before its own content. stack
// holds the files being loaded, for cycle detection. A file that was already
// loaded through another include path is not merged twice.
func (l *loader) load(name string, data []byte, stack []string) *merged {
	p := parseFile(name, data, l.s.opts.Limits.withDefaults())
	l.s.files[name] = p
	l.s.order = append(l.s.order, name)
	l.diags = append(l.diags, p.diags...)
	if p.tree == nil {
		return nil
	}
	out := &merged{tree: map[string]any{}, spans: map[string]Span{"": p.spans[""]}}
	stack = append(stack, name)
	for i, inc := range l.includes(p) {
		if inc == "" {
			continue // reported by includes
		}
		ptr := "/include/" + strconv.Itoa(i)
		rng := p.spans[ptr].Value
		if filepath.IsAbs(inc) || filepath.VolumeName(inc) != "" || strings.HasPrefix(inc, "/") || strings.HasPrefix(inc, `\\`) {
			l.diags = append(l.diags, diag.Diagnostic{
				Severity: diag.Error, Code: CodeIncludeOutside, Summary: "Include outside the scenario",
				Detail:  fmt.Sprintf("%q is an absolute path; includes are relative to the including file and stay inside the scenario's directory tree (or name builtin: files).", inc),
				Subject: rng.Ptr(),
			})
			continue
		}
		target := Join(name, inc)
		if slices.Contains(stack, target) {
			l.diags = append(l.diags, diag.Diagnostic{
				Severity: diag.Error, Code: CodeIncludeCycle, Summary: "Include cycle",
				Detail:  fmt.Sprintf("%s includes itself through %s.", target, strings.Join(append(stack[slices.Index(stack, target)+1:], target), " → ")),
				Subject: rng.Ptr(),
			})
			continue
		}
		if _, done := l.s.files[target]; done {
			continue
		}
		incData, err := l.s.read(target)
		if err != nil {
			code := ErrorCode(err)
			summary := map[string]string{
				CodeIncludeRead:    "Included file not found",
				CodeIncludeOutside: "Include outside the scenario",
				CodeNotRegular:     "Included file is not a regular file",
				CodeTooLarge:       "Included file too large",
			}[code]
			l.diags = append(l.diags, diag.Diagnostic{
				Severity: diag.Error, Code: code, Summary: summary,
				Detail:  fmt.Sprintf("Cannot read %s: %v.", target, err),
				Subject: rng.Ptr(),
			})
			continue
		}
		if sub := l.load(target, incData, stack); sub != nil {
			l.merge(out, sub.tree, sub.spans)
		}
	}
	own := p.tree
	delete(own, "include")
	l.merge(out, own, p.spans)
	return out
}

// includes returns the include list of a parsed file, reporting a malformed one.
func (l *loader) includes(p *parsed) []string {
	v, ok := p.tree["include"]
	if !ok {
		return nil
	}
	bad := func(ptr string) {
		l.diags = append(l.diags, diag.Diagnostic{
			Severity: diag.Error, Code: CodeIncludeType, Summary: "Invalid include",
			Detail:  `The include key takes a list of relative file paths, e.g. include = ["../common/techs.toml"].`,
			Subject: p.spans[ptr].Value.Ptr(),
		})
	}
	arr, ok := v.([]any)
	if !ok {
		bad("/include")
		return nil
	}
	var out []string
	for i, e := range arr {
		s, ok := e.(string)
		if !ok || s == "" {
			bad("/include/" + strconv.Itoa(i))
			s = ""
		}
		out = append(out, s) // keep indices aligned with the pointers
	}
	return out
}

// merge folds src into dst: tables merge key by key, arrays concatenate (so an
// include can contribute [[officers]] and the scenario add more), and any
// other repeated key is a conflict. Spans are re-keyed to the merged pointers.
func (l *loader) merge(dst *merged, src map[string]any, srcSpans map[string]Span) {
	l.mergeMap(dst, dst.tree, src, "", "", srcSpans)
}

func (l *loader) mergeMap(dst *merged, d, s map[string]any, dptr, sptr string, srcSpans map[string]Span) {
	keys := make([]string, 0, len(s))
	for k := range s {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		sv := s[k]
		tok := "/" + EscapeToken(k)
		old, exists := d[k]
		if !exists {
			d[k] = sv
			copySpans(dst.spans, srcSpans, sv, dptr+tok, sptr+tok)
			continue
		}
		switch ov := old.(type) {
		case map[string]any:
			if sm, ok := sv.(map[string]any); ok {
				l.mergeMap(dst, ov, sm, dptr+tok, sptr+tok, srcSpans)
				continue
			}
		case []any:
			if sa, ok := sv.([]any); ok {
				for i, e := range sa {
					j := len(ov) + i
					copySpans(dst.spans, srcSpans, e, dptr+tok+"/"+strconv.Itoa(j), sptr+tok+"/"+strconv.Itoa(i))
				}
				d[k] = append(ov, sa...)
				continue
			}
		}
		first := dst.spans[dptr+tok]
		d := diag.Diagnostic{
			Severity: diag.Error, Code: CodeDuplicateKey, Summary: "Duplicate key",
			Detail: fmt.Sprintf("The key %q is already defined in %s; only tables and lists can be combined across included files.", k, first.Value.File),
		}
		if sp, ok := srcSpans[sptr+tok]; ok {
			d.Subject = sp.Key
			if d.Subject == nil {
				d.Subject = sp.Value.Ptr()
			}
		}
		if first.Key != nil {
			d.Related = []diag.Related{{Message: "first defined here", Range: *first.Key}}
		}
		l.diags = append(l.diags, d)
	}
}

// copySpans copies the spans of value v and everything below it from the
// source file's pointers (sptr) to the merged tree's pointers (dptr).
func copySpans(dst, src map[string]Span, v any, dptr, sptr string) {
	if sp, ok := src[sptr]; ok {
		dst[dptr] = sp
	}
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			tok := "/" + EscapeToken(k)
			copySpans(dst, src, e, dptr+tok, sptr+tok)
		}
	case []any:
		for i, e := range v {
			tok := "/" + strconv.Itoa(i)
			copySpans(dst, src, e, dptr+tok, sptr+tok)
		}
	}
}

// EntityAt returns the pointer of the entity a diagnostic at r is about: the
// top-level key, or the element of a top-level list (/people/0), holding
// the value or key that starts where r starts. ok is false when no value or
// key starts there (such as the start of the file).
func (s *Source) EntityAt(r *diag.Range) (ptr string, ok bool) {
	if r == nil {
		return "", false
	}
	best := ""
	for p, sp := range s.spans {
		at := sp.Value.File == r.File && sp.Value.Start == r.Start
		if sp.Key != nil && sp.Key.File == r.File && sp.Key.Start == r.Start {
			at = true
		}
		// The deepest pointer wins; ties go to the smaller, so the result
		// does not depend on map order.
		if at && (!ok || len(p) > len(best) || len(p) == len(best) && p < best) {
			best, ok = p, true
		}
	}
	if !ok || best == "" {
		return "", false // the document itself
	}
	toks := strings.SplitN(strings.TrimPrefix(best, "/"), "/", 3)
	ent := "/" + toks[0]
	if len(toks) > 1 {
		if _, err := strconv.Atoi(toks[1]); err == nil {
			ent += "/" + toks[1]
		}
	}
	return ent, true
}
