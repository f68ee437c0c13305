package build

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/internal/par"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/schema"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// Game is what the pipeline needs from one game's kit package.
type Game interface {
	// Name is the game id ("mbg"), also the prefix of its schema files.
	Name() string
	// Compile resolves and lints a loaded source. It returns the engine
	// config (nil when it cannot be built) and every diagnostic.
	Compile(src *source.Source, opts Options) (config any, ds diag.Diagnostics)
	// Catalogue documents the game's diagnostic codes.
	Catalogue() diag.Catalogue
	// Kinds are the game's hook kinds (declared by its engine), in
	// documentation order: what scripts of the game may implement, what
	// mapc stubs and docs/lua-api.md describe.
	Kinds() []*plugin.Kind
}

// Importer is implemented by games whose legacy files mapc import reads.
type Importer interface {
	// ImportArgs describes the files the importer takes, for usage
	// messages (e.g. "RULES.tech LEVEL.map [INTRO]"); min and max bound
	// their number. Files past the first min are optional: one that cannot
	// be read is passed with Data nil and Err set.
	ImportArgs() (usage string, min, max int)
	// Import converts the files into a scenario directory: file contents
	// by slash-separated path relative to it (nil when there are errors).
	Import(files []ImportFile, opts ImportOptions) (map[string][]byte, diag.Diagnostics)
}

// ImportFile is one input of an Importer.
type ImportFile struct {
	Name string
	Data []byte
	Err  error // why an optional file could not be read
}

// ImportOptions tune an import.
type ImportOptions struct {
	// Name is the scenario's name; empty means the legacy file's.
	Name string
	// SchemaPath is what the #:schema line of the written scenario.toml
	// points at.
	SchemaPath string
}

// Options tune a run.
type Options struct {
	// Enabled selects lint rules by name; nil enables all.
	Enabled func(rule string) bool
	// Limits bound every file read (mapc --limits); zero fields take
	// source.DefaultLimits.
	Limits source.Limits
	// Strict also reports lint:ignore comments that suppress nothing.
	Strict bool
	// Overlay serves the unsaved text of files open in an editor (mapc
	// lsp); see source.Options.Overlay.
	Overlay func(abs string) ([]byte, bool)
}

// Result is the outcome of compiling one scenario, or of loading a
// compiled config.
type Result struct {
	Game string
	Name string // scenario name (config file stem)
	// Config is the config's JSON text: the file LoadConfig read, or what
	// Encode made of Value. A compile leaves it nil until Encode.
	Config []byte
	Value  any // the config (the game's config type), nil when there are errors
	Diags  diag.Diagnostics
	Source *source.Source // nil when the entry file could not be read

	schemas *schema.Set // the game's schemas, for Encode
}

// Sources returns the loaded file contents for diagnostic excerpts.
func (r *Result) Sources() diag.Sources {
	return func(file string) ([]byte, bool) {
		if r.Source != nil {
			if b, ok := r.Source.Content(file); ok {
				return b, true
			}
		}
		b, err := source.ReadRegular(file, source.DefaultLimits.MaxFileSize)
		return b, err == nil
	}
}

// Diagnostic codes of the pipeline.
const (
	CodeUnknownGame = "unknown-game"
	CodeWrite       = "write-failed"
	CodeOutputClash = "output-clash"
)

var schemaLine = regexp.MustCompile(`(?m)^#:schema\s+(\S+)`)

// DetectGame names the game of a scenario from its `#:schema` line
// (".../mbg.scenario.schema.json" → "mbg"); "" when there is none.
func DetectGame(entry []byte) string {
	m := schemaLine.FindSubmatch(entry)
	if m == nil {
		return ""
	}
	base := filepath.Base(string(m[1]))
	if g, ok := strings.CutSuffix(base, ".scenario.schema.json"); ok {
		return g
	}
	return ""
}

