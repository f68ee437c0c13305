package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/schemas"
)

// Locator maps JSON pointers of the validated document to source ranges.
type Locator interface {
	Range(ptr string) *diag.Range
	KeyRange(ptr string) *diag.Range
}

// Set is the schemas of every game. Each is read and compiled when it is
// first used: a check of one scenario needs only its game's two schemas,
// and compiling one (the library validates it against the draft-07
// meta-schema first) costs milliseconds, which a new mapc process would
// otherwise pay for every game.
type Set struct {
	fsys  fs.FS
	names []string // sorted

	mu       sync.Mutex // guards what follows; c is not safe for concurrent use
	c        *jsonschema.Compiler
	compiled map[string]*jsonschema.Schema
	raw      map[string]map[string]any // decoded schema documents, for property lists and descriptions
	failed   map[string]error
}

// Load lists the embedded schemas once per process; later calls return the
// same Set. Remote references are disabled.
var Load = sync.OnceValues(func() (*Set, error) { return compile(schemas.FS) })

// LoadFS lists the *.schema.json files of fsys (a game that carries its
// own schemas).
func LoadFS(fsys fs.FS) (*Set, error) { return compile(fsys) }

const urlPrefix = "sandtable:///"

// compile lists the schemas of fsys; each is read and compiled on first
// use (see schema).
func compile(fsys fs.FS) (*Set, error) {
	names, err := fs.Glob(fsys, "*.schema.json")
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft7
	c.LoadURL = func(url string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("remote schema references are not allowed: %s", url)
	}
	slices.Sort(names)
	return &Set{fsys: fsys, names: names, c: c, compiled: map[string]*jsonschema.Schema{},
		raw: map[string]map[string]any{}, failed: map[string]error{}}, nil
}

// has reports whether name is one of the set's schemas.
func (s *Set) has(name string) bool {
	_, ok := slices.BinarySearch(s.names, name)
	return ok
}

// schema returns the compiled schema name, reading and compiling it on
// first use; ok is false when there is no such schema.
func (s *Set) schema(name string) (sch *jsonschema.Schema, ok bool, err error) {
	if !s.has(name) {
		return nil, false, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, done := s.compiled[name]; done {
		return sch, true, nil
	}
	if err := s.failed[name]; err != nil {
		return nil, true, err
	}
	sch, err = s.compileLocked(name)
	if err != nil {
		err = fmt.Errorf("schema %s: %w", name, err)
		s.failed[name] = err
		return nil, true, err
	}
	s.compiled[name] = sch
	return sch, true, nil
}

// MergedRequired is the keyword of a scenario schema's top level that lists
// the keys a scenario must have once its includes are merged. Editors check
// one file at a time and ignore it, so an entry file whose terrains come
// from an include is valid there; mapc validates the merged document, for
// which the keys are required as if the schema said "required".
const MergedRequired = "x-sandtable-required"

func (s *Set) compileLocked(name string) (*jsonschema.Schema, error) {
	raw, err := s.rawLocked(name)
	if err != nil {
		return nil, err
	}
	data, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		return nil, err
	}
	if keys, ok := raw[MergedRequired]; ok {
		merged := maps.Clone(raw)
		merged["required"] = keys
		if data, err = json.Marshal(merged); err != nil {
			return nil, err
		}
	}
	if err := s.c.AddResource(urlPrefix+name, bytes.NewReader(data)); err != nil {
		return nil, err
	}
	return s.c.Compile(urlPrefix + name)
}

// rawDoc returns the decoded document of schema name (nil when it cannot
// be read).
func (s *Set) rawDoc(name string) map[string]any {
	if !s.has(name) {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	doc, _ := s.rawLocked(name)
	return doc
}

func (s *Set) rawLocked(name string) (map[string]any, error) {
	if doc, ok := s.raw[name]; ok {
		return doc, nil
	}
	data, err := fs.ReadFile(s.fsys, name)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	s.raw[name] = doc
	return doc, nil
}

// Names lists the schema file names, sorted.
func (s *Set) Names() []string { return slices.Clone(s.names) }

// Source returns the embedded text of a schema.
func Source(name string) ([]byte, error) { return fs.ReadFile(schemas.FS, name) }

// ValidateJSON checks the JSON text data against the named schema: it
// decodes the text as encoding/json does into an `any` and validates the
// document as Validate does with a nil Locator. Text that is not JSON gives
// one internal diagnostic.
func (s *Set) ValidateJSON(name string, data []byte) diag.Diagnostics {
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		return diag.Diagnostics{{Severity: diag.Error, Code: CodeInternal, Summary: "Invalid JSON",
			Detail: diag.Sentence(err.Error())}}
	}
	return s.Validate(name, doc, nil)
}

// Validate checks doc (JSON-typed values) against the named schema with
// jsonschema/v5 and maps every error to a diagnostic located by loc. With a
// nil loc (compiled configs have no TOML behind them) the diagnostics carry
// the JSON pointer in their detail instead.
func (s *Set) Validate(name string, doc any, loc Locator) diag.Diagnostics {
	sch, ok, err := s.schema(name)
	if !ok {
		return diag.Diagnostics{{Severity: diag.Error, Code: CodeInternal, Summary: "Unknown schema",
			Detail: fmt.Sprintf("No embedded schema is named %s.", name)}}
	}
	if err != nil {
		return diag.Diagnostics{{Severity: diag.Error, Code: CodeInternal, Summary: "Internal error", Detail: err.Error()}}
	}
	err = sch.Validate(doc)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return diag.Diagnostics{{Severity: diag.Error, Code: CodeInternal, Summary: "Schema validation failed",
			Detail: diag.Sentence(err.Error())}}
	}
	m := mapper{set: s, schema: name, loc: loc, doc: doc}
	for _, leaf := range leaves(ve) {
		m.add(leaf)
	}
	return diag.Normalize(m.out)
}

// leaves returns the innermost errors: the wrappers only say "doesn't validate".
func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// ValueAt resolves a JSON pointer (RFC 6901, with ~0 and ~1 escapes)
// inside a decoded JSON document; it returns nil when the pointer leads
// nowhere.
func ValueAt(doc any, ptr string) any {
	if ptr == "" {
		return doc
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch v := doc.(type) {
		case map[string]any:
			doc = v[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	return doc
}
