// Package lsp is mapc's language server: the diagnostics of mapc check as
// an author types, hover, completion, go to definition, quick fixes and an
// outline, for scenario TOML files, their includes and hook scripts, over
// the Language Server Protocol (docs/editors.md).
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/sourcegraph/jsonrpc2"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/source"
)

// Server holds the open documents and the last check of every scenario
// they belong to. Requests are handled one at a time, in order.
type Server struct {
	c     *build.Compiler
	docs  map[string]*document // open documents by absolute path
	scens map[string]*scenario // checked scenarios by entry file
	conn  *jsonrpc2.Conn
	cache string // where builtin: files are written for go to definition
}

type document struct {
	text    string
	version int
}

// scenario is the last check of one scenario.
type scenario struct {
	entry     string
	res       *build.Result
	byFile    map[string]diag.Diagnostics // published diagnostics by absolute path
	inspected map[string]any              // mapc inspect's values and ranges, computed on first use
	scripts   []script                    // the hook scripts the config bundles, found on first use
	listed    bool                        // whether scripts is known
	// game is the game of the last check that found one, known the source
	// of the last check without a syntax error: completion goes on while
	// the text does not parse.
	game  string
	known *source.Source
}

type script struct{ id, kind, path string }

// NewServer returns a server checking scenarios with c.
func NewServer(c *build.Compiler) *Server {
	s := &Server{c: c, docs: map[string]*document{}, scens: map[string]*scenario{}}
	if dir, err := os.UserCacheDir(); err == nil {
		s.cache = filepath.Join(dir, "sandtable", "builtin")
	}
	return s
}

// Serve speaks LSP over rwc (stdin and stdout for mapc lsp) until the
// client exits or closes the stream.
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) {
	stream := jsonrpc2.NewBufferedStream(rwc, jsonrpc2.VSCodeObjectCodec{})
	conn := jsonrpc2.NewConn(ctx, stream, jsonrpc2.HandlerWithError(s.handle))
	<-conn.DisconnectNotify()
}

func (s *Server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	s.conn = conn // the handler runs in the connection's goroutine, one request at a time
	defer func() {
		// A bug must not end the editor's session: the request fails
		// with the panic's message and the server goes on.
		if p := recover(); p != nil {
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("mapc lsp: internal error in %s: %v", req.Method, p)}
		}
	}()
	return s.dispatch(ctx, conn, req)
}

func (s *Server) dispatch(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	var params json.RawMessage
	if req.Params != nil {
		params = *req.Params
	}
	decode := func(v any) error {
		if err := json.Unmarshal(params, v); err != nil {
			return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
		}
		return nil
	}
	switch req.Method {
	case "initialize":
		return map[string]any{
			"capabilities": map[string]any{
				"textDocumentSync":       map[string]any{"openClose": true, "change": 2, "save": true},
				"hoverProvider":          true,
				"definitionProvider":     true,
				"referencesProvider":     true,
				"documentSymbolProvider": true,
				"codeActionProvider":     map[string]any{"codeActionKinds": []string{"quickfix"}},
				"completionProvider":     map[string]any{"triggerCharacters": []string{".", "\"", "[", "=", " "}},
			},
			"serverInfo": map[string]any{"name": "mapc"},
		}, nil
	case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration", "workspace/didChangeWatchedFiles":
		return nil, nil
	case "shutdown":
		return nil, nil
	case "exit":
		return nil, conn.Close()
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		if path := pathOf(p.TextDocument.URI); path != "" {
			s.docs[path] = &document{text: validUTF8(p.TextDocument.Text), version: p.TextDocument.Version}
			s.changed(ctx, path)
		}
		return nil, nil
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		path := pathOf(p.TextDocument.URI)
		d, ok := s.docs[path]
		if !ok {
			return nil, nil
		}
		for _, ch := range p.ContentChanges {
			d.text = validUTF8(applyChange(d.text, ch))
		}
		d.version = p.TextDocument.Version
		s.changed(ctx, path)
		return nil, nil
	case "textDocument/didSave":
		var p DidCloseTextDocumentParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		if path := pathOf(p.TextDocument.URI); path != "" {
			s.changed(ctx, path)
		}
		return nil, nil
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		path := pathOf(p.TextDocument.URI)
		delete(s.docs, path)
		s.changed(ctx, path) // the file on disk counts again
		s.forget()
		return nil, nil
	case "textDocument/hover":
		var p TextDocumentPositionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.hover(pathOf(p.TextDocument.URI), p.Position), nil
	case "textDocument/completion":
		var p TextDocumentPositionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.complete(pathOf(p.TextDocument.URI), p.Position), nil
	case "textDocument/definition":
		var p TextDocumentPositionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.definition(pathOf(p.TextDocument.URI), p.Position), nil
	case "textDocument/references":
		var p TextDocumentPositionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.references(pathOf(p.TextDocument.URI), p.Position), nil
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.codeActions(pathOf(p.TextDocument.URI), p.Range), nil
	case "textDocument/documentSymbol":
		var p DocumentSymbolParams
		if err := decode(&p); err != nil {
			return nil, err
		}
		return s.symbols(pathOf(p.TextDocument.URI)), nil
	}
	if req.Notif {
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "mapc lsp does not implement " + req.Method}
}

