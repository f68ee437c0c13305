package play_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/rng"
)

type kind uint8

func (k kind) String() string { return [...]string{"pick", "move"}[k] }

type option struct{ N int }

type request struct {
	play.Ask[kind, option]
	Where int // game-specific context
}

type view struct{ round int }

type seats = play.Seats[*view, *request, kind, option]

// script answers from a list, recording what it saw.
type script struct {
	answers  []int
	seen     []string
	failWith error
}

func (s *script) Decide(v *view, r *request) (int, error) {
	if s.failWith != nil {
		return 0, s.failWith
	}
	s.seen = append(s.seen, fmt.Sprintf("%s@%d attempt %d %q", r.Kind, r.Where, r.Attempt, r.Rejected))
	a := s.answers[0]
	s.answers = s.answers[1:]
	return a, nil
}

func ask(k kind, player, n, def int) *request {
	r := &request{Where: 7}
	r.Reset(k, player)
	for i := range n {
		r.Options = append(r.Options, option{i * 10})
	}
	r.Default = def
	return r
}

func TestSeatsDecide(t *testing.T) {
	a := &script{answers: []int{5, -1, 2}}
	s := &seats{Deciders: []play.Decider[*view, *request]{nil, a}}
	v := &view{}

	// Re-asked with the reason until in range; rejections counted.
	c, err := s.Decide(v, 3, ask(1, 1, 3, 0))
	if err != nil || c != 2 {
		t.Fatalf("Decide = %d, %v; want 2", c, err)
	}
	want := []string{`move@7 attempt 0 ""`, `move@7 attempt 1 "choice 5 is not an option (0..2)"`, `move@7 attempt 2 "choice -1 is not an option (0..2)"`}
	if d := cmp.Diff(want, a.seen); d != "" {
		t.Errorf("asks (-want +got):\n%s", d)
	}
	// No decider: the default, logged.
	if c, _ := s.Decide(v, 4, ask(0, 0, 3, 1)); c != 1 {
		t.Errorf("no decider chose %d, want the default 1", c)
	}
	// One option: answered without asking, not logged.
	if c, _ := s.Decide(v, 4, ask(0, 1, 1, 0)); c != 0 {
		t.Errorf("single option chose %d", c)
	}
	// A default out of range becomes 0.
	if c, _ := s.Decide(v, 5, ask(0, 0, 2, 9)); c != 0 {
		t.Errorf("bad default chose %d", c)
	}
	wantLog := []play.Decision[kind, option]{
		{Round: 3, Player: 1, Kind: 1, Choice: 2, Option: option{20}, Rejected: 2},
		{Round: 4, Player: 0, Kind: 0, Choice: 1, Option: option{10}},
		{Round: 5, Player: 0, Kind: 0, Choice: 0, Option: option{0}},
	}
	if d := cmp.Diff(wantLog, s.Log); d != "" {
		t.Errorf("log (-want +got):\n%s", d)
	}
}

func TestSeatsMaxAttemptsTakesDefault(t *testing.T) {
	bad := make([]int, play.MaxAttempts)
	for i := range bad {
		bad[i] = 99
	}
	a := &script{answers: bad}
	s := &seats{Deciders: []play.Decider[*view, *request]{a}}
	c, err := s.Decide(&view{}, 1, ask(0, 0, 4, 3))
	if err != nil || c != 3 {
		t.Fatalf("Decide = %d, %v; want the default 3", c, err)
	}
	if len(a.seen) != play.MaxAttempts || s.Log[0].Rejected != play.MaxAttempts {
		t.Errorf("asked %d times, %d rejected; want %d", len(a.seen), s.Log[0].Rejected, play.MaxAttempts)
	}
}

func TestSeatsErrors(t *testing.T) {
	s := &seats{Deciders: []play.Decider[*view, *request]{&script{failWith: errors.New("boom")}}}
	if _, err := s.Decide(&view{}, 2, ask(0, 0, 0, 0)); err == nil || !strings.Contains(err.Error(), "no options") {
		t.Errorf("empty request: %v", err)
	}
	if _, err := s.Decide(&view{}, 2, ask(1, 0, 2, 0)); err == nil || err.Error() != "round 2: player 0 deciding move: boom" {
		t.Errorf("decider error: %v", err)
	}
}