// Content is implemented by games that carry their JSON Schemas and
// builtin files themselves (a game defined outside this module, or in a
// test); Sandtable's own games keep theirs in schemas/ and scripts/.
type Content interface {
	// SchemaFS holds <game>.scenario.schema.json and
	// <game>.config.schema.json.
	SchemaFS() fs.FS
	// BuiltinFS holds the game's builtin: files, under <game>/.
	BuiltinFS() fs.FS
}

// Compiler holds the registered games.
type Compiler struct {
	games   []Game
	Default string // game assumed when a scenario has no #:schema line
	builtin fs.FS
}

// NewCompiler returns a compiler for the given games; the first is the default.
func NewCompiler(games ...Game) *Compiler {
	c := &Compiler{games: games, builtin: scripts.FS}
	if len(games) > 0 {
		c.Default = games[0].Name()
	}
	var extra overlay
	for _, g := range games {
		if ct, ok := g.(Content); ok {
			extra = append(extra, ct.BuiltinFS())
		}
	}
	if len(extra) > 0 {
		c.builtin = append(overlay{scripts.FS}, extra...)
	}
	return c
}

// overlay serves each file from the first of its file systems that has it.
type overlay []fs.FS

func (o overlay) Open(name string) (fs.File, error) {
	for _, f := range o[:len(o)-1] {
		if file, err := f.Open(name); err == nil {
			return file, nil
		}
	}
	return o[len(o)-1].Open(name)
}

// schemas returns the schema set that validates g's scenarios and configs.
func schemas(g Game) (*schema.Set, error) {
	if ct, ok := g.(Content); ok {
		return schema.LoadFS(ct.SchemaFS())
	}
	return schema.Load()
}

// Game returns the registered game named name.
func (c *Compiler) Game(name string) (Game, bool) {
	for _, g := range c.games {
		if g.Name() == name {
			return g, true
		}
	}
	return nil, false
}

// Games lists the registered games.
func (c *Compiler) Games() []Game { return c.games }

// Catalogue merges the codes of the pipeline, the source and schema layers
// and every game.
func (c *Compiler) Catalogue() diag.Catalogue {
	cats := []diag.Catalogue{CoreCatalogue()}
	for _, g := range c.games {
		cats = append(cats, g.Catalogue())
	}
	cat, err := diag.MergeCatalogues(cats...)
	if err != nil {
		panic(err) // a programming error, caught by TestCatalogue
	}
	return cat
}

// Compile runs the pipeline on the scenario at path (a directory or a TOML
// file) without writing anything.
func (c *Compiler) Compile(path string, opts Options) *Result {
	res := &Result{}
	src, ds := source.Load(path, source.Options{Builtin: c.builtin, Limits: opts.Limits, Overlay: opts.Overlay})
	res.Source = src
	res.Diags = append(res.Diags, ds...)
	if src == nil {
		return res
	}
	entry, _ := src.Content(src.Entry)
	name := DetectGame(entry)
	if name == "" {
		var d diag.Diagnostic
		name, d = c.guessGame(src)
		res.Diags = append(res.Diags, d)
		if name == "" {
			return res
		}
	}
	g, ok := c.Game(name)
	if !ok {
		res.Diags = append(res.Diags, diag.Diagnostic{
			Severity: diag.Error, Code: CodeUnknownGame, Summary: "Unknown game",
			Detail:  fmt.Sprintf("The #:schema line names the game %q, which mapc does not know.", name),
			Subject: &diag.Range{File: src.Entry, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}},
		})
		return res
	}
	res.Game = name
	set, err := schemas(g)
	if err != nil {
		res.Diags = append(res.Diags, internal(err))
		return res
	}
	// The schema check and the game's compile both only read src, and
	// neither needs the other's diagnostics until both are done.
	var sds diag.Diagnostics
	waitSchema := par.Beside(func() { sds = set.Validate(name+".scenario.schema.json", src.Root, src) })
	cfg, gds := g.Compile(src, opts)
	rethrow(waitSchema())
	if sds.HasErrors() {
		// A scenario of one game with another's #:schema line fails that
		// game's schema everywhere: say so once instead.
		if d, ok := c.wrongGame(src, name); ok {
			res.Diags = append(res.Diags, d)
			return res
		}
	}
	res.Diags = append(res.Diags, sds...)
	if sds.HasErrors() {
		gds = dropDespiteErrors(src, name, sds, gds)
	}
	res.Diags = append(res.Diags, gds...)
	ignores := c.checkIgnores(src, res.Diags, opts.Strict)
	res.Diags = append(diag.FilterIgnored(res.Diags, res.Sources()), ignores...)
	if s, ok := src.Root["scenario"].(map[string]any); ok {
		res.Name, _ = s["name"].(string)
	}
	if res.Diags.HasErrors() || cfg == nil {
		return res
	}
	res.Value, res.schemas = cfg, set
	return res
}

