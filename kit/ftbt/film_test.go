package ftbt_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/film/filmtest"
	"github.com/sandtable/sandtable/kit/ftbt"
	"github.com/sandtable/sandtable/kit/render"
)

func shoot(t *testing.T, cfg *engine.Config, in film.Input) *film.Film {
	t.Helper()
	return filmtest.Shoot(t, ftbt.Game{}, cfg, in)
}

func golden(t *testing.T, level, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "ftbt", level, "tests", "golden", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestFilmDeterministic: the large shipped level filmed twice from one
// seed gives the same film, byte for byte (the second time cut shorter);
// its round-limit draw between the AI and a random side goes past the
// default frame limit, and each picture stays small.
func TestFilmDeterministic(t *testing.T) {
	cfg := shipped(t, "star-m1")
	in := film.Input{Seed: 1, Agents: []string{"ai", "random"}}
	f := shoot(t, cfg, in)
	in.Limit = 500
	short := shoot(t, cfg, in)
	a, _ := json.Marshal(short)
	b, _ := json.Marshal(&film.Film{Roles: f.Roles, Frames: f.Frames[:500], Cut: true})
	if !bytes.Equal(a, b) {
		t.Fatal("two films of seed 1 differ")
	}
	if len(f.Frames) != film.DefaultLimit || !f.Cut || f.Result != "" {
		t.Errorf("%d frames, cut %v, result %q; want the default limit, cut", len(f.Frames), f.Cut, f.Result)
	}
	if !reflect.DeepEqual(f.Roles, []string{"side 0", "side 1"}) {
		t.Errorf("roles %q", f.Roles)
	}
	filmtest.Numbered(t, f, 60_000)
}

// personAt reads the people drawn on a map: name → cell and hp.
var personTitle = regexp.MustCompile(`<title>(\S+) \(side (\d)\) at \((\d+),(\d+)\): hp (\d+)/(\d+)`)

type drawn struct{ x, y, hp, maxHP int }

func people(svg []byte) map[string]drawn {
	out := map[string]drawn{}
	for _, m := range personTitle.FindAllSubmatch(svg, -1) {
		n := func(i int) int { v, _ := strconv.Atoi(string(m[i])); return v }
		out[string(m[1])] = drawn{n(3), n(4), n(5), n(6)}
	}
	return out
}

// TestFilmStart: frame 0 is the level before anyone acts: everybody on
// the cell the level places them with full hp, in words and on the map.
func TestFilmStart(t *testing.T) {
	cfg := shipped(t, "skirmish")
	fr := shoot(t, cfg, film.Input{Seed: 1}).Frames[0]
	if fr.Role != -1 || fr.Chosen != -1 || fr.Question != "" || fr.Turn != 0 {
		t.Errorf("frame 0: role %d, chosen %d, question %q, round %d", fr.Role, fr.Chosen, fr.Question, fr.Turn)
	}
	onMap := people(fr.SVG)
	state := strings.Join(fr.State, "\n")
	for _, p := range cfg.People {
		if got, want := onMap[p.Name], (drawn{p.X, p.Y, p.HP, p.HP}); got != want {
			t.Errorf("frame 0 draws %s at (%d,%d) with hp %d/%d, want (%d,%d) %d/%d", p.Name, got.x, got.y, got.hp, got.maxHP, p.X, p.Y, p.HP, p.HP)
		}
		if want := fmt.Sprintf("%s (side %d) hp %d/%d at (%d,%d)", p.Name, p.Side, p.HP, p.HP, p.X, p.Y); !strings.Contains(state, want) {
			t.Errorf("frame 0 state lacks %q:\n%s", want, state)
		}
	}
}

// TestFilmDecisionsAreTheLog: the decisions the frames show are the
// game's decision log as mapc test records the same game, and the frames
// tell each of its events once.
func TestFilmDecisionsAreTheLog(t *testing.T) {
	cfg := shipped(t, "star-m2")
	agents := []string{"ai", "random"}
	pt, err := ftbt.Game{}.Play(cfg, 1, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := shoot(t, cfg, film.Input{Seed: 1, Agents: agents})
	frames := filmtest.DecisionFrames(f)
	if len(frames) != len(pt.Decisions) || len(frames) == 0 {
		t.Fatalf("%d decision frames, the game logged %d decisions", len(frames), len(pt.Decisions))
	}
	for i, d := range pt.Decisions {
		fr := frames[i]
		if f.Roles[fr.Role] != filmtest.Field(d, "player") || strconv.Itoa(fr.Chosen) != filmtest.Field(d, "choice") || fr.Turn != d.Turn {
			t.Fatalf("decision %d: the frame shows %s choosing %d in round %d, the log %s", i, f.Roles[fr.Role], fr.Chosen, fr.Turn, d)
		}
		if fr.Question == "" || fr.Chosen >= len(fr.Options) || len(fr.Options) < 2 {
			t.Fatalf("decision %d: question %q, options %q, chosen %d", i, fr.Question, fr.Options, fr.Chosen)
		}
	}
	// And it is the game mapc sim plays from that seed with those agents
	// (its fingerprint: every decision's round, player and choice).
	s, _, err := ftbt.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Play(1, agents)
	if err != nil {
		t.Fatal(err)
	}
	filmtest.IsPlaythrough(t, f, pt, out.Print)
	if want := fmt.Sprintf("The level is over after %d rounds: side %d wins (%s).", pt.Turns, pt.Winner, pt.Reason); f.Result != want {
		t.Errorf("result %q, want %q", f.Result, want)
	}
}

// TestFilmRecordings: a game replayed from its recordings (the golden
// playthrough, a mapc play save, an engine save) is the same film as the
// game played from its seed by its agents; a recording that stops before
// the game's end films as far as it goes.
func TestFilmRecordings(t *testing.T) {
	cfg := shipped(t, "star-m2")
	played := shoot(t, cfg, film.Input{Seed: 1, Agents: []string{"ai", "random"}})
	filmtest.Same(t, "golden playthrough", shoot(t, cfg, film.Input{Record: golden(t, "star-m2", "ai-random-1.txt")}), played)

	// A game through the engine, on the level as it is (no round limit:
	// the film adds the simulator's, and still reads the save).
	if cfg.Rules.MaxRounds != 0 {
		t.Fatal("star-m2 has a round limit now; this test wants a level without")
	}
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g, err := engine.New(cfg, r, 5)
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Run([]engine.Decider{agent.NewAI(), agent.NewAI()})
	if err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	fromSave := shoot(t, cfg, film.Input{Record: save})
	playSave, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "ftbt", Scenario: cfg.Name, Seed: 5, Agents: []string{"", "ai"}, Decisions: console.EncodeLog(g.Decisions())})
	fromPlay := shoot(t, cfg, film.Input{Seed: 77, Record: playSave}) // the save's seed wins
	filmtest.Same(t, "engine save against mapc play save", fromSave, fromPlay)
	frames := filmtest.DecisionFrames(fromSave)
	if len(frames) != len(g.Decisions()) {
		t.Fatalf("%d decision frames for %d decisions", len(frames), len(g.Decisions()))
	}
	for i, d := range g.Decisions() {
		if frames[i].Role != d.Player || frames[i].Chosen != d.Choice {
			t.Fatalf("decision %d: frame side %d chose %d, the log side %d chose %d", i, frames[i].Role, frames[i].Chosen, d.Player, d.Choice)
		}
	}
	if want := fmt.Sprintf("The level is over after %d rounds: side %d wins (%s).", res.Rounds, res.Winner, res.Reason); fromSave.Result != want {
		t.Errorf("result %q, want %q", fromSave.Result, want)
	}

	// The golden playthrough of star-m1 keeps its first 10 rounds: the
	// film replays them and stops where the recording does.
	m1 := shipped(t, "star-m1")
	cut := shoot(t, m1, film.Input{Record: golden(t, "star-m1", "ai-random-1.txt")})
	whole := shoot(t, m1, film.Input{Seed: 1, Agents: []string{"ai", "random"}, Limit: len(cut.Frames)})
	n := len(filmtest.DecisionFrames(cut))
	if want := fmt.Sprintf("The recording ends after %d decisions, before the game's end.", n); cut.Result != want || cut.Cut {
		t.Errorf("star-m1's golden ends the film with %q (cut %v), want %q", cut.Result, cut.Cut, want)
	}
	if last := filmtest.DecisionFrames(cut)[n-1]; last.Turn != 10 {
		t.Errorf("the golden's last decision is in round %d, want 10", last.Turn)
	}
	filmtest.Same(t, "star-m1's first 10 rounds", cut, &film.Film{Frames: whole.Frames, Result: cut.Result})
}

