package sim

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/sandtable/sandtable/kit/diag"
)

// coin is a fake game: role 0 wins with probability p, otherwise role 1;
// every tenth seed-derived game is a draw at the turn limit.
type coin struct{ p float64 }

func (coin) Roles() []string { return []string{"A", "B"} }

func (coin) Columns() []Column { return []Column{{Key: "bankruptcies", Header: "BANKRUPT"}} }

func (c coin) Play(seed uint64, agents []string) (Outcome, error) {
	r := rand.New(rand.NewPCG(seed, 1))
	turns := 10 + r.IntN(30)
	switch u := r.Float64(); {
	case u < 0.1:
		return Outcome{Winner: -1, Reason: "turn_limit", Turns: 50, Counts: [][]int{{0}, {0}}}, nil
	case u < 0.1+0.9*c.p:
		return Outcome{Winner: 0, Reason: "money", Turns: turns, Counts: [][]int{{0}, {1}}}, nil
	default:
		return Outcome{Winner: 1, Reason: "money", Turns: turns, Counts: [][]int{{0}, {0}}}, nil
	}
}

func TestIndependentOfWorkers(t *testing.T) {
	var outs []string
	for _, w := range []int{1, 2, 4, 7} {
		rep, err := Run(coin{0.6}, Options{Games: 500, Seed: 42, Agents: []string{"random"}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		rep.WriteJSON(&b)
		outs = append(outs, b.String())
	}
	for i := 1; i < len(outs); i++ {
		if outs[i] != outs[0] {
			t.Fatalf("report with %d workers differs from 1 worker", []int{1, 2, 4, 7}[i])
		}
	}
	// The batch itself (its tally, leaders and content included), as a
	// part file holds it: the workers finish in any order.
	var parts []string
	for _, w := range []int{1, 3} {
		b, err := Play(race{}, Options{Games: 500, Seed: 42, Agents: []string{"strong", "weak"}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		b.WriteJSON(&buf)
		parts = append(parts, buf.String())
	}
	if parts[0] != parts[1] {
		t.Fatalf("batch with 3 workers differs from 1 worker:\n%s\n%s", parts[1], parts[0])
	}
}

func TestReportCounts(t *testing.T) {
	rep, err := Run(coin{0.5}, Options{Games: 2000, Seed: 7, Agents: []string{"x", "y"}, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	a, b := rep.Roles[0], rep.Roles[1]
	if a.Wins+b.Wins+rep.Draws != 2000 || rep.TurnLimit != rep.Draws {
		t.Fatalf("counts do not add up: %+v", rep)
	}
	if a.Agent != "x" || b.Agent != "y" {
		t.Errorf("agents = %s, %s", a.Agent, b.Agent)
	}
	// Role 0 goes bankrupt exactly when it wins in this fake game.
	if a.Extra[0] != 0 || b.Extra[0] != a.Wins {
		t.Errorf("bankruptcies %d/%d, wins %d", a.Extra[0], b.Extra[0], a.Wins)
	}
	// 0.45 is the true win rate of each role: inside the 95% intervals
	// (this holds for this seed; a wrong interval formula would miss).
	for _, rr := range rep.Roles {
		if rr.CILow > 0.45 || rr.CIHigh < 0.45 || rr.CIHigh-rr.CILow > 0.06 {
			t.Errorf("%s interval [%.3f, %.3f]", rr.Name, rr.CILow, rr.CIHigh)
		}
	}
	var text bytes.Buffer
	rep.WriteText(&text)
	if !strings.Contains(text.String(), "turn-limit endings") || !strings.Contains(text.String(), "ROLE") {
		t.Errorf("text report:\n%s", text.String())
	}
}

func TestWilson(t *testing.T) {
	// Reference values of the Wilson score interval at z = 1.96.
	for _, tt := range []struct {
		k, n   int
		lo, hi float64
	}{{50, 100, 0.4038, 0.5962}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {1, 20, 0.0089, 0.2361}} {
		lo, hi := Wilson(tt.k, tt.n)
		if math.Abs(lo-tt.lo) > 1e-3 || math.Abs(hi-tt.hi) > 1e-3 {
			t.Errorf("Wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.k, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

type failing struct{ coin }

func (failing) Play(seed uint64, agents []string) (Outcome, error) {
	return Outcome{}, errors.New("boom")
}

func TestErrors(t *testing.T) {
	if _, err := Run(failing{}, Options{Games: 3, Agents: []string{"a"}}); err == nil || !strings.Contains(err.Error(), "game 0") {
		t.Errorf("err = %v", err)
	}
	if _, err := Run(coin{}, Options{Games: 0, Agents: []string{"a"}}); err == nil {
		t.Error("zero games accepted")
	}
	if _, err := Run(coin{}, Options{Games: 1}); err == nil {
		t.Error("no agents accepted")
	}
}

// TestWriteTextAligned: columns line up by display width with Chinese names.
func TestWriteTextAligned(t *testing.T) {
	t.Parallel()
	rep := &Report{Games: 2, Roles: []RoleReport{{Name: "魏", Agent: "random"}, {Name: "rome", Agent: "heuristic"}}}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(b.String(), "\n")
	// Header and two rows: AGENT starts at the same display column.
	col := func(line, word string) int { return diag.Width(line[:strings.Index(line, word)]) }
	if a, w, r := col(lines[1], "AGENT"), col(lines[2], "random"), col(lines[3], "heuristic"); a != w || a != r {
		t.Fatalf("AGENT column at %d, %d, %d:\n%s", a, w, r, b.String())
	}
}

// runner is a fake hook runner counting the games it played.
type runner struct{ games int }

// TestEngine: agents come from the table with per-player seeds, runners are
// built once and reused, the extra columns reach the report, and unknown
// agents or a wrong number of them are errors.
func TestEngine(t *testing.T) {
	built := 0
	type decider struct {
		name string
		seed uint64
	}
	var seen [][]decider
	e := &Engine[*runner, decider]{
		RoleNames: []string{"A", "B"},
		Agents: []Agent[decider]{
			{Name: "one", New: func(seed uint64) decider { return decider{"one", seed} }},
			{Name: "two", New: func(seed uint64) decider { return decider{"two", seed} }},
		},
		Extra:     []Column{{Key: "sieges", Header: "SIEGES"}},
		NewRunner: func() (*runner, error) { built++; return &runner{}, nil },
		PlayGame: func(r *runner, seed uint64, ds []decider) (Outcome, error) {
			r.games++
			seen = append(seen, ds)
			return Outcome{Winner: int(seed % 2), Reason: "x", Turns: 3, Counts: [][]int{{2}, {int(seed % 2)}}}, nil
		},
	}
	if got := AgentNames(e.Agents); !slices.Equal(got, []string{"one", "two"}) {
		t.Errorf("AgentNames = %v", got)
	}
	rep, err := Run(e, Options{Games: 5, Seed: 9, Agents: []string{"one", "two"}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if built != 1 {
		t.Errorf("built %d runners for one worker, want 1", built)
	}
	for i, ds := range seen {
		g := GameSeed(9, i)
		if ds[0] != (decider{"one", GameSeed(g, 0)}) || ds[1] != (decider{"two", GameSeed(g, 1)}) {
			t.Errorf("game %d: agents %v", i, ds)
		}
	}
	wins1 := rep.Roles[1].Wins
	if rep.Roles[0].Extra[0] != 10 || rep.Roles[1].Extra[0] != wins1 {
		t.Errorf("extra columns %v %v, want 10 and %d", rep.Roles[0].Extra, rep.Roles[1].Extra, wins1)
	}
	var b bytes.Buffer
	rep.WriteJSON(&b)
	if !strings.Contains(b.String(), `"ci95_high": `) || !strings.Contains(b.String(), `"sieges": 10,
      "mean_turns_when_winning"`) {
		t.Errorf("JSON lacks the extra column in place:\n%s", b.String())
	}
	b.Reset()
	rep.WriteText(&b)
	if !strings.Contains(b.String(), "95% CI          SIEGES  TURNS TO WIN") {
		t.Errorf("text lacks the extra column:\n%s", b.String())
	}
	if _, err := e.Play(1, []string{"one", "three"}); err == nil || !strings.Contains(err.Error(), `unknown agent "three"`) {
		t.Errorf("unknown agent: %v", err)
	}
	if _, err := e.Play(1, []string{"one"}); err == nil {
		t.Error("one agent for two roles accepted")
	}
}

// TestShardsMerge: any number of shards, played separately and merged,
// give the batch and report of one run, byte for byte; merge refuses
// mismatched, repeated and missing parts.
func TestShardsMerge(t *testing.T) {
	opts := Options{Games: 300, Seed: 5, Agents: []string{"x", "y"}, Workers: 2, Scenario: "coin", ConfigSHA256: "abc"}
	whole, err := Play(coin{0.4}, opts)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := whole.Report()
	var wantJSON bytes.Buffer
	want.WriteJSON(&wantJSON)
	for _, n := range []int{1, 2, 7} {
		var parts []*Batch
		for i := n - 1; i >= 0; i-- { // any order
			o := opts
			o.Shard, o.Shards = i, n
			p, err := Play(coin{0.4}, o)
			if err != nil {
				t.Fatal(err)
			}
			// Through JSON, as between machines.
			var buf bytes.Buffer
			if err := p.WriteJSON(&buf); err != nil {
				t.Fatal(err)
			}
			if p, err = ReadBatch(&buf); err != nil {
				t.Fatal(err)
			}
			parts = append(parts, p)
		}
		merged, err := Merge(parts)
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		rep, err := merged.Report()
		if err != nil {
			t.Fatal(err)
		}
		var got bytes.Buffer
		rep.WriteJSON(&got)
		if got.String() != wantJSON.String() {
			t.Errorf("%d shards merged:\n%s\nwant\n%s", n, got.String(), wantJSON.String())
		}
		if n > 1 {
			if _, err := parts[0].Report(); err == nil {
				t.Errorf("a lone shard of %d gave a report", n)
			}
			if _, err := Merge(parts[1:]); err == nil || !strings.Contains(err.Error(), "is in no part") {
				t.Errorf("missing shard: %v", err)
			}
			if _, err := Merge(append(parts, parts[0])); err == nil || !strings.Contains(err.Error(), "in two parts") {
				t.Errorf("repeated shard: %v", err)
			}
		}
	}
	other := opts
	other.Seed = 6
	o, _ := Play(coin{0.4}, Options{Games: 300, Seed: 5, Agents: []string{"x", "y"}, Scenario: "other", ConfigSHA256: "def"})
	s6, _ := Play(coin{0.4}, other)
	for _, c := range []struct {
		part *Batch
		want string
	}{
		{o, `part 2 is of scenario "other"`},
		{s6, "part 2 is 300 games with seed 6"},
	} {
		if _, err := Merge([]*Batch{whole, c.part}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("merge: %v, want %q", err, c.want)
		}
	}
	if _, err := Play(coin{0.4}, Options{Games: 3, Agents: []string{"x"}, Shard: 3, Shards: 3}); err == nil {
		t.Error("shard 3 of 3 accepted")
	}
	if _, err := ReadBatch(strings.NewReader(`{"format":1,"games":3,"shard":0,"shards":1,"extra":1}`)); err == nil {
		t.Error("unknown field accepted")
	}
}

// faulty fails the games whose seed is in bad and counts the games played.
// With a gate, a game after the gate's game waits until the batch has
// recorded that many games (Options.Progress): the games before it and it,
// as only those can finish first. So once the gate's game has failed, the
// workers can have started only the games they were waiting in, and the
// test's bound on the games played cannot depend on timing.
type faulty struct {
	bad    map[uint64]bool
	played *int64
	mu     *sync.Mutex
	gate   *gate
}

type gate struct {
	index map[uint64]int // game by seed
	after int            // games after this one wait
	done  int            // games the batch has recorded
	cond  *sync.Cond
}

func (faulty) Roles() []string { return []string{"A", "B"} }

func (f faulty) Play(seed uint64, _ []string) (Outcome, error) {
	f.mu.Lock()
	*f.played++
	if g := f.gate; g != nil && g.index[seed] > g.after {
		for g.done <= g.after {
			g.cond.Wait()
		}
	}
	f.mu.Unlock()
	if f.bad[seed] {
		return Outcome{}, fmt.Errorf("boom %d", seed)
	}
	return Outcome{Winner: 0, Reason: "money", Turns: 1}, nil
}

// progress is the Options.Progress of a gated faulty game.
func (f faulty) progress(done, _ int) {
	f.mu.Lock()
	f.gate.done = done
	f.gate.cond.Broadcast()
	f.mu.Unlock()
}

func newFaulty(seed uint64, bad ...int) faulty {
	f := faulty{bad: map[uint64]bool{}, played: new(int64), mu: &sync.Mutex{}}
	for _, i := range bad {
		f.bad[GameSeed(seed, i)] = true
	}
	return f
}

// gated is newFaulty whose games after game after wait (see faulty).
func gated(seed uint64, games, after int, bad ...int) faulty {
	f := newFaulty(seed, bad...)
	f.gate = &gate{index: map[uint64]int{}, after: after, cond: sync.NewCond(f.mu)}
	for i := range games {
		f.gate.index[GameSeed(seed, i)] = i
	}
	return f
}

// TestStopAtFirstFailure: a batch stops at its first failing game (in game
// order, whatever the workers) instead of playing on; --keep-going plays
// every game and reports every failure.
func TestStopAtFirstFailure(t *testing.T) {
	for _, w := range []int{1, 3} {
		f := gated(5, 200, 7, 7, 20)
		_, err := Run(f, Options{Games: 200, Seed: 5, Agents: []string{"a"}, Workers: w, Progress: f.progress})
		var fails Failures
		if !errors.As(err, &fails) || len(fails) != 1 || fails[0].Game != 7 || fails[0].Seed != GameSeed(5, 7) {
			t.Fatalf("workers %d: error %v, want game 7 alone", w, err)
		}
		if !strings.Contains(err.Error(), "boom") {
			t.Errorf("error %q does not carry the game's error", err)
		}
		// Games 0 to 7, the games the other workers waited in, and the
		// one the dispatcher was handing out when the failure came.
		if *f.played > 7+1+int64(w) {
			t.Errorf("workers %d: %d games played, game 7 failing", w, *f.played)
		}
	}
	f := newFaulty(5, 7, 20)
	_, err := Run(f, Options{Games: 200, Seed: 5, Agents: []string{"a"}, Workers: 2, KeepGoing: true})
	var fails Failures
	if !errors.As(err, &fails) || len(fails) != 2 || fails[0].Game != 7 || fails[1].Game != 20 || *f.played != 200 {
		t.Fatalf("keep going: %v after %d games", err, *f.played)
	}
}

// TestReplayOneGame: First and Games = 1 replay game i of a batch alone,
// with the seed it had in the batch.
func TestReplayOneGame(t *testing.T) {
	f := newFaulty(5, 42)
	_, err := Run(f, Options{Games: 1, First: 42, Seed: 5, Agents: []string{"a"}})
	var fails Failures
	if !errors.As(err, &fails) || fails[0].Game != 42 || *f.played != 1 {
		t.Fatalf("replay of game 42: %v after %d games", err, *f.played)
	}
	if _, err := Run(f, Options{Games: 1, First: 41, Seed: 5, Agents: []string{"a"}}); err != nil {
		t.Errorf("game 41 failed: %v", err)
	}
}

// permutations returns every order of 0 … n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			out = append(out, slices.Insert(slices.Clone(p), i, n-1))
		}
	}
	return out
}

// TestMergeAnyOrder: the shards of a batch merged in every order give the
// batch of one run byte for byte, and so the same wins and balance reports.
// The fake game reports leaders and content, so every part of the tally
// is merged.
func TestMergeAnyOrder(t *testing.T) {
	opts := Options{Games: 203, Seed: 11, Agents: []string{"strong", "weak"}, Workers: 3, Scenario: "race"}
	whole, err := Play(race{}, opts)
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	whole.WriteJSON(&want)
	report := func(b *Batch) string {
		var s bytes.Buffer
		rep, err := b.Report()
		if err != nil {
			t.Fatal(err)
		}
		rep.WriteJSON(&s)
		bal, err := NewBalance([]*Batch{b})
		if err != nil {
			t.Fatal(err)
		}
		bal.WriteJSON(&s)
		return s.String()
	}
	wantReport := report(whole)
	const n = 4
	var parts []*Batch
	for i := range n {
		o := opts
		o.Shard, o.Shards = i, n
		p, err := Play(race{}, o)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	for _, order := range permutations(n) {
		var ps []*Batch
		for _, i := range order {
			ps = append(ps, parts[i])
		}
		merged, err := Merge(ps)
		if err != nil {
			t.Fatalf("order %v: %v", order, err)
		}
		var got bytes.Buffer
		merged.WriteJSON(&got)
		if got.String() != want.String() {
			t.Fatalf("order %v: merged batch\n%s\nwant\n%s", order, got.String(), want.String())
		}
		if r := report(merged); r != wantReport {
			t.Fatalf("order %v: report\n%s\nwant\n%s", order, r, wantReport)
		}
	}
}

// TestPartSizeFlat: a partial batch holds the tally of its games, whose
// size is bounded by the game's values (turns, leaders, content), so ten
// times the games, once every value has been seen (a short race has few),
// gives a file of the same size but for the digits of the counts.
func TestPartSizeFlat(t *testing.T) {
	size := func(games int) int {
		b, err := Play(race{short: true}, Options{Games: games, Seed: 2, Agents: []string{"strong", "weak"}, Workers: 2,
			Scenario: "race", Shard: 0, Shards: 2})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := b.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.Len()
	}
	small, large := size(4000), size(40000)
	if large > small*11/10 {
		t.Errorf("a part of 20000 games is %d bytes, of 2000 games %d", large, small)
	}
	t.Logf("a part of 2000 games is %d bytes, of 20000 games %d", small, large)
}

// part returns the JSON of shard 0 of 2 of a race batch.
func part(t testing.TB) []byte {
	b, err := Play(race{}, Options{Games: 40, Seed: 3, Agents: []string{"strong", "weak"}, Scenario: "race",
		Shard: 0, Shards: 2})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	b.WriteJSON(&buf)
	return buf.Bytes()
}

// TestReadBatchRefusesBadTallies: a part whose tally does not fit its
// header or does not add up is refused with the reason, never merged.
func TestReadBatchRefusesBadTallies(t *testing.T) {
	good := part(t)
	if _, err := ReadBatch(bytes.NewReader(good)); err != nil {
		t.Fatalf("a good part: %v", err)
	}
	for _, c := range []struct {
		edit func(*Batch)
		want string
	}{
		{func(b *Batch) { b.Tally.Wins = b.Tally.Wins[:1] }, "not of 3 roles"},
		{func(b *Batch) { b.Tally.Extra[0] = []int{1} }, "not of 0 extra columns"},
		{func(b *Batch) { b.Tally.Turns[0].Games++ }, "do not count its 20 games"},
		{func(b *Batch) { b.Tally.Wins[0]++ }, "do not count its 20 games"},
		{func(b *Batch) { b.Tally.Turns[0].Games--; b.Tally.Turns[1].Games++ }, ""},
		{func(b *Batch) { b.Tally.Lead.ForGood[0].Of = b.Tally.Lead.ForGood[0].From }, "lead for good from turn"},
		{func(b *Batch) { b.Tally.Lead.WinnerLed++ }, "lead counts do not add up"},
		{func(b *Batch) { b.Tally.Content[0].Roles[1].Wins = -1 }, "negative count"},
		{func(b *Batch) {
			b.Tally.Games, b.Tally.Turns[0].Games, b.Tally.Endings[0].Games, b.Tally.Draws = 21, b.Tally.Turns[0].Games+1, b.Tally.Endings[0].Games+1, b.Tally.Draws+1
		}, "holds 21 games, not 20"},
	} {
		b, err := ReadBatch(bytes.NewReader(good))
		if err != nil {
			t.Fatal(err)
		}
		c.edit(b)
		var buf bytes.Buffer
		b.WriteJSON(&buf)
		_, err = ReadBatch(&buf)
		if c.want == "" {
			if err != nil {
				t.Errorf("a part whose lengths moved between turns: %v", err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
		if _, err := Merge([]*Batch{b}); err == nil {
			t.Errorf("merge took a part with %q", c.want)
		}
	}
}

// FuzzReadBatch: whatever a part file holds, reading, merging and
// reporting it returns an error or a report, never a panic.
func FuzzReadBatch(f *testing.F) {
	f.Add(part(f))
	f.Add([]byte(`{"format":2,"games":1,"shards":1,"roles":["a"],"agents":["x"],"tally":{"games":1,"wins":[1],"win_turns":[0],"extra":[[]],"turns":[{"turns":0,"games":1}],"endings":[{"reason":"","games":1}],"lead":{"games":1,"decided":1,"winner_led":1,"for_good":[{"from":0,"of":1,"games":1}]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := ReadBatch(bytes.NewReader(data))
		if err != nil {
			return
		}
		m, err := Merge([]*Batch{b})
		if err != nil {
			return
		}
		if rep, err := m.Report(); err == nil {
			rep.WriteJSON(io.Discard)
			rep.WriteText(io.Discard)
		}
		if bal, err := NewBalance([]*Batch{m}); err == nil {
			bal.WriteJSON(io.Discard)
			bal.WriteText(io.Discard)
			bal.WriteHTML(io.Discard)
		}
	})
}

// listed is a game that lists its content and uses only "fire".
type listed struct{}

func (listed) Roles() []string   { return []string{"a", "b"} }
func (listed) Content() []string { return []string{"ice", "fire", "wind", "fire"} }
func (listed) Play(seed uint64, _ []string) (Outcome, error) {
	var u Uses
	u.Add("fire", int(seed%2))
	return Outcome{Winner: 0, Reason: "score", Turns: 2, Uses: u.List()}, nil
}

// TestUnusedContent: a report names the listed content no game used, and
// shards with different catalogues do not merge.
func TestUnusedContent(t *testing.T) {
	b, err := Play(listed{}, Options{Games: 4, Seed: 1, Agents: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := b.Report()
	if err != nil {
		t.Fatal(err)
	}
	if rep.Catalogue != 3 || !slices.Equal(rep.Unused, []string{"ice", "wind"}) {
		t.Errorf("catalogue %d, unused %v", rep.Catalogue, rep.Unused)
	}
	if got := rep.UnusedSummary(); got != "2 of 3 pieces of content in 4 games: ice, wind" {
		t.Errorf("summary %q", got)
	}
	p0, _ := Play(listed{}, Options{Games: 4, Seed: 1, Agents: []string{"x"}, Shard: 0, Shards: 2})
	p1, _ := Play(listed{}, Options{Games: 4, Seed: 1, Agents: []string{"x"}, Shard: 1, Shards: 2})
	p1.Catalogue = []string{"fire"}
	if _, err := Merge([]*Batch{p0, p1}); err == nil {
		t.Error("parts with different catalogues merged")
	}
}

// twins plays two different games only, whatever the seed.
type twins struct{}

func (twins) Roles() []string { return []string{"a", "b"} }
func (twins) Play(seed uint64, _ []string) (Outcome, error) {
	var p Print
	p.Int(int(seed % 2))
	return Outcome{Winner: int(seed % 2), Reason: "score", Turns: 3, Print: p.Sum()}, nil
}

// TestDistinctGames: a batch counts its different games exactly, shards
// merge to the same count in any order, the report says it and flags a
// batch of far fewer different games than games; the set stays bounded.
func TestDistinctGames(t *testing.T) {
	b, err := Play(twins{}, Options{Games: 50, Seed: 1, Agents: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	rep, _ := b.Report()
	if rep.Distinct != 2 || !rep.DistinctExact || rep.Fingerprinted != 50 || !rep.FewDistinct() {
		t.Errorf("distinct %d exact %v of %d, few %v", rep.Distinct, rep.DistinctExact, rep.Fingerprinted, rep.FewDistinct())
	}
	if got := rep.DistinctSummary(); got != "2 different games of 50" {
		t.Errorf("summary %q", got)
	}
	var parts []*Batch
	for i := range 3 {
		p, _ := Play(twins{}, Options{Games: 50, Seed: 1, Agents: []string{"x"}, Shard: i, Shards: 3})
		parts = append(parts, p)
	}
	m, err := Merge([]*Batch{parts[2], parts[0], parts[1]})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Tally.Prints, b.Tally.Prints) || m.Tally.Fingerprinted != 50 {
		t.Errorf("merged prints %v of %d, single run %v", m.Tally.Prints, m.Tally.Fingerprinted, b.Tally.Prints)
	}
	// Every game different: exact up to MaxPrints, then an estimate within
	// a few standard errors (1/√k ≈ 6 %) of the truth, from a set that
	// stays MaxPrints long.
	ty := newTally(2, 0)
	const n = 20000
	for i := range n {
		var p Print
		p.Int(i)
		ty.Add(Outcome{Winner: 0, Reason: "score", Turns: 1, Print: p.Sum()})
	}
	if got, exact := ty.Distinct(); exact || len(ty.Prints) != MaxPrints || got < n*75/100 || got > n {
		t.Errorf("distinct %d of %d (exact %v), %d prints kept", got, n, exact, len(ty.Prints))
	}
	// Words are closed: ("ab","c") and ("a","bc") differ.
	var x, y Print
	x.String("ab")
	x.String("c")
	y.String("a")
	y.String("bc")
	if x.Sum() == y.Sum() {
		t.Error("word boundaries are lost")
	}
}

// TestStop: closing Options.Stop starts no further game and the batch ends
// with ErrStopped; without it every game is played.
func TestStop(t *testing.T) {
	stop := make(chan struct{})
	played := 0
	opts := Options{Games: 100, Seed: 1, Agents: []string{"a"}, Workers: 1, Stop: stop,
		Progress: func(done, _ int) {
			played = done
			if done == 3 {
				close(stop)
			}
		}}
	if _, err := Play(coin{0.5}, opts); !errors.Is(err, ErrStopped) {
		t.Fatalf("Play after Stop: err = %v, want ErrStopped", err)
	}
	if played != 3 {
		t.Errorf("%d games played after Stop at the third, want 3", played)
	}
	opts.Stop, opts.Progress = make(chan struct{}), nil
	if b, err := Play(coin{0.5}, opts); err != nil || b.Tally.Games != 100 {
		t.Fatalf("Play without Stop: %v", err)
	}
}