// Encode sets r.Config to the JSON of r.Value as mapc build writes it
// (Marshal), once that text passes the game's config schema: a config is
// validated when it is written, as it is when it is loaded (LoadConfig).
// The schema's findings are a bug of the game's compile (config-invalid)
// and leave Config nil. A result that has its Config (a loaded config), or
// no Value, gives nothing.
func (r *Result) Encode() diag.Diagnostics {
	if r.Config != nil || r.Value == nil {
		return nil
	}
	if r.schemas == nil {
		return diag.Diagnostics{internal(fmt.Errorf("the %s config was not compiled here and cannot be validated", r.Game))}
	}
	out, err := Marshal(r.Value)
	if err != nil {
		return diag.Diagnostics{internal(err)}
	}
	if ds := r.schemas.ValidateJSON(r.Game+".config.schema.json", out); len(ds) > 0 {
		return ds
	}
	r.Config = out
	return nil
}

// rethrow raises again, in the caller's goroutine, a panic that par.Beside
// handed back.
func rethrow(p any) {
	if p != nil {
		panic(p)
	}
}

// Inspector is implemented by games that can describe the values they
// derive from a compiled config (for mapc inspect).
type Inspector interface {
	Inspect(config any) (any, error)
}

// Marshal encodes a config deterministically: struct fields in declaration
// order, map keys sorted (encoding/json), two-space indentation, a final newline.
func Marshal(cfg any) ([]byte, error) {
	e := encoders.Get().(*encoder)
	e.buf.Reset()
	if err := e.enc.Encode(cfg); err != nil {
		return nil, err
	}
	out := indent(make([]byte, 0, 2*e.buf.Len()), e.buf.Bytes())
	if e.buf.Cap() <= maxPooledConfig {
		encoders.Put(e)
	}
	return out, nil
}

// encoder is Marshal's encoder with its buffer, kept in encoders for reuse
// so that every compile does not grow it anew.
type encoder struct {
	buf bytes.Buffer
	enc *json.Encoder
}

var encoders = sync.Pool{New: func() any {
	e := &encoder{}
	e.enc = json.NewEncoder(&e.buf)
	e.enc.SetEscapeHTML(false)
	return e
}}

