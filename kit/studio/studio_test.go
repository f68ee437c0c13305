package studio

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/film"
)

const fakeLua = "function score(ctx)\n  return ctx.turn * 2\nend\n"

// fakeScenario writes a fake scenario into dir/name.
func fakeScenario(t *testing.T, dir, name string, size int) string {
	t.Helper()
	d := filepath.Join(dir, name)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(d, "score.lua"), fakeLua)
	writeFile(t, filepath.Join(d, "scenario.toml"), fakeTOML(name, size))
	return d
}

func fakeTOML(name string, size int) string {
	return fmt.Sprintf("#:schema fake.scenario.schema.json\n[scenario]\nname = %q\nsize = %d\nscript = \"score.lua\"\n", name, size)
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const testAddr = "127.0.0.1:7777"

// startStudio runs a studio over dir with the given games and returns it
// once the first check is done.
func startStudio(t *testing.T, dir string, games ...build.Game) *Server {
	t.Helper()
	if len(games) == 0 {
		games = []build.Game{fake{}}
	}
	s, err := New(games, testAddr, Options{Dirs: []string{dir}, Debounce: 10 * time.Millisecond, MaxGames: 5000,
		EditorURL: "myeditor://open?file={path}&line={line}"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	})
	<-s.Ready()
	return s
}

// do sends a request to the studio's handler as a browser on the bound
// address would, with header changes applied.
func do(s *Server, method, target string, body io.Reader, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, target, body)
	r.Host = testAddr
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			r.Host = header[i+1]
		} else {
			r.Header.Set(header[i], header[i+1])
		}
	}
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, r)
	return w
}

func TestGuardRefusesForeignHostAndOrigin(t *testing.T) {
	dir := t.TempDir()
	fakeScenario(t, dir, "alpha", 3)
	s := startStudio(t, dir)
	for _, c := range []struct {
		name   string
		header []string
		want   int
	}{
		{"bound address", nil, http.StatusOK},
		{"localhost alias", []string{"Host", "localhost:7777"}, http.StatusOK},
		{"rebinding name", []string{"Host", "evil.example:7777"}, http.StatusMisdirectedRequest},
		{"other port", []string{"Host", "127.0.0.1:8080"}, http.StatusMisdirectedRequest},
		{"no port", []string{"Host", "127.0.0.1"}, http.StatusMisdirectedRequest},
		{"same origin", []string{"Origin", "http://127.0.0.1:7777"}, http.StatusOK},
		{"foreign origin", []string{"Origin", "http://evil.example"}, http.StatusForbidden},
		{"https origin", []string{"Origin", "https://127.0.0.1:7777"}, http.StatusForbidden},
		{"null origin", []string{"Origin", "null"}, http.StatusForbidden},
		{"cross-site fetch", []string{"Sec-Fetch-Site", "cross-site"}, http.StatusForbidden},
	} {
		if w := do(s, "GET", "/", nil, c.header...); w.Code != c.want {
			t.Errorf("%s: %d, want %d", c.name, w.Code, c.want)
		}
	}
	// The guard covers every endpoint, the event stream and the API too.
	for _, target := range []string{"/events", "/scenario?s=0/alpha", "/static/studio.js"} {
		if w := do(s, "GET", target, nil, "Host", "evil.example"); w.Code != http.StatusMisdirectedRequest {
			t.Errorf("%s with a foreign Host: %d", target, w.Code)
		}
	}
	if w := do(s, "POST", "/api/sim", strings.NewReader(`{"scenario":"0/alpha","games":5,"report":"wins"}`), "Origin", "http://evil.example"); w.Code != http.StatusForbidden {
		t.Errorf("a sim started from another site: %d", w.Code)
	}
	if w := do(s, "PUT", "/", nil); w.Code != http.StatusMethodNotAllowed {
		t.Errorf("PUT: %d", w.Code)
	}
	if w := do(s, "GET", "/", nil); w.Header().Get("Content-Security-Policy") == "" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("headers: %v", w.Header())
	}
}

func TestAllowedHosts(t *testing.T) {
	hosts, err := allowedHosts("0.0.0.0:80")
	if err != nil || len(hosts) != 1 || hosts[0] != "0.0.0.0:80" {
		t.Errorf("a non-loopback address allows only itself: %v %v", hosts, err)
	}
	if _, err := allowedHosts("nonsense"); err == nil {
		t.Error("an address without a port is accepted")
	}
}

