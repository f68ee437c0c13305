package source

import (
	"bytes"
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
	// Empty means the entry file's directory, or the nearest directory
	// above it that holds RootMarker.
	Root string
	// Limits bound the size and shape of every file read; zero fields
	// take DefaultLimits.
	Limits Limits
	// Overlay, if not nil, supplies the content of files an editor holds
	// unsaved (mapc lsp): it is asked for the absolute path of every
	// scenario file (the entry, includes, scripts) that passed the
	// confinement checks, and what it returns replaces the file on disk.
	// The file must exist on disk; the size limit applies to the overlay.
	Overlay func(abs string) ([]byte, bool)
}

// Source is a loaded scenario: the merged value tree of the entry file and
// its includes, with positions.
type Source struct {
	Entry string         // display name of the entry file
	Root  map[string]any // merged tree with JSON-typed values
	files map[string]*parsed
	order []string          // file names in load order
	raw   map[string][]byte // other files read through Read (scripts), for excerpts
	spans map[string]span
	opts  Options
	root  *root  // found on the first read (most files include nothing)
	dir   string // the directory the root is found from
}

// Files returns the names of every loaded file, in load order.
func (s *Source) Files() []string { return slices.Clone(s.order) }

// Content returns the text of a loaded file (for source excerpts in
// diagnostics). The bytes may be shared with other loads (builtin files are
// parsed once per process) and must not be modified.
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
	if !ok {
		return Span{}, false
	}
	return sp.public(), true
}

