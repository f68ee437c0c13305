// Package scentest runs the scenario tests authors write beside a
// scenario (tests/*.toml): single games with a seed, agents and an
// optional scripted prefix of decisions, with assertions on the outcome
// and the events; win rates over a batch with a fixed seed; and golden
// playthroughs, whose recorded transcript a rule or script change makes
// differ. It knows no game: games plug in through Player (and
// sim.Simulator for win rates).
package scentest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
)

// Diagnostic codes of scenario tests.
const (
	CodeInvalid  = "test-invalid"        // the test file cannot be understood
	CodeFailed   = "test-failed"         // an assertion does not hold
	CodeGolden   = "test-golden-differs" // a playthrough differs from its golden file
	CodeNoGolden = "test-golden-missing" // a playthrough has no golden file yet
)

// File is one tests/*.toml file.
type File struct {
	Tests        []Test        `json:"test"`
	Playthroughs []Playthrough `json:"playthrough"`
}

// Test is one [[test]]: a game (or, with games > 1, a batch) and what must
// hold of it.
type Test struct {
	Name      string   `json:"name"`
	Seed      uint64   `json:"seed"`
	Agents    []string `json:"agents"`
	Decisions []int    `json:"decisions"`
	Games     int      `json:"games"`
	Expect    Expect   `json:"expect"`
}

// Expect holds a test's assertions; absent ones are not checked.
type Expect struct {
	// Winner is a player's name, or "none" for a game without a winner.
	Winner   *string       `json:"winner"`
	Reason   string        `json:"reason"`
	MaxTurns int           `json:"max_turns"` // the game ends at or before this turn
	MinTurns int           `json:"min_turns"`
	Events   []EventExpect `json:"events"`
	WinRate  *WinRate      `json:"win_rate"`
	// Used names content (as mapc sim names it: "tech 火计", "card 窃取",
	// "hero YR") that some game of the test's batch must use at least
	// once; "all" stands for everything the scenario has. Like WinRate it
	// plays the batch mapc sim plays with the test's seed (Games games,
	// 20 by default).
	Used []string `json:"used"`
}

// EventExpect asserts on the events of a kind whose fields match Where
// within the turns [Turns[0], Turns[1]]: by default at least one; Count
// exactly so many; Never none; Last, that the last of them has these
// field values (where a person stands at round 3: the last people_move of
// that person in rounds 1 to 3 has to = "x,y").
type EventExpect struct {
	Kind  string         `json:"kind"`
	Where map[string]any `json:"where"`
	Turns []int          `json:"turns"`
	Count *int           `json:"count"`
	Never bool           `json:"never"`
	Last  map[string]any `json:"last"`
}

// WinRate asserts that a player's share of wins over Test.Games games
// (batch seed Test.Seed) lies within [Within[0], Within[1]]. The batch is
// the one mapc sim plays with that seed, so the rate is a fixed number,
// not a sample that can flake.
type WinRate struct {
	Player string     `json:"player"`
	Within [2]float64 `json:"within"`
}

// Playthrough is one [[playthrough]]: a game whose transcript is compared
// with Golden (a path relative to the test file).
type Playthrough struct {
	Name      string   `json:"name"`
	Seed      uint64   `json:"seed"`
	Agents    []string `json:"agents"`
	Decisions []int    `json:"decisions"`
	Golden    string   `json:"golden"`
	// Turns keeps the golden file short: only the events and decisions of
	// the first Turns turns (or rounds) are recorded, and the result; 0
	// records all.
	Turns int `json:"turns"`
}

// Files lists the test files of the scenario at dir (tests/*.toml), in
// lexical order.
func Files(dir string) []string {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		dir = filepath.Dir(dir)
	}
	found, _ := filepath.Glob(filepath.Join(dir, "tests", "*.toml"))
	sort.Strings(found)
	return found
}

// Options tune a run.
type Options struct {
	Update bool // rewrite golden files instead of comparing
	// Workers plays win-rate batches in parallel (results do not depend
	// on it); 0 means GOMAXPROCS.
	Workers int
	// Scripts names the config's scripts in the diagnostic of a hook that
	// fails while a test plays (build.ScriptsOf); nil keeps their bundled
	// paths.
	Scripts *build.Scripts
}