// indent appends compact JSON (encoding/json's output and its final
// newline) to dst indented as json.Indent(dst, src, "", "  ") would: one
// element or member per line, two spaces a level, empty arrays and objects
// kept as [] and {}. It is one pass without json.Indent's validating
// scanner, which took half the time of Marshal.
func indent(dst, src []byte) []byte {
	depth := 0
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case '"':
			j := i + 1
			for ; j < len(src) && src[j] != '"'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
			dst = append(dst, src[i:j+1]...)
			i = j
		case '{', '[':
			if i+1 < len(src) && (src[i+1] == '}' || src[i+1] == ']') {
				dst = append(dst, c, src[i+1])
				i++
				continue
			}
			dst = append(dst, c)
			depth++
			newline()
		case '}', ']':
			depth--
			newline()
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// maxPooledConfig is the largest output whose encoder is kept for reuse.
const maxPooledConfig = 4 << 20

func internal(err error) diag.Diagnostic {
	return diag.Diagnostic{Severity: diag.Error, Code: schema.CodeInternal, Summary: "Internal error", Detail: err.Error()}
}

// WriteAtomic writes data to path through a temporary file in the same
// directory and a rename, so readers never see a half-written file and a
// failed write leaves any previous file untouched.
//
// Temporary files an interrupted earlier write of path left are removed.
func WriteAtomic(path string, data []byte) error {
	removeStaleTemps(path)
	tmp, err := writeTemp(path, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// FindScenarios lists the scenario directories below root (directories that
// contain scenario.toml), in lexical order.
//
// root may be a symbolic link to a directory (mapc check LINK); the paths
// returned are below root as given. Links below root are not followed.
func FindScenarios(root string) ([]string, error) {
	walk := root
	if st, err := os.Lstat(root); err == nil && st.Mode()&os.ModeSymlink != 0 {
		real, err := filepath.EvalSymlinks(root)
		if err != nil {
			return nil, err
		}
		walk = real
	}
	var out []string
	err := filepath.WalkDir(walk, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == source.EntryFile {
			rel, err := filepath.Rel(walk, filepath.Dir(p))
			if err != nil {
				return err
			}
			out = append(out, filepath.Join(root, rel))
		}
		return nil
	})
	return out, err
}

// Open compiles the scenario at path, or loads it when path is a compiled
// config (a .json file): what a command taking SCENARIO|CONFIG.json does.
func (c *Compiler) Open(path string) *Result {
	if strings.HasSuffix(path, ".json") {
		return c.LoadConfig(path)
	}
	return c.Compile(path, Options{})
}

// LoadConfig reads a compiled config file (mapc build's output): it finds
// the game from the config's "game" key, validates the file against the
// game's config schema and decodes it with the game's Simulator. Problems
// come back as diagnostics naming the file; Value is nil when there are
// errors.
func (c *Compiler) LoadConfig(path string) *Result {
	res := &Result{Name: strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))}
	at := diag.Pos{Line: 1, Column: 1}
	fail := func(code, summary, detail string) *Result {
		res.Diags = append(res.Diags, diag.Diagnostic{Severity: diag.Error, Code: code, Summary: summary,
			Detail: detail, Subject: &diag.Range{File: path, Start: at, End: at}})
		return res
	}
	recoverFor(path)
	data, err := source.ReadRegular(path, source.DefaultLimits.MaxFileSize)
	if err != nil {
		return fail(schema.CodeConfigInvalid, "Cannot read config", fmt.Sprintf("Reading the config failed: %v.", err))
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			at = posAt(data, int(se.Offset))
		}
		return fail(schema.CodeConfigInvalid, "Config is not JSON", fmt.Sprintf("The file is not a JSON config: %v.", err))
	}
	obj, _ := doc.(map[string]any)
	name, _ := obj["game"].(string)
	g, ok := c.Game(name)
	if !ok {
		return fail(CodeUnknownGame, "Unknown game", fmt.Sprintf("The config's \"game\" is %q, which is not a game this tool knows.", name))
	}
	res.Game = name
	set, err := schemas(g)
	if err != nil {
		res.Diags = append(res.Diags, internal(err))
		return res
	}
	if cds := set.Validate(name+".config.schema.json", doc, nil); len(cds) > 0 {
		for i := range cds {
			if cds[i].Subject == nil {
				cds[i].Subject = &diag.Range{File: path, Start: at, End: at}
			}
		}
		res.Diags = append(res.Diags, cds...)
		return res
	}
	s, ok := g.(sim.Simulator)
	if !ok {
		return fail(CodeUnknownGame, "Game cannot load configs", fmt.Sprintf("The %s engine cannot load compiled configs yet.", name))
	}
	v, err := s.DecodeConfig(data)
	if err != nil {
		return fail(schema.CodeConfigInvalid, "Config does not decode", fmt.Sprintf("The config does not decode: %v.", err))
	}
	// The engine checks what the schema cannot (cross-references); a config
	// edited by hand is the user's input, so its refusal is a diagnostic at
	// the value it names.
	if _, _, err := s.Sim(v, nil); err != nil {
		res.Diags = append(res.Diags, configErrorDiags(path, data, doc, err)...)
		return res
	}
	res.Config, res.Value = data, v
	return res
}

