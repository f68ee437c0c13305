package glory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/film/filmtest"
	"github.com/sandtable/sandtable/kit/render"
)

var _ film.Filmer = Game{}

func filmConfig(t *testing.T, name string) *engine.Config {
	t.Helper()
	res := build.NewCompiler(Game{}).Compile("../../scenarios/glory/"+name, build.Options{})
	if res.Value == nil || res.Diags.HasErrors() {
		t.Fatalf("%s: %v", name, res.Diags)
	}
	return res.Value.(*engine.Config)
}

func shoot(t *testing.T, cfg *engine.Config, in film.Input) *film.Film {
	t.Helper()
	return filmtest.Shoot(t, Game{}, cfg, in)
}

// A film from a fixed seed is the same, byte for byte, every time; it
// starts with the empty draft and ends with the game's result.
func TestFilmDeterministic(t *testing.T) {
	cfg := filmConfig(t, "standard")
	in := film.Input{Seed: 1, Agents: []string{AgentHeuristic}}
	a := filmtest.Twice(t, Game{}, cfg, in)
	if a.Cut || !strings.HasPrefix(a.Result, "The game is over after") {
		t.Errorf("result %q, cut %v", a.Result, a.Cut)
	}
	f := a.Frames[0]
	if f.Role != -1 || f.Chosen != -1 || len(f.Events) != 0 || f.Turn != 1 {
		t.Errorf("start frame %+v", f)
	}
	if !reflect.DeepEqual(f.State, []string{"red: no hero yet", "blue: no hero yet"}) {
		t.Errorf("start state %q", f.State)
	}
	// No hero on the map yet, every tower at its config HP.
	if heroes := heroMarks(f.SVG); len(heroes) != 0 {
		t.Errorf("heroes before the draft: %v", heroes)
	}
	towers := towerHPs(t, cfg, f.SVG)
	for _, p := range cfg.Map.Points {
		if p.Tower != nil && towers[p.ID] != p.Tower.HP {
			t.Errorf("tower at %d shows %d at the start, its config %d", p.ID, towers[p.ID], p.Tower.HP)
		}
	}
	for k, f := range a.Frames {
		if f.Step != k || len(f.SVG) == 0 || len(f.SVG) > 64<<10 {
			t.Fatalf("frame %d: step %d, SVG of %d bytes", k, f.Step, len(f.SVG))
		}
	}
}

