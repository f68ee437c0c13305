package glory

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/glory/hooks"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
	"github.com/sandtable/sandtable/kit/scentest"
)

// recordFormats names the recordings Film reads, for its errors.
const recordFormats = "a mapc play save (JSON with format, game, scenario, seed, agents, decisions), " +
	"a glory engine save (JSON with config_sha256, state, decisions) or a golden playthrough of mapc test (# golden playthrough …)"

var (
	// errRecordEnd stops a filmed game where its recording ends.
	errRecordEnd = errors.New("the recording ends here")
	// errCut stops a filmed game at its frame limit.
	errCut = errors.New("the film is cut here")
)

// Film implements film.Filmer: a frame for the start and one per
// decision (the side, the question, the options in words as mapc play
// offers them, the choice), plus one for each step without a decision
// that changed something (a turn's start or end with its events). The
// map shows every living hero on its point in its side's colour with its
// HP, the towers with theirs, and rings the hero the decision moved. A
// game is played by in.Agents (heuristic by default) as mapc test plays
// it, or replayed from in.Record.
func (Game) Film(config any, in film.Input) (*film.Film, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, fmt.Errorf("glory: cannot film a %T", config)
	}
	given := cfg
	if cfg.Rules.MaxRounds == 0 {
		c := *cfg
		c.Rules.MaxRounds = SimRoundLimit
		cfg = &c
	}
	limit := in.Limit
	if limit <= 0 {
		limit = film.DefaultLimit
	}
	var src *filmSource
	var err error
	if len(in.Record) > 0 {
		src, err = readRecord(given, cfg, in.Record)
	} else {
		src = &filmSource{cfg: cfg, seed: in.Seed}
		src.deciders, err = playDeciders(in.Seed, in.Agents, nil)
	}
	if err != nil {
		return nil, err
	}
	cfg = src.cfg
	reg, _, err := hooks.BundleRegistry(cfg, nil)
	if err != nil {
		return nil, err
	}
	runner, err := hooks.New(reg, cfg, plugin.WorkerOptions{})
	if err != nil {
		return nil, err
	}
	defer runner.Close()
	r := &reel{t: &table{cfg: cfg}, limit: limit, asked: -1}
	ds := make([]engine.Decider, 2)
	for s := range ds {
		ds[s] = &filming{r: r, inner: src.deciders[s]}
	}
	g, err := engine.New(cfg, runner, src.seed, ds...)
	if err != nil {
		return nil, err
	}
	r.g = g
	r.film.Roles = []string{sideNames[0], sideNames[1]}
	r.add(film.Frame{Role: -1, Chosen: -1})
	ended := false
	for !g.Over() {
		if len(r.film.Frames) >= limit {
			r.film.Cut = true
			break
		}
		decisions, events := len(g.Decisions()), len(g.Events())
		if err := g.Step(); err != nil {
			switch {
			case errors.Is(err, errCut):
				r.film.Cut = true
			case errors.Is(err, errRecordEnd):
				ended = true
			default:
				return nil, err
			}
			break
		}
		if src.check != nil {
			if err := src.check(g, decisions, events); err != nil {
				return nil, err
			}
		}
		switch {
		case r.pending != nil:
			r.flush()
		case len(g.Events()) > r.shown:
			r.asked = -1
			r.add(film.Frame{Role: -1, Chosen: -1})
		}
	}
	st := g.State()
	switch {
	case r.film.Cut:
	case ended:
		r.film.Result = fmt.Sprintf("The recording ends in round %d; the game was not over.", st.Round)
	default:
		if src.finish != nil {
			if err := src.finish(g); err != nil {
				return nil, err
			}
		}
		r.film.Result = fmt.Sprintf("The game is over after %d rounds: nobody wins (%s).", st.Round, st.Reason)
		if w := g.Winner(); w >= 0 {
			r.film.Result = fmt.Sprintf("The game is over after %d rounds: %s wins (%s).", st.Round, sideNames[w], st.Reason)
		}
	}
	return &r.film, nil
}

// reel turns a game's decisions and steps into frames.
type reel struct {
	t     *table
	g     *engine.Game
	film  film.Film
	limit int
	// pending is the frame of the decision being taken, finished (its
	// state and events) when the next decision is asked or its step ends;
	// at is its index in the decision log, asked its hero.
	pending *film.Frame
	at      int
	asked   int
	shown   int // events shown in frames so far
}

// add finishes f with the game now and appends it.
func (r *reel) add(f film.Frame) {
	g := r.g
	v := g.View()
	f.Step = len(r.film.Frames)
	f.Turn = g.State().Round
	if len(r.film.Frames) > 0 {
		f.Events = eventLines(g, g.Events()[r.shown:])
	}
	r.shown = len(g.Events())
	f.State = r.t.standing(v, -1, false)
	f.SVG = renderFilm(g.Config(), v, r.asked)
	r.film.Frames = append(r.film.Frames, f)
}

