package xghj

import (
	"bytes"
	"slices"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/xghj/legacy"
)

// The hand-worked game of TestReplayHandWorked as the original controller
// logs it (facts §11): the same states come out.
const handContestLog = "-8930218\n2\nalpha\nbeta gamma\n10\t0\n0 0\t8 0\n0 0 0 0 20 -1 0 0\t0 0 -1 8 0\t\n"

func TestContestLogReplay(t *testing.T) {
	if !IsContestLog([]byte(handContestLog)) || IsContestLog([]byte(`{"bids": []}`)) {
		t.Fatal("format detection")
	}
	log, ds := ParseContestLog("log_x.txt", []byte(handContestLog), 2, nil)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var a, b bytes.Buffer
	if _, err := Replay(lineConfig(), log, 1, &a); err != nil {
		t.Fatal(err)
	}
	jl, ds := ParseLog("game.jsonl", []byte(`{"bids": [10, 0], "spawns": [[0, 0], [8, 0]]}
{"round": 1, "players": [{"diplomacy": ["keep_neutral", "keep_neutral"], "bombs": [[0, 0, 20]], "capital": [0, 0]}, {"diplomacy": ["keep_neutral", "keep_neutral"], "capital": [8, 0]}]}
`), 2)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if _, err := Replay(lineConfig(), jl, 1, &b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("the contest log replays differently:\n%s\n%s", a.Bytes(), b.Bytes())
	}
	if !bytes.Contains(a.Bytes(), []byte(`"owner":[[0,0,0,0,233,233,233,233,1]]`)) {
		t.Errorf("unexpected states:\n%s", a.Bytes())
	}
}

func TestContestLogErrors(t *testing.T) {
	cases := []struct {
		name, log string
		code      string
		line, col int
	}{
		{"magic", "12\n2\n", legacy.CodeLog, 1, 1},
		{"count", "-8930218\n0\n", legacy.CodeLog, 2, 1},
		{"names", "-8930218\n2\nonly one", legacy.CodeEOF, 3, 9},
		{"bid", "-8930218\n2\na\nb\n10 x\n", legacy.CodeToken, 5, 4},
		{"spawn line", "-8930218\n2\na\nb\n1 2\n0 0 5 5 9\n", legacy.CodeLog, 6, 9},
		{"short record", "-8930218\n2\na\nb\n1 2\n0 0 5 5\n0 0 3 3 -1 0\n", legacy.CodeLog, 7, 13},
		{"command", "-8930218\n2\na\nb\n1 2\n0 0 5 5\n0 7 -1 0 0 0 0 -1 5 5\n", legacy.CodeRange, 7, 3},
		{"players", "-8930218\n3\na\nb\nc\n1 2 3\n0 0 5 5 9 9\n", CodeReplayLog, 2, 1},
	}
	for _, c := range cases {
		_, ds := ParseContestLog("log.txt", []byte(c.log), 2, nil)
		if len(ds) != 1 {
			t.Errorf("%s: %v", c.name, ds)
			continue
		}
		d := ds[0]
		if d.Code != c.code || d.Subject.Start.Line != c.line || d.Subject.Start.Column != c.col {
			t.Errorf("%s: %s at %d:%d (%s), want %s at %d:%d", c.name, d.Code, d.Subject.Start.Line, d.Subject.Start.Column, d.Detail, c.code, c.line, c.col)
		}
	}
}

// The worked example of TestReplayHandWorkedState written as the original
// controller's log (facts §11), by hand: the header, then per round each
// player's record — the orders it gave with the Info defaults filling what
// it left out (its own entry: allied, so 1; an undiscovered or neutral
// player: 0), a silent player's defaults, and the capital it keeps.
func TestReplayContestHandWorked(t *testing.T) {
	log := `{"bids": [10, 0], "spawns": [[0, 0], [8, 0]]}
{"round": 1, "players": [{"bombs": [[0, 0, 20]]}, null]}
{"round": 2, "players": [{"bombs": [[3, 0, 20], [-1, 0, 5]]}, null]}
{"round": 3, "players": [null, {"diplomacy": ["justify_war", "keep_neutral"]}]}
{"round": 4, "players": [{"diplomacy": ["keep_neutral", "backstab"], "bombs": [[6, 0, 12]]}, {"diplomacy": ["justify_war", "keep_neutral"]}]}
`
	want := "-8930218\n2\na\nb\n10 0\n0 0 8 0\n" +
		"1 0 0 0 20 -1 0 0\t0 1 -1 8 0\t\n" +
		"1 0 3 0 20 -1 0 0\t0 1 -1 8 0\t\n" + // the bomb at x = -1 is left out
		"1 0 -1 0 0\t2 0 -1 8 0\t\n" +
		"0 3 6 0 12 -1 0 0\t2 0 -1 8 0\t\n"
	l, ds := ParseLog("game.jsonl", []byte(log), 2)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	cfg := lineConfig()
	cfg.Players[0].Name, cfg.Players[1].Name = "a", "b"
	var out bytes.Buffer
	if ws, err := ReplayContest(cfg, l, 1, &out); err != nil || len(ws) > 0 {
		t.Fatal(err, ws)
	}
	if out.String() != want {
		t.Errorf("contest log\n%q\nwant\n%q", out.String(), want)
	}
}

// The recorded game of TestReplayWholeState written as a contest log and
// read back replays to the same states, line for line: the records of
// the dead (spawn-killed and eliminated players) and of silent players
// carry their defaults.
func TestReplayContestRoundTrip(t *testing.T) {
	cfg := bitExactTsinghua(t)
	log, ds := ParseLog(stateFixture, readFile(t, stateFixture), len(cfg.Players))
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var contest, a, b bytes.Buffer
	if _, err := ReplayContest(cfg, log, 1, &contest); err != nil {
		t.Fatal(err)
	}
	back, ds := ParseContestLog("log.txt", contest.Bytes(), len(cfg.Players), log.Start.ChooseOrder)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	if len(back.Rounds) != len(log.Rounds) || !slices.Equal(back.Start.Bids, log.Start.Bids) {
		t.Fatalf("%d rounds and bids %v back, want %d and %v", len(back.Rounds), back.Start.Bids, len(log.Rounds), log.Start.Bids)
	}
	if _, err := Replay(cfg, log, 1, &a); err != nil {
		t.Fatal(err)
	}
	if _, err := Replay(cfg, back, 1, &b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the contest log replays to other states")
	}
	// Player 7 was killed at the spawn: its records are its defaults
	// (every other player undiscovered, itself allied; no capital).
	for r, round := range back.Rounds {
		KN, FA := engine.KeepNeutral, engine.FormAlliance
		if rec := round.Players[7]; !slices.Equal(rec.Diplomacy, []engine.Dip{KN, KN, KN, KN, KN, KN, KN, FA}) || *rec.Capital != [2]int{255, 255} || len(rec.Bombs) > 0 {
			t.Fatalf("round %d: the spawn-killed player's record %+v", r+1, rec)
		}
	}
}
