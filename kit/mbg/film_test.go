package mbg_test

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

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/film/filmtest"
	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/render"
)

func shoot(t *testing.T, cfg *engine.Config, in film.Input) *film.Film {
	t.Helper()
	return filmtest.Shoot(t, mbg.Game{}, cfg, in)
}

// TestFilmDeterministic: a shipped scenario filmed twice from one seed
// gives the same film, byte for byte, and it is the whole game.
func TestFilmDeterministic(t *testing.T) {
	cfg := compileShipped(t, "sanguo")
	in := film.Input{Seed: 1, Agents: []string{"heuristic", "random"}}
	f := filmtest.Twice(t, mbg.Game{}, cfg, in)
	if f.Cut || !strings.HasPrefix(f.Result, "The game is over after") {
		t.Errorf("the film ends with %q (cut %v), want the game's result", f.Result, f.Cut)
	}
	if !reflect.DeepEqual(f.Roles, []string{"魏", "蜀", "吴"}) {
		t.Errorf("roles %q", f.Roles)
	}
	filmtest.Numbered(t, f, 60_000)
}

// TestFilmStart: frame 0 is the game before anyone acts: the roles' money
// and squares as the config starts them, the cities the config gives them
// in their colours, and no decision.
func TestFilmStart(t *testing.T) {
	cfg := compileShipped(t, "sample")
	fr := shoot(t, cfg, film.Input{Seed: 7}).Frames[0]
	if fr.Role != -1 || fr.Chosen != -1 || fr.Question != "" || fr.Turn != 1 {
		t.Errorf("frame 0: role %d, chosen %d, question %q, turn %d", fr.Role, fr.Chosen, fr.Question, fr.Turn)
	}
	if !reflect.DeepEqual(fr.Events, []string{"turn 1: the game begins"}) {
		t.Errorf("frame 0 events %q", fr.Events)
	}
	state := strings.Join(fr.State, "\n")
	for _, role := range cfg.Roles {
		want := fmt.Sprintf("%s  money %s  cities %d  at %d ", role.Name, render.Num(role.Money), len(role.Cities), role.Start)
		if !strings.Contains(state, want) {
			t.Errorf("frame 0 state lacks %q:\n%s", want, state)
		}
	}
	fills := squareFills(t, fr.SVG)
	for s, sq := range cfg.Board {
		if sq.Class != engine.SquareCity {
			continue
		}
		want := "#e0e0e0" // unowned
		for r, role := range cfg.Roles {
			for _, c := range role.Cities {
				if c == sq.Index {
					want = render.Side(r)
				}
			}
		}
		if fills[s] != want {
			t.Errorf("frame 0: square %d (%s) is filled %s, want %s", s, cfg.Cities[sq.Index].Name, fills[s], want)
		}
	}
	for _, role := range cfg.Roles {
		if at, ok := pawns(fr.SVG)[role.Name]; !ok || at != role.Start {
			t.Errorf("frame 0: %s's pawn is on square %d (%v), want its start %d", role.Name, at, ok, role.Start)
		}
	}
}