// flush finishes the pending decision's frame.
func (r *reel) flush() {
	if r.pending == nil {
		return
	}
	f := *r.pending
	r.pending = nil
	if ds := r.g.Decisions(); r.at < len(ds) {
		f.Chosen = ds[r.at].Choice
	}
	r.add(f)
}

// filming is a side's decider as the film sees it: each decision starts
// a frame (the last one's ends), then the side's own decider answers.
type filming struct {
	r     *reel
	inner engine.Decider
}

func (d *filming) Decide(v *engine.View, req *engine.Request) (int, error) {
	r := d.r
	if req.Attempt == 0 {
		r.flush()
		if len(r.film.Frames) >= r.limit {
			return -1, errCut
		}
		f := &film.Frame{Role: req.Player, Question: r.t.question(v, req), Chosen: -1}
		for _, o := range req.Options {
			f.Options = append(f.Options, r.t.option(v, req, o))
		}
		r.pending, r.at, r.asked = f, len(r.g.Decisions()), req.Hero
	}
	c, err := d.inner.Decide(v, req)
	if err == nil && c >= 0 && c < len(req.Options) && req.Options[c].Hero >= 0 {
		r.asked = req.Options[c].Hero
	}
	return c, err
}

// filmSource is where a film's decisions come from: the config the game
// is played with, its seed, the sides' deciders, and what checks the game
// against its recording.
type filmSource struct {
	cfg      *engine.Config
	seed     uint64
	deciders []engine.Decider
	check    func(g *engine.Game, decisions, events int) error
	finish   func(g *engine.Game) error
}

// ending answers no decision: the recording has ended.
type ending struct{}

func (ending) Decide(*engine.View, *engine.Request) (int, error) { return -1, errRecordEnd }

// readRecord recognises a recording; given is the config as compiled,
// capped the one with the simulator's round cap (the one mapc play and
// mapc test play with).
func readRecord(given, capped *engine.Config, data []byte) (*filmSource, error) {
	text := bytes.TrimSpace(data)
	if bytes.HasPrefix(text, []byte("# golden playthrough")) {
		return goldenSource(capped, text)
	}
	var head struct {
		Game         string          `json:"game"`
		ConfigSHA256 string          `json:"config_sha256"`
		Agents       json.RawMessage `json:"agents"`
	}
	if bytes.HasPrefix(text, []byte("{")) && json.Unmarshal(text, &head) == nil {
		if head.Game != "" && head.Game != "glory" {
			return nil, fmt.Errorf("glory: the recording is a save of %s, not of glory", head.Game)
		}
		switch {
		case head.ConfigSHA256 != "":
			return engineSaveSource(given, capped, text)
		case head.Agents != nil:
			return consoleSource(capped, text)
		}
	}
	return nil, fmt.Errorf("glory: the recording is not one glory can replay; expected %s", recordFormats)
}

// engineSaveSource replays the decisions of an engine save from its seed,
// with the config it was saved with (as compiled, or with the
// simulator's round cap).
func engineSaveSource(given, capped *engine.Config, data []byte) (*filmSource, error) {
	e, err := play.Open[*engine.State, engine.Decision, engine.Event](data, "glory", engine.SaveFormat, given)
	cfg := given
	if err != nil && capped != given {
		var err2 error
		if e, err2 = play.Open[*engine.State, engine.Decision, engine.Event](data, "glory", engine.SaveFormat, capped); err2 == nil {
			err, cfg = nil, capped
		}
	}
	if err != nil {
		return nil, err
	}
	rp := engine.NewReplay(e.Decisions)
	return &filmSource{cfg: cfg, seed: e.Seed, deciders: play.Resume(rp, []engine.Decider{ending{}, ending{}})}, nil
}

// consoleSource replays a mapc play save as mapc play does: its decisions,
// then the agents of its agent seats; it stops where a person's
// decisions end.
func consoleSource(cfg *engine.Config, data []byte) (*filmSource, error) {
	var save console.SaveFile
	if err := json.Unmarshal(data, &save); err != nil {
		return nil, fmt.Errorf("glory: the mapc play save cannot be read: %v", err)
	}
	if save.Game != "glory" {
		return nil, fmt.Errorf("glory: the recording is a mapc play save of %q, not of glory", save.Game)
	}
	recorded, err := console.DecodeLog[engine.Decision](save.Decisions)
	if err != nil {
		return nil, fmt.Errorf("glory: the mapc play save cannot be read: %v", err)
	}
	humans := []bool{len(save.Agents) < 1 || save.Agents[0] == "", len(save.Agents) < 2 || save.Agents[1] == ""}
	live, err := console.Seats(2, humans, save.Agents, agentTable, save.Seed, func(int) engine.Decider { return ending{} })
	if err != nil {
		return nil, err
	}
	return &filmSource{cfg: cfg, seed: save.Seed, deciders: play.Resume(engine.NewReplay(recorded), live)}, nil
}

