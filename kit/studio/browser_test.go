package studio_test

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/games"
	"github.com/sandtable/sandtable/kit/studio"
)

// chromium is the system's browser the end-to-end test drives (Debian's
// package chromium; .ci/run installs it).
const chromium = "/usr/bin/chromium"

// copyTree copies the directory src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestBrowser drives the studio in headless Chromium over a copy of the
// shipped scenarios (and a fake game's): the index with every game's maps,
// a scenario whose TOML and then whose hook gets an error on disk (the
// diagnostic and the marker appear and go without a reload; the latency
// from the save to the page is logged), the replay viewer of every game
// that films its games, and a 50-game balance study. With
// SANDTABLE_SCREENSHOTS set, it saves a screenshot of each page there.
func TestBrowser(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s is missing: .ci/run installs the package chromium", chromium)
		}
		t.Skipf("%s is not installed (apt-get install chromium); CI runs this test", chromium)
	}
	root := t.TempDir()
	dir := filepath.Join(root, "scenarios")
	copyTree(t, filepath.Join("..", "..", "scenarios"), dir)
	studio.FakeScenario(t, filepath.Join(dir, "fake"), "alpha", 12)
	all := append(games.All(), studio.FakeGame)

	began := time.Now()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	s, err := studio.New(all, addr, studio.Options{Dirs: []string{dir}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		stop()
		if err := <-served; err != nil {
			t.Error(err)
		}
	}()
	base := "http://" + addr

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.WindowSize(1400, 1000), chromedp.Flag("renderer-process-limit", "1"))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	bctx, cancelBrowser := chromedp.NewContext(actx)
	defer cancelBrowser()
	// The first Run starts the browser; later steps get a time limit each.
	if err := chromedp.Do(bctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	step := func(what string, limit time.Duration, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(bctx, limit)
		defer cancel()
		if err := chromedp.Do(c, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	eval := func(what, js string) string {
		t.Helper()
		c, cancel := context.WithTimeout(bctx, 20*time.Second)
		defer cancel()
		v, err := chromedp.Run(c, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
	shots := os.Getenv("SANDTABLE_SCREENSHOTS")
	shot := func(name string) {
		t.Helper()
		if shots == "" {
			return
		}
		c, cancel := context.WithTimeout(bctx, 30*time.Second)
		defer cancel()
		png, err := chromedp.Run(c, chromedp.FullScreenshot(100))
		if err == nil {
			err = os.WriteFile(filepath.Join(shots, name+".png"), png, 0o644)
		}
		if err != nil {
			t.Errorf("screenshot %s: %v", name, err)
		}
	}
	poll := func(js string) chromedp.Action[chromedp.Void] {
		return chromedp.Poll[chromedp.Void](js, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(0))
	}

	// The index: every game's scenarios, each with its map drawn.
	step("index", 60*time.Second, chromedp.Navigate(base+"/"), chromedp.WaitVisible(chromedp.CSS(".card")))
	for _, g := range all {
		step("maps of "+g.Name(), 60*time.Second, poll(fmt.Sprintf(`(() => {
			const imgs = [...document.querySelectorAll('section.game[data-game=%q] .card img')];
			return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
		})()`, g.Name())))
	}
	shot("index")
	t.Logf("index with every map: %v after the start", time.Since(began).Round(time.Millisecond))

	// A scenario: an error written into its TOML shows up, diagnostic and
	// marker, without a reload, and goes when fixed.
	const sanguo = "0/mbg/sanguo"
	toml := filepath.Join(dir, "mbg", "sanguo", "scenario.toml")
	orig, err := os.ReadFile(toml)
	if err != nil {
		t.Fatal(err)
	}
	step("scenario page", 30*time.Second, chromedp.Navigate(base+"/scenario?s="+sanguo), chromedp.WaitVisible(chromedp.CSS("#map svg")),
		chromedp.Evaluate[chromedp.Void](`window.sameDocument = 42`))
	shot("scenario")

	// Zoom and pan, as a reader does them: the buttons, the wheel and a
	// drag move the map's viewBox, and fit restores the whole map.
	viewBox := func(what string) [4]float64 {
		t.Helper()
		var v [4]float64
		text := eval(what, `document.querySelector('#map svg').getAttribute('viewBox')`)
		if n, err := fmt.Sscan(strings.ReplaceAll(text, ",", " "), &v[0], &v[1], &v[2], &v[3]); n != 4 {
			t.Fatalf("%s: viewBox %q: %v", what, text, err)
		}
		return v
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 0.02 }
	whole := viewBox("whole map")
	step("zoom in", 10*time.Second, chromedp.Click(chromedp.CSS(`[data-zoom="in"]`)))
	zoomed := viewBox("zoomed in")
	if !near(zoomed[2], whole[2]*0.8) || !near(zoomed[3], whole[3]*0.8) ||
		!near(zoomed[0]+zoomed[2]/2, whole[0]+whole[2]/2) || !near(zoomed[1]+zoomed[3]/2, whole[1]+whole[3]/2) {
		t.Errorf("zoom in: viewBox %v from %v, want 0.8 of its size about the same centre", zoomed, whole)
	}
	var cx, cy float64
	fmt.Sscan(eval("map centre", `(() => { const r = document.querySelector('#map svg').getBoundingClientRect();
		return (r.left + r.width / 2) + " " + (r.top + r.height / 2); })()`), &cx, &cy)
	step("drag", 10*time.Second, chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, cx, cy, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, cx+60, cy+30, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, cx+120, cy+60, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, cx+120, cy+60, chromedp.ButtonLeft))
	dragged := viewBox("dragged")
	if !(dragged[0] < zoomed[0]-1) || !(dragged[1] < zoomed[1]-1) || !near(dragged[2], zoomed[2]) || !near(dragged[3], zoomed[3]) {
		t.Errorf("drag right and down: viewBox %v from %v, want the same size moved up and left", dragged, zoomed)
	}
	// cdproto leaves a zero deltaX out, and Chrome wants both deltas.
	step("wheel", 10*time.Second, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseWheel, cx, cy,
		func(p *input.DispatchMouseEventParams) { p.DeltaX, p.DeltaY = 1e-3, 120 }))
	if out := viewBox("wheel out"); !near(out[2], dragged[2]*1.25) {
		t.Errorf("wheel out: viewBox %v from %v, want 1.25 of its size", out, dragged)
	}
	step("fit", 10*time.Second, chromedp.Click(chromedp.CSS(`[data-zoom="fit"]`)))
	if v := viewBox("fit"); v != whole {
		t.Errorf("fit: viewBox %v, want the whole map's %v", v, whole)
	}
	// A reader's zoom survives the live update a save brings.
	step("zoom in again", 10*time.Second, chromedp.Click(chromedp.CSS(`[data-zoom="in"]`)))
	zoomed = viewBox("zoomed again")

	// save writes the file and waits until the page shows a check that
	// meets want; it returns the time from the save to the page's update.
	save := func(what, file string, data []byte, want string) time.Duration {
		t.Helper()
		// Connected first: a save before the stream opens is caught up
		// when it does, not measured.
		step(what+": connected", 20*time.Second, poll(`document.querySelector('#live').dataset.state === "open"`))
		before := eval("version", `document.body.dataset.version`)
		at := time.Now()
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		step(what, 20*time.Second, poll(fmt.Sprintf(`document.body.dataset.version !== %q && (%s)`, before, want)))
		var shown int64
		fmt.Sscan(eval("updated", `document.body.dataset.updatedAt`), &shown)
		if eval("no reload", `String(window.sameDocument)`) != "42" {
			t.Fatalf("%s: the page was reloaded", what)
		}
		return time.UnixMilli(shown).Sub(at)
	}
	const marker = `document.querySelector('#map g.diagnostic') !== null`
	broken := strings.Replace(string(orig), `"南皮", # 0`, `"南皮X", # 0`, 1)
	if broken == string(orig) {
		t.Fatal("sanguo's first square is not 南皮 any more: update the test")
	}
	var lat []time.Duration
	lat = append(lat, save("TOML error", toml, []byte(broken),
		`document.querySelector('#diags .diag[data-message^="error[mbg-board-unknown]"]') !== null && `+marker))
	if v := viewBox("after the save"); v != zoomed {
		t.Errorf("the live update reset the reader's zoom: viewBox %v, was %v", v, zoomed)
	}
	step("fit again", 10*time.Second, chromedp.Click(chromedp.CSS(`[data-zoom="fit"]`)))
	// Clicking the diagnostic highlights its marker and the offending line.
	step("select", 10*time.Second, chromedp.Click(chromedp.CSS("#diags .diag")),
		poll(`document.querySelector('#map g.diagnostic.hl') !== null && document.querySelector('#source-lines li.hl') !== null`))
	if line := eval("line", `document.querySelector('#source-lines li.hl').textContent`); !strings.Contains(line, "南皮X") {
		t.Errorf("highlighted line %q", line)
	}
	shot("scenario-error")
	lat = append(lat, save("TOML fixed", toml, orig, `document.querySelector('#diags .diag') === null && !(`+marker+`)`))
	t.Logf("sanguo: save to page update %v (error), %v (fix)", lat[0], lat[1])

	// The same for a hook that fails at run time (the check's short game).
	const held = "0/xghj/hold_the_centre"
	lua := filepath.Join(dir, "xghj", "hold_the_centre", "victory", "hold_region.lua")
	luaOrig, err := os.ReadFile(lua)
	if err != nil {
		t.Fatal(err)
	}
	luaBroken := strings.Replace(string(luaOrig), "\tlocal cells = xghj.region(\"centre\")\n", "\tlocal cells = xghj.region(\"centre\")\n\tlocal limit = cells[1].share\n", 1)
	if luaBroken == string(luaOrig) {
		t.Fatal("hold_region.lua changed: update the test")
	}
	step("hook scenario", 30*time.Second, chromedp.Navigate(base+"/scenario?s="+held), chromedp.WaitVisible(chromedp.CSS("#map svg")),
		chromedp.Evaluate[chromedp.Void](`window.sameDocument = 42`))
	l1 := save("Lua error", lua, []byte(luaBroken), `document.querySelector('#diags .diag[data-message^="error[lua-runtime]"]') !== null`)
	step("select hook error", 10*time.Second, chromedp.Click(chromedp.CSS("#diags .diag")), poll(`document.querySelector('#source-lines li.hl') !== null`))
	if line := eval("lua line", `document.querySelector('#source-lines li.hl').textContent`); !strings.Contains(line, "cells[1].share") {
		t.Errorf("highlighted Lua line %q", line)
	}
	shot("scenario-lua-error")
	l2 := save("Lua fixed", lua, luaOrig, `document.querySelector('#diags .diag') === null`)
	t.Logf("hold_the_centre: save to page update %v (hook error), %v (fix)", l1, l2)

	// Every open page updates: eight tabs on one scenario (more than the
	// six connections a browser opens to a host) all show a save.
	fakeTOML := filepath.Join(dir, "fake", "alpha", "scenario.toml")
	fakeOrig, err := os.ReadFile(fakeTOML)
	if err != nil {
		t.Fatal(err)
	}
	var tabs []context.Context
	for i := range 8 {
		tab, closeTab := chromedp.NewContext(bctx)
		defer closeTab()
		// The first action opens the tab, which lives as long as its
		// context: no time limit there.
		if err := chromedp.Do(tab, chromedp.Navigate("about:blank")); err != nil {
			t.Fatalf("tab %d: %v", i, err)
		}
		c, cancel := context.WithTimeout(tab, 30*time.Second)
		err := chromedp.Do(c, chromedp.Navigate(base+"/scenario?s=0/fake/alpha"), chromedp.WaitVisible(chromedp.CSS("#map svg")))
		for try := 0; err == nil && try < 3; try++ {
			// A poll can meet the document's context as the navigation
			// replaces it; the page is there, so ask again.
			if err = chromedp.Do(c, poll(`document.querySelector('#live').dataset.state === "open"`)); err != nil && strings.Contains(err.Error(), "Cannot find context") {
				err = nil
				continue
			}
			break
		}
		cancel()
		if err != nil {
			t.Fatalf("tab %d: %v", i, err)
		}
		tabs = append(tabs, tab)
	}
	if err := os.WriteFile(fakeTOML, []byte(strings.Replace(string(fakeOrig), "size = 12", "size = 0", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	for i, tab := range tabs {
		c, cancel := context.WithTimeout(tab, 30*time.Second)
		err := chromedp.Do(c, chromedp.Poll[chromedp.Void](`document.querySelector('#diags .diag[data-message^="error[fake-size]"]') !== null`, chromedp.WithPollingTimeout(0)))
		cancel()
		if err != nil {
			c, cancel := context.WithTimeout(tab, 10*time.Second)
			info, _ := chromedp.Run(c, chromedp.Evaluate[string](`JSON.stringify({live: document.querySelector('#live').dataset.state, version: document.body.dataset.version, vis: document.visibilityState, diags: document.querySelector('#diags').textContent.slice(0, 80)})`))
			cancel()
			t.Errorf("tab %d did not show the save: %v %s", i, err, info)
		}
	}
	if err := os.WriteFile(fakeTOML, fakeOrig, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tab := range tabs {
		c, cancel := context.WithTimeout(tab, 30*time.Second)
		chromedp.Do(c, poll(`document.querySelector('#diags .diag') === null`))
		cancel()
		chromedp.Cancel(tab)
	}

	// The replay viewer of every game that films its games: ten steps
	// forward change the map, ten back bring it back.
	filmed := 0
	for _, g := range all {
		if _, ok := g.(film.Filmer); !ok {
			continue
		}
		key := s.FirstClean(g.Name())
		if key == "" {
			t.Errorf("no scenario of %s", g.Name())
			continue
		}
		filmed++
		filmStart := time.Now()
		step("replay "+key, 60*time.Second, chromedp.Navigate(base+"/replay?s="+key), chromedp.WaitVisible(chromedp.CSS("#play")),
			chromedp.Click(chromedp.CSS("#play")))
		step("film of "+key, 60*time.Second, poll(`!document.querySelector('#viewer').hidden || !document.querySelector('#film-error').hidden`))
		if msg := eval("film error", `document.querySelector('#film-error').textContent`); msg != "" {
			t.Errorf("%s: the film failed: %s", key, msg)
			continue
		}
		step("first frame of "+key, 60*time.Second, poll(`document.querySelector('#frame-map').dataset.step === "0"`))
		var last int
		fmt.Sscan(eval("frames", `document.querySelector('#step').max`), &last)
		if last < 1 {
			t.Errorf("%s: a film of one frame", key)
			continue
		}
		// From the middle of the game (its first steps can be a draft that
		// leaves the map as it is), moved there with the slider.
		from := max(0, min(last/2, last-10))
		n := min(10, last-from)
		step("slider", 20*time.Second, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const r = document.querySelector('#step');
			r.value = %d; r.dispatchEvent(new Event('input')); r.focus(); })()`, from)),
			poll(fmt.Sprintf(`document.querySelector('#frame-map').dataset.step === "%d"`, from)))
		start := eval("start map", `document.querySelector('#frame-map').innerHTML`)
		changed := false
		for i := from + 1; i <= from+n; i++ {
			step("→", 20*time.Second, chromedp.KeyEvent(kb.ArrowRight), poll(fmt.Sprintf(`document.querySelector('#frame-map').dataset.step === "%d"`, i)))
			if eval("map", `document.querySelector('#frame-map').innerHTML`) != start {
				changed = true
			}
		}
		if !changed {
			t.Errorf("%s: the map did not change from step %d in %d steps", key, from, n)
		}
		shot("replay-" + g.Name())
		for i := from + n - 1; i >= from; i-- {
			step("←", 20*time.Second, chromedp.KeyEvent(kb.ArrowLeft), poll(fmt.Sprintf(`document.querySelector('#frame-map').dataset.step === "%d"`, i)))
		}
		if eval("map", `document.querySelector('#frame-map').innerHTML`) != start {
			t.Errorf("%s: %d steps back, the map is not step %d's", key, n, from)
		}
		// A turn forward and back: PageDown leaves the turn, PageUp comes
		// back to an earlier one.
		turn := func() string {
			return eval("turn", `document.querySelector('#pos').textContent.replace(/.*turn /, '')`)
		}
		t0 := turn()
		step("PageDown", 20*time.Second, chromedp.KeyEvent(kb.PageDown), poll(fmt.Sprintf(`document.querySelector('#pos').textContent.replace(/.*turn /, '') !== %q || document.querySelector('#frame-map').dataset.step === "%d"`, t0, last)))
		step("PageUp", 20*time.Second, chromedp.KeyEvent(kb.PageUp), poll(fmt.Sprintf(`document.querySelector('#pos').textContent.replace(/.*turn /, '') === %q || +document.querySelector('#frame-map').dataset.step < %d`, t0, from)))
		frames := fmt.Sprint(last)
		t.Logf("%s: the film and %d steps each way in %v", key, n, time.Since(filmStart).Round(time.Millisecond))
		step("End", 20*time.Second, chromedp.KeyEvent(kb.End), poll(fmt.Sprintf(`document.querySelector('#frame-map').dataset.step === %q`, frames)))
		step("Home", 20*time.Second, chromedp.KeyEvent(kb.Home), poll(`document.querySelector('#frame-map').dataset.step === "0"`))
		// A recorded game of the scenario's tests, opened by its path.
		goldens, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(strings.SplitN(key, "/", 2)[1]), "tests", "golden", "*"))
		if len(goldens) > 0 {
			rel, _ := filepath.Rel(filepath.Join(dir, filepath.FromSlash(strings.SplitN(key, "/", 2)[1])), goldens[0])
			step("open "+rel, 60*time.Second, chromedp.Evaluate[chromedp.Void](`document.querySelector('#frame-map').dataset.step = ""`),
				chromedp.SetValue(chromedp.CSS("#record-path"), filepath.ToSlash(rel)), chromedp.Click(chromedp.CSS("#open-record")),
				poll(`document.querySelector('#frame-map').dataset.step === "0" || !document.querySelector('#film-error').hidden`))
			if msg := eval("recorded film", `document.querySelector('#film-error').textContent`); msg != "" {
				t.Errorf("%s: %s: %s", key, rel, msg)
			}
		}
	}
	if filmed == 0 {
		t.Fatal("no game films its games, not even the fake one")
	}

	// Sims: a 50-game balance study reaches 100 % and shows the report.
	step("sims", 120*time.Second, chromedp.Navigate(base+"/sims?s="+sanguo), chromedp.WaitVisible(chromedp.CSS("#start")),
		chromedp.SetValue(chromedp.CSS("#games"), "50"), chromedp.SetValue(chromedp.CSS("#report"), "balance"),
		chromedp.Click(chromedp.CSS("#start")),
		poll(`document.querySelector('#progress').value === 100 && document.querySelector('#progress-text').textContent.includes('done')`),
		poll(`(() => { const f = document.querySelector('#sim-report'); const d = !f.hidden && f.contentDocument;
			return d && d.querySelector('h1') && d.querySelector('h1').textContent.includes('Balance of'); })()`))
	if links := eval("links", `String(document.querySelectorAll('#link-list a').length)`); links == "0" {
		t.Error("no link into the replay viewer after the study")
	}
	shot("sims")

	// From a study's Content row into the replay viewer: the fake game
	// uses its card on seeds divisible by 3, and films its games.
	step("fake sims", 60*time.Second, chromedp.Navigate(base+"/sims?s=0/fake/alpha"), chromedp.WaitVisible(chromedp.CSS("#start")),
		chromedp.SetValue(chromedp.CSS("#games"), "20"), chromedp.SetValue(chromedp.CSS("#report"), "balance"),
		chromedp.Click(chromedp.CSS("#start")), poll(`[...document.querySelectorAll('#link-list a')].some((a) => a.textContent.startsWith('card'))`),
		chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll('#link-list a')].find((a) => a.textContent.startsWith('card')).click()`),
		chromedp.WaitVisible(chromedp.CSS("#viewer")), poll(`document.querySelector('#frame-map').dataset.step === "0"`))
	var seed uint64
	if _, err := fmt.Sscan(eval("seed", `document.querySelector('#seed').value`), &seed); err != nil || seed%3 != 0 {
		t.Errorf("the card's link opened seed %d (%v), a game that did not use the card", seed, err)
	}
	t.Logf("everything in %v", time.Since(began).Round(time.Millisecond))
}
