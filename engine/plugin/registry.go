package plugin

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"
)

// Registry maps (kind, id) to hooks. Engines build one per game
// configuration: the scripts bundled in the compiled config, then any mod
// layers on top, then they create one Worker per goroutine. Once the first
// Worker exists the registry is frozen; it is then safe for concurrent use.
type Registry struct {
	mu     sync.Mutex
	kinds  []*Kind
	limits Limits
	hooks  []Hook // in order of first registration; a replaced hook keeps its slot
	index  map[hookKey]int
	frozen bool
	// compiler compiles the Lua hooks when the first worker is made
	// (SetCompiler); nil: they run on the VM.
	compiler Compiler
}

type hookKey struct{ kind, id string }

// Hook is a registered implementation of one (kind, id): a compiled Lua
// script (*LuaHook) or Go functions (*GoHook). Engines never need to know
// which; they call hooks through a Worker.
type Hook interface {
	Kind() *Kind
	ID() string
	// Origin says where the hook comes from: the script's path, or the
	// origin a Go hook was given.
	Origin() string
	// Provider is "lua" or "go".
	Provider() string
	bind(w *Worker, inst *instance) *Error
}

// Ref is a resolved hook of one registry, valid for all its workers.
// Engines look their hooks up once (Registry.Lookup) and call them by Ref.
type Ref struct {
	reg *Registry
	i   int
}

// Valid reports whether r came from a successful Lookup.
func (r Ref) Valid() bool { return r.reg != nil }

// Warning is a notice from loading hooks that does not stop the game.
type Warning struct {
	Code    string // WarnReplaced or WarnIgnoredFile
	Kind    string
	ID      string
	Old     string // the origin of the replaced hook (WarnReplaced)
	New     string // the origin of the new hook, or the ignored file
	Message string
}

// Warning codes.
const (
	// WarnReplaced: a later layer (typically a mod) replaced a hook.
	WarnReplaced = "plugin-replaced"
	// WarnIgnoredFile: a .lua file in a script directory maps to no kind.
	WarnIgnoredFile = "plugin-ignored-file"
	// WarnReplacesNothing: a mod layer's script has the id of no hook of
	// the scenario, so nothing calls it (a misnamed file, usually).
	WarnReplacesNothing = "plugin-replaces-nothing"
)

// String formats the warning as "code: message".
func (w Warning) String() string { return w.Code + ": " + w.Message }

// NewRegistry returns an empty registry for kinds (a game's, declared by
// its engine). Zero fields of limits take defaults.
func NewRegistry(kinds []*Kind, limits Limits) (*Registry, error) {
	var errs []error
	seen := map[string]bool{}
	for _, k := range kinds {
		if err := k.validate(); err != nil {
			errs = append(errs, err)
		}
		if seen[k.Name] {
			errs = append(errs, fmt.Errorf("kind %q declared twice", k.Name))
		}
		seen[k.Name] = true
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return &Registry{
		kinds:  append([]*Kind(nil), kinds...),
		limits: limits.withDefaults(),
		index:  map[hookKey]int{},
	}, nil
}

// Kinds returns the registry's kinds in the order given to NewRegistry.
func (r *Registry) Kinds() []*Kind { return append([]*Kind(nil), r.kinds...) }

// Kind returns the kind called name.
func (r *Registry) Kind(name string) (*Kind, bool) {
	for _, k := range r.kinds {
		if k.Name == name {
			return k, true
		}
	}
	return nil, false
}

// Limits returns the registry's limits, defaults filled in.
func (r *Registry) Limits() Limits { return r.limits }

// Add registers h. If a hook of the same kind and id exists, h replaces it
// and Add returns a WarnReplaced warning naming both origins.
func (r *Registry) Add(h Hook) (*Warning, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.frozen {
		return nil, errors.New("plugin: registry already has workers; add hooks before creating them")
	}
	k := h.Kind()
	if own, ok := r.Kind(k.Name); !ok || own != k {
		return nil, fmt.Errorf("plugin: hook %q: kind %q is not declared in this registry", h.ID(), k.Name)
	}
	if err := checkID(h.ID()); err != nil {
		return nil, fmt.Errorf("plugin: %s hook from %s: %w", k.Name, h.Origin(), err)
	}
	if lh, ok := h.(*LuaHook); ok && r.compiler != nil {
		r.compile(lh)
	}
	key := hookKey{k.Name, h.ID()}
	if i, ok := r.index[key]; ok {
		old := r.hooks[i]
		r.hooks[i] = h
		return &Warning{
			Code: WarnReplaced, Kind: k.Name, ID: h.ID(), Old: old.Origin(), New: h.Origin(),
			Message: fmt.Sprintf("%s %q from %s replaces the one from %s", k.Name, h.ID(), h.Origin(), old.Origin()),
		}, nil
	}
	r.index[key] = len(r.hooks)
	r.hooks = append(r.hooks, h)
	return nil, nil
}

// checkID accepts any printable id (scenario ids may be Chinese names).
func checkID(id string) error {
	if id == "" {
		return errors.New("empty hook id")
	}
	if !utf8.ValidString(id) || strings.IndexFunc(id, func(r rune) bool { return !unicode.IsPrint(r) }) >= 0 {
		return fmt.Errorf("hook id %q has unprintable characters", id)
	}
	return nil
}

// AddLua compiles src as the hook (kind, id) and registers it; path names
// the script in messages. A script that does not compile yields an *Error at
// its line and column.
func (r *Registry) AddLua(kind *Kind, id, path string, src []byte) (*Warning, error) {
	h, err := CompileLua(kind, id, path, src, r.limits)
	if err != nil {
		return nil, err
	}
	return r.Add(h)
}

// Lookup returns the hook (kind, id).
func (r *Registry) Lookup(kind *Kind, id string) (Ref, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	i, ok := r.index[hookKey{kind.Name, id}]
	if !ok {
		return Ref{}, false
	}
	return Ref{reg: r, i: i}, true
}

// Hooks returns the registered hooks in registration order.
func (r *Registry) Hooks() []Hook {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Hook(nil), r.hooks...)
}