// The decisions of the frames are the game's decision log: an independent
// playthrough of the same seed and agents (mapc test's) asks the same
// sides for the same kinds of decision and takes the same choices, and
// each frame offers the options of its request with the chosen one in
// words (a move names the point the log's option names).
func TestFilmDecisionsAreTheLog(t *testing.T) {
	cfg := filmConfig(t, "full")
	fm := shoot(t, cfg, film.Input{Seed: 2, Agents: []string{AgentHeuristic}})
	pt, err := Game{}.Play(cfg, 2, []string{AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := engine.NewBoard(cfg.Map)
	k := 0
	for _, f := range fm.Frames {
		if f.Role < 0 {
			if len(f.Options) != 0 || f.Question != "" {
				t.Errorf("frame %d without a decision offers %v", f.Step, f.Options)
			}
			continue
		}
		if k >= len(pt.Decisions) {
			t.Fatalf("frame %d is decision %d; the log has %d", f.Step, k, len(pt.Decisions))
		}
		d := pt.Decisions[k]
		k++
		side, _ := d.Get("player")
		choice, _ := d.Get("choice")
		option, _ := d.Get("option")
		if sideNames[f.Role] != side || strconv.Itoa(f.Chosen) != choice || f.Turn != d.Turn || f.Chosen >= len(f.Options) || len(f.Options) < 2 {
			t.Fatalf("frame %d: %s chose %d of %d in round %d; the log: %s", f.Step, sideNames[f.Role], f.Chosen, len(f.Options), f.Turn, d)
		}
		if parts := strings.Split(option, "/"); parts[0] == "move" {
			p, _ := strconv.Atoi(parts[len(parts)-1])
			if want := fmt.Sprintf(" moves to %d", b.ID(p)); !strings.HasSuffix(f.Options[f.Chosen], want) {
				t.Errorf("frame %d: the chosen option %q, the log's %s", f.Step, f.Options[f.Chosen], option)
			}
		}
	}
	if k != len(pt.Decisions) {
		t.Errorf("%d decision frames, the log has %d decisions", k, len(pt.Decisions))
	}
}

// A played game's recordings — its engine save, a mapc play save, its
// golden playthrough — film as the game itself; a golden playthrough the
// game no longer follows is refused.
func TestFilmReplaysRecordings(t *testing.T) {
	cfg := filmConfig(t, "standard")
	agents := []string{AgentHeuristic, AgentRandom}
	want := shoot(t, cfg, film.Input{Seed: 4, Agents: agents})
	// An engine save of the same game, played by the engine alone.
	capped, r := cappedRunner(t, cfg)
	ds, err := deciders(4, agents)
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(capped, r, 4, ds...)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Run(); err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	other := film.Input{Seed: 99, Agents: []string{AgentRandom}}
	other.Record = save
	filmtest.Same(t, "engine save", shoot(t, cfg, other), want)
	// A mapc play save of a game of agents: its decisions and its result.
	tb, _, err := Game{}.Table(cfg, 4, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	result, decisions, err := tb.Play(nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	other.Record, _ = json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "glory", Scenario: "standard", Seed: 4, Agents: agents, Decisions: decisions})
	cs := shoot(t, cfg, other)
	logged, _ := console.DecodeLog[engine.Decision](decisions)
	var chosen []engine.Decision
	for _, f := range cs.Frames {
		if f.Role >= 0 {
			chosen = append(chosen, engine.Decision{Player: f.Role, Choice: f.Chosen})
		}
	}
	if len(chosen) != len(logged) || cs.Result != result {
		t.Fatalf("mapc play save: %d decisions and %q, the save %d and %q", len(chosen), cs.Result, len(logged), result)
	}
	for i, d := range logged {
		if d.Player != chosen[i].Player || d.Choice != chosen[i].Choice {
			t.Fatalf("mapc play save: decision %d is %+v, the save's %+v", i, chosen[i], d)
		}
	}
	// The golden playthroughs: the whole game of standard, the first 8
	// rounds of full (with its scripted first decision).
	for _, c := range []struct {
		scenario, golden string
		seed             uint64
		prefix           []int
	}{{"standard", "heuristic-1.txt", 1, nil}, {"full", "yr-2.txt", 2, []int{5}}} {
		cfg := filmConfig(t, c.scenario)
		golden, err := os.ReadFile("../../scenarios/glory/" + c.scenario + "/tests/golden/" + c.golden)
		if err != nil {
			t.Fatal(err)
		}
		other.Record = golden
		got := shoot(t, cfg, other)
		played := shoot(t, cfg, film.Input{Seed: c.seed, Agents: []string{AgentHeuristic}})
		if c.prefix == nil {
			filmtest.Same(t, c.golden, got, played)
		} else if main := got.Frames[1]; main.Chosen != c.prefix[0] {
			t.Errorf("%s: red's main hero is option %d, the golden's %d", c.golden, main.Chosen, c.prefix[0])
		}
		bad := bytes.Replace(golden, []byte("decision 1 main player=red"), []byte("decision 1 main player=blue"), 1)
		if _, err := (Game{}).Film(cfg, film.Input{Record: bad}); err == nil || !strings.Contains(err.Error(), "golden playthrough's decision 1") {
			t.Errorf("%s changed: %v", c.golden, err)
		}
	}
}

// A mapc play save of a person who quit films as far as the person's
// decisions go.
func TestFilmConsoleSaveOfAPerson(t *testing.T) {
	cfg := filmConfig(t, "standard")
	tb, _, err := Game{}.Table(cfg, 3, []string{"", AgentHeuristic}, nil)
	if err != nil {
		t.Fatal(err)
	}
	asked := 0
	ask := func(p console.Prompt) (int, error) {
		if asked == 12 {
			return 0, console.ErrQuit
		}
		asked++
		return p.Default, nil
	}
	_, decisions, err := tb.Play(nil, []bool{true, false}, ask, nil)
	if !errors.Is(err, console.ErrQuit) {
		t.Fatalf("play: %v", err)
	}
	data, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "glory", Seed: 3, Agents: []string{"", AgentHeuristic}, Decisions: decisions})
	fm := shoot(t, cfg, film.Input{Record: data})
	reds := 0
	for _, f := range fm.Frames {
		if f.Role == engine.Red {
			reds++
		}
	}
	if reds != 12 || fm.Cut || !strings.HasPrefix(fm.Result, "The recording ends in round") {
		t.Errorf("%d decisions of red filmed, cut %v, result %q", reds, fm.Cut, fm.Result)
	}
}

