package film

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
)

// Sniff tells the common recordings apart by their first bytes and JSON
// keys, and refuses another game's save.
func TestSniff(t *testing.T) {
	for _, c := range []struct {
		data string
		want Kind
	}{
		{"\n# golden playthrough \"x\": seed 1, agents a; …\n", GoldenText},
		{`{"format":1,"game":"mbg","config_sha256":"ab","seed":1}`, EngineJSON},
		{`{"format":1,"game":"mbg","rng":{},"seed":1}`, EngineJSON},
		{`{"format":1,"game":"mbg","scenario":"s","seed":1,"agents":[],"decisions":[]}`, PlayJSON},
		{`{"format":1,"game":"mbg","seed":1,"agents":["a"]}`, PlayJSON},
		{`{"format":1,"game":"mbg"}`, Unknown},
		{`{"hello":1}`, Unknown},
		{`{"game":"mbg",`, Unknown},
		{"\x00\x01", Unknown},
		{"[]", Unknown},
	} {
		if got, err := Sniff("mbg", []byte(c.data)); got != c.want || err != nil {
			t.Errorf("%.30q: %v, %v; want %v", c.data, got, err, c.want)
		}
	}
	if _, err := Sniff("mbg", []byte(`{"game":"ftbt","scenario":"s"}`)); err == nil || err.Error() != `mbg film: the recording is a save of game "ftbt", not of mbg` {
		t.Errorf("another game's save: %v", err)
	}
}

func TestUnreadableListsFormats(t *testing.T) {
	if got, want := Unreadable("xghj", "a", "b", "c").Error(), "xghj film: cannot read the recording; want a, b or c"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	if got, want := Unreadable("xghj", "a").Error(), "xghj film: cannot read the recording; want a"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestLimit(t *testing.T) {
	if Limit(Input{}) != DefaultLimit || Limit(Input{Limit: 7}) != 7 {
		t.Errorf("limits %d, %d; want %d, 7", Limit(Input{}), Limit(Input{Limit: 7}), DefaultLimit)
	}
}

// A recording answers the requests it recorded, refuses one of another
// player, kind or option naming where the decision is recorded, and ends
// the game where it ends.
func TestRecordingAnswer(t *testing.T) {
	ids := []string{"pass", "move/1"}
	option := func(i int) string { return ids[i] }
	rec := &Recording{What: "engine save", Seat: "side", Log: []Recorded{
		{Player: 0, Kind: "action", Choice: 1, Option: "move/1", Where: "decision 1"},
		{Player: 1, Kind: "action", Choice: 0, Option: "pass", Where: "decision 2"},
	}}
	if k, err := rec.Answer(0, "action", 2, option); k != 1 || err != nil {
		t.Fatalf("decision 1: %d, %v", k, err)
	}
	if _, err := rec.Answer(0, "action", 2, option); err == nil || !strings.Contains(err.Error(), "decision 2 is side 1's action, but the game asks side 0 for action") {
		t.Errorf("another player: %v", err)
	}
	if _, err := rec.Answer(1, "action", 1, func(int) string { return "wait" }); err == nil || !strings.Contains(err.Error(), "decision 2 chose pass (option 0), which the game does not offer there") {
		t.Errorf("another option: %v", err)
	}
	if k, err := rec.Answer(1, "action", 2, option); k != 0 || err != nil {
		t.Fatalf("decision 2: %d, %v", k, err)
	}
	if _, err := rec.Answer(0, "action", 2, option); !errors.Is(err, ErrRecordEnd) {
		t.Errorf("after the log: %v", err)
	}
	if got := rec.Ended(); got != "The recording ends after 2 decisions, before the game's end." {
		t.Errorf("ended: %q", got)
	}
}

// A golden playthrough's decisions become a recording with its players'
// indices; one of other players or without an option is refused.
func TestGoldenRecording(t *testing.T) {
	text := "# golden playthrough \"p\": seed 9, agents a; …\nplayers 魏 蜀\ndecision 1 action player=蜀 choice=2 option=move/3\n"
	rec, err := GoldenRecording("mbg", []byte(text), []string{"魏", "蜀"}, "role")
	if err != nil {
		t.Fatal(err)
	}
	want := Recorded{Player: 1, Kind: "action", Choice: 2, Option: "move/3", Where: "golden playthrough line 3"}
	if rec.Seed != 9 || len(rec.Log) != 1 || rec.Log[0] != want {
		t.Errorf("seed %d, log %+v; want 9, [%+v]", rec.Seed, rec.Log, want)
	}
	if _, err := GoldenRecording("mbg", []byte(text), []string{"魏", "吴"}, "role"); err == nil || !strings.Contains(err.Error(), "a game of the roles 魏 蜀, this scenario has 魏 吴") {
		t.Errorf("other roles: %v", err)
	}
	noPlayers := strings.Replace(text, "players 魏 蜀\n", "", 1)
	if _, err := GoldenRecording("mbg", []byte("# golden playthrough \"p\": agents a; …\n"), nil, "role"); err == nil || err.Error() != "mbg film: golden playthrough without its seed in the header (# golden playthrough \"NAME\": seed N, agents A,B; …)" {
		t.Errorf("no seed: %v", err)
	}
	if _, err := GoldenRecording("mbg", []byte(noPlayers), []string{"魏", "吴"}, "role"); err == nil || !strings.Contains(err.Error(), "line 2: want a decision as player=ROLE") {
		t.Errorf("a player not in the game: %v", err)
	}
}

type askKind int

func (askKind) String() string { return "action" }

type opt struct{ a, b int }

// An engine's decision log becomes a recording of its players, kinds,
// choices and options' IDs, each decision found by its number.
func TestLogRecording(t *testing.T) {
	log := []play.Decision[askKind, opt]{{Round: 1, Player: 1, Choice: 2, Option: opt{3, 4}}, {Round: 1, Player: 0, Choice: 0, Option: opt{5, 6}}}
	rec := LogRecording("engine save", "side", 11, log, func(o opt) string { return fmt.Sprintf("move/%d/%d", o.a, o.b) })
	want := []Recorded{
		{Player: 1, Kind: "action", Choice: 2, Option: "move/3/4", Where: "decision 1"},
		{Player: 0, Kind: "action", Choice: 0, Option: "move/5/6", Where: "decision 2"},
	}
	if rec.What != "engine save" || rec.Seat != "side" || rec.Seed != 11 || !reflect.DeepEqual(rec.Log, want) {
		t.Errorf("%+v, want the log %+v of seed 11", rec, want)
	}
}

// req is a game's request type: it embeds play.Ask.
type req struct {
	play.Ask[askKind, opt]
}

// A recording's Decider answers a game's requests by their player, kind
// and options' IDs.
func TestRecordingDecider(t *testing.T) {
	rec := &Recording{What: "engine save", Seat: "side", Log: []Recorded{{Player: 1, Kind: "action", Choice: 1, Option: "move/5/6"}}}
	d := Decider[int, *req, askKind](rec, func(o opt) string { return fmt.Sprintf("move/%d/%d", o.a, o.b) })
	r := &req{play.Ask[askKind, opt]{Player: 1, Options: []opt{{3, 4}, {5, 6}}}}
	if k, err := d.Decide(0, r); k != 1 || err != nil {
		t.Errorf("%d, %v; want option 1", k, err)
	}
	if _, err := d.Decide(0, r); !errors.Is(err, ErrRecordEnd) {
		t.Errorf("after the log: %v", err)
	}
}