// posAt returns the line and column (in runes) of byte offset off in data.
func posAt(data []byte, off int) diag.Pos {
	off = max(0, min(off, len(data)))
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return diag.Pos{Line: line, Column: 1 + utf8.RuneCount(data[start:off]), Byte: off}
}

// RangeInspector is implemented by grid games whose engine can list where
// each unit may move and what it may target (mapc inspect --ranges).
type RangeInspector interface {
	InspectRanges(config any) (any, error)
}

// Names maps the ids of one kind of source entity (officers, techs,
// terrains …) to the index of their first declaration.
type Names struct {
	index map[string]int
	order []string
}

// NewNames indexes list by name; empty names are skipped and a repeated
// name keeps its first index (the duplicate-id rules report the rest).
func NewNames[T any](list []T, name func(T) string) Names {
	n := Names{index: map[string]int{}}
	for i, e := range list {
		id := name(e)
		if id == "" {
			continue
		}
		if _, dup := n.index[id]; !dup {
			n.index[id] = i
			n.order = append(n.order, id)
		}
	}
	return n
}

// Lookup returns the index of id, or -1.
func (n Names) Lookup(id string) int {
	if i, ok := n.index[id]; ok {
		return i
	}
	return -1
}

// List returns the ids in declaration order (for suggestions).
func (n Names) List() []string { return n.order }

// CodeNoSchemaLine: the scenario lacks its #:schema line.
const CodeNoSchemaLine = "schema-line-missing"

// CodeWrongGame: the #:schema line names another game than the content's.
const CodeWrongGame = "schema-line-game"

// includedGames lists the games whose builtin: files the scenario includes,
// in the order of the files.
func (c *Compiler) includedGames(src *source.Source) []string {
	var out []string
	for _, f := range src.Files() { // the entry and what it included
		if rest, ok := strings.CutPrefix(f, source.BuiltinPrefix); ok {
			g, _, _ := strings.Cut(rest, "/")
			if _, known := c.Game(g); known && !slices.Contains(out, g) {
				out = append(out, g)
			}
		}
	}
	return out
}

// fitting returns the one game whose scenario schema the document passes
// without an error, or "" when none or several do.
func (c *Compiler) fitting(src *source.Source) string {
	found := ""
	for _, g := range c.games {
		set, err := schemas(g)
		if err != nil || set.Validate(g.Name()+".scenario.schema.json", src.Root, src).HasErrors() {
			continue
		}
		if found != "" {
			return ""
		}
		found = g.Name()
	}
	return found
}

// wrongGame is called when a scenario fails the schema of the game its
// #:schema line names: when its builtin includes all belong to one other
// game, or only another game's schema accepts it, the line is the mistake,
// and that is the one error to report.
func (c *Compiler) wrongGame(src *source.Source, named string) (diag.Diagnostic, bool) {
	other, why := "", ""
	if inc := c.includedGames(src); len(inc) == 1 && inc[0] != named {
		other, why = inc[0], "it includes builtin:"+inc[0]+"/ files"
	} else if len(inc) == 0 {
		if f := c.fitting(src); f != "" && f != named {
			other, why = f, "its keys fit the "+f+" scenario format and not the "+named+" one"
		}
	}
	if other == "" {
		return diag.Diagnostic{}, false
	}
	entry, _ := src.Content(src.Entry)
	line := strings.TrimRight(string(schemaLine.Find(entry)), "\r")
	fixed := strings.Replace(line, named+".scenario.schema.json", other+".scenario.schema.json", 1)
	at := &diag.Range{File: src.Entry, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1 + len([]rune(line))}}
	return diag.Diagnostic{Severity: diag.Error, Code: CodeWrongGame, Summary: "The #:schema line names another game",
		Detail: fmt.Sprintf("The #:schema line names %s, but this looks like a scenario of %s: %s. Nothing else was checked; change the line to %q.",
			named, other, why, fixed),
		Subject: at, Suggestions: []string{fixed}}, true
}