// The map of a frame shows the state: a hero that moves stands on its
// new point; a hit tower shows its HP less the damage; a hit hero's disc
// its HP less the damage.
func TestFilmMapShowsTheState(t *testing.T) {
	cfg := filmConfig(t, "standard")
	fm := shoot(t, cfg, film.Input{Seed: 1, Agents: []string{AgentHeuristic}})
	b, _ := engine.NewBoard(cfg.Map)
	moves, towers, hits, drafts := 0, 0, 0, 0
	for k := 1; k < len(fm.Frames); k++ {
		f, prev := fm.Frames[k], fm.Frames[k-1]
		heroes, before := heroMarks(f.SVG), heroMarks(prev.SVG)
		for _, e := range f.Events {
			switch fields := recordFields(e); fields["kind"] {
			case engine.EvMain, engine.EvPick, engine.EvBan:
				// The draft beside the map: the hero named on its side's line.
				side := engine.SideByName(fields["side"])
				want := map[string]string{engine.EvMain: "main: ", engine.EvPick: "picks: ", engine.EvBan: "banned for the opponent: "}[fields["kind"]]
				_, onMap := mark(heroes, fields["item"])
				switch {
				case bytes.Contains(f.SVG, []byte(" drafts</text>")):
					if !drafted(f.SVG, side, want, fields["item"]) {
						t.Fatalf("frame %d: %s, and the map's draft does not show it", k, e)
					}
				case fields["kind"] != engine.EvBan && !onMap:
					t.Fatalf("frame %d: %s, the draft is over and the hero is not on the map", k, e)
				}
				drafts++
			case engine.EvMove:
				id, _ := strconv.Atoi(fields["point"])
				x, y := pointXY(cfg, b, id)
				h, ok := mark(heroes, fields["hero"])
				if !ok || math.Abs(h.x-x) > 27 || h.y-23-y < -18 || h.y-23-y > 48 {
					t.Fatalf("frame %d: %s moved to %d at (%v,%v), drawn at %+v", k, fields["hero"], id, x, y, h)
				}
				if p, ok := mark(before, fields["hero"]); ok && p.x == h.x && p.y == h.y {
					t.Fatalf("frame %d: %s moved and is drawn where it was", k, fields["hero"])
				}
				moves++
			case engine.EvTower:
				id, _ := strconv.Atoi(fields["point"])
				amount, _ := strconv.Atoi(fields["amount"])
				was, now := towerHPs(t, cfg, prev.SVG)[id], towerHPs(t, cfg, f.SVG)[id]
				if now != max(was-amount, 0) && !hitTwice(f.Events, "tower", fields["point"]) {
					t.Fatalf("frame %d: the tower at %d took %d: %d → %d", k, id, amount, was, now)
				}
				towers++
			case engine.EvDamage:
				other := fields["other"]
				amount, _ := strconv.Atoi(fields["amount"])
				h, ok := mark(heroes, other)
				p, was := mark(before, other)
				if !was || hitTwice(f.Events, "damage", other) || strings.Contains(strings.Join(f.Events, "\n"), "heal") {
					continue
				}
				if (ok && h.hp != p.hp-amount) || (!ok && p.hp > amount) {
					t.Fatalf("frame %d: %s took %d: %d → %+v", k, other, amount, p.hp, h)
				}
				hits++
			}
		}
	}
	if moves == 0 || towers == 0 || hits == 0 || drafts == 0 {
		t.Errorf("checked %d moves, %d tower hits, %d hero hits, %d draft choices", moves, towers, hits, drafts)
	}
	// The decision's hero is ringed in gold.
	for _, f := range fm.Frames {
		if f.Role >= 0 && strings.Contains(f.Options[f.Chosen], " moves to ") {
			if !bytes.Contains(f.SVG, []byte(`stroke="#ffb300" stroke-width="3.5"`)) {
				t.Fatalf("frame %d: no gold ring for %q", f.Step, f.Options[f.Chosen])
			}
			break
		}
	}
}