// TestFilmPictures: the map of each frame shows the game at that frame:
// a person who moves is drawn on its new cell, one who loses hp with the
// hp left (its bar shortened), and one who leaves the map is no longer
// drawn and is listed as out.
func TestFilmPictures(t *testing.T) {
	cfg := shipped(t, "skirmish")
	f := shoot(t, cfg, film.Input{Seed: 1, Agents: []string{"ai"}})
	pt, err := ftbt.Game{}.Play(cfg, 1, []string{"ai"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	hp := map[string]int{}
	for _, p := range cfg.People {
		hp[p.Name] = p.HP
	}
	from := 0 // events are told in order: search on from the last frame found
	find := func(text string) int {
		t.Helper()
		for k := from; k < len(f.Frames); k++ {
			for _, e := range f.Frames[k].Events {
				if e == text {
					from = k
					return k
				}
			}
		}
		t.Fatalf("no frame from %d on tells %q", from, text)
		return -1
	}
	moves, hits, outs := 0, 0, 0
	for _, e := range pt.Events {
		who := filmtest.Field(e, "person")
		switch e.Kind {
		case "people_move":
			to := filmtest.Field(e, "to")
			k := find(fmt.Sprintf("round %d: people_move %s to (%s)", e.Turn, who, to))
			if d, ok := people(f.Frames[k].SVG)[who]; !ok || fmt.Sprintf("%d,%d", d.x, d.y) != to {
				t.Fatalf("frame %d: %s moved to (%s), drawn at (%d,%d) (%v)", k, who, to, d.x, d.y, ok)
			}
			moves++
		case "hp_down":
			n, _ := strconv.Atoi(filmtest.Field(e, "n"))
			v, _ := strconv.Atoi(filmtest.Field(e, "value"))
			left := max(n-v, 0)
			k := find(fmt.Sprintf("round %d: hp_down %s %d→%d", e.Turn, who, n, left))
			hp[who] = left
			if d, ok := people(f.Frames[k].SVG)[who]; left > 0 && (!ok || d.hp != hp[who]) {
				t.Fatalf("frame %d: %s has %d hp left, drawn with %d (%v)", k, who, left, d.hp, ok)
			}
			hits++
		case "people_out":
			k := find(fmt.Sprintf("round %d: people_out %s", e.Turn, who))
			if _, ok := people(f.Frames[k].SVG)[who]; ok {
				t.Fatalf("frame %d: %s left the map but is drawn", k, who)
			}
			if !bytes.Contains(f.Frames[k].SVG, []byte(who+": out")) {
				t.Errorf("frame %d: the legend does not list %s as out", k, who)
			}
			outs++
		}
	}
	if moves < 10 || hits < 5 || outs < 1 {
		t.Fatalf("checked %d moves, %d hits, %d people out: too few", moves, hits, outs)
	}
	// The person a decision is about is ringed, and nobody else.
	acting := regexp.MustCompile(`<title>(\S+) \(side \d\)[^<]*\(acting\)</title>`)
	ringed := 0
	for k, fr := range f.Frames {
		name, ok := strings.CutPrefix(fr.Question, "where does ")
		name, _, _ = strings.Cut(name, " move?")
		ms := acting.FindAllSubmatch(fr.SVG, -1)
		switch {
		case ok && (len(ms) != 1 || string(ms[0][1]) != name):
			t.Fatalf("frame %d (%s): ringed %q, want %s", k, fr.Question, ms, name)
		case fr.Role < 0 && len(ms) > 0:
			t.Fatalf("frame %d has no decision, but %s is ringed", k, ms[0][1])
		case ok:
			ringed++
		}
	}
	if ringed < 10 {
		t.Errorf("only %d moves ringed", ringed)
	}
	// The hp bar of the last frame: as long as the hp left is of the
	// whole, in the colour of how much is left.
	last := f.Frames[len(f.Frames)-1].SVG
	for _, p := range cfg.People {
		d, ok := people(last)[p.Name]
		if !ok {
			continue
		}
		full := 24.0 - 4 // the skirmish's cells are 24 wide (640 / its width, at least 24)
		bar := fmt.Sprintf(`width="%s" height="3" fill="%s"`, render.Num(full*float64(d.hp)/float64(d.maxHP)), map[bool]string{true: "#43a047", false: "#fb8c00"}[2*d.hp >= d.maxHP])
		if 4*d.hp >= d.maxHP && !bytes.Contains(last, []byte(bar)) {
			t.Errorf("the last frame has no hp bar %s for %s (hp %d/%d)", bar, p.Name, d.hp, d.maxHP)
		}
	}
}

// TestFilmLimit: a film stops at its frame limit, cut and without a
// result; a limit the game does not reach changes nothing.
func TestFilmLimit(t *testing.T) {
	cfg := shipped(t, "skirmish")
	in := film.Input{Seed: 1, Agents: []string{"ai"}}
	whole := shoot(t, cfg, in)
	in.Limit = 7
	cut := shoot(t, cfg, in)
	filmtest.Same(t, "limit 7", cut, &film.Film{Frames: whole.Frames[:7], Cut: true})
	in.Limit = len(whole.Frames)
	if f := shoot(t, cfg, in); f.Cut || len(f.Frames) != len(whole.Frames) || f.Result == "" {
		t.Errorf("a limit of exactly the game's %d frames cuts it (%d frames, cut %v)", len(whole.Frames), len(f.Frames), f.Cut)
	}
}

// TestFilmBadInput: a recording the game cannot replay is an error that
// says what is wrong or which recordings it reads, never a panic.
func TestFilmBadInput(t *testing.T) {
	cfg := shipped(t, "skirmish")
	gold := golden(t, "skirmish", "ai-1.txt")
	playSave := func(scenario, decisions string) []byte {
		return []byte(fmt.Sprintf(`{"format":1,"game":"ftbt","scenario":%q,"seed":1,"agents":["",""],"decisions":%s}`, scenario, decisions))
	}
	m2Save := func() []byte {
		m2 := shipped(t, "star-m2")
		reg, _, _ := hooks.Registry(m2)
		r, err := hooks.New(reg, m2, plugin.WorkerOptions{})
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		g, err := engine.New(m2, r, 1)
		if err != nil {
			t.Fatal(err)
		}
		save, err := g.Save()
		if err != nil {
			t.Fatal(err)
		}
		return save
	}()
	for _, c := range []struct {
		name   string
		record []byte
		want   string
	}{
		{"garbage", []byte("\x00\x01 not a game"), "want a mapc play save"},
		{"truncated JSON", m2Save[:len(m2Save)/2], "an ftbt engine save"},
		{"save of another game", []byte(`{"format":1,"game":"mbg","scenario":"x","seed":1,"agents":[],"decisions":[]}`), `save of game "mbg"`},
		{"engine save of another level", m2Save, "another config"},
		{"play save of another level", playSave("star-m2", "[]"), `of scenario "star-m2"`},
		{"play save with a bad decision", playSave(cfg.Name, `[{"round":1,"player":0,"kind":"no-such-kind"}]`), "decision 0"},
		{"play save that goes another way", playSave(cfg.Name, `[{"round":1,"player":1,"kind":"person","choice":0,"option":{"kind":"person","a":0}}]`), "decision 1 is side 1's person"},
		{"golden with an option not offered", bytes.Replace(gold, []byte("choice=0 option=person/0"), []byte("choice=0 option=person/1"), 1), fmt.Sprintf("golden playthrough line %d chose", filmtest.LineOf(gold, "choice=0 option=person/0"))},
		{"golden of a mbg game", bytes.Replace(gold, []byte("players side 0 side 1"), []byte("players 魏 蜀"), 1), "sides 魏 蜀"},
		{"golden without a seed", bytes.Replace(gold, []byte(": seed 1,"), []byte(":"), 1), "without its seed"},
		{"golden with a stray line", append(append([]byte{}, gold...), "hello\n"...), "not a line of a golden playthrough"},
	} {
		f, err := ftbt.Game{}.Film(cfg, film.Input{Record: c.record})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: film %v, error %v; want an error with %q", c.name, f != nil, err, c.want)
		}
	}
	if _, err := (ftbt.Game{}).Film(cfg, film.Input{Agents: []string{"ai", "nobody"}}); err == nil || !strings.Contains(err.Error(), `unknown agent "nobody"`) {
		t.Errorf("unknown agent: %v", err)
	}
}

var terrainRect = regexp.MustCompile(`<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="(#[0-9a-f]{6})"`)

// terrainAt reads the terrain group of an SVG and returns the fill drawn
// last over the centre of each cell of a w × h grid of the given cell
// size, its top left corner at (36, 84).
func terrainAt(t *testing.T, svg []byte, w, h int, cell float64) []string {
	t.Helper()
	start := bytes.Index(svg, []byte(`<g class="terrain">`))
	end := bytes.Index(svg[start:], []byte("</g>"))
	if start < 0 || end < 0 {
		t.Fatal("no terrain group")
	}
	out := make([]string, w*h)
	for _, m := range terrainRect.FindAllSubmatch(svg[start:start+end], -1) {
		f := func(i int) float64 { v, _ := strconv.ParseFloat(string(m[i]), 64); return v }
		x, y, rw, rh := f(1), f(2), f(3), f(4)
		for cy := range h {
			for cx := range w {
				px, py := 36+(float64(cx)+0.5)*cell, 84+(float64(cy)+0.5)*cell
				if px > x && px < x+rw && py > y && py < y+rh {
					out[cy*w+cx] = string(m[5])
				}
			}
		}
	}
	return out
}

// TestFilmTerrain: a film's map, drawn compactly, has every cell in the
// colour mapc render gives it.
func TestFilmTerrain(t *testing.T) {
	for _, level := range []string{"star-m1", "skirmish"} {
		cfg := shipped(t, level)
		cell := max(24, min(48, 640/float64(max(cfg.Width, cfg.Height))))
		rendered, err := ftbt.Game{}.Render(cfg, build.RenderOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := terrainAt(t, rendered, cfg.Width, cfg.Height, cell)
		for i, c := range cfg.Cells {
			if want[i] != ftbt.TerrainColour(cfg, c) {
				t.Fatalf("%s: mapc render draws cell %d in %s, its terrain is %s", level, i, want[i], ftbt.TerrainColour(cfg, c))
			}
		}
		f := shoot(t, cfg, film.Input{Seed: 1, Limit: 3})
		if got := terrainAt(t, f.Frames[2].SVG, cfg.Width, cfg.Height, cell); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the film's terrain differs from mapc render's", level)
		}
		svg := f.Frames[2].SVG
		start := bytes.Index(svg, []byte(`<g class="terrain">`))
		if n := bytes.Count(svg[start:start+bytes.Index(svg[start:], []byte("</g>"))], []byte("<rect")); level == "star-m1" && n > len(cfg.Cells)/10 {
			t.Errorf("%s: the film's terrain has %d rectangles for %d cells", level, n, len(cfg.Cells))
		}
	}
}