func TestConfinement(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "scenarios")
	sc := fakeScenario(t, dir, "alpha", 3)
	writeFile(t, filepath.Join(root, "secret.txt"), "TOPSECRET\n")
	writeFile(t, filepath.Join(sc, "recorded.txt"), "a recording\n")
	if err := os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(sc, "link.txt")); err != nil {
		t.Fatal(err)
	}
	s := startStudio(t, dir)
	entry := filepath.Join(dir, "alpha", "scenario.toml")
	q := url.QueryEscape
	// The scenario's own files are served, as lines.
	w := do(s, "GET", "/file?s=0/alpha&f="+q(entry), nil)
	var f struct {
		Lines  []string `json:"lines"`
		Editor string   `json:"editor"`
	}
	if json.Unmarshal(w.Body.Bytes(), &f); w.Code != 200 || len(f.Lines) != 5 || !strings.HasPrefix(f.Editor, "myeditor://open?file=") {
		t.Fatalf("the entry file: %d %s", w.Code, w.Body)
	}
	for _, name := range []string{
		"/etc/passwd",
		filepath.Join(root, "secret.txt"),
		filepath.Join(sc, "..", "..", "secret.txt"),
		"../secret.txt",
		filepath.Join(sc, "link.txt"),
		filepath.Join(sc, "recorded.txt"), // below the directory, but not a file the scenario loaded
	} {
		if w := do(s, "GET", "/file?s=0/alpha&f="+q(name), nil); w.Code != http.StatusForbidden || strings.Contains(w.Body.String(), "TOPSECRET") {
			t.Errorf("file %s: %d %s", name, w.Code, w.Body)
		}
	}
	for _, key := range []string{"../alpha", "0/../alpha", "0/alpha/..", "1/alpha", "/etc", "0/" + filepath.Join(root, "secret.txt")} {
		if w := do(s, "GET", "/scenario?s="+q(key), nil); w.Code != http.StatusNotFound {
			t.Errorf("scenario %q: %d", key, w.Code)
		}
	}
	// A recorded game is read below the scenario's directory only.
	for _, path := range []string{"../../secret.txt", "/etc/passwd", "link.txt", "../alpha/../../secret.txt"} {
		body, _ := json.Marshal(filmRequest{Scenario: "0/alpha", Path: path})
		if w := do(s, "POST", "/api/film", bytes.NewReader(body)); w.Code != http.StatusForbidden || strings.Contains(w.Body.String(), "TOPSECRET") {
			t.Errorf("film from %s: %d %s", path, w.Code, w.Body)
		}
	}
	// The fake game says it cannot read a recording: the file was read.
	body, _ := json.Marshal(filmRequest{Scenario: "0/alpha", Path: "recorded.txt"})
	if w := do(s, "POST", "/api/film", bytes.NewReader(body)); w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "want no recording") {
		t.Errorf("film from a file inside: %d %s", w.Code, w.Body)
	}
}

func TestOversizedRequests(t *testing.T) {
	dir := t.TempDir()
	fakeScenario(t, dir, "alpha", 3)
	s := startStudio(t, dir)
	big := `{"scenario":"0/alpha","agents":["` + strings.Repeat("a", maxBody) + `"]}`
	if w := do(s, "POST", "/api/sim", strings.NewReader(big)); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a large sim request: %d", w.Code)
	}
	// Without a length the body is cut at the limit all the same.
	r := httptest.NewRequest("POST", "/api/sim", io.MultiReader(strings.NewReader(big)))
	r.Host, r.ContentLength = testAddr, -1
	w := httptest.NewRecorder()
	s.Handler().ServeHTTP(w, r)
	if w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a large sim request without a length: %d %s", w.Code, w.Body)
	}
	if w := do(s, "POST", "/api/film", bytes.NewReader(make([]byte, maxUpload+1))); w.Code != http.StatusRequestEntityTooLarge {
		t.Errorf("a large upload: %d", w.Code)
	}
	if w := do(s, "GET", "/scenario?s="+strings.Repeat("x", maxQuery), nil); w.Code != http.StatusRequestURITooLong {
		t.Errorf("a long query: %d", w.Code)
	}
}