// Hook returns the hook ref refers to.
func (r *Registry) Hook(ref Ref) (Hook, bool) {
	if ref.reg != r {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.hooks[ref.i], true
}

// SetCompiler makes r's workers run the functions of its Lua hooks that c
// compiles as compiled code instead of on the VM (Compiler); the games'
// hooks packages set it. Each script is compiled once: when it is added,
// or, if it was added before, when the first worker is made. SetCompiler
// fails after that.
func (r *Registry) SetCompiler(c Compiler) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.frozen {
		return errors.New("plugin: registry already has workers; set the compiler before creating them")
	}
	r.compiler = c
	return nil
}

// freeze stops further changes, compiles the Lua hooks the first time, and
// returns the hooks for a new worker.
func (r *Registry) freeze() []Hook {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.frozen && r.compiler != nil {
		for _, h := range r.hooks {
			if lh, ok := h.(*LuaHook); ok {
				r.compile(lh)
			}
		}
	}
	r.frozen = true
	return r.hooks
}

// compile compiles h with r's compiler, unless it has been compiled.
func (r *Registry) compile(h *LuaHook) {
	h.once.Do(func() { h.code, h.why = r.compiler.Compile(h.kind, h.path, h.src, h.proto, r.limits) })
}

// LoadBundle registers the scripts bundled in a compiled configuration,
// verifying each script's sha256 first. Two scripts for the same kind and
// id in one bundle are an error (a bundle is the output of one build).
func (r *Registry) LoadBundle(scripts []Script) ([]Warning, error) {
	seen := map[hookKey]string{}
	var warns []Warning
	for _, s := range scripts {
		if err := s.Verify(); err != nil {
			return warns, err
		}
		kind, ok := r.Kind(s.Kind)
		if !ok {
			return warns, fmt.Errorf("plugin: script %s: unknown hook kind %q", s.Path, s.Kind)
		}
		key := hookKey{s.Kind, s.ID}
		if prev, dup := seen[key]; dup {
			return warns, fmt.Errorf("plugin: bundle has two scripts for %s %q: %s and %s", s.Kind, s.ID, prev, s.Path)
		}
		seen[key] = s.Path
		w, err := r.AddLua(kind, s.ID, s.Path, []byte(s.Source))
		if err != nil {
			return warns, err
		}
		if w != nil {
			warns = append(warns, *w)
		}
	}
	return warns, nil
}

// LoadFS registers every script of a script directory (a scenario's scripts
// or a mod), laid out as <game>/<class>/<id>.lua for the kind "game.class",
// e.g. mbg/tech/arrows.lua. origin prefixes the paths in messages (the mod's
// directory, say). Layers load in order; a later layer's hook replaces an
// earlier one with a WarnReplaced warning. On error the registry may hold
// part of the directory's hooks and should be discarded.
func (r *Registry) LoadFS(fsys fs.FS, origin string) ([]Warning, error) {
	files, warns, err := scriptFiles(fsys, origin, r.Kind)
	if err != nil {
		return warns, err
	}
	for _, f := range files {
		src, err := fs.ReadFile(fsys, f.rel)
		if err != nil {
			return warns, fmt.Errorf("plugin: %w", err)
		}
		w, err := r.AddLua(f.kind, f.id, f.path, src)
		if err != nil {
			return warns, err
		}
		if w != nil {
			warns = append(warns, *w)
		}
	}
	return warns, nil
}

type scriptFile struct {
	rel, path string // path within fsys; path in messages
	kind      *Kind
	id        string
}

// scriptFiles lists the scripts of a script directory in lexical order (the
// order fs.WalkDir visits), so loading is deterministic.
func scriptFiles(fsys fs.FS, origin string, kindOf func(string) (*Kind, bool)) ([]scriptFile, []Warning, error) {
	var files []scriptFile
	var warns []Warning
	err := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(rel, ".lua") {
			return nil
		}
		p := path.Join(origin, rel)
		parts := strings.Split(rel, "/")
		if len(parts) == 3 {
			if k, ok := kindOf(parts[0] + "." + parts[1]); ok {
				files = append(files, scriptFile{rel: rel, path: p, kind: k, id: strings.TrimSuffix(parts[2], ".lua")})
				return nil
			}
		}
		warns = append(warns, Warning{Code: WarnIgnoredFile, New: p,
			Message: fmt.Sprintf("%s is not a hook script: scripts live at <game>/<class>/<id>.lua for a declared kind", p)})
		return nil
	})
	if err != nil {
		return nil, warns, fmt.Errorf("plugin: %w", err)
	}
	return files, warns, nil
}