func TestReplay(t *testing.T) {
	a := &script{answers: []int{1, 2}}
	s := &seats{Deciders: []play.Decider[*view, *request]{a, a}}
	s.Decide(&view{}, 1, ask(0, 0, 3, 0))
	s.Decide(&view{}, 1, ask(1, 1, 3, 0))

	label := func(o option) string { return fmt.Sprint("opt/", o.N) }
	rp := play.NewReplay[*view, *request](s.Log, label)
	r := &seats{Deciders: rp.Deciders(2)}
	if c, err := r.Decide(&view{}, 1, ask(0, 0, 3, 0)); err != nil || c != 1 {
		t.Fatalf("replay 0 = %d, %v", c, err)
	}
	if rp.Remaining() != 1 {
		t.Errorf("remaining %d", rp.Remaining())
	}
	// The game asks another player: divergence named.
	_, err := r.Decide(&view{}, 1, ask(1, 0, 3, 0))
	if err == nil || !strings.Contains(err.Error(), "decision 1 was player 1's move, the game asks player 0 for move") {
		t.Errorf("divergence: %v", err)
	}
	// The recorded option is no longer offered.
	rp2 := play.NewReplay[*view, *request](s.Log[1:], label)
	req := ask(1, 1, 3, 0)
	req.Options[2] = option{77}
	_, err = rp2.Decide(&view{}, req)
	if err == nil || !strings.Contains(err.Error(), "decision 0 chose opt/20, which the game does not offer there") {
		t.Errorf("changed option: %v", err)
	}
	// The log runs out.
	if c, err := rp.Decide(&view{}, ask(1, 1, 3, 0)); err != nil || c != 2 {
		t.Fatalf("replay 1 = %d, %v", c, err)
	}
	_, err = rp.Decide(&view{}, ask(1, 1, 3, 0))
	if err == nil || !strings.Contains(err.Error(), "the log ended after 2 decisions") {
		t.Errorf("end of log: %v", err)
	}
}

// bidder answers with the amount it sees as the others' total (it must see
// the round's starting state only) plus its own number.
type bidder struct {
	bids  []int
	calls int
}

func (b *bidder) Orders(v *view, req *play.OrderRequest) (int, error) {
	bid := b.bids[b.calls]
	b.calls++
	return bid + 100*v.round, nil
}

