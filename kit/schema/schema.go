package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
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

// Set is the compiled schemas of every game.
type Set struct {
	compiled map[string]*jsonschema.Schema
	quick    map[string]*node          // the quick check of each schema, nil where it has none
	raw      map[string]map[string]any // decoded schema documents, for property lists and descriptions
}

// Load compiles every embedded schema once per process; later calls return
// the same Set. Remote references are disabled.
var Load = sync.OnceValues(func() (*Set, error) { return compile(schemas.FS) })

// LoadFS compiles the *.schema.json files of fsys (a game that carries its
// own schemas).
func LoadFS(fsys fs.FS) (*Set, error) { return compile(fsys) }

const urlPrefix = "sandtable:///"

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
	s := &Set{compiled: map[string]*jsonschema.Schema{}, quick: map[string]*node{}, raw: map[string]map[string]any{}}
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, err
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		s.raw[name] = doc
		if err := c.AddResource(urlPrefix+name, bytes.NewReader(data)); err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
	}
	for _, name := range names {
		sch, err := c.Compile(urlPrefix + name)
		if err != nil {
			return nil, fmt.Errorf("schema %s: %w", name, err)
		}
		s.compiled[name] = sch
		s.quick[name] = buildQuick(sch)
	}
	return s, nil
}

// Names lists the schema file names, sorted.
func (s *Set) Names() []string {
	out := make([]string, 0, len(s.compiled))
	for n := range s.compiled {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Source returns the embedded text of a schema.
func Source(name string) ([]byte, error) { return fs.ReadFile(schemas.FS, name) }

// Validate checks doc (JSON-typed values) against the named schema and maps
// every error to a diagnostic located by loc. With a nil loc (compiled
// configs have no TOML behind them) the diagnostics carry the JSON pointer in
// their detail instead.
func (s *Set) Validate(name string, doc any, loc Locator) diag.Diagnostics {
	sch, ok := s.compiled[name]
	if !ok {
		return diag.Diagnostics{{Severity: diag.Error, Code: CodeInternal, Summary: "Unknown schema",
			Detail: fmt.Sprintf("No embedded schema is named %s.", name)}}
	}
	// A document the quick check accepts is valid (see quick.go); any
	// other goes through the library, which finds and words the errors.
	if q := s.quick[name]; q != nil && q.check(doc, 0) == valid {
		return nil
	}
	err := sch.Validate(doc)
	if err == nil {
		return nil
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return diag.Diagnostics{{Severity: diag.Error, Code: CodeInternal, Summary: "Schema validation failed",
			Detail: sentence(err.Error())}}
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

// at resolves a JSON pointer inside a decoded schema document.
func at(doc any, ptr string) any {
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

func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