// guessGame finds the game of a scenario without a #:schema line: the one
// its builtin: includes name, else the one whose scenario schema its keys
// fit best. It returns "" and an error when the scenario fits several games
// (or none) equally, and the game with a warning saying how it was found.
func (c *Compiler) guessGame(src *source.Source) (string, diag.Diagnostic) {
	at := &diag.Range{File: src.Entry, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}
	var names []string
	for _, g := range c.games {
		names = append(names, g.Name())
	}
	line := func(game string) string { return "#:schema <path to schemas>/" + game + ".scenario.schema.json" }
	byInclude := c.includedGames(src)
	if len(byInclude) == 1 {
		return byInclude[0], diag.Diagnostic{Severity: diag.Warning, Code: CodeNoSchemaLine, Summary: "No #:schema line",
			Detail: fmt.Sprintf("The scenario has no #:schema line; it is taken for %s because it includes builtin:%s/ files. "+
				"Add the line %q first, so that every tool and editor knows the game.", byInclude[0], byInclude[0], line(byInclude[0])), Subject: at}
	}
	// The keys: the game whose scenario schema reports the fewest errors.
	best, bestN, tie := "", -1, false
	for _, g := range c.games {
		set, err := schemas(g)
		if err != nil {
			continue
		}
		n := 0
		for _, d := range set.Validate(g.Name()+".scenario.schema.json", src.Root, src) {
			if d.Severity == diag.Error {
				n++
			}
		}
		switch {
		case bestN < 0 || n < bestN:
			best, bestN, tie = g.Name(), n, false
		case n == bestN:
			tie = true
		}
	}
	if best != "" && !tie && bestN == 0 {
		return best, diag.Diagnostic{Severity: diag.Warning, Code: CodeNoSchemaLine, Summary: "No #:schema line",
			Detail: fmt.Sprintf("The scenario has no #:schema line; it is taken for %s, the only game whose scenario format its keys fit. "+
				"Add the line %q first, so that every tool and editor knows the game.", best, line(best)), Subject: at}
	}
	could := names
	if len(byInclude) > 1 {
		could = byInclude
	}
	return "", diag.Diagnostic{Severity: diag.Error, Code: CodeNoSchemaLine, Summary: "No #:schema line",
		Detail: fmt.Sprintf("The scenario has no #:schema line naming its game, and its includes and keys do not settle it: it could be %s. "+
			"Add the line, e.g. %q, as the first line.", strings.Join(could, " or "), line(could[0])), Subject: at}
}

// dropDespiteErrors keeps one mistake one error: the game's rules read
// values the schema rejected (a string where a number goes reads as 0), so
// their findings about an entity the schema already faulted (a person, a
// city, the [scenario] table) are left out until the schema errors are
// fixed, and all of them when the schema faults the document as a whole (a
// required top-level key missing). Findings of other layers (scripts) and
// about sound entities still report.
//
// A finding elsewhere that points at the value of a misspelt key is left
// out too: with a city's name key misspelt, the board squares naming the
// city, and with a terrain's glyph key misspelt, the map cells drawn with
// that glyph, are consequences of the one mistake. So is everything when
// the include key is misspelt, since the included files are then missing.
// The rules' warnings wait for the schema errors to be fixed: they weigh
// values, and a value the schema rejected reads as zero (a starting purse
// of 0 makes every skill look too dear).
func dropDespiteErrors(src *source.Source, game string, sds, gds diag.Diagnostics) diag.Diagnostics {
	all := func() diag.Diagnostics {
		return slices.DeleteFunc(gds, func(d diag.Diagnostic) bool { return strings.HasPrefix(d.Code, game+"-") })
	}
	faulted := map[string]bool{}
	spelt := map[string]bool{}
	for _, d := range sds {
		if d.Severity != diag.Error {
			continue
		}
		if d.Code == schema.CodeUnknownKey && slices.Contains(d.Suggestions, "include") {
			return all()
		}
		ent, ok := src.EntityAt(d.Subject)
		if !ok {
			return all()
		}
		faulted[ent] = true
		if d.Code != schema.CodeUnknownKey {
			continue
		}
		// The value under a misspelt key is what the entity meant to
		// define (a name, a glyph).
		if obj, ok := schema.ValueAt(src.Root, ent).(map[string]any); ok {
			if s, ok := obj[subjectText(src, d.Subject)].(string); ok && s != "" {
				spelt[s] = true
			}
		}
	}
	return slices.DeleteFunc(gds, func(d diag.Diagnostic) bool {
		if !strings.HasPrefix(d.Code, game+"-") {
			return false
		}
		if d.Severity != diag.Error || spelt[subjectText(src, d.Subject)] {
			return true
		}
		ent, ok := src.EntityAt(d.Subject)
		return ok && faulted[ent]
	})
}