// Outcome is what running one file found.
type Outcome struct {
	Passed  []string // names of the tests and playthroughs that passed
	Failed  []string // names of those that failed
	Updated []string // golden files written
	Diags   diag.Diagnostics
	Source  *source.Source
}

// Run runs the tests of file against config, a compiled config of game g.
func Run(file string, g build.Game, config any, opts Options) *Outcome {
	out := &Outcome{}
	src, ds := source.Load(file, source.Options{})
	out.Source = src
	if src == nil || ds.HasErrors() {
		out.Diags = ds
		return out
	}
	var f File
	data, _ := json.Marshal(src.Root)
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Error, Code: CodeInvalid, Summary: "Invalid test file",
			Detail:  fmt.Sprintf("The file does not describe scenario tests: %v. Tests are [[test]] tables (name, seed, agents, decisions, games, expect) and [[playthrough]] tables (name, seed, agents, decisions, golden, turns).", err),
			Subject: &diag.Range{File: src.Entry, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}})
		return out
	}
	player, ok := g.(Player)
	if !ok {
		out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Error, Code: CodeInvalid, Summary: "Game cannot be tested",
			Detail:  fmt.Sprintf("The %s engine cannot play recorded games yet.", g.Name()),
			Subject: &diag.Range{File: src.Entry, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}})
		return out
	}
	var batches []*sim.Batch
	defer func() { out.Diags = append(out.Diags, unusedWarning(batches, src.Entry)...) }()
	for i, t := range f.Tests {
		at := src.Range(fmt.Sprintf("/test/%d/name", i))
		fail := func(format string, args ...any) {
			out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Error, Code: CodeFailed,
				Summary: "Scenario test failed", Detail: fmt.Sprintf("%s: ", t.Name) + fmt.Sprintf(format, args...), Subject: at})
		}
		before := len(out.Diags)
		if b := runTest(t, g, player, config, opts, fail, out.hookFailed(opts, t.Name, at)); b != nil {
			batches = append(batches, b)
		}
		if len(out.Diags) == before {
			out.Passed = append(out.Passed, t.Name)
		} else {
			out.Failed = append(out.Failed, t.Name)
		}
	}
	for i, p := range f.Playthroughs {
		at := src.Range(fmt.Sprintf("/playthrough/%d/name", i))
		report := func(code, summary, format string, args ...any) {
			out.Failed = append(out.Failed, p.Name)
			out.Diags = append(out.Diags, diag.Diagnostic{Severity: diag.Error, Code: code, Summary: summary,
				Detail: fmt.Sprintf("%s: ", p.Name) + fmt.Sprintf(format, args...), Subject: at})
		}
		if p.Golden == "" {
			report(CodeInvalid, "Playthrough without golden file", "give the file its transcript is kept in, e.g. golden = \"golden/%s.txt\"", slug(p.Name))
			continue
		}
		if rel := filepath.FromSlash(p.Golden); filepath.IsAbs(rel) || !filepath.IsLocal(rel) {
			report(CodeInvalid, "Golden file outside the tests", "golden = %q must be a path below the test file's directory, without ..", p.Golden)
			continue
		}
		pt, err := player.Play(config, p.Seed, p.Agents, p.Decisions)
		if err != nil {
			if !out.hookFailed(opts, p.Name, at)(err) {
				report(CodeFailed, "Playthrough failed", "the game could not be played: %v", err)
			} else {
				out.Failed = append(out.Failed, p.Name)
			}
			continue
		}
		got := Transcript(p, pt)
		golden := filepath.Join(filepath.Dir(file), filepath.FromSlash(p.Golden))
		if opts.Update {
			err := os.MkdirAll(filepath.Dir(golden), 0o755)
			if err == nil {
				err = build.WriteAtomic(golden, got)
			}
			if err != nil {
				report(CodeFailed, "Cannot write golden file", "%v", err)
				continue
			}
			out.Updated = append(out.Updated, golden)
			out.Passed = append(out.Passed, p.Name)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			report(CodeNoGolden, "Golden file missing", "%s cannot be read (%v); record it with mapc test --update", filepath.ToSlash(golden), err)
			continue
		}
		if d := Diff(want, got); d != "" {
			report(CodeGolden, "Playthrough differs from its golden file", "the game no longer plays as %s records (a rule, a constant, a script or an agent changed). If the change is intended, rerun with --update.\n%s", filepath.ToSlash(golden), d)
			continue
		}
		out.Passed = append(out.Passed, p.Name)
	}
	return out
}

