package xghj

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/diag"
)

func tsinghuaConfig(t *testing.T) *engine.Config {
	t.Helper()
	var cfg engine.Config
	if err := json.Unmarshal(readFile(t, "../../engine/xghj/agent/testdata/tsinghua.config.json"), &cfg); err != nil {
		t.Fatal(err)
	}
	return &cfg
}

func lineConfig() *engine.Config {
	cfg := &engine.Config{Game: engine.GameName, Name: "line", Cols: 9, Rows: 1, Constants: engine.DefaultConstants(),
		Rules: engine.Rules{Set: engine.RuleSetFC14}, Players: []engine.Player{{Name: "a"}, {Name: "b"}}}
	for range 9 {
		cfg.Cells = append(cfg.Cells, engine.Cell{Res: 2, Atk: 30, Def: 10})
	}
	m := &Model{}
	cfg.Kernel = kernelOf(m)
	return cfg
}

func decodeLines(t *testing.T, out []byte) []StateLine {
	t.Helper()
	var lines []StateLine
	for _, l := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var s StateLine
		if err := json.Unmarshal(l, &s); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, s)
	}
	return lines
}

// A hand-worked log on a 9×1 road map (facts §4, §5, §7): player 0 bids 10
// and bombs 20 on its spawn (0,0); influence 18, 16, 14 at distance 1, 2,
// 3 (kernel 0.9, 0.8, 0.7), each ≥ 14 = ⌈400/30⌉, takes (1..3,0); at
// distance 4, ⌊0.4·20⌋ = 8 does not. Production: income 1 + 4·2 = 9,
// saving ⌊(1 − 0.0027)·20⌋ = 19, + welfare 2 + 9 = 30. Player 1: income 3,
// ⌊(1 − 0.0009)·50⌋ = 49, + 2 + 3 = 54.
func TestReplayHandWorked(t *testing.T) {
	log := `{"bids": [10, 0], "spawns": [[0, 0], [8, 0]]}
{"round": 1, "players": [{"bombs": [[0, 0, 20]]}, null]}
`
	l, ds := ParseLog("game.jsonl", []byte(log), 2)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var out bytes.Buffer
	if ds, err := Replay(lineConfig(), l, 1, &out); err != nil || len(ds) > 0 {
		t.Fatal(err, ds)
	}
	lines := decodeLines(t, out.Bytes())
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	s0, s1 := lines[0], lines[1]
	if s0.Round != 1 || s0.Players[0].Saving != 40 || s0.Players[1].Saving != 50 || s0.Owner[0][0] != 0 || s0.Owner[0][8] != 1 {
		t.Errorf("start line %+v", s0)
	}
	wantOwner := []int{0, 0, 0, 0, 233, 233, 233, 233, 1}
	for x, w := range wantOwner {
		if s1.Owner[0][x] != w {
			t.Errorf("owner of (%d,0) = %d, want %d", x, s1.Owner[0][x], w)
		}
	}
	p0, p1 := s1.Players[0], s1.Players[1]
	if p0.Income != 9 || p0.Saving != 30 || p0.Military != 20 || !p0.Alive || p0.Capital != [2]int{0, 0} {
		t.Errorf("player 0 %+v", p0)
	}
	if p1.Income != 3 || p1.Saving != 54 || p1.Military != 0 {
		t.Errorf("player 1 %+v", p1)
	}
	if s1.Round != 2 || s1.Diplomacy[0][1] != engine.Undiscovered || s1.Ranking[0] != 0 {
		t.Errorf("round %d diplomacy %v ranking %v", s1.Round, s1.Diplomacy, s1.Ranking)
	}
}

