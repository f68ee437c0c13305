package xghj

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/film/filmtest"
	"github.com/sandtable/sandtable/kit/render"
)

var _ film.Filmer = Game{}

func shoot(t *testing.T, cfg *engine.Config, in film.Input) *film.Film {
	t.Helper()
	return filmtest.Shoot(t, Game{}, cfg, in)
}

// A film of a shipped scenario from a fixed seed is the same, byte for
// byte, every time; it starts before the spawn, has a frame for the spawn
// and one per round, and ends with the game's result.
func TestFilmDeterministic(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	in := film.Input{Seed: 1, Agents: []string{AgentHeuristic}}
	a := filmtest.Twice(t, Game{}, cfg, in)
	g, err := PlayGame(cfg, 1, []string{AgentHeuristic, AgentHeuristic, AgentHeuristic, AgentHeuristic})
	if err != nil {
		t.Fatal(err)
	}
	st := g.State()
	// The start, the spawn (after which the engine's round is 1), then
	// rounds 2 … st.Round.
	if len(a.Frames) != st.Round+1 {
		t.Errorf("%d frames for a game of %d rounds", len(a.Frames), st.Round)
	}
	for k, f := range a.Frames {
		if f.Step != k || f.Turn != k || f.Role != -1 || f.Chosen != -1 || len(f.Options) != 0 {
			t.Fatalf("frame %d: step %d turn %d role %d chosen %d options %v", k, f.Step, f.Turn, f.Role, f.Chosen, f.Options)
		}
	}
	if a.Cut || !strings.Contains(a.Result, playerName(cfg, st.Ranking[0])+" wins") {
		t.Errorf("result %q (cut %v); the winner is %s", a.Result, a.Cut, playerName(cfg, st.Ranking[0]))
	}
	if !reflect.DeepEqual(a.Roles, []string{"P1", "P2", "P3", "P4"}) {
		t.Errorf("roles %v", a.Roles)
	}
}

// Frame 0 is the start: no decision, no events, nobody holds land (every
// cell its terrain's colour) and no city stands.
func TestFilmStartFrame(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	f := shoot(t, cfg, film.Input{Seed: 3, Limit: 2}).Frames[0]
	if f.Question != "" || len(f.Events) != 0 || f.Role != -1 {
		t.Errorf("start frame: %q %v", f.Question, f.Events)
	}
	if len(f.State) != 1 || !strings.Contains(f.State[0], fmt.Sprintf("%d to bid from", cfg.Constants.InitialPlayerMoney)) {
		t.Errorf("start state %q", f.State)
	}
	classes, cellClass := classify(cfg, build.RenderOptions{})
	fills := cellFills(t, cfg, f.SVG)
	for i, fill := range fills {
		want := classes[cellClass[i]].fill
		if cfg.Cells[i].Atk <= 0 && want == waterColour {
			continue // lightened
		}
		if fill != want {
			t.Fatalf("cell %d,%d is %s at the start, its terrain %s", i%cfg.Cols, i/cfg.Cols, fill, want)
		}
	}
	if bytes.Contains(f.SVG, []byte(`<g class="cities">`+"\n    <rect")) {
		t.Error("a city before the spawn")
	}
}