// hookFailed returns what reports a game of the test name (at) that
// failed in a hook: the hook's diagnostic, at the script's line and
// column, naming the test. It reports whether err was such a failure.
func (out *Outcome) hookFailed(opts Options, name string, at *diag.Range) func(error) bool {
	return func(err error) bool {
		d, ok := opts.Scripts.Diagnostic(err)
		if !ok {
			return false
		}
		d.Detail = fmt.Sprintf("%s: the game could not be played. %s", name, d.Detail)
		if at != nil {
			d.Related = append(d.Related, diag.Related{Message: "in the test " + name, Range: *at})
		}
		out.Diags = append(out.Diags, d)
		return true
	}
}

func runTest(t Test, g build.Game, player Player, config any, opts Options, fail func(string, ...any), hookFailed func(error) bool) *sim.Batch {
	if t.Expect.WinRate != nil || len(t.Expect.Used) > 0 {
		return batchTest(t, g, config, opts, fail, hookFailed)
	}
	pt, err := player.Play(config, t.Seed, t.Agents, t.Decisions)
	if err != nil {
		if !hookFailed(err) {
			fail("the game could not be played: %v", err)
		}
		return nil
	}
	e := t.Expect
	if e.Winner != nil {
		winner := "none"
		if pt.Winner >= 0 && pt.Winner < len(pt.Players) {
			winner = pt.Players[pt.Winner]
		}
		if winner != *e.Winner {
			fail("the winner is %s (%s after %d turns), want %s", winner, pt.Reason, pt.Turns, *e.Winner)
		}
	}
	if e.Reason != "" && pt.Reason != e.Reason {
		fail("the game ended by %s after %d turns, want %s", pt.Reason, pt.Turns, e.Reason)
	}
	if e.MaxTurns > 0 && pt.Turns > e.MaxTurns {
		fail("the game lasted %d turns, want at most %d", pt.Turns, e.MaxTurns)
	}
	if e.MinTurns > 0 && pt.Turns < e.MinTurns {
		fail("the game lasted %d turns, want at least %d", pt.Turns, e.MinTurns)
	}
	for _, ee := range e.Events {
		checkEvents(ee, pt, fail)
	}
	return nil
}