// TestFilmDecisionsAreTheLog: the decisions the frames show are the
// game's decision log, as mapc test records the same game (seed and
// agents): the same roles choosing the same options, in order; each frame
// offers the options in words and its choice is one of them.
func TestFilmDecisionsAreTheLog(t *testing.T) {
	cfg := compileShipped(t, "sample")
	agents := []string{"heuristic", "random"}
	pt, err := mbg.Game{}.Play(cfg, 7, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := shoot(t, cfg, film.Input{Seed: 7, Agents: agents})
	frames := filmtest.DecisionFrames(f)
	if len(frames) != len(pt.Decisions) || len(frames) == 0 {
		t.Fatalf("%d decision frames, the game logged %d decisions", len(frames), len(pt.Decisions))
	}
	for i, d := range pt.Decisions {
		fr := frames[i]
		player, choice := filmtest.Field(d, "player"), filmtest.Field(d, "choice")
		if f.Roles[fr.Role] != player || strconv.Itoa(fr.Chosen) != choice || fr.Turn < d.Turn {
			t.Fatalf("decision %d: the frame shows %s choosing %d in turn %d, the log %s", i, f.Roles[fr.Role], fr.Chosen, fr.Turn, d)
		}
		if fr.Question == "" || fr.Chosen >= len(fr.Options) || len(fr.Options) < 2 {
			t.Fatalf("decision %d: question %q, options %q, chosen %d", i, fr.Question, fr.Options, fr.Chosen)
		}
	}
	// And it is the game mapc sim plays from that seed with those agents
	// (its fingerprint: every decision's round, player and choice).
	s, _, err := mbg.NewSim(cfg)
	if err != nil {
		t.Fatal(err)
	}
	out, err := s.Play(7, agents)
	if err != nil {
		t.Fatal(err)
	}
	filmtest.IsPlaythrough(t, f, pt, out.Print)
	if want := fmt.Sprintf("The game is over after %d turns: %s wins (%s).", pt.Turns, f.Roles[pt.Winner], pt.Reason); f.Result != want {
		t.Errorf("result %q, want %q", f.Result, want)
	}
}

// TestFilmRecordings: a game replayed from its recordings (the golden
// playthrough mapc test keeps, a mapc play save, an engine save) is the
// same film as the game played from its seed by its agents; a recording
// that stops before the game's end films as far as it goes.
func TestFilmRecordings(t *testing.T) {
	cfg := compileShipped(t, "sample")
	played := shoot(t, cfg, film.Input{Seed: 7, Agents: []string{"heuristic", "random"}})

	golden, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "mbg", "sample", "tests", "golden", "heuristic-random-7.txt"))
	if err != nil {
		t.Fatal(err)
	}
	filmtest.Same(t, "golden playthrough", shoot(t, cfg, film.Input{Record: golden}), played)
	filmtest.Same(t, "golden playthrough with CRLF line ends", shoot(t, cfg, film.Input{Record: bytes.ReplaceAll(golden, []byte("\n"), []byte("\r\n"))}), played)

	// The same game through the engine: its decision log and its save.
	g, closer := newEngineGame(t, cfg, 7)
	defer closer()
	if _, err := g.Run([]engine.Decider{agent.NewHeuristic(), agent.NewRandom(99)}); err != nil {
		t.Fatal(err)
	}
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	fromSave := shoot(t, cfg, film.Input{Seed: 12345, Record: save}) // the save's seed wins
	log := console.EncodeLog(g.Decisions())
	playSave, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "mbg", Scenario: cfg.Name, Seed: 7, Agents: []string{"", "random"}, Decisions: log})
	fromPlay := shoot(t, cfg, film.Input{Record: playSave})
	filmtest.Same(t, "engine save against mapc play save", fromSave, fromPlay)
	frames := filmtest.DecisionFrames(fromSave)
	if len(frames) != len(g.Decisions()) {
		t.Fatalf("%d decision frames for %d decisions", len(frames), len(g.Decisions()))
	}
	for i, d := range g.Decisions() {
		if frames[i].Role != d.Player || frames[i].Chosen != d.Choice {
			t.Fatalf("decision %d: frame role %d chose %d, the log role %d chose %d", i, frames[i].Role, frames[i].Chosen, d.Player, d.Choice)
		}
	}
	res, _ := g.Result()
	if want := fmt.Sprintf("The game is over after %d turns:", res.Turns); !strings.HasPrefix(fromSave.Result, want) {
		t.Errorf("result %q, want %q…", fromSave.Result, want)
	}

	// A game saved half-way: the film stops where the save does, its
	// frames those of the whole game so far.
	half := console.EncodeLog(g.Decisions()[:10])
	partSave, _ := json.Marshal(console.SaveFile{Format: console.SaveFormat, Game: "mbg", Scenario: cfg.Name, Seed: 7, Agents: []string{"", ""}, Decisions: half})
	part := shoot(t, cfg, film.Input{Record: partSave})
	if part.Cut || part.Result != "The recording ends after 10 decisions, before the game's end." {
		t.Errorf("a half-way save ends the film with %q (cut %v)", part.Result, part.Cut)
	}
	if len(filmtest.DecisionFrames(part)) != 10 || len(part.Frames) > len(fromPlay.Frames) {
		t.Fatalf("a half-way save of 10 decisions films %d decisions in %d frames", len(filmtest.DecisionFrames(part)), len(part.Frames))
	}
	filmtest.Same(t, "half-way save", part, &film.Film{Roles: fromPlay.Roles, Frames: fromPlay.Frames[:len(part.Frames)], Result: part.Result})
}

func newEngineGame(t *testing.T, cfg *engine.Config, seed uint64) (*engine.Game, func()) {
	t.Helper()
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		t.Fatal(err)
	}
	r, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := engine.New(cfg, r, r, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g, func() { r.Close() }
}

var (
	squareFill = regexp.MustCompile(`<title>square (\d+): [^<]*</title>\s*<rect [^>]*fill="([^"]+)"`)
	pawnTitle  = regexp.MustCompile(`<title>(\S+) (?:starts|is) on square (\d+) `)
)

// squareFills reads the fill of every board square of an SVG.
func squareFills(t *testing.T, svg []byte) map[int]string {
	t.Helper()
	out := map[int]string{}
	for _, m := range squareFill.FindAllSubmatch(svg, -1) {
		s, _ := strconv.Atoi(string(m[1]))
		out[s] = string(m[2])
	}
	if len(out) == 0 {
		t.Fatal("no squares in the SVG")
	}
	return out
}