// The orders in each frame are the game's order log: the playthrough mapc
// test records (an independent run of the same agents) has the same bids,
// spawns, diplomacy, placements and capitals, in order.
func TestFilmOrdersAreTheLog(t *testing.T) {
	cfg := shipped(t, "tsinghua")
	fm := shoot(t, cfg, film.Input{Seed: 5, Agents: []string{AgentHeuristic}, Limit: 12})
	pt, err := Game{}.Play(cfg, 5, []string{AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range fm.Frames[1:] {
		for _, e := range f.Events {
			if !strings.HasPrefix(e, "round ") {
				got = append(got, e)
			}
		}
	}
	n := len(cfg.Players)
	if len(got) != 2*n+(len(fm.Frames)-2)*n {
		t.Fatalf("%d orders in %d frames of %d players", len(got), len(fm.Frames), n)
	}
	for i, o := range got {
		d := pt.Decisions[i]
		who, _ := d.Get("player")
		var want string
		switch d.Kind {
		case DecisionBid:
			b, _ := d.Get("bid")
			want = who + " bids " + b
		case DecisionSpawn:
			at, _ := d.Get("at")
			want = who + " chooses to spawn at " + at
		default:
			dip, _ := d.Get("diplomacy")
			bombs, _ := d.Get("bombs")
			want = who + " orders: diplomacy " + dip + "; bombs " + bombs
			if c, ok := d.Get("capital"); ok {
				want += "; capital " + c
			}
			if ch, _ := d.Get("choice"); ch == strconv.Itoa(ChoiceDefault) {
				want = who + " passes"
			}
		}
		if !strings.HasPrefix(o, want) {
			t.Fatalf("order %d is %q, the log's %s", i, o, d)
		}
	}
}

// replayed films a recording and wants the film of the played game.
// The seed and agents given are those of another game: a recording's own
// count (a command log has no seed: seed is the game's).
func replayed(t *testing.T, what string, cfg *engine.Config, record []byte, seed uint64, want *film.Film) {
	t.Helper()
	got, err := Game{}.Film(cfg, film.Input{Record: record, Seed: seed, Agents: []string{AgentRandom}})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	filmtest.Same(t, what, got, want)
}

// A played game's recordings — its command log, its engine save, a mapc
// play save of it, its golden playthrough — film as the game itself.
func TestFilmReplaysRecordings(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	agents := []string{AgentHeuristic, AgentRandom, AgentHeuristic, AgentRandom}
	want := shoot(t, cfg, film.Input{Seed: 7, Agents: agents})
	g, err := PlayGame(cfg, 7, agents)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := RecordLog(g, &log); err != nil {
		t.Fatal(err)
	}
	replayed(t, "command log", cfg, log.Bytes(), 7, want)
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	replayed(t, "engine save", cfg, save, 99, want)

	tb, _, err := Game{}.Table(cfg, 7, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, decisions, err := tb.Play(nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "xghj", Scenario: "hold_the_centre", Seed: 7, Agents: agents, Decisions: decisions})
	replayed(t, "mapc play save", cfg, cs, 99, want)

	golden, err := os.ReadFile("../../scenarios/xghj/hold_the_centre/tests/golden/heuristic-1.txt")
	if err != nil {
		t.Fatal(err)
	}
	replayed(t, "golden playthrough", cfg, golden, 99, shoot(t, cfg, film.Input{Seed: 1, Agents: []string{AgentHeuristic}}))
	// A golden playthrough the game no longer follows is refused.
	bad := bytes.Replace(golden, []byte("bid player=P1 choice=0 bid=5"), []byte("bid player=P1 choice=0 bid=6"), 1)
	if bytes.Equal(bad, golden) {
		t.Fatal("the golden file has no bid of 5 by P1")
	}
	if _, err := (Game{}).Film(cfg, film.Input{Record: bad}); err == nil || !strings.Contains(err.Error(), "golden playthrough's decision 1") {
		t.Errorf("a changed golden playthrough: %v", err)
	}
}

// A mapc play save of a person who quit after two rounds films those
// rounds and says the recording ends there.
func TestFilmConsoleSaveOfAPerson(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	tb, _, err := Game{}.Table(cfg, 4, []string{"", AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ask := func(p console.Prompt) (int, error) {
		if strings.HasPrefix(p.State[0], "Your orders for round 3") {
			return 0, console.ErrQuit
		}
		return p.Default, nil
	}
	_, decisions, err := tb.Play(nil, []bool{true}, ask, nil)
	if err != console.ErrQuit {
		t.Fatalf("play: %v", err)
	}
	cs, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "xghj", Seed: 4, Agents: []string{"", AgentHeuristic, AgentHeuristic, AgentHeuristic}, Decisions: decisions})
	fm := shoot(t, cfg, film.Input{Record: cs})
	// The start, the spawn, rounds 1 and 2.
	if len(fm.Frames) != 4 || fm.Cut || !strings.Contains(fm.Result, "recording ends before the orders of round 3") {
		t.Fatalf("%d frames, cut %v, result %q", len(fm.Frames), fm.Cut, fm.Result)
	}
}

// An original contest log films to the states mapc replay computes from
// it: each round's savings, incomes and areas.
func TestFilmContestLog(t *testing.T) {
	cfg := bitExactTsinghua(t)
	log, ds := ParseLog(stateFixture, readFile(t, stateFixture), len(cfg.Players))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var contest, states bytes.Buffer
	if _, err := ReplayContest(cfg, log, 1, &contest); err != nil {
		t.Fatal(err)
	}
	back, ds := ParseContestLog("log.txt", contest.Bytes(), len(cfg.Players), nil)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if _, err := Replay(cfg, back, 3, &states); err != nil {
		t.Fatal(err)
	}
	lines := decodeLines(t, states.Bytes())
	fm := shoot(t, cfg, film.Input{Record: contest.Bytes(), Seed: 3})
	if len(fm.Frames) != len(lines)+1 {
		t.Fatalf("%d frames for %d states", len(fm.Frames), len(lines))
	}
	for k, l := range lines {
		f := fm.Frames[k+1]
		for p, pl := range l.Players {
			line := f.State[1+p]
			if !pl.Alive {
				if !strings.HasSuffix(line, ": out") {
					t.Fatalf("frame %d: %q for a dead player", k+1, line)
				}
				continue
			}
			want := fmt.Sprintf("saving %d, income %d, area %d", pl.Saving, pl.Income, pl.Area)
			if !strings.Contains(line, want) {
				t.Fatalf("frame %d: %q, mapc replay says %s", k+1, line, want)
			}
		}
	}
}

// The map of a frame shows the state: a cell the viewer captures takes its
// colour; capitals stand on the spawns; what the viewer cannot see is
// dimmed.
func TestFilmMapShowsTheState(t *testing.T) {
	cfg := shipped(t, "tsinghua")
	fm := shoot(t, cfg, film.Input{Seed: 2, Agents: []string{AgentHeuristic}, Limit: 8})
	classes, cellClass := classify(cfg, build.RenderOptions{})
	terrain := func(i int) string { return classes[cellClass[i]].fill }
	// Frame 1: P1 holds its spawn cell alone and sees (fc14, facts §8)
	// the cells within field_boundary of it.
	var spawn [2]int
	for _, e := range fm.Frames[1].Events {
		if strings.Contains(e, "spawn player=P1 cell=") {
			c, _ := recordField(e, "cell")
			fmt.Sscanf(c, "%d,%d", &spawn[0], &spawn[1])
		}
	}
	fills := cellFills(t, cfg, fm.Frames[1].SVG)
	own := spawn[1]*cfg.Cols + spawn[0]
	if want := mixColour(terrain(own), render.Side(0), ownerMix); fills[own] != want {
		t.Errorf("P1's spawn %v is %s, want %s", spawn, fills[own], want)
	}
	for i, fill := range fills {
		if cfg.Cells[i].Atk <= 0 || i == own {
			continue
		}
		x, y := i%cfg.Cols, i/cfg.Cols
		d := abs(x-spawn[0]) + abs(y-spawn[1])
		if d <= cfg.Constants.FieldBoundary && fill != terrain(i) && !isOwned(fm.Frames[1], x, y) {
			t.Fatalf("cell %d,%d at distance %d from P1's spawn is %s, want its terrain %s (seen, neutral)", x, y, d, fill, terrain(i))
		}
		if d > cfg.Constants.FieldBoundary && !isOwned(fm.Frames[1], x, y) && fill != mixColour(terrain(i), unseenInk, unseenMix) {
			t.Fatalf("cell %d,%d at distance %d from P1's spawn is %s, want it dimmed", x, y, d, fill)
		}
	}
	// Every spawn carries its player's capital.
	caps := capitals(fm.Frames[1].SVG)
	for _, e := range fm.Frames[1].Events {
		if strings.Contains(e, " spawn player=") {
			who, _ := recordField(e, "player")
			c, _ := recordField(e, "cell")
			p, _ := strconv.Atoi(strings.TrimPrefix(who, "P"))
			if caps[c] != render.Side(p-1) {
				t.Errorf("capital at %s is %q, want %s's colour", c, caps[c], who)
			}
		}
	}
	// A capture by P1 in frame k changes that cell to P1's colour.
	checked := 0
	for k := 2; k < len(fm.Frames); k++ {
		before, after := cellFills(t, cfg, fm.Frames[k-1].SVG), cellFills(t, cfg, fm.Frames[k].SVG)
		for _, e := range fm.Frames[k].Events {
			if !strings.Contains(e, " capture ") || !strings.HasSuffix(e, "player=P1") {
				continue
			}
			c, _ := recordField(e, "cell")
			var x, y int
			fmt.Sscanf(c, "%d,%d", &x, &y)
			i := y*cfg.Cols + x
			if after[i] != mixColour(terrain(i), render.Side(0), ownerMix) || before[i] == after[i] {
				t.Errorf("frame %d: P1 captured %s, which turned from %s to %s", k, c, before[i], after[i])
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("P1 captured nothing in 7 rounds")
	}
}

// isOwned reports whether a spawn event of the frame names cell x,y.
func isOwned(f film.Frame, x, y int) bool {
	for _, e := range f.Events {
		if strings.Contains(e, " spawn player=") && strings.HasSuffix(e, fmt.Sprintf("cell=%d,%d", x, y)) {
			return true
		}
	}
	return false
}

var rectRE = regexp.MustCompile(`<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="(#[0-9a-f]{6})"/>`)

// cellFills reads every cell's colour from a film frame's cells group.
func cellFills(t *testing.T, cfg *engine.Config, svg []byte) []string {
	t.Helper()
	s := string(svg)
	start := strings.Index(s, `<g class="cells">`)
	end := strings.Index(s[start:], "</g>")
	if start < 0 || end < 0 {
		t.Fatal("no cells group")
	}
	cell := math.Floor(math.Max(18, math.Min(40, 720/float64(max(cfg.Cols, cfg.Rows, 1)))))
	out := make([]string, len(cfg.Cells))
	for _, m := range rectRE.FindAllStringSubmatch(s[start:start+end], -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		w, _ := strconv.ParseFloat(m[3], 64)
		cx, cy, n := int(math.Round((x-36)/cell)), int(math.Round((y-84)/cell)), int(math.Round(w/cell))
		for k := range n {
			out[cy*cfg.Cols+cx+k] = m[5]
		}
	}
	for i, f := range out {
		if f == "" {
			t.Fatalf("cell %d has no colour", i)
		}
	}
	return out
}

var capRE = regexp.MustCompile(`<circle cx="([\d.]+)" cy="([\d.]+)" r="[\d.]+" fill="(#[0-9a-f]{6})" stroke="#212121"`)

// capitals maps "x,y" to the colour of the capital drawn there.
func capitals(svg []byte) map[string]string {
	out := map[string]string{}
	for _, m := range capRE.FindAllStringSubmatch(string(svg), -1) {
		x, _ := strconv.ParseFloat(m[1], 64)
		y, _ := strconv.ParseFloat(m[2], 64)
		cell := math.Floor(720.0 / 35) // tsinghua: 25 × 35
		out[fmt.Sprintf("%d,%d", int((x-36)/cell), int((y-84)/cell))] = m[3]
	}
	return out
}

// The limit cuts a film: that many frames, Cut set, no result.
func TestFilmLimit(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	fm := shoot(t, cfg, film.Input{Seed: 1, Limit: 5})
	if len(fm.Frames) != 5 || !fm.Cut || fm.Result != "" {
		t.Errorf("%d frames, cut %v, result %q", len(fm.Frames), fm.Cut, fm.Result)
	}
	full := shoot(t, cfg, film.Input{Seed: 1})
	if full.Cut || len(full.Frames) <= 5 || !reflect.DeepEqual(full.Frames[:5], fm.Frames) {
		t.Error("a cut film is not the start of the whole one")
	}
}

// A recording xghj cannot read is an error naming the formats it reads;
// none panics.
func TestFilmBrokenRecordings(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	cases := map[string]string{
		"garbage":      "hello world",
		"binary":       "\x00\x01\x02",
		"json array":   "[1, 2, 3]",
		"other game":   `{"format": 1, "game": "mbg", "scenario": "x", "seed": 1, "agents": ["heuristic"], "decisions": []}`,
		"bad save":     `{"format": 1, "game": "xghj", "config": "x", "config_sha256": "00", "seed": 1, "state": {}, "decisions": []}`,
		"bad console":  `{"format": 1, "game": "xghj", "scenario": "x", "seed": 1, "agents": ["heuristic"], "decisions": [{"round": "x"}]}`,
		"short log":    `{"bids": [1, 2], "spawns": [null, null]}`,
		"bad contest":  "-8930218\n4\na\nb\nc\nd\n1 2 x\n",
		"bad golden":   "# golden playthrough \"x\": seed many, agents heuristic; mapc test --update rewrites it\n",
		"golden lines": "# golden playthrough \"x\": seed 1, agents heuristic; mapc test --update rewrites it\nwhat is this\n",
		"truncated":    `{"format": 1, "game": "xghj", "scen`,
	}
	for name, rec := range cases {
		_, err := Game{}.Film(cfg, film.Input{Record: []byte(rec)})
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if name == "garbage" || name == "binary" || name == "json array" || name == "truncated" {
			if !strings.Contains(err.Error(), "want a mapc play save") {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	if _, err := (Game{}).Film("not a config", film.Input{}); err == nil {
		t.Error("a config of another type")
	}
	if _, err := (Game{}).Film(cfg, film.Input{Agents: []string{"genius"}}); err == nil || !strings.Contains(err.Error(), "genius") {
		t.Errorf("an unknown agent: %v", err)
	}
}

// Frames stay small: every frame of every shipped scenario's film is
// under 60 KB (a film holds up to film.DefaultLimit of them).
func TestFilmFrameSize(t *testing.T) {
	for _, name := range []string{"dorm_area", "east_playground", "hold_the_centre", "resort", "study_hall", "sunshine_run", "tsinghua"} {
		fm := shoot(t, shipped(t, name), film.Input{Seed: 1, Agents: []string{AgentHeuristic}})
		for _, f := range fm.Frames {
			if len(f.SVG) > 60<<10 {
				t.Errorf("%s: frame %d is %d bytes", name, f.Step, len(f.SVG))
			}
		}
	}
}

// Damaged recordings (a byte changed here and there in a command log, an
// engine save and a mapc play save) give a film or an error, never a
// panic.
func TestFilmDamagedRecordings(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	agents := []string{AgentHeuristic, AgentRandom, AgentHeuristic, AgentRandom}
	g, err := PlayGame(cfg, 3, agents)
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := RecordLog(g, &log); err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	tb, _, err := Game{}.Table(cfg, 3, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, decisions, err := tb.Play(nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "xghj", Seed: 3, Agents: agents, Decisions: decisions})
	filmtest.Damaged(t, Game{}, cfg, 8, log.Bytes(), save, cs)
}

// Every shipped scenario's golden playthrough films: the game its agents
// play from its seed follows it decision for decision and event for event.
func TestFilmShippedGoldens(t *testing.T) {
	for _, name := range []string{"dorm_area", "east_playground", "hold_the_centre", "resort", "study_hall", "sunshine_run", "tsinghua"} {
		golden, err := os.ReadFile("../../scenarios/xghj/" + name + "/tests/golden/heuristic-1.txt")
		if err != nil {
			t.Fatal(err)
		}
		fm, err := Game{}.Film(shipped(t, name), film.Input{Record: golden})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if fm.Cut || !strings.Contains(fm.Result, "wins") {
			t.Errorf("%s: result %q", name, fm.Result)
		}
	}
}

// recordField is the value of key in a record's text ("0 bid player=P1
// choice=0 bid=5").
func recordField(rec, key string) (string, bool) {
	for _, f := range strings.Fields(rec) {
		if k, v, ok := strings.Cut(f, "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}