// drafted reports whether the map's draft lists hero on side's line that
// starts with what ("main: ", "picks: " …).
func drafted(svg []byte, side int, what, hero string) bool {
	s := string(svg)
	at := strings.Index(s, engine.SideNames[side]+" drafts</text>")
	if at < 0 {
		return false
	}
	for _, line := range strings.Split(s[at:], "\n")[1:9] {
		if i := strings.Index(line, ">  "+what); i >= 0 {
			return slices.Contains(strings.Fields(strings.TrimSuffix(line[i+3+len(what):], "</text>")), hero)
		}
	}
	return false
}

// hitTwice reports whether the events hit the same subject more than once
// (then one event alone does not give the change).
func hitTwice(events []string, kind, subject string) bool {
	n := 0
	for _, e := range events {
		f := recordFields(e)
		if f["kind"] == kind && (f["point"] == subject || f["other"] == subject) {
			n++
		}
	}
	return n > 1
}

// recordFields reads an event line ("round 3 move side=red hero=YR
// point=47") into its fields, with "kind".
func recordFields(line string) map[string]string {
	out := map[string]string{}
	fs := strings.Fields(line)
	if len(fs) > 2 {
		out["kind"] = fs[2]
	}
	for _, f := range fs {
		if k, v, ok := strings.Cut(f, "="); ok {
			out[k] = v
		}
	}
	return out
}

// pointXY is where the map draws point id (renderFilm's lattice).
func pointXY(cfg *engine.Config, b *engine.Board, id int) (float64, float64) {
	minX, maxY := 1<<30, -1<<30
	for _, p := range cfg.Map.Points {
		minX, maxY = min(minX, p.X), max(maxY, p.Y)
	}
	for _, p := range cfg.Map.Points {
		if p.ID == id {
			return 48 + float64(p.X-minX)*56, 92 + float64(maxY-p.Y)*56
		}
	}
	return -1, -1
}

type heroMark struct {
	x, y float64
	hp   int
}

var heroRE = regexp.MustCompile(`font-size="9" fill="#ffffff" text-anchor="middle" font-weight="bold">(\d+)</text>\n\s*<rect[^\n]*\n\s*<rect[^\n]*\n\s*<text x="([\d.]+)" y="([\d.]+)" font-size="8" fill="#\w+" text-anchor="middle" font-weight="bold">([^<]*)</text>`)

// heroMarks reads the heroes drawn on a map by their labels (a label cut
// short keeps its start).
func heroMarks(svg []byte) map[string]heroMark {
	out := map[string]heroMark{}
	for _, m := range heroRE.FindAllStringSubmatch(string(svg), -1) {
		hp, _ := strconv.Atoi(m[1])
		x, _ := strconv.ParseFloat(m[2], 64)
		y, _ := strconv.ParseFloat(m[3], 64)
		out[m[4]] = heroMark{x, y, hp}
	}
	return out
}

// mark finds hero id among marks, by its whole label or one cut short.
func mark(marks map[string]heroMark, id string) (heroMark, bool) {
	if h, ok := marks[id]; ok {
		return h, true
	}
	for label, h := range marks {
		if cut, ok := strings.CutSuffix(label, "…"); ok && strings.HasPrefix(id, cut) {
			return h, true
		}
	}
	return heroMark{}, false
}

// towerHPs reads the HP drawn on each tower by its point id (0 when it is
// drawn destroyed).
func towerHPs(t *testing.T, cfg *engine.Config, svg []byte) map[int]int {
	t.Helper()
	b, _ := engine.NewBoard(cfg.Map)
	out := map[int]int{}
	for _, p := range cfg.Map.Points {
		if p.Tower == nil {
			continue
		}
		x, y := pointXY(cfg, b, p.ID)
		re := regexp.MustCompile(fmt.Sprintf(`<text x="%s" y="%s" font-size="11" fill="#ffffff" text-anchor="middle" font-weight="bold">(\d+)</text>`, render.Num(x), render.Num(y+4)))
		if m := re.FindSubmatch(svg); m != nil {
			out[p.ID], _ = strconv.Atoi(string(m[1]))
		}
	}
	return out
}

// The limit cuts a film: that many frames, Cut set, no result; they are
// the whole film's first frames.
func TestFilmLimit(t *testing.T) {
	cfg := filmConfig(t, "standard")
	fm := shoot(t, cfg, film.Input{Seed: 1, Limit: 40})
	if len(fm.Frames) != 40 || !fm.Cut || fm.Result != "" {
		t.Fatalf("%d frames, cut %v, result %q", len(fm.Frames), fm.Cut, fm.Result)
	}
	full := shoot(t, cfg, film.Input{Seed: 1})
	if !reflect.DeepEqual(full.Frames[:40], fm.Frames) {
		t.Error("a cut film is not the start of the whole one")
	}
}