// Range returns the range of the value at ptr, or of its closest ancestor
// that has a position, so a diagnostic always points somewhere useful.
func (s *Source) Range(ptr string) *diag.Range {
	for {
		if sp, ok := s.spans[ptr]; ok {
			return sp.value().Ptr()
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
	if sp, ok := s.spans[ptr]; ok && sp.ks >= 0 {
		return sp.key()
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
// A leading byte order mark is dropped: Lua does not accept one, and
// positions do not count it.
func (s *Source) Read(name string) ([]byte, error) {
	if b, ok := s.raw[name]; ok {
		return b, nil
	}
	b, err := s.read(name)
	b = bytes.TrimPrefix(b, bom)
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
	if s.root == nil {
		find := findRoot
		if s.opts.Root != "" {
			find = findRootAt // exactly the tree asked for
		}
		r, err := find(s.dir)
		if err != nil || !filepath.IsAbs(r.lexical) {
			r = root{lexical: "/nonexistent-root", real: "/nonexistent-root"} // Abs failed: read nothing
		}
		s.root = &r
	}
	real, err := s.root.confine(name)
	if err != nil {
		return nil, err
	}
	if b, ok := s.opts.overlay(name); ok {
		return b, sizeOK(b, s.opts.Limits.withDefaults().MaxFileSize)
	}
	return ReadRegular(real, s.opts.Limits.withDefaults().MaxFileSize)
}

// overlay returns the editor's content of the file name, if any.
func (o Options) overlay(name string) ([]byte, bool) {
	if o.Overlay == nil {
		return nil, false
	}
	abs, err := filepath.Abs(name)
	if err != nil {
		return nil, false
	}
	return o.Overlay(abs)
}

// sizeOK refuses an overlay's content larger than limit bytes, as
// ReadRegular refuses such a file.
func sizeOK(b []byte, limit int64) error {
	if int64(len(b)) > limit {
		return &ReadError{CodeTooLarge, fmt.Errorf("it has %d bytes, more than the limit of %d", len(b), limit)}
	}
	return nil
}

// newSource prepares a Source whose entry file is entry, confined to
// opts.Root or the root found from the entry's directory.
func newSource(entry string, opts Options) *Source {
	s := &Source{Entry: entry, files: map[string]*parsed{}, spans: map[string]span{}, opts: opts}
	dir := opts.Root
	if dir == "" {
		dir = filepath.Dir(entry)
	}
	// Made absolute now: the root is found on the first read, after which
	// the working directory may have changed.
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	s.dir = dir
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
	data, err := readEntry(entry, opts)
	if err != nil {
		code, summary := CodeNoScenario, "Scenario not found"
		switch ErrorCode(err) {
		case CodeIncludeOutside:
			code, summary = CodeIncludeOutside, "Scenario file outside its directory"
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

// readEntry reads a scenario's entry file: a regular file within the size
// limit that is really in its directory (a scenario.toml that is a symbolic
// link to a file elsewhere is refused, so its content is never shown).
func readEntry(entry string, opts Options) ([]byte, error) {
	limit := opts.Limits.withDefaults().MaxFileSize
	r, err := findRootAt(filepath.Dir(entry))
	if err != nil {
		return nil, &ReadError{CodeIncludeRead, unwrapPathError(err)}
	}
	real, err := r.confine(entry)
	if err != nil {
		return nil, err
	}
	if b, ok := opts.overlay(entry); ok {
		if err := sizeOK(b, limit); err != nil {
			return nil, err
		}
		return b, nil
	}
	return ReadRegular(real, limit)
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
	spans map[string]span
}

// load parses name and merges its includes before its own content. stack
// holds the files being loaded, for cycle detection. A file that was already
// loaded through another include path is not merged twice.
func (l *loader) load(name string, data []byte, stack []string) *merged {
	var p *parsed
	if strings.HasPrefix(name, BuiltinPrefix) {
		p = parseBuiltin(name, data, l.s.opts.Limits.withDefaults())
	} else {
		p = parseFile(name, data, l.s.opts.Limits.withDefaults())
	}
	l.s.files[name] = p
	l.s.order = append(l.s.order, name)
	l.diags = append(l.diags, p.diags...)
	if p.tree == nil {
		return nil
	}
	out := &merged{tree: map[string]any{}, spans: map[string]span{"": p.spans[""]}}
	stack = append(stack, name)
	for i, inc := range l.includes(p) {
		if inc == "" {
			continue // reported by includes
		}
		ptr := "/include/" + strconv.Itoa(i)
		rng := p.spans[ptr].value()
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
			l.mergeOwned(out, sub.tree, sub.spans)
		}
	}
	own := p.tree
	if inc, ok := own["include"]; ok {
		dropSpans(p.spans, inc, "/include")
		delete(own, "include")
	}
	l.mergeOwned(out, own, p.spans)
	return out
}

// mergeOwned is merge for a source whose span map is no longer needed on
// its own. When the source only adds keys and tables (no list to
// concatenate, no conflict) and holds more spans than dst, its map becomes
// the merged one and dst's few spans are added to it, instead of copying
// every span of the larger file (the entry file is usually the larger).
func (l *loader) mergeOwned(dst *merged, src map[string]any, srcSpans map[string]span) {
	if !adoptSpans || len(srcSpans) < len(dst.spans) || !addsOnly(dst.tree, src) {
		l.merge(dst, src, srcSpans)
		return
	}
	for ptr, sp := range dst.spans {
		srcSpans[ptr] = sp // dst's spans win where both have one (tables, the root)
	}
	adopt(dst.tree, src)
	dst.spans = srcSpans
}

// adoptSpans enables mergeOwned's shortcut; tests turn it off to compare.
var adoptSpans = true

// addsOnly reports whether merging s into d only adds keys or merges
// tables, so every value of s keeps its pointer.
func addsOnly(d, s map[string]any) bool {
	for k, sv := range s {
		dv, ok := d[k]
		if !ok {
			continue
		}
		dm, ok1 := dv.(map[string]any)
		sm, ok2 := sv.(map[string]any)
		if !ok1 || !ok2 || !addsOnly(dm, sm) {
			return false
		}
	}
	return true
}

// adopt merges s into d when addsOnly(d, s).
func adopt(d, s map[string]any) {
	for k, sv := range s {
		if dm, ok := d[k].(map[string]any); ok {
			adopt(dm, sv.(map[string]any))
			continue
		}
		d[k] = sv
	}
}

// dropSpans deletes the spans of v and everything below it.
func dropSpans(spans map[string]span, v any, ptr string) {
	delete(spans, ptr)
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			dropSpans(spans, e, ptr+"/"+EscapeToken(k))
		}
	case []any:
		for i, e := range v {
			dropSpans(spans, e, ptr+"/"+strconv.Itoa(i))
		}
	}
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
			Subject: p.spans[ptr].value().Ptr(),
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
func (l *loader) merge(dst *merged, src map[string]any, srcSpans map[string]span) {
	l.mergeMap(dst, dst.tree, src, "", "", srcSpans)
}

func (l *loader) mergeMap(dst *merged, d, s map[string]any, dptr, sptr string, srcSpans map[string]span) {
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
			Detail: fmt.Sprintf("The key %q is already defined in %s; only tables and lists can be combined across included files.", k, first.value().File),
		}
		if sp, ok := srcSpans[sptr+tok]; ok {
			d.Subject = sp.key()
			if d.Subject == nil {
				d.Subject = sp.value().Ptr()
			}
		}
		if k := first.key(); k != nil {
			d.Related = []diag.Related{{Message: "first defined here", Range: *k}}
		}
		l.diags = append(l.diags, d)
	}
}

// copySpans copies the spans of value v and everything below it from the
// source file's pointers (sptr) to the merged tree's pointers (dptr).
func copySpans(dst, src map[string]span, v any, dptr, sptr string) {
	if sp, ok := src[sptr]; ok {
		dst[dptr] = sp
	}
	same := dptr == sptr // the common case: build each pointer once
	child := func(tok string) (string, string) {
		d := dptr + tok
		if same {
			return d, d
		}
		return d, sptr + tok
	}
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			d, s := child("/" + EscapeToken(k))
			copySpans(dst, src, e, d, s)
		}
	case []any:
		for i, e := range v {
			d, s := child("/" + strconv.Itoa(i))
			copySpans(dst, src, e, d, s)
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
		if sp.file == nil || sp.file.name != r.File {
			continue
		}
		at := sp.value().Start == r.Start
		if k := sp.key(); k != nil && k.Start == r.Start {
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