// LuaHook is a compiled Lua script. The script is parsed and compiled once;
// each Worker instantiates the compiled function in its own Lua state.
type LuaHook struct {
	kind   *Kind
	id     string
	path   string
	sha256 string
	proto  *lua.FunctionProto
	src    []byte // the source, to place run-time errors (errcol.go)
	// code is the script compiled by the registry's Compiler when the
	// first worker was made (compile), nil when it has none or the
	// compiler said why not (why).
	once sync.Once
	code Compiled
	why  string
}

// CompileLua parses and compiles src as the hook (kind, id). A syntax error
// is an *Error with the script's line and column.
func CompileLua(kind *Kind, id, path string, src []byte, limits Limits) (*LuaHook, error) {
	limits = limits.withDefaults()
	proto, err := compileSource(path, src, limits)
	if err != nil {
		line, col, msg := syntaxPosition(err, src)
		return nil, &Error{Script: path, Line: line, Column: col, Kind: kind.Name, ID: id, Message: msg}
	}
	h := &LuaHook{kind: kind, id: id, path: path, sha256: Hash(src), proto: proto, src: src}
	return h, nil
}

// Kind implements Hook.
func (h *LuaHook) Kind() *Kind { return h.kind }

// ID implements Hook.
func (h *LuaHook) ID() string { return h.id }

// Origin implements Hook: the script's path.
func (h *LuaHook) Origin() string { return h.path }

// Provider implements Hook.
func (h *LuaHook) Provider() string { return "lua" }

// SHA256 returns the hex sha256 of the script's source.
func (h *LuaHook) SHA256() string { return h.sha256 }

// Compiled reports whether the script also has a compiled form, which
// workers run instead of the VM (Compiler). It is compiled when the first
// worker of a registry with a compiler is made.
func (h *LuaHook) Compiled() bool { return h.code != nil }

// WhyNotCompiled says why the compiler did not compile the script.
func (h *LuaHook) WhyNotCompiled() string { return h.why }

// Code returns the script's compiled form, or nil.
func (h *LuaHook) Code() Compiled { return h.code }

// compiled returns the script's compiled form for w, or nil.
func (h *LuaHook) compiled(w *Worker) Compiled {
	if w.reg.compiler == nil {
		return nil
	}
	return h.code
}

func (h *LuaHook) bind(w *Worker, inst *instance) *Error { return w.bindLua(inst, h) }

// GoHook is a hook implemented by Go functions: a test double, a native
// baseline for benchmarks, or built-in content an engine prefers in Go. Go
// hooks are trusted code and run outside the sandbox: no limits apply, and
// a panic in one is the engine's panic.
type GoHook struct {
	kind   *Kind
	id     string
	origin string
	fns    []any // by index in kind.Funcs
}

// NewGoHook returns the hook (kind, id) made of fns. Every required
// function of kind must be among them.
func NewGoHook(kind *Kind, id, origin string, fns ...GoFunc) (*GoHook, error) {
	h := &GoHook{kind: kind, id: id, origin: origin, fns: make([]any, len(kind.Funcs))}
	for _, f := range fns {
		if f.kind != kind {
			return nil, fmt.Errorf("plugin: Go hook %s %q: function for kind %s", kind.Name, id, f.kind.Name)
		}
		if h.fns[f.fn] != nil {
			return nil, fmt.Errorf("plugin: Go hook %s %q: function %s given twice", kind.Name, id, kind.Funcs[f.fn].Name)
		}
		h.fns[f.fn] = f.impl
	}
	for i, f := range kind.Funcs {
		if f.Required && h.fns[i] == nil {
			return nil, fmt.Errorf("plugin: Go hook %s %q: missing required function %s", kind.Name, id, f.Name)
		}
	}
	return h, nil
}

// MustGoHook is NewGoHook for package-level hooks declared by an engine,
// where an error is a bug in the declaration: it panics.
func MustGoHook(kind *Kind, id, origin string, fns ...GoFunc) *GoHook {
	h, err := NewGoHook(kind, id, origin, fns...)
	if err != nil {
		panic(err)
	}
	return h
}

// Kind implements Hook.
func (h *GoHook) Kind() *Kind { return h.kind }

// ID implements Hook.
func (h *GoHook) ID() string { return h.id }

// Origin implements Hook.
func (h *GoHook) Origin() string { return h.origin }

// Provider implements Hook.
func (h *GoHook) Provider() string { return "go" }

func (h *GoHook) bind(_ *Worker, inst *instance) *Error {
	inst.goFns = h.fns
	return nil
}
