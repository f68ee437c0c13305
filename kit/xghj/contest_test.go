package xghj

import (
	"bytes"
	"testing"

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