// live returns the scenario page's live parts.
func live(t *testing.T, s *Server, key string) liveUpdate {
	t.Helper()
	w := do(s, "GET", "/scenario/live?s="+url.QueryEscape(key), nil)
	var u liveUpdate
	if err := json.Unmarshal(w.Body.Bytes(), &u); err != nil || w.Code != 200 {
		t.Fatalf("live %s: %d %s", key, w.Code, w.Body)
	}
	return u
}

// waitVersion waits for the scenario's check after version.
func waitVersion(t *testing.T, s *Server, key string, version int) liveUpdate {
	t.Helper()
	for range 500 {
		if sn := s.reg.get(key); sn != nil && sn.Version > version {
			return live(t, s, key)
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("%s was not checked again after a save", key)
	return liveUpdate{}
}

func TestIndexAndScenarioPage(t *testing.T) {
	dir := t.TempDir()
	fakeScenario(t, dir, "alpha", 3)
	fakeScenario(t, dir, "beta", 0)
	s := startStudio(t, dir)
	w := do(s, "GET", "/", nil)
	body := w.Body.String()
	for _, want := range []string{`data-key="0/alpha"`, `data-key="0/beta"`, `<h2>fake</h2>`, `/map.svg?s=0%2falpha`, `1 error<`, `✓ clean`} {
		if !strings.Contains(body, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	if w := do(s, "GET", "/map.svg?s=0/beta", nil); w.Code != 200 || !strings.Contains(w.Body.String(), `class="diagnostic"`) {
		t.Errorf("beta's map has no marker: %d", w.Code)
	}
	w = do(s, "GET", "/scenario?s=0/beta", nil)
	body = w.Body.String()
	for _, want := range []string{`fake-size`, `the size must be at least 1`, `scenario.toml:4:8`, `myeditor://open?file=`, `class="diagnostic"`,
		`data-message="error[fake-size]: the size must be at least 1"`, `4 | size = 0`} {
		if !strings.Contains(body, want) {
			t.Errorf("beta's page lacks %q", want)
		}
	}
	w = do(s, "GET", "/scenario?s=0/alpha", nil)
	body = w.Body.String()
	for _, want := range []string{`No problems.`, `One game (seed 1, agent first) played without a failing hook`, `fake.score`, `return ctx.turn * 2`} {
		if !strings.Contains(body, want) {
			t.Errorf("alpha's page lacks %q", want)
		}
	}
}

func TestLiveUpdates(t *testing.T) {
	dir := t.TempDir()
	sc := fakeScenario(t, dir, "alpha", 3)
	s := startStudio(t, dir)
	events := s.hub.subscribe()
	defer s.hub.unsubscribe(events)
	u := live(t, s, "0/alpha")
	if u.Errors != 0 || strings.Contains(u.Map, `class="diagnostic"`) {
		t.Fatalf("alpha starts clean: %+v", u)
	}
	// An error in the TOML: the diagnostic and its marker.
	writeFile(t, filepath.Join(sc, "scenario.toml"), fakeTOML("alpha", 0))
	u = waitVersion(t, s, "0/alpha", u.Version)
	if u.Errors != 1 || !strings.Contains(u.Diags, "fake-size") || !strings.Contains(u.Map, `class="diagnostic"`) {
		t.Errorf("after the error: %+v", u)
	}
	select {
	case msg := <-events:
		if msg != "event: scenario\ndata: 0/alpha\n\n" {
			t.Errorf("event %q", msg)
		}
	case <-time.After(5 * time.Second):
		t.Error("no event after a save")
	}
	// Fixed: gone.
	writeFile(t, filepath.Join(sc, "scenario.toml"), fakeTOML("alpha", 3))
	u = waitVersion(t, s, "0/alpha", u.Version)
	if u.Errors != 0 || strings.Contains(u.Map, `class="diagnostic"`) {
		t.Errorf("after the fix: %+v", u)
	}
	// A hook failing at run time: the short game's diagnostic, at its line.
	writeFile(t, filepath.Join(sc, "score.lua"), "function score(ctx)\n  if ctx.turn == 2 then error(\"boom\") end\n  return 1\nend\n")
	u = waitVersion(t, s, "0/alpha", u.Version)
	if u.Errors != 1 || !strings.Contains(u.Diags, "lua-runtime") || !strings.Contains(u.Diags, "score.lua:2") || !strings.Contains(u.Diags, "boom") {
		t.Errorf("after the hook's error: %+v", u.Diags)
	}
	writeFile(t, filepath.Join(sc, "score.lua"), fakeLua)
	u = waitVersion(t, s, "0/alpha", u.Version)
	if u.Errors != 0 {
		t.Errorf("after the hook's fix: %+v", u.Diags)
	}
	// A new scenario appears in the index.
	fakeScenario(t, dir, "gamma", 2)
	for range 500 {
		if s.reg.get("0/gamma") != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if !strings.Contains(do(s, "GET", "/", nil).Body.String(), `data-key="0/gamma"`) {
		t.Error("a new scenario is not in the index")
	}
	// And one in directories made after the start, the directory first.
	if err := os.MkdirAll(filepath.Join(dir, "campaign", "delta"), 0o755); err != nil {
		t.Fatal(err)
	}
	// Written after the check the new directory starts (which watches it)
	// or before it (which finds the scenario): either way it is seen.
	time.Sleep(100 * time.Millisecond)
	fakeScenario(t, filepath.Join(dir, "campaign"), "delta", 2)
	for range 500 {
		if s.reg.get("0/campaign/delta") != nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if s.reg.get("0/campaign/delta") == nil {
		t.Error("a scenario in a new directory is not found")
	}
}

func TestEventStream(t *testing.T) {
	dir := t.TempDir()
	sc := fakeScenario(t, dir, "alpha", 3)
	s := startStudio(t, dir)
	srv := httptest.NewUnstartedServer(s.Handler())
	srv.Listener.Close()
	srv.Listener = mustListen(t)
	srv.Start()
	defer srv.Close()
	// The server's address is not the bound one of the studio: only the
	// studio's own Host is served.
	req, _ := http.NewRequest("GET", srv.URL+"/events", nil)
	req.Host = testAddr
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	writeFile(t, filepath.Join(sc, "scenario.toml"), fakeTOML("alpha", 4))
	got := make(chan string, 1)
	go func() {
		var b bytes.Buffer
		buf := make([]byte, 512)
		for !strings.Contains(b.String(), "data: 0/alpha") {
			n, err := resp.Body.Read(buf)
			b.Write(buf[:n])
			if err != nil {
				break
			}
		}
		got <- b.String()
	}()
	select {
	case text := <-got:
		if !strings.Contains(text, "event: scenario\ndata: 0/alpha") {
			t.Errorf("stream: %q", text)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no event on the stream")
	}
}

func TestFilm(t *testing.T) {
	dir := t.TempDir()
	fakeScenario(t, dir, "alpha", 5)
	s := startStudio(t, dir)
	body, _ := json.Marshal(filmRequest{Scenario: "0/alpha", Seed: 2, Agents: []string{"first"}})
	w := do(s, "POST", "/api/film", bytes.NewReader(body))
	var film struct {
		ID     string      `json:"id"`
		Roles  []string    `json:"roles"`
		Frames []frameView `json:"frames"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &film); err != nil || w.Code != 200 {
		t.Fatalf("film: %d %s", w.Code, w.Body)
	}
	if !strings.Contains(w.Body.String(), `"events":[]`) {
		t.Error("the start frame's events are not an empty list")
	}
	// Seed 2 is even: the game lasts its size, 5 turns, after the start.
	if len(film.Frames) != 6 || film.Frames[3].Events[0] != "turn 3: 6 points" {
		t.Fatalf("frames: %+v", film.Frames)
	}
	frame := func(i int) string {
		w := do(s, "GET", fmt.Sprintf("/api/film/frame?id=%s&step=%d", film.ID, i), nil)
		if w.Code != 200 || w.Header().Get("Content-Type") != "image/svg+xml" {
			t.Fatalf("frame %d: %d", i, w.Code)
		}
		return w.Body.String()
	}
	if frame(0) == frame(3) {
		t.Error("the map does not change from step 0 to step 3")
	}
	for _, bad := range []string{"step=6", "step=-1", "step=x", "id=99&step=0"} {
		q := "id=" + film.ID + "&" + bad
		if strings.HasPrefix(bad, "id=") {
			q = bad
		}
		if w := do(s, "GET", "/api/film/frame?"+q, nil); w.Code != http.StatusNotFound {
			t.Errorf("frame %s: %d", q, w.Code)
		}
	}
	// A 64-bit seed, as a string, arrives whole: the fake game's length
	// shows its parity (odd: one turn less).
	w = do(s, "POST", "/api/film", strings.NewReader(`{"scenario":"0/alpha","seed":"18446744073709551615"}`))
	if err := json.Unmarshal(w.Body.Bytes(), &film); err != nil || len(film.Frames) != 5 {
		t.Errorf("film of seed 2^64-1: %d %s", w.Code, w.Body)
	}
	// The replay page offers the game's agents for each role.
	page := do(s, "GET", "/replay?s=0/alpha", nil).Body.String()
	for _, want := range []string{`id="film-form"`, `east <select`, `<option>second</option>`} {
		if !strings.Contains(page, want) {
			t.Errorf("replay page lacks %q", want)
		}
	}
}

// simStatusOf polls a job until it is no longer running.
func simWait(t *testing.T, s *Server, id string) simStatus {
	t.Helper()
	var st simStatus
	for range 3000 {
		w := do(s, "GET", "/api/sim/status?id="+id, nil)
		if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		if st.State != "running" {
			return st
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("batch %s still running", id)
	return st
}

func startSim(t *testing.T, s *Server, req simRequest) (int, simStatus) {
	t.Helper()
	body, _ := json.Marshal(req)
	w := do(s, "POST", "/api/sim", bytes.NewReader(body))
	var st simStatus
	json.Unmarshal(w.Body.Bytes(), &st)
	return w.Code, st
}

func TestSims(t *testing.T) {
	dir := t.TempDir()
	fakeScenario(t, dir, "alpha", 5)
	fakeScenario(t, dir, "slow", 2)
	fakeScenario(t, dir, "broken", 0)
	s := startStudio(t, dir)
	code, st := startSim(t, s, simRequest{Scenario: "0/alpha", Games: 50, Seed: 1, Agents: []string{"first", "second"}, Report: "balance"})
	if code != 200 {
		t.Fatalf("start: %d %+v", code, st)
	}
	st = simWait(t, s, st.ID)
	// Two seat orders of 50 games.
	if st.State != "done" || st.Done != 100 || st.Total != 100 || st.Percent != 100 || !st.HTML {
		t.Fatalf("balance study: %+v", st)
	}
	if w := do(s, "GET", "/api/sim/report?id="+st.ID, nil); w.Code != 200 || !strings.Contains(w.Body.String(), "<svg") {
		t.Errorf("report: %d", w.Code)
	}
	// The links open a game that fits: one that used the card (the fake
	// uses it on seeds divisible by 3), one of each length.
	var content, lengths int
	for _, l := range st.Links {
		switch l.Group {
		case "content":
			content++
			if l.Label != "card 双行" || l.Seed%3 != 0 || l.Games == 0 {
				t.Errorf("content link %+v", l)
			}
		case "length":
			lengths++
			wantTurns := 5 - int(l.Seed%2)
			if !strings.Contains(l.Label, fmt.Sprint(wantTurns)) {
				t.Errorf("length link %+v: its game lasts %d turns", l, wantTurns)
			}
		}
	}
	if content != 1 || lengths == 0 {
		t.Errorf("links: %+v", st.Links)
	}
	// Game seeds use 64 bits, more than a JavaScript number holds: they
	// travel as strings.
	raw := do(s, "GET", "/api/sim/status?id="+st.ID, nil).Body.String()
	if !strings.Contains(raw, fmt.Sprintf(`"seed":"%d"`, st.Links[0].Seed)) {
		t.Errorf("a link's seed is not a string: %s", raw)
	}
	// Bounded: more games than the cap, unknown agents, a broken scenario.
	for _, req := range []simRequest{
		{Scenario: "0/alpha", Games: 5001, Report: "wins"},
		{Scenario: "0/alpha", Games: 0, Report: "wins"},
		{Scenario: "0/alpha", Games: 5, Report: "wins", Agents: []string{"nobody"}},
		{Scenario: "0/alpha", Games: 5, Report: "maybe"},
		{Scenario: "0/broken", Games: 5, Report: "wins"},
	} {
		if code, st := startSim(t, s, req); code != http.StatusUnprocessableEntity {
			t.Errorf("%+v: %d %+v", req, code, st)
		}
	}
	if code, _ := startSim(t, s, simRequest{Scenario: "0/nowhere", Games: 5, Report: "wins"}); code != http.StatusNotFound {
		t.Errorf("unknown scenario: %d", code)
	}
	// Cancellable, and one batch at a time.
	code, st = startSim(t, s, simRequest{Scenario: "0/slow", Games: 5000, Seed: 1, Report: "wins"})
	if code != 200 {
		t.Fatalf("slow start: %d", code)
	}
	if code, _ := startSim(t, s, simRequest{Scenario: "0/alpha", Games: 5, Report: "wins"}); code != http.StatusConflict {
		t.Errorf("a second batch while one runs: %d", code)
	}
	if w := do(s, "POST", "/api/sim/stop?id="+st.ID, nil); w.Code != 200 {
		t.Errorf("stop: %d", w.Code)
	}
	st = simWait(t, s, st.ID)
	if st.State != "stopped" || st.Done >= 5000 {
		t.Errorf("after stop: %+v", st)
	}
	// A wins batch after it: the text report.
	code, st = startSim(t, s, simRequest{Scenario: "0/alpha", Games: 20, Seed: 3, Report: "wins"})
	if code != 200 {
		t.Fatalf("wins start: %d", code)
	}
	st = simWait(t, s, st.ID)
	if st.State != "done" || !strings.Contains(st.Text, "20 games") || st.HTML {
		t.Errorf("wins batch: %+v", st)
	}
}

func TestHostileHookInBatch(t *testing.T) {
	dir := t.TempDir()
	sc := fakeScenario(t, dir, "alpha", 3)
	// A hook that never ends on turn 3: games of an odd seed last 2 turns
	// (the short game of the check is one), the others reach it.
	writeFile(t, filepath.Join(sc, "score.lua"), "function score(ctx)\n  if ctx.turn == 3 then while true do end end\n  return 1\nend\n")
	s := startStudio(t, dir)
	code, st := startSim(t, s, simRequest{Scenario: "0/alpha", Games: 10, Seed: 1, Report: "wins"})
	if code != 200 {
		t.Fatalf("start: %d %+v", code, st)
	}
	st = simWait(t, s, st.ID)
	if st.State != "failed" || !strings.Contains(st.Problem, "lua-runtime") || !strings.Contains(st.Problem, "score.lua:2") {
		t.Errorf("a hook that never ends: %+v", st)
	}
}

func mustListen(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	return ln
}

// TestFilmStore: the store keeps the newest films within its count and
// its byte budget, and always the newest one.
func TestFilmStore(t *testing.T) {
	film := func(size int) *film.Film { return &film.Film{Frames: []film.Frame{{SVG: make([]byte, size)}}} }
	fs := newFilmStore(3, 100)
	a := fs.add(film(40))
	b := fs.add(film(40))
	c := fs.add(film(40)) // 120 bytes: a goes
	if fs.get(a) != nil || fs.get(b) == nil || fs.get(c) == nil {
		t.Errorf("after 3 films of 40 bytes in 100: a %v b %v c %v", fs.get(a) != nil, fs.get(b) != nil, fs.get(c) != nil)
	}
	d := fs.add(film(500)) // over the budget alone: kept, alone
	if fs.get(b) != nil || fs.get(c) != nil || fs.get(d) == nil {
		t.Error("a film larger than the budget is not kept alone")
	}
	e, f, g := fs.add(film(1)), fs.add(film(1)), fs.add(film(1))
	if fs.get(d) != nil || fs.get(e) == nil || fs.get(f) == nil || fs.get(g) == nil {
		t.Error("the count bound")
	}
}

// TestFilmUpload: a recording uploaded from the page reaches the game.
func TestFilmUpload(t *testing.T) {
	dir := t.TempDir()
	fakeScenario(t, dir, "alpha", 3)
	s := startStudio(t, dir)
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("scenario", "0/alpha")
	fw, _ := mw.CreateFormFile("record", "game.json")
	fw.Write([]byte(`{"decisions":[]}`))
	mw.Close()
	w := do(s, "POST", "/api/film", &body, "Content-Type", mw.FormDataContentType())
	if w.Code != http.StatusUnprocessableEntity || !strings.Contains(w.Body.String(), "want no recording") {
		t.Errorf("upload: %d %s", w.Code, w.Body)
	}
	w = do(s, "POST", "/api/film", strings.NewReader("--x\r\n"), "Content-Type", "multipart/form-data; boundary=x")
	if w.Code != http.StatusBadRequest {
		t.Errorf("a broken upload: %d %s", w.Code, w.Body)
	}
}
