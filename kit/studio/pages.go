package studio

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/render"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

//go:embed assets
var assets embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"inc": func(i int) int { return i + 1 },
	"svg": func(b []byte) template.HTML { return template.HTML(b) }, // drawn by kit/render, every text escaped
}).ParseFS(assets, "assets/*.html"))

func (s *Server) routes() {
	m := http.NewServeMux()
	static, _ := fs.Sub(assets, "assets/static")
	m.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	m.HandleFunc("GET /{$}", s.serveIndex)
	m.HandleFunc("GET /card", s.serveCard)
	m.HandleFunc("GET /map.svg", s.serveMap)
	m.HandleFunc("GET /scenario", s.serveScenario)
	m.HandleFunc("GET /scenario/live", s.serveLive)
	m.HandleFunc("GET /file", s.serveFile)
	m.HandleFunc("GET /events", s.serveEvents)
	m.HandleFunc("GET /replay", s.serveReplay)
	m.HandleFunc("POST /api/film", s.serveFilm)
	m.HandleFunc("GET /api/film/frame", s.serveFrame)
	m.HandleFunc("GET /sims", s.serveSims)
	m.HandleFunc("POST /api/sim", s.serveSimStart)
	m.HandleFunc("GET /api/sim/status", s.serveSimStatus)
	m.HandleFunc("POST /api/sim/stop", s.serveSimStop)
	m.HandleFunc("GET /api/sim/report", s.serveSimReport)
	s.mux = m
}

// Handler serves the studio's pages behind the request guard.
func (s *Server) Handler() http.Handler { return s.guard(s.mux) }

// scenario returns the scenario the request names (?s=KEY), or answers
// 404 and returns nil. Only scenarios found under the directories exist.
func (s *Server) scenario(w http.ResponseWriter, r *http.Request) *snapshot {
	<-s.ready
	sn := s.reg.get(r.URL.Query().Get("s"))
	if sn == nil {
		http.Error(w, "no such scenario under the studio's directories", http.StatusNotFound)
	}
	return sn
}

// jsonScenario is scenario for the JSON endpoints: the scenario named key,
// or a JSON 404 and nil.
func (s *Server) jsonScenario(w http.ResponseWriter, key string) *snapshot {
	<-s.ready
	sn := s.reg.get(key)
	if sn == nil {
		jsonError(w, http.StatusNotFound, "no such scenario under the studio's directories")
	}
	return sn
}