func checkEvents(ee EventExpect, pt *build.Playthrough, fail func(string, ...any)) {
	lo, hi := 0, int(^uint(0)>>1)
	if len(ee.Turns) > 0 {
		lo = ee.Turns[0]
	}
	if len(ee.Turns) > 1 {
		hi = ee.Turns[1]
	}
	keys := make([]string, 0, len(ee.Where))
	for k := range ee.Where {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	n := 0
	var last *build.Record
	var near []string // events of the kind, to show what did happen
	for _, ev := range pt.Events {
		if ev.Kind != ee.Kind {
			continue
		}
		match := ev.Turn >= lo && ev.Turn <= hi
		for _, k := range keys {
			v, ok := ev.Get(k)
			if !ok {
				v = "0" // numbers equal to 0 are left out of records
			}
			if v != valueText(ee.Where[k]) {
				match = false
			}
		}
		if match {
			n++
			last = &ev
		} else if len(near) < 3 {
			near = append(near, ev.String())
		}
	}
	var wh []string
	for _, k := range keys {
		wh = append(wh, k+"="+valueText(ee.Where[k]))
	}
	what := strings.TrimSpace(ee.Kind + " " + strings.Join(wh, " "))
	span := "in the whole game"
	if len(ee.Turns) > 0 {
		span = fmt.Sprintf("in turns %d to %d", lo, hi)
		if len(ee.Turns) == 1 {
			span = fmt.Sprintf("from turn %d on", lo)
		}
	}
	seen := ""
	if len(near) > 0 {
		seen = "; other " + ee.Kind + " events: " + strings.Join(near, "; ")
	}
	switch {
	case ee.Never && n > 0:
		fail("%d events %q %s, want none", n, what, span)
	case ee.Count != nil && n != *ee.Count:
		fail("%d events %q %s, want %d%s", n, what, span, *ee.Count, seen)
	case !ee.Never && ee.Count == nil && n == 0:
		fail("no event %q %s (the game lasted %d turns%s)", what, span, pt.Turns, seen)
	case last != nil && len(ee.Last) > 0:
		var lk []string
		for k := range ee.Last {
			lk = append(lk, k)
		}
		sort.Strings(lk)
		for _, k := range lk {
			v, ok := last.Get(k)
			if !ok {
				v = "0"
			}
			if want := valueText(ee.Last[k]); v != want {
				fail("the last event %q %s has %s=%s, want %s (%s)", what, span, k, v, want, last)
			}
		}
	}
}

// valueText is how a TOML value of a where table compares with a field.
func valueText(v any) string {
	switch x := v.(type) {
	case float64:
		return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%f", x), "0"), ".")
	case []any:
		var parts []string
		for _, e := range x {
			parts = append(parts, valueText(e))
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v)
}

// batchTest plays the batch mapc sim plays with the test's seed and checks
// its win rate and the content it used; it returns the batch.
func batchTest(t Test, g build.Game, config any, opts Options, fail func(string, ...any), hookFailed func(error) bool) *sim.Batch {
	s, ok := g.(sim.Simulator)
	if !ok {
		fail("the %s engine cannot play batches", g.Name())
		return nil
	}
	game, _, err := s.Sim(config, nil)
	if err != nil {
		if !hookFailed(err) {
			fail("the game could not be played: %v", err)
		}
		return nil
	}
	games := t.Games
	if games <= 0 {
		games = 100
		if t.Expect.WinRate == nil {
			games = 20
		}
	}
	agents := t.Agents
	if len(agents) == 0 {
		agents = s.Agents()[:1]
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	b, err := sim.Play(game, sim.Options{Games: games, Seed: t.Seed, Agents: agents, Workers: workers})
	if err != nil {
		if !hookFailed(err) {
			fail("the games could not be played: %v", err)
		}
		return nil
	}
	rep, err := b.Report()
	if err != nil {
		fail("%v", err)
		return nil
	}
	if len(t.Expect.Used) > 0 {
		checkUsed(t, b, games, fail)
	}
	wr := t.Expect.WinRate
	if wr == nil {
		return b
	}
	var names []string
	for _, r := range rep.Roles {
		names = append(names, r.Name)
		if r.Name == wr.Player {
			if r.WinRate < wr.Within[0] || r.WinRate > wr.Within[1] {
				fail("%s won %d of %d games (%.3f, 95%% interval [%.3f, %.3f]) with seed %d, want a rate within [%g, %g]",
					r.Name, r.Wins, games, r.WinRate, r.CILow, r.CIHigh, t.Seed, wr.Within[0], wr.Within[1])
			}
			return b
		}
	}
	fail("no player is named %q (players: %s)", wr.Player, strings.Join(names, ", "))
	return b
}

// checkUsed checks expect.used against the content the batch used.
func checkUsed(t Test, b *sim.Batch, games int, fail func(string, ...any)) {
	want := t.Expect.Used
	if slices.Equal(want, []string{"all"}) {
		if len(b.Catalogue) == 0 {
			fail("used = [\"all\"]: the game does not list its content; name what must be used")
			return
		}
		want = b.Catalogue
	}
	unused := b.Unused()
	var missing []string
	for _, c := range want {
		if slices.Contains(unused, c) {
			missing = append(missing, c)
			continue
		}
		if len(b.Catalogue) > 0 && !slices.Contains(b.Catalogue, c) {
			detail := fmt.Sprintf("%q is no content of the scenario (it has: %s)", c, strings.Join(b.Catalogue, ", "))
			if m := diag.DidYouMean(c, b.Catalogue); m != "" {
				detail += fmt.Sprintf("; did you mean %q?", m)
			}
			fail("%s", detail)
		}
	}
	if len(missing) > 0 {
		fail("no game of %d (seed %d, agents %s) used %s", games, t.Seed, strings.Join(b.Agents, ","), strings.Join(missing, ", "))
	}
}

// CodeUnused: content that no game of a file's batch tests used.
const CodeUnused = "test-content-unused"

// unusedWarning is one warning naming the content none of the file's
// batches (win_rate and used tests) used: content nobody tested, where a
// broken hook would pass.
func unusedWarning(batches []*sim.Batch, file string) diag.Diagnostics {
	if len(batches) == 0 || len(batches[0].Catalogue) == 0 {
		return nil
	}
	games := 0
	var unused []string
	for i, b := range batches {
		games += b.Games
		if i == 0 {
			unused = b.Unused()
			continue
		}
		now := b.Unused()
		unused = slices.DeleteFunc(unused, func(c string) bool { return !slices.Contains(now, c) })
	}
	if len(unused) == 0 {
		return nil
	}
	return diag.Diagnostics{{Severity: diag.Warning, Code: CodeUnused, Summary: "Content never used by the tests",
		Detail: fmt.Sprintf("No game of this file's batches (%d games) used %d of %d pieces of content: %s. A broken hook there would pass; add a test whose games use it (expect.used).",
			games, len(unused), len(batches[0].Catalogue), strings.Join(unused, ", ")),
		Subject: &diag.Range{File: file, Start: diag.Pos{Line: 1, Column: 1}, End: diag.Pos{Line: 1, Column: 1}}}}
}

// Transcript is the golden file text of a playthrough: a header, the
// decisions, the events and the result, one per line.
func Transcript(p Playthrough, pt *build.Playthrough) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# golden playthrough %q: seed %d, agents %s; mapc test --update rewrites it\n", p.Name, p.Seed, strings.Join(p.Agents, ","))
	fmt.Fprintf(&b, "players %s\n", strings.Join(pt.Players, " "))
	keep := func(turn int) bool { return p.Turns <= 0 || turn <= p.Turns }
	if p.Turns > 0 {
		fmt.Fprintf(&b, "# the first %d turns\n", p.Turns)
	}
	for _, e := range pt.Events {
		if keep(e.Turn) {
			fmt.Fprintf(&b, "event %s\n", e)
		}
	}
	for _, d := range pt.Decisions {
		if keep(d.Turn) {
			fmt.Fprintf(&b, "decision %s\n", d)
		}
	}
	winner := "none"
	if pt.Winner >= 0 && pt.Winner < len(pt.Players) {
		winner = pt.Players[pt.Winner]
	}
	fmt.Fprintf(&b, "result winner=%s reason=%s turns=%d\n", winner, pt.Reason, pt.Turns)
	return b.Bytes()
}

// Diff describes how got differs from want ("" when equal): their unified
// diff (go-internal/diff), cut after maxDiffLines lines.
func Diff(want, got []byte) string {
	d := diff.Diff("golden", want, "now", got)
	if d == nil {
		return ""
	}
	lines := strings.Split(strings.TrimSuffix(string(d), "\n"), "\n")
	if len(lines) > maxDiffLines {
		lines = append(lines[:maxDiffLines], fmt.Sprintf("… %d more lines", len(lines)-maxDiffLines))
	}
	return strings.Join(lines, "\n")
}

// maxDiffLines bounds the diff a diagnostic shows: a changed rule can make
// the whole rest of a game differ.
const maxDiffLines = 24

// slug is a file-name-friendly form of a test name.
func slug(name string) string {
	f := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 0x2e80)
	})
	if len(f) == 0 {
		return "playthrough"
	}
	return strings.Join(f, "-")
}