// A recording glory cannot read is an error naming the formats it reads;
// none panics.
func TestFilmBrokenRecordings(t *testing.T) {
	cfg := filmConfig(t, "standard")
	cases := map[string]string{
		"garbage":     "hello",
		"binary":      "\x00\xff",
		"array":       "[]",
		"other game":  `{"format": 1, "game": "xghj", "seed": 1, "agents": [], "decisions": []}`,
		"bad save":    `{"format": 1, "game": "glory", "config": "x", "config_sha256": "00", "seed": 1, "state": {}, "decisions": []}`,
		"bad console": `{"format": 1, "game": "glory", "seed": 1, "agents": ["heuristic"], "decisions": [{"round": "x"}]}`,
		"off console": `{"format": 1, "game": "glory", "seed": 1, "agents": ["heuristic", "heuristic"], "decisions": [{"round": 1, "player": 1, "kind": "ban", "choice": 0, "option": {}}]}`,
		"bad golden":  "# golden playthrough \"x\": seed x, agents heuristic; …\n",
		"odd golden":  "# golden playthrough \"x\": seed 1, agents heuristic; …\nnonsense\n",
		"truncated":   `{"format": 1, "game": "glo`,
	}
	for name, rec := range cases {
		_, err := Game{}.Film(cfg, film.Input{Record: []byte(rec)})
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if (name == "garbage" || name == "binary" || name == "array" || name == "truncated") && !strings.Contains(err.Error(), "want a mapc play save") {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := (Game{}).Film(cfg, film.Input{Agents: []string{"genius"}}); err == nil {
		t.Error("an unknown agent")
	}
}

// Damaged recordings (a byte changed here and there in an engine save and
// a mapc play save) give a film or an error, never a panic.
func TestFilmDamagedRecordings(t *testing.T) {
	cfg := filmConfig(t, "standard")
	tb, _, err := Game{}.Table(cfg, 5, []string{AgentHeuristic, AgentRandom}, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, decisions, err := tb.Play(nil, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "glory", Seed: 5, Agents: []string{AgentHeuristic, AgentRandom}, Decisions: decisions})
	capped, r := cappedRunner(t, cfg)
	ds, _ := deciders(5, []string{AgentRandom, AgentRandom})
	g, err := engine.New(capped, r, 5, ds...)
	if err != nil {
		t.Fatal(err)
	}
	for range 30 {
		if err := g.Step(); err != nil {
			t.Fatal(err)
		}
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	// Undamaged, the save of a game stopped after 30 steps films its
	// decisions and ends where they end.
	fm := shoot(t, cfg, film.Input{Record: save})
	n := len(filmtest.DecisionFrames(fm))
	if n != len(g.Decisions()) || !strings.HasPrefix(fm.Result, "The recording ends") {
		t.Errorf("%d decisions filmed of %d; result %q", n, len(g.Decisions()), fm.Result)
	}
	filmtest.Damaged(t, Game{}, cfg, 20, save, cs)
}

// Every shipped scenario's golden playthrough films, decision for decision
// and event for event.
func TestFilmShippedGoldens(t *testing.T) {
	for _, c := range [][2]string{{"standard", "heuristic-1.txt"}, {"full", "yr-2.txt"}, {"modded", "monitor-1.txt"}} {
		golden, err := os.ReadFile("../../scenarios/glory/" + c[0] + "/tests/golden/" + c[1])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (Game{}).Film(filmConfig(t, c[0]), film.Input{Record: golden}); err != nil {
			t.Errorf("%s: %v", c[0], err)
		}
	}
}

// cappedRunner returns cfg with the sims' round limit where it has none,
// as a film plays it, and a runner of its hooks closed with the test.
func cappedRunner(t *testing.T, cfg *engine.Config) (*engine.Config, *hooks.Runner) {
	t.Helper()
	capped := *cfg
	if capped.Rules.MaxRounds == 0 {
		capped.Rules.MaxRounds = SimRoundLimit
	}
	reg, _, err := hooks.BundleRegistry(&capped, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hooks.New(reg, &capped, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.Close)
	return &capped, r
}