func (s *Server) execute(w http.ResponseWriter, name string, data any) {
	var b bytes.Buffer
	if err := pages.ExecuteTemplate(&b, name, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(b.Bytes())
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// jsonError answers with {"error": msg}.
func jsonError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

// gameGroup is the index's scenarios of one game.
type gameGroup struct {
	Game  string
	Cards []*snapshot
}

func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	<-s.ready
	var groups []gameGroup
	for _, sn := range s.reg.list() {
		g := sn.Game
		if g == "" {
			g = "unknown game"
		}
		if len(groups) == 0 || groups[len(groups)-1].Game != g {
			groups = append(groups, gameGroup{Game: g})
		}
		groups[len(groups)-1].Cards = append(groups[len(groups)-1].Cards, sn)
	}
	s.execute(w, "index.html", struct {
		Groups []gameGroup
		Dirs   []string
		Count  int
		Top    *snapshot // no scenario: the index's header
	}{groups, s.opts.Dirs, len(s.reg.list()), nil})
}

func (s *Server) serveCard(w http.ResponseWriter, r *http.Request) {
	if sn := s.scenario(w, r); sn != nil {
		s.execute(w, "card", sn)
	}
}

// serveMap answers a scenario's map as an SVG picture (the index's
// thumbnails).
func (s *Server) serveMap(w http.ResponseWriter, r *http.Request) {
	sn := s.scenario(w, r)
	if sn == nil {
		return
	}
	if sn.SVG == nil {
		http.Error(w, sn.NoMap, http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	// The index names the map with its check's version: that picture never
	// changes, so the browser keeps it while the index is redrawn.
	if r.URL.Query().Get("v") == strconv.Itoa(sn.Version) {
		w.Header().Set("Cache-Control", "private, max-age=86400, immutable")
	} else {
		w.Header().Set("Cache-Control", "no-store")
	}
	w.Write(sn.SVG)
}

// diagView is one diagnostic on the scenario page.
type diagView struct {
	Severity, Code, Summary, Where string
	Message                        string // as the marker's tooltip reads: finds the marker
	File                           string // as named in the scenario, for the source view
	Line, Column                   int
	Excerpt                        string
	Editor                         template.URL
}

// editorLink makes the "open in editor" link of file at line.
func (s *Server) editorLink(file string, line int) template.URL {
	if file == "" || strings.HasPrefix(file, source.BuiltinPrefix) {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return ""
	}
	u := strings.ReplaceAll(s.opts.EditorURL, "{path}", filepath.ToSlash(abs))
	u = strings.ReplaceAll(u, "{line}", strconv.Itoa(max(line, 1)))
	return template.URL(u) // the author's own setting
}

func (s *Server) diagViews(sn *snapshot) []diagView {
	var out []diagView
	for _, d := range sn.Diags {
		v := diagView{Severity: d.Severity.String(), Code: d.Code, Summary: d.Summary, Message: render.Message(d), Excerpt: sn.excerpt(d)}
		if d.Subject != nil {
			v.File, v.Line, v.Column = d.Subject.File, d.Subject.Start.Line, d.Subject.Start.Column
			v.Where = fmt.Sprintf("%s:%d:%d", filepath.ToSlash(d.Subject.File), v.Line, v.Column)
			v.Editor = s.editorLink(d.Subject.File, v.Line)
		}
		out = append(out, v)
	}
	return out
}

// scenarioView is what the scenario page and its live updates show.
type scenarioView struct {
	*snapshot
	Diagnostics []diagView
	Tables      []table
	TablesNote  string
	Hooks       []hookView
	Editor      template.URL
	Filmer      bool
	Simulator   bool
}

type hookView struct {
	hook
	Editor template.URL
}

func (s *Server) view(sn *snapshot) scenarioView {
	v := scenarioView{snapshot: sn, Diagnostics: s.diagViews(sn)}
	v.Tables, v.TablesNote = sn.entities()
	for _, h := range sn.scriptsFn() {
		v.Hooks = append(v.Hooks, hookView{h, s.editorLink(h.File, 1)})
	}
	if sn.Result != nil && sn.Result.Source != nil {
		v.Editor = s.editorLink(sn.Result.Source.Entry, 1)
	}
	_, v.Filmer = sn.game.(film.Filmer)
	_, v.Simulator = sn.game.(sim.Simulator)
	return v
}

func (s *Server) serveScenario(w http.ResponseWriter, r *http.Request) {
	if sn := s.scenario(w, r); sn != nil {
		s.execute(w, "scenario.html", s.view(sn))
	}
}

// liveUpdate is a scenario page's parts after a check, as HTML.
type liveUpdate struct {
	Version  int    `json:"version"`
	Map      string `json:"map"`
	Diags    string `json:"diags"`
	Counts   string `json:"counts"`
	Entities string `json:"entities"`
	Hooks    string `json:"hooks"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
}

func (s *Server) serveLive(w http.ResponseWriter, r *http.Request) {
	sn := s.scenario(w, r)
	if sn == nil {
		return
	}
	v := s.view(sn)
	part := func(name string) string {
		var b bytes.Buffer
		if err := pages.ExecuteTemplate(&b, name, v); err != nil {
			return template.HTMLEscapeString(err.Error())
		}
		return b.String()
	}
	writeJSON(w, http.StatusOK, liveUpdate{Version: sn.Version, Map: part("map"), Diags: part("diags"), Counts: part("counts"),
		Entities: part("entities"), Hooks: part("hooks"), Errors: sn.Errors, Warnings: sn.Warnings})
}

// serveFile answers a file the scenario loaded (its entry, an include, a
// script), as lines, for the source view. Nothing else is read: the file
// must be one the check loaded through kit/source, which confines reads
// to the scenario's tree, and lie below the studio's directories.
func (s *Server) serveFile(w http.ResponseWriter, r *http.Request) {
	sn := s.scenario(w, r)
	if sn == nil {
		return
	}
	name := r.URL.Query().Get("f")
	var data []byte
	ok := false
	if sn.Result != nil && sn.Result.Source != nil && s.within(name) {
		data, ok = sn.Result.Source.Content(name)
	}
	if !ok {
		jsonError(w, http.StatusForbidden, "the studio shows only the files a scenario loaded, below its directories")
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"name": filepath.ToSlash(name), "lines": diag.SplitLines(data), "editor": s.editorLink(name, 1)})
}

// roleChoice is the agents a page offers for each role.
type roleChoice struct {
	Roles  []string
	Agents []string
	Note   string
}

func roleChoices(sn *snapshot) roleChoice {
	s, ok := sn.game.(sim.Simulator)
	if !ok || sn.Result == nil || sn.Result.Value == nil {
		return roleChoice{Note: "this scenario cannot be played: it has errors, or its game has no simulator"}
	}
	rc := roleChoice{Agents: s.Agents()}
	g, _, err := s.Sim(sn.Result.Value, nil)
	if err != nil {
		rc.Note = err.Error()
		return rc
	}
	rc.Roles = g.Roles()
	return rc
}

func (s *Server) serveReplay(w http.ResponseWriter, r *http.Request) {
	sn := s.scenario(w, r)
	if sn == nil {
		return
	}
	_, filmer := sn.game.(film.Filmer)
	s.execute(w, "replay.html", struct {
		*snapshot
		roleChoice
		Filmer bool
	}{sn, roleChoices(sn), filmer})
}

func (s *Server) serveSims(w http.ResponseWriter, r *http.Request) {
	sn := s.scenario(w, r)
	if sn == nil {
		return
	}
	s.execute(w, "sims.html", struct {
		*snapshot
		roleChoice
		MaxGames int
	}{sn, roleChoices(sn), s.opts.MaxGames})
}

// filmRequest asks for a film: a game played from a seed by agents, or a
// recorded one (a file below the studio's directories, or uploaded).
type filmRequest struct {
	Scenario string   `json:"scenario"`
	Seed     uint64   `json:"seed,string"` // a string: JavaScript numbers hold 53 bits
	Agents   []string `json:"agents"`
	Path     string   `json:"path"` // a recorded game, relative to the scenario's directory
}

// frameView is a frame without its map (fetched one at a time).
type frameView struct {
	Step     int      `json:"step"`
	Turn     int      `json:"turn"`
	Role     int      `json:"role"`
	Question string   `json:"question"`
	Options  []string `json:"options"`
	Chosen   int      `json:"chosen"`
	Events   []string `json:"events"`
	State    []string `json:"state"`
}

func (s *Server) serveFilm(w http.ResponseWriter, r *http.Request) {
	var req filmRequest
	var record []byte
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		if err := r.ParseMultipartForm(maxUpload); err != nil {
			jsonError(w, requestErrorCode(err), "the upload could not be read: "+err.Error())
			return
		}
		req.Scenario = r.FormValue("scenario")
		f, _, err := r.FormFile("record")
		if err != nil {
			jsonError(w, http.StatusBadRequest, "no recorded game in the upload")
			return
		}
		defer f.Close()
		if record, err = io.ReadAll(f); err != nil {
			jsonError(w, http.StatusBadRequest, err.Error())
			return
		}
	} else if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		jsonError(w, requestErrorCode(err), "the request could not be read: "+err.Error())
		return
	}
	sn := s.jsonScenario(w, req.Scenario)
	if sn == nil {
		return
	}
	if req.Path != "" {
		data, err := s.readBelow(sn, req.Path)
		if err != nil {
			jsonError(w, http.StatusForbidden, err.Error())
			return
		}
		record = data
	}
	f, ok := sn.game.(film.Filmer)
	if !ok {
		jsonError(w, http.StatusNotImplemented, "the replay viewer cannot show "+sn.Game+" games yet")
		return
	}
	if sn.Result == nil || sn.Result.Value == nil {
		jsonError(w, http.StatusUnprocessableEntity, "the scenario has errors: fix them first")
		return
	}
	movie, err := safeFilm(f, sn.Result.Value, film.Input{Seed: req.Seed, Agents: req.Agents, Record: record})
	if err != nil {
		jsonError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	frames := make([]frameView, len(movie.Frames))
	for i, fr := range movie.Frames {
		frames[i] = frameView{fr.Step, fr.Turn, fr.Role, fr.Question, orEmpty(fr.Options), fr.Chosen, orEmpty(fr.Events), orEmpty(fr.State)}
	}
	id := s.films.add(movie)
	writeJSON(w, http.StatusOK, map[string]any{"id": id, "roles": movie.Roles, "frames": frames, "result": movie.Result, "cut": movie.Cut})
}

// orEmpty makes a nil list an empty one, so the page gets [] and not null.
func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func safeFilm(f film.Filmer, config any, in film.Input) (movie *film.Film, err error) {
	defer func() {
		if p := recover(); p != nil {
			movie, err = nil, fmt.Errorf("internal error while playing the game: %v", p)
		}
	}()
	movie, err = f.Film(config, in)
	if err == nil && (movie == nil || len(movie.Frames) == 0) {
		err = errors.New("the game gave no frames")
	}
	return movie, err
}

// readBelow reads a recorded game named relative to the scenario's
// directory, by kit/source's rules: inside the scenario's directory tree,
// no symbolic link out of it, a regular file within the upload limit.
func (s *Server) readBelow(sn *snapshot, rel string) ([]byte, error) {
	rel = filepath.ToSlash(rel)
	if !fs.ValidPath(rel) {
		return nil, fmt.Errorf("%s: give a path inside the scenario's directory, without .. or a leading /", rel)
	}
	fsys, err := source.DirFS(sn.Path, maxUpload)
	if err != nil {
		return nil, err
	}
	return fs.ReadFile(fsys, rel)
}

func requestErrorCode(err error) int {
	var mb *http.MaxBytesError
	if errors.As(err, &mb) {
		return http.StatusRequestEntityTooLarge
	}
	return http.StatusBadRequest
}

func (s *Server) serveFrame(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	movie := s.films.get(q.Get("id"))
	step, err := strconv.Atoi(q.Get("step"))
	if movie == nil || err != nil || step < 0 || step >= len(movie.Frames) {
		http.Error(w, "no such film or frame (films are kept for the last few games played)", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "private, max-age=3600")
	w.Write(movie.Frames[step].SVG)
}

func (s *Server) serveSimStart(w http.ResponseWriter, r *http.Request) {
	var req simRequest
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		jsonError(w, requestErrorCode(err), "the request could not be read: "+err.Error())
		return
	}
	sn := s.jsonScenario(w, req.Scenario)
	if sn == nil {
		return
	}
	job, err := s.sims.start(sn, req)
	if errors.Is(err, errBusy) {
		jsonError(w, http.StatusConflict, err.Error())
		return
	}
	if err != nil {
		jsonError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, job.status())
}

func (s *Server) job(w http.ResponseWriter, r *http.Request) *simJob {
	j := s.sims.get(r.URL.Query().Get("id"))
	if j == nil {
		jsonError(w, http.StatusNotFound, "no such batch")
	}
	return j
}

func (s *Server) serveSimStatus(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		writeJSON(w, http.StatusOK, j.status())
	}
}

func (s *Server) serveSimStop(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		s.sims.stopJob(j)
		writeJSON(w, http.StatusOK, j.status())
	}
}

// serveSimReport answers the balance report's page (kit/sim's HTML, shown
// in a frame of the sims page).
func (s *Server) serveSimReport(w http.ResponseWriter, r *http.Request) {
	j := s.sims.get(r.URL.Query().Get("id"))
	if j == nil {
		http.Error(w, "no such batch", http.StatusNotFound)
		return
	}
	j.mu.Lock()
	page := j.html
	j.mu.Unlock()
	if page == nil {
		http.Error(w, "no balance report (yet)", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'")
	w.Write(page)
}