// A bot game recorded as a log replays to the same states.
func TestReplayRecordedGame(t *testing.T) {
	cfg := tsinghuaConfig(t)
	g, err := PlayGame(cfg, 5, []string{"heuristic", "random", "heuristic", "random", "heuristic", "random", "heuristic", "random"})
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	if err := RecordLog(g, &log); err != nil {
		t.Fatal(err)
	}
	l, ds := ParseLog("rec.jsonl", log.Bytes(), 8)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	var out bytes.Buffer
	if _, err := Replay(cfg, l, 999, &out); err != nil { // the choose order is in the log: the seed does not matter
		t.Fatal(err)
	}
	lines := decodeLines(t, out.Bytes())
	last := lines[len(lines)-1]
	want := stateLine(g)
	a, _ := json.Marshal(last)
	b, _ := json.Marshal(want)
	if !bytes.Equal(a, b) || len(lines) != g.State().Round {
		t.Errorf("replayed final state differs (%d lines, %d rounds)", len(lines), g.State().Round)
	}
	// Extra rounds after the end give a warning.
	extra := append(bytes.Clone(log.Bytes()), []byte(`{"round": `+itoa(g.State().Round)+`, "players": [null, null, null, null, null, null, null, null]}`+"\n")...)
	if g.State().Round < cfg.Constants.MaxRound {
		l, ds = ParseLog("rec.jsonl", extra, 8)
		if len(ds) > 0 {
			t.Fatal(ds)
		}
		ws, err := Replay(cfg, l, 1, &bytes.Buffer{})
		if err != nil || len(ws) != 1 || ws[0].Severity != diag.Warning {
			t.Errorf("warnings %v, %v", ws, err)
		}
	}
}

func itoa(i int) string { b, _ := json.Marshal(i); return string(b) }

// Malformed logs: a diagnostic at the line (and the JSON error's column).
func TestParseLogErrors(t *testing.T) {
	cases := []struct {
		name, log string
		line, col int
		want      string
	}{
		{"empty", "", 1, 1, "log is empty"},
		{"syntax", `{"bids": [1, 2], "spawns": [null, null]}` + "\n" + `{"round": 1, "players": [nul]}`, 2, 29, "invalid character"},
		{"type", `{"bids": ["x", 2], "spawns": [null, null]}`, 1, 13, `"bids" cannot hold a JSON string`},
		{"unknown field", `{"bids": [1, 2], "spawns": [null, null], "seed": 3}`, 1, 1, `unknown field "seed"`},
		{"counts", `{"bids": [1], "spawns": [null, null]}`, 1, 1, "1 bids and 2 spawns"},
		{"order", `{"bids": [1, 2], "spawns": [null, null], "choose_order": [1, 1]}`, 1, 1, "not an order"},
		{"gap", `{"bids": [1, 2], "spawns": [null, null]}` + "\n\n" + `{"round": 2, "players": [null, null]}`, 3, 1, "Round 2 follows round 0"},
		{"players", `{"bids": [1, 2], "spawns": [null, null]}` + "\n" + `{"round": 1, "players": [null]}`, 2, 1, "orders for 1 players"},
		{"diplomacy", `{"bids": [1, 2], "spawns": [null, null]}` + "\n" + `{"round": 1, "players": [{"diplomacy": ["keep_neutral"]}, null]}`, 2, 1, "1 diplomacy commands"},
		{"command", `{"bids": [1, 2], "spawns": [null, null]}` + "\n" + `{"round": 1, "players": [{"diplomacy": ["surrender", "keep_neutral"]}, null]}`, 2, 1, "surrender"},
	}
	for _, c := range cases {
		_, ds := ParseLog("log.jsonl", []byte(c.log), 2)
		if len(ds) != 1 {
			t.Errorf("%s: %d diagnostics %v", c.name, len(ds), ds)
			continue
		}
		d := ds[0]
		if d.Code != CodeReplayLog || d.Subject.Start.Line != c.line || (c.col != 1 && d.Subject.Start.Column != c.col) || !strings.Contains(d.Detail, c.want) {
			t.Errorf("%s: %v at %d:%d, want %q at %d:%d", c.name, d.Detail, d.Subject.Start.Line, d.Subject.Start.Column, c.want, c.line, c.col)
		}
	}
}