// pawns reads the square each role's pawn is drawn on.
func pawns(svg []byte) map[string]int {
	out := map[string]int{}
	for _, m := range pawnTitle.FindAllSubmatch(svg, -1) {
		s, _ := strconv.Atoi(string(m[2]))
		out[string(m[1])] = s
	}
	return out
}

// TestFilmPictures: the picture of each frame shows the game at that
// frame: a city's squares take the colour of the role that occupies it
// from the frame telling the occupation on, and a role's pawn moves to the
// square its throw took it to.
func TestFilmPictures(t *testing.T) {
	cfg := compileShipped(t, "sanguo")
	agents := []string{"heuristic", "random"}
	f := shoot(t, cfg, film.Input{Seed: 1, Agents: agents})
	pt, err := mbg.Game{}.Play(cfg, 1, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	role := map[string]int{}
	for r, rl := range cfg.Roles {
		role[rl.Name] = r
	}
	// Each occupation and move of the game's first three turns, found
	// in the frame that tells it.
	checked := 0
	for _, e := range pt.Events {
		if e.Turn > 3 {
			break
		}
		switch e.Kind {
		case "occupied":
			who, city := filmtest.Field(e, "role"), filmtest.Field(e, "place")
			k := frameTelling(t, f, fmt.Sprintf("%s occupies %s", who, city))
			for s, sq := range cfg.Board {
				if sq.Class != engine.SquareCity || cfg.Cities[sq.Index].Name != city {
					continue
				}
				before, after := squareFills(t, f.Frames[k-1].SVG)[s], squareFills(t, f.Frames[k].SVG)[s]
				if before != "#e0e0e0" || after != render.Side(role[who]) {
					t.Errorf("frame %d: %s occupies %s: square %d goes from %s to %s, want #e0e0e0 to %s", k, who, city, s, before, after, render.Side(role[who]))
				}
				checked++
			}
		case "moved":
			who, to := filmtest.Field(e, "role"), filmtest.Field(e, "place")
			k := frameTelling(t, f, fmt.Sprintf("%s throws %s and goes from square %s ", who, filmtest.Field(e, "n"), filmtest.Field(e, "index")))
			if at := pawns(f.Frames[k].SVG)[who]; strconv.Itoa(at) != to {
				t.Errorf("frame %d: %s moved to square %s, its pawn is drawn on %d", k, who, to, at)
			}
			checked++
		}
	}
	if checked < 6 {
		t.Fatalf("only %d occupations and moves checked", checked)
	}
	// The role deciding is ringed, and nobody else.
	deciding := regexp.MustCompile(`<title>(\S+) is on square \d+ [^<]*\(deciding\)</title>`)
	for k, fr := range f.Frames {
		ms := deciding.FindAllSubmatch(fr.SVG, -1)
		if fr.Role < 0 && len(ms) > 0 || fr.Role >= 0 && (len(ms) != 1 || string(ms[0][1]) != f.Roles[fr.Role]) {
			t.Fatalf("frame %d: %s decides, %q ringed", k, map[bool]string{true: "nobody", false: "a role"}[fr.Role < 0], ms)
		}
	}
}

// frameTelling returns the first frame with an event containing text.
func frameTelling(t *testing.T, f *film.Film, text string) int {
	t.Helper()
	for k, fr := range f.Frames {
		for _, e := range fr.Events {
			if strings.Contains(e, text) {
				return k
			}
		}
	}
	t.Fatalf("no frame tells %q", text)
	return -1
}

// TestFilmLimit: a film stops at its frame limit, cut and without a
// result; a limit the game does not reach changes nothing.
func TestFilmLimit(t *testing.T) {
	cfg := compileShipped(t, "sample")
	in := film.Input{Seed: 7, Agents: []string{"heuristic", "random"}}
	whole := shoot(t, cfg, in)
	in.Limit = 12
	cut := shoot(t, cfg, in)
	if len(cut.Frames) != 12 || !cut.Cut || cut.Result != "" {
		t.Fatalf("limit 12: %d frames, cut %v, result %q", len(cut.Frames), cut.Cut, cut.Result)
	}
	filmtest.Same(t, "limit 12", cut, &film.Film{Frames: whole.Frames[:12], Cut: true})
	in.Limit = len(whole.Frames)
	if f := shoot(t, cfg, in); f.Cut || len(f.Frames) != len(whole.Frames) {
		t.Errorf("a limit of exactly the game's %d frames cuts it (%d frames, cut %v)", len(whole.Frames), len(f.Frames), f.Cut)
	}
}

// TestFilmBadInput: a recording the game cannot replay is an error that
// says what is wrong or which recordings it reads, never a panic.
func TestFilmBadInput(t *testing.T) {
	cfg := compileShipped(t, "sample")
	golden, err := os.ReadFile(filepath.Join("..", "..", "scenarios", "mbg", "sample", "tests", "golden", "heuristic-random-7.txt"))
	if err != nil {
		t.Fatal(err)
	}
	g, closer := newEngineGame(t, cfg, 3)
	defer closer()
	save, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	otherCfg := compileShipped(t, "modded")
	playSave := func(scenario string, decisions string) []byte {
		return []byte(fmt.Sprintf(`{"format":1,"game":"mbg","scenario":%q,"seed":7,"agents":["",""],"decisions":%s}`, scenario, decisions))
	}
	for _, c := range []struct {
		name   string
		cfg    *engine.Config
		record []byte
		want   string
	}{
		{"garbage", cfg, []byte("\x00\x01 not a game"), "want a mapc play save"},
		{"truncated JSON", cfg, save[:len(save)/2], "want a mapc play save"},
		{"JSON of something else", cfg, []byte(`{"hello":1}`), "an mbg engine save"},
		{"save of another game", cfg, []byte(`{"format":1,"game":"ftbt","scenario":"x","seed":1,"agents":[],"decisions":[]}`), `save of game "ftbt"`},
		{"engine save of another scenario", otherCfg, save, "another config"},
		{"play save of another scenario", cfg, playSave("sanguo", "[]"), `of scenario "sanguo"`},
		{"play save with a bad decision", cfg, playSave(cfg.Name, `[{"round":1,"player":1,"kind":"no-such-kind"}]`), "decision 0"},
		{"play save that goes another way", cfg, playSave(cfg.Name, `[{"round":1,"player":0,"kind":"action","choice":0,"option":{"kind":"move","a":-1,"b":-1}}]`), "decision 1 is role 0's action"},
		{"golden with an option not offered", cfg, bytes.Replace(golden, []byte("choice=11 option=research/4/10"), []byte("choice=11 option=research/4/11"), 1), fmt.Sprintf("golden playthrough line %d chose", filmtest.LineOf(golden, "choice=11 option=research/4/10"))},
		{"golden of other roles", cfg, bytes.Replace(golden, []byte("players 魏 蜀"), []byte("players 魏 吴"), 1), "roles 魏 吴"},
		{"golden without a seed", cfg, bytes.Replace(golden, []byte(": seed 7,"), []byte(":"), 1), "without its seed"},
		{"golden with a broken line", cfg, append(append([]byte{}, golden...), "decision 3 action player=\"魏 choice=1\n"...), "golden playthrough line"},
		{"golden with a stray line", cfg, append(append([]byte{}, golden...), "hello\n"...), "not a line of a golden playthrough"},
	} {
		f, err := mbg.Game{}.Film(c.cfg, film.Input{Record: c.record})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: film %v, error %v; want an error with %q", c.name, f != nil, err, c.want)
		}
	}
	if _, err := (mbg.Game{}).Film(cfg, film.Input{Agents: []string{"nobody"}}); err == nil || !strings.Contains(err.Error(), `unknown agent "nobody"`) {
		t.Errorf("unknown agent: %v", err)
	}
	if _, err := (mbg.Game{}).Film("a config", film.Input{}); err == nil {
		t.Error("a config of another type films")
	}
}