// subjectText returns the text a diagnostic points at, without the quotes
// of a string, or "" when it has no subject in a loaded file.
func subjectText(src *source.Source, r *diag.Range) string {
	if r == nil {
		return ""
	}
	data, ok := src.Content(r.File)
	if !ok || r.Start.Byte < 0 || r.End.Byte > len(data) || r.Start.Byte >= r.End.Byte {
		return ""
	}
	text := string(data[r.Start.Byte:r.End.Byte])
	if u, err := strconv.Unquote(text); err == nil {
		return u
	}
	return text
}

// Codes of the lint:ignore checks.
const (
	// CodeIgnoreUnknown: a lint:ignore comment names a code no check has.
	CodeIgnoreUnknown = "lint-ignore-unknown"
	// CodeIgnoreUnused: a lint:ignore comment suppresses nothing (--strict).
	CodeIgnoreUnused = "lint-ignore-unused"
)

// checkIgnores checks the lint:ignore comments of the scenario's TOML files
// against the catalogue (a code no check has is a warning, with a
// did-you-mean) and, when strict, against ds (a comment that suppresses
// nothing on its next line is a warning).
func (c *Compiler) checkIgnores(src *source.Source, ds diag.Diagnostics, strict bool) diag.Diagnostics {
	// The catalogue is merged only for a scenario that has such comments.
	var cat diag.Catalogue
	var known []string
	catalogue := func() {
		if known != nil {
			return
		}
		cat = c.Catalogue()
		known = []string{}
		for _, info := range cat.Infos() {
			known = append(known, info.Code)
		}
	}
	var out diag.Diagnostics
	for _, f := range src.Files() {
		data, ok := src.Content(f)
		if !ok || strings.HasPrefix(f, source.BuiltinPrefix) {
			continue
		}
		for i, line := range diag.SplitLines(data) {
			codes := diag.IgnoredCodes(f, line)
			if len(codes) > 0 {
				catalogue()
			}
			for _, code := range codes {
				col := utf8.RuneCountInString(line[:strings.Index(line, code)]) + 1
				at := &diag.Range{File: f, Start: diag.Pos{Line: i + 1, Column: col}, End: diag.Pos{Line: i + 1, Column: col + utf8.RuneCountInString(code)}}
				if _, ok := cat.Lookup(code); !ok && code != lint.InternalCode {
					detail, sugg := diag.SuggestDetail(fmt.Sprintf("No check has the code %q, so this lint:ignore suppresses nothing.", code), code, known)
					out = append(out, diag.Diagnostic{Severity: diag.Warning, Code: CodeIgnoreUnknown, Summary: "Unknown code in lint:ignore",
						Detail: detail, Suggestions: sugg, Subject: at})
					continue
				}
				if strict && !slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
					return d.Code == code && d.Subject != nil && d.Subject.File == f && d.Subject.Start.Line == i+2
				}) {
					out = append(out, diag.Diagnostic{Severity: diag.Warning, Code: CodeIgnoreUnused, Summary: "lint:ignore suppresses nothing",
						Detail: fmt.Sprintf("The next line has no %s diagnostic to suppress; remove the comment (or the code from it).", code), Subject: at})
				}
			}
		}
	}
	return out
}