// applyChange applies one content change to text.
func applyChange(text string, ch TextDocumentContentChangeEvent) string {
	if ch.Range == nil {
		return ch.Text
	}
	ls := lines(text)
	start := offset(ls, ch.Range.Start)
	end := max(offset(ls, ch.Range.End), start)
	return text[:start] + ch.Text + text[end:]
}

// offset returns the byte offset in the text of ls of an LSP position.
func offset(ls []string, p Position) int {
	off := 0
	for i := 0; i < p.Line && i < len(ls); i++ {
		off += len(ls[i]) + 1
	}
	if p.Line >= len(ls) {
		return max(off-1, 0)
	}
	_, _, b := fromLSP(ls, p)
	return off + b
}

// overlay serves the open documents to the compile.
func (s *Server) overlay(abs string) ([]byte, bool) {
	if d, ok := s.docs[abs]; ok {
		return []byte(d.text), true
	}
	return nil, false
}

// changed re-checks the scenarios the file at path belongs to and
// publishes their diagnostics.
func (s *Server) changed(ctx context.Context, path string) {
	for _, entry := range s.entriesOf(path) {
		s.check(ctx, entry)
	}
}

// entriesOf returns the entry files of the scenarios path belongs to: the
// checked scenarios that read it, else the scenario.toml of its directory
// or the nearest one above it.
func (s *Server) entriesOf(path string) []string {
	var out []string
	for entry, sc := range s.scens {
		if entry == path || sc.res.Source != nil && has(sc.res.Source, path) {
			out = append(out, entry)
		}
	}
	if len(out) > 0 {
		slices.Sort(out)
		return out
	}
	if filepath.Base(path) == source.EntryFile {
		return []string{path}
	}
	dir := filepath.Dir(path)
	for range 4 {
		cand := filepath.Join(dir, source.EntryFile)
		if _, ok := s.docs[cand]; ok {
			return []string{cand}
		}
		if st, err := os.Stat(cand); err == nil && st.Mode().IsRegular() {
			return []string{cand}
		}
		if filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	return nil
}

func has(src *source.Source, path string) bool {
	_, ok := src.Content(path)
	return ok
}

// forget drops the scenarios none of whose files are open any more, and
// clears their diagnostics.
func (s *Server) forget() {
	for entry, sc := range s.scens {
		open := false
		for p := range s.docs {
			if p == entry || sc.res.Source != nil && has(sc.res.Source, p) {
				open = true
			}
		}
		if !open {
			for p := range sc.byFile {
				s.publish(context.Background(), p, nil)
			}
			delete(s.scens, entry)
		}
	}
}

// check compiles the scenario of entry as mapc check does, reading open
// documents instead of the disk, and publishes its diagnostics by file,
// clearing those of files that have none any more.
func (s *Server) check(ctx context.Context, entry string) {
	res := s.c.Compile(entry, build.Options{Overlay: s.overlay})
	sc := &scenario{entry: entry, res: res, byFile: map[string]diag.Diagnostics{}}
	for _, d := range diag.Normalize(res.Diags) {
		file := entry
		if d.Subject != nil {
			file = d.Subject.File
		}
		if strings.HasPrefix(file, source.BuiltinPrefix) {
			file = entry // a builtin file is not the author's to fix
			d.Subject = nil
		}
		sc.byFile[file] = append(sc.byFile[file], d)
	}
	old := s.scens[entry]
	sc.game, sc.known = res.Game, res.Source
	if old != nil && sc.game == "" {
		sc.game = old.game
	}
	if old != nil && (sc.known == nil || slices.ContainsFunc(res.Diags, func(d diag.Diagnostic) bool { return d.Code == source.CodeSyntax })) {
		sc.known = old.known // what the text being typed loses (an open string swallows the rest)
	}
	s.scens[entry] = sc
	// The entry is always published, so that the editor knows the check
	// ran; a file that had diagnostics and has none any more gets an
	// empty list.
	files := []string{entry}
	for f := range sc.byFile {
		files = append(files, f)
	}
	if old != nil {
		for f := range old.byFile {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	for _, f := range slices.Compact(files) {
		s.publish(ctx, f, sc.byFile[f])
	}
}

// scriptList returns the scripts the compiled config bundles.
func (sc *scenario) scriptList() []script {
	if !sc.listed {
		sc.scripts, sc.listed = scriptsOf(sc.res), true
	}
	return sc.scripts
}

// scriptsOf returns the scripts a compiled config bundles.
func scriptsOf(res *build.Result) []script {
	if res.Value == nil {
		return nil
	}
	data, err := json.Marshal(res.Value)
	if err != nil {
		return nil
	}
	var cfg struct {
		Scripts []struct{ ID, Kind, Path string } `json:"scripts"`
	}
	if json.Unmarshal(data, &cfg) != nil {
		return nil
	}
	var out []script
	for _, sc := range cfg.Scripts {
		out = append(out, script{sc.ID, sc.Kind, sc.Path})
	}
	return out
}

// text returns the text of a file: the open document, the content the
// last check read, or the file on disk.
func (s *Server) text(path string) string {
	if d, ok := s.docs[path]; ok {
		return d.text
	}
	for _, sc := range s.scens {
		if sc.res.Source != nil {
			if b, ok := sc.res.Source.Content(path); ok {
				return validUTF8(string(b))
			}
		}
	}
	if b, err := source.ReadRegular(path, source.DefaultLimits.MaxFileSize); err == nil {
		return validUTF8(string(b))
	}
	return ""
}

// publish sends the diagnostics of one file.
func (s *Server) publish(ctx context.Context, path string, ds diag.Diagnostics) {
	ls := lines(s.text(path))
	out := []Diagnostic{}
	for _, d := range ds {
		out = append(out, s.toLSPDiag(ls, d))
	}
	if s.conn != nil {
		s.conn.Notify(ctx, "textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: uriOf(path), Diagnostics: out})
	}
}

func (s *Server) toLSPDiag(ls []string, d diag.Diagnostic) Diagnostic {
	out := Diagnostic{Severity: SeverityError, Code: d.Code, Source: "mapc", Message: d.Summary}
	switch d.Severity {
	case diag.Warning:
		out.Severity = SeverityWarning
	case diag.Info:
		out.Severity = SeverityInformation
	}
	if d.Detail != "" {
		out.Message += ": " + d.Detail
	}
	if d.Subject != nil {
		out.Range = rangeToLSP(ls, *d.Subject)
	}
	for _, r := range d.Related {
		if strings.HasPrefix(r.Range.File, source.BuiltinPrefix) {
			continue
		}
		rls := ls
		if d.Subject == nil || r.Range.File != d.Subject.File {
			rls = lines(s.text(r.Range.File))
		}
		out.RelatedInformation = append(out.RelatedInformation, DiagnosticRelatedInformation{
			Location: Location{URI: uriOf(r.Range.File), Range: rangeToLSP(rls, r.Range)}, Message: r.Message})
	}
	return out
}