// squareGroup returns the SVG group drawing board square s.
func squareGroup(svg []byte, s int) string {
	re := regexp.MustCompile(`(?s)<title>square ` + strconv.Itoa(s) + `: .*?</g>`)
	return string(re.Find(svg))
}

// TestFilmCardsOnSquares: a barrier or robber a card puts on a square is
// drawn on it (障, 盗) from the frame telling it is put there until the
// frame telling it is gone.
func TestFilmCardsOnSquares(t *testing.T) {
	cfg := compileShipped(t, "sample")
	agents := []string{"heuristic", "random"}
	f := shoot(t, cfg, film.Input{Seed: 7, Agents: agents})
	pt, err := mbg.Game{}.Play(cfg, 7, agents, nil)
	if err != nil {
		t.Fatal(err)
	}
	badge := map[string]string{"barrier": "障", "robber": "盗"}
	checked := 0
	for _, e := range pt.Events {
		if e.Kind != "placed" {
			continue
		}
		what, s := filmtest.Field(e, "note"), filmtest.Field(e, "place")
		n, _ := strconv.Atoi(s)
		put := frameTelling(t, f, fmt.Sprintf("a %s is put on square %s ", what, s))
		gone := frameTelling(t, f, fmt.Sprintf("the %s on square %s ", what, s))
		for k := put - 1; k <= gone; k++ {
			has := strings.Contains(squareGroup(f.Frames[k].SVG, n), ">"+badge[what]+"<")
			if want := k >= put && k < gone; has != want {
				t.Errorf("frame %d: square %d shows %s: %v, want %v (put in frame %d, gone in %d)", k, n, badge[what], has, want, put, gone)
			}
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("%d barriers and robbers checked", checked)
	}
}