// goldenHead is the header line of a golden playthrough (scentest.Transcript).
var goldenHead = regexp.MustCompile(`^# golden playthrough ".*": seed (\d+), agents ([^;]*);`)

// goldenSource replays a golden playthrough: its agents from its seed,
// its recorded choices scripted (the agents asked too, as mapc test has
// them), every step checked against its decisions, events and result.
func goldenSource(cfg *engine.Config, text []byte) (*filmSource, error) {
	lines := strings.Split(string(text), "\n")
	m := goldenHead.FindStringSubmatch(lines[0])
	if m == nil {
		return nil, errors.New("glory: the golden playthrough cannot be read: its first line is not a golden playthrough's header (# golden playthrough \"NAME\": seed N, agents A,B; …)")
	}
	seed, err := strconv.ParseUint(m[1], 10, 64)
	if err != nil {
		return nil, fmt.Errorf("glory: the golden playthrough cannot be read: its seed %q is not a number", m[1])
	}
	var agents []string
	for _, a := range strings.Split(m[2], ",") {
		if a = strings.TrimSpace(a); a != "" {
			agents = append(agents, a)
		}
	}
	var decisions, events []string
	var result string
	turns := 0
	var prefix []int
	for i, l := range lines[1:] {
		l = strings.TrimRight(l, "\r")
		kind, rest, _ := strings.Cut(l, " ")
		switch kind {
		case "decision":
			decisions = append(decisions, rest)
			c, err := strconv.Atoi(recordField(rest, "choice"))
			if err != nil {
				return nil, fmt.Errorf("glory: the golden playthrough cannot be read: line %d has no choice: %q", i+2, l)
			}
			prefix = append(prefix, c)
		case "event":
			events = append(events, rest)
		case "result":
			result = rest
		case "players", "":
		case "#":
			if n, err := fmt.Sscanf(rest, "the first %d turns", &turns); err != nil || n != 1 {
				turns = 0
			}
		default:
			return nil, fmt.Errorf("glory: the golden playthrough cannot be read: line %d is neither a decision, an event nor the result: %q", i+2, l)
		}
	}
	ds, err := playDeciders(seed, agents, prefix)
	if err != nil {
		return nil, err
	}
	keep := func(turn int) bool { return turns <= 0 || turn <= turns }
	nd, ne := 0, 0
	src := &filmSource{cfg: cfg, seed: seed, deciders: ds}
	src.check = func(g *engine.Game, from, evFrom int) error {
		for _, d := range g.Decisions()[from:] {
			if !keep(d.Round) {
				continue
			}
			rec := scentest.DecisionRecord(d.Round, d.Kind, sideNames[d.Player], d.Choice, d.Option.ID()).String()
			if nd >= len(decisions) || decisions[nd] != rec {
				return goldenDiffers("decision", nd, decisions, rec)
			}
			nd++
		}
		for _, e := range g.Events()[evFrom:] {
			if !keep(e.Round) {
				continue
			}
			rec := scentest.RecordOf(e, "round", eventResolver(g, e), eventNone).String()
			if ne >= len(events) || events[ne] != rec {
				return goldenDiffers("event", ne, events, rec)
			}
			ne++
		}
		return nil
	}
	src.finish = func(g *engine.Game) error {
		st := g.State()
		winner := "none"
		if w := g.Winner(); w >= 0 {
			winner = sideNames[w]
		}
		got := fmt.Sprintf("winner=%s reason=%s turns=%d", winner, st.Reason, st.Round)
		if result != "" && result != got {
			return fmt.Errorf("glory: the golden playthrough's result is %q, the game's %q: the scenario has changed since it was recorded", result, got)
		}
		return nil
	}
	return src, nil
}

func goldenDiffers(what string, i int, want []string, got string) error {
	w := "nothing more"
	if i < len(want) {
		w = strconv.Quote(want[i])
	}
	return fmt.Errorf("glory: the golden playthrough's %s %d is %s, the game's %q: the scenario has changed since it was recorded", what, i+1, w, got)
}

// recordField is the value of key in a record's text.
func recordField(rec, key string) string {
	for _, f := range strings.Fields(rec) {
		if k, v, ok := strings.Cut(f, "="); ok && k == key {
			return v
		}
	}
	return ""
}