func TestOrdersGatherSimultaneous(t *testing.T) {
	p0 := &bidder{bids: []int{-5, 3}} // first answer refused
	p2 := &bidder{bids: []int{4}}
	o := &play.Orders[*view, int]{Deciders: []play.OrderDecider[*view, int]{p0, nil, p2}}
	state := &view{round: 0} // nothing changes the state while orders are gathered
	viewed := []int{}
	check := func(p int, a *int) error {
		if *a < 0 {
			return fmt.Errorf("bid %d is negative", *a)
		}
		return nil
	}
	got, err := o.Gather(1, []int{0, 1, 2}, func(p int) *view { viewed = append(viewed, p); return state }, check, func(p int) int { return -p })
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff([]int{3, -1, 4}, got); d != "" {
		t.Errorf("orders (-want +got):\n%s", d)
	}
	wantLog := []play.OrderRecord[int]{
		{Round: 1, Player: 0, Orders: 3, Rejected: 1},
		{Round: 1, Player: 1, Orders: -1, Defaulted: true},
		{Round: 1, Player: 2, Orders: 4},
	}
	if d := cmp.Diff(wantLog, o.Log); d != "" {
		t.Errorf("log (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]int{0, 0, 2}, viewed); d != "" {
		t.Errorf("views asked (-want +got):\n%s", d)
	}

	// Replay gives the same orders back and fails at the first mismatch.
	rp := play.NewOrderReplay[*view, int](o.Log)
	r := &play.Orders[*view, int]{Deciders: rp.Deciders(3)}
	got2, err := r.Gather(1, []int{0, 1, 2}, func(int) *view { return state }, check, func(p int) int { return -p })
	if err != nil || !cmp.Equal(got, got2) {
		t.Fatalf("replayed %v, %v; want %v", got2, err, got)
	}
	rp = play.NewOrderReplay[*view, int](o.Log)
	r = &play.Orders[*view, int]{Deciders: rp.Deciders(3)}
	_, err = r.Gather(2, []int{0}, func(int) *view { return state }, check, func(p int) int { return 0 })
	if err == nil || !strings.Contains(err.Error(), "entry 0 was player 0's orders of round 1, the game asks player 0 for round 2") {
		t.Errorf("divergence: %v", err)
	}
}

type cfg struct {
	Name string `json:"name"`
	N    int    `json:"n"`
}

type state struct {
	Score []int `json:"score"`
}

func TestEnvelope(t *testing.T) {
	c := &cfg{Name: "x", N: 1}
	g := rng.New(9)
	g.Float()
	e := &play.Envelope[*state, play.Decision[kind, option], string]{
		Format: 3, Game: "toy", Config: c.Name, Seed: 9, RNG: g,
		State: &state{Score: []int{1, 2}}, Decisions: []play.Decision[kind, option]{{Round: 1, Choice: 1}}, Events: []string{"a"},
	}
	data, err := play.Seal(e, c)
	if err != nil {
		t.Fatal(err)
	}
	got, err := play.Open[*state, play.Decision[kind, option], string](data, "toy", 3, c)
	if err != nil {
		t.Fatal(err)
	}
	if got.RNG.Float() != g.Float() || !cmp.Equal(got.State, e.State) || got.Events[0] != "a" || got.Decisions[0].Choice != 1 {
		t.Errorf("round trip lost data: %+v", got)
	}
	for _, tc := range []struct {
		name, game string
		format     int
		cfg        any
		want       string
	}{
		{"game", "other", 3, c, `load other save: it is a save of "toy"`},
		{"format", "toy", 4, c, "load toy save: format 3, this engine reads 4"},
		{"config", "toy", 3, &cfg{Name: "x", N: 2}, `load toy save: it was made with another config ("x", sha256 `},
	} {
		_, err := play.Open[*state, play.Decision[kind, option], string](data, tc.game, tc.format, tc.cfg)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	if _, err := play.Open[*state, play.Decision[kind, option], string]([]byte(`{"game":"toy","format":3`), "toy", 3, c); err == nil {
		t.Error("truncated save loaded")
	}
}

func TestEvents(t *testing.T) {
	var l play.Events[int]
	l.Reserve(4)
	for i := range 5 {
		l.Emit(i)
	}
	if l.Len() != 5 || !cmp.Equal(l.Since(3), []int{3, 4}) || l.Since(6) != nil || !cmp.Equal(l.All(), []int{0, 1, 2, 3, 4}) {
		t.Errorf("log %v", l.All())
	}
}

func TestLabel(t *testing.T) {
	for _, c := range []struct {
		subjects []int
		want     string
	}{
		{nil, "move"}, {[]int{-1, 4}, "move"}, {[]int{3}, "move/3"}, {[]int{12, 4}, "move/12/4"}, {[]int{12, -1}, "move/12"},
	} {
		if got := play.Label(kind(1), c.subjects...); got != c.want {
			t.Errorf("Label(%v) = %q, want %q", c.subjects, got, c.want)
		}
	}
}

func TestParseName(t *testing.T) {
	var k kind
	if err := play.ParseName(&k, 2, []byte("move"), "kind"); err != nil || k != 1 {
		t.Errorf("move: %v %v", k, err)
	}
	if err := play.ParseName(&k, 2, []byte("jump"), "kind"); err == nil || err.Error() != `unknown kind "jump"` {
		t.Errorf("jump: %v", err)
	}
}

func TestLoop(t *testing.T) {
	var l play.Loop
	steps, over := 0, false
	step := func() error {
		steps++
		if steps == 3 {
			over = true
		}
		return nil
	}
	isOver := func() bool { return over }
	if _, err := l.Step("toy", 2, 3, isOver, step); err == nil || err.Error() != "toy: 3 deciders for 2 players" {
		t.Errorf("decider count: %v", err)
	}
	res, err := play.Run(func() (bool, error) { return l.Step("toy", 2, 2, isOver, step) }, func() int { return steps * 10 })
	if err != nil || res != 30 {
		t.Errorf("Run = %d, %v", res, err)
	}
	if o, err := l.Step("toy", 2, 2, isOver, step); !o || err != nil || steps != 3 {
		t.Errorf("a finished game stepped again: %v %v %d", o, err, steps)
	}
	var l2 play.Loop
	boom := errors.New("boom")
	if _, err := l2.Step("toy", 1, 1, func() bool { return false }, func() error { return boom }); err != boom {
		t.Errorf("step error: %v", err)
	}
	ran := false
	if _, err := l2.Step("toy", 1, 1, func() bool { return false }, func() error { ran = true; return nil }); err != boom || ran || l2.Err() != boom {
		t.Errorf("the error is not sticky: %v, ran %v", err, ran)
	}
}

type colourNames struct{}

func (colourNames) Names() (string, []string) { return "Colour", []string{"red", "green"} }

type colour = play.Enum[colourNames]

func TestEnum(t *testing.T) {
	type rec struct {
		C colour `json:"c"`
	}
	data, err := json.Marshal(rec{C: 1})
	if err != nil || string(data) != `{"c":"green"}` {
		t.Fatalf("marshal: %s %v", data, err)
	}
	var r rec
	if err := json.Unmarshal([]byte(`{"c":"red"}`), &r); err != nil || r.C != 0 {
		t.Errorf("unmarshal red: %v %v", r.C, err)
	}
	if err := json.Unmarshal([]byte(`{"c":"blue"}`), &r); err == nil || !strings.Contains(err.Error(), `unknown Colour "blue"`) {
		t.Errorf("unmarshal blue: %v", err)
	}
	if s := colour(7).String(); s != "Colour(7)" {
		t.Errorf("out of range: %s", s)
	}
}

func TestResume(t *testing.T) {
	a := &script{answers: []int{1, 2}}
	s := &seats{Deciders: []play.Decider[*view, *request]{a, a}}
	s.Decide(&view{}, 1, ask(0, 0, 3, 0))
	s.Decide(&view{}, 1, ask(1, 1, 3, 0))
	label := func(o option) string { return fmt.Sprint(o.N) }
	live := &script{answers: []int{0}}
	ds := play.Resume(play.NewReplay[*view, *request](s.Log, label), []play.Decider[*view, *request]{live, nil})
	r := &seats{Deciders: ds}
	// The log's two decisions, then the live decider of player 0, then
	// player 1's default (no live decider).
	for i, c := range []struct{ player, want int }{{0, 1}, {1, 2}, {0, 0}, {1, 2}} {
		got, err := r.Decide(&view{}, 2, ask(kind(c.player), c.player, 3, 2))
		if err != nil || got != c.want {
			t.Errorf("decision %d: %d, %v; want %d", i, got, err, c.want)
		}
	}
	if len(live.seen) != 1 {
		t.Errorf("live decider asked %d times, want 1", len(live.seen))
	}
}
