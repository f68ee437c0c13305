package xghj

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/sandtable/sandtable/engine/play"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/diag"
)

// CodeReplayLog is the code of problems in a replay log.
const CodeReplayLog = "xghj-replay-log"

// replayLogCode documents CodeReplayLog; ownCodes lists it.
var replayLogCode = diag.CodeInfo{Code: CodeReplayLog, Category: "replay", Severity: diag.Error,
	Title: "malformed xghj replay log",
	Doc: "A line of the JSON Lines command log given to mapc replay is not what docs/xghj.md describes: not JSON, an unknown field, a " +
		"list of the wrong length, a choose order that is not a permutation, or rounds out of order. The detail names the line's problem.",
	Example: "{\"bids\": [10, 20]}\n{\"round\": 2, \"players\": []}\n", ExampleLang: "text"}

// LogStart is the first line of a replay log: the bids, the spawn choices
// (null for a failed choice) and optionally the choose order.
type LogStart struct {
	Bids        []int     `json:"bids"`
	Spawns      []*[2]int `json:"spawns"`
	ChooseOrder []int     `json:"choose_order,omitempty"`
}

// LogRound is one round's line: the round the players saw (1, 2 …) and
// each player's orders (null: the player's defaults, as for a dead or
// disabled AI).
type LogRound struct {
	Round   int          `json:"round"`
	Players []*LogOrders `json:"players"`
}

// LogOrders are one player's orders of a round.
type LogOrders struct {
	Diplomacy []engine.Dip `json:"diplomacy,omitempty"`
	Bombs     [][3]int     `json:"bombs,omitempty"`
	Capital   *[2]int      `json:"capital,omitempty"`
}

// StateLine is one line of mapc replay's output: the whole engine state
// after the spawn (round 1) and after every round. docs/xghj.md names
// each field's counterpart in the original engine.
type StateLine struct {
	Round    int   `json:"round"`
	Over     bool  `json:"over"`
	Checksum int32 `json:"checksum"`
	// Exciting is the game's exciting score so far; AliveCount the
	// players alive.
	Exciting   int `json:"exciting"`
	AliveCount int `json:"alive_count"`
	// Owner[y][x] is the owner of cell (x, y): a player id or 233;
	// Sieged[y][x] its siege flag.
	Owner   [][]int      `json:"owner"`
	Sieged  [][]bool     `json:"sieged"`
	Players []PlayerLine `json:"players"`
	// Diplomacy[a][b] is the status between a and b; JustifyWar[a][b]
	// counts a's consecutive JustifyWar commands toward b.
	Diplomacy   [][]engine.Status `json:"diplomacy"`
	JustifyWar  [][]int           `json:"justify_war"`
	Ranking     []int             `json:"ranking"`
	ChooseOrder []int             `json:"choose_order"`
}

// PlayerLine is one player in a StateLine.
type PlayerLine struct {
	Saving   int    `json:"saving"`
	Income   int    `json:"income"`
	Area     int    `json:"area"`
	Military int    `json:"military"`
	Alive    bool   `json:"alive"`
	Capital  [2]int `json:"capital"`
	Bid      int    `json:"bid"`
	// BackstabUsed: the one backstab is spent; BackstabBuff: it was spent
	// this round, and the player's influence was raised by half.
	BackstabUsed  bool `json:"backstab_used"`
	BackstabBuff  bool `json:"backstab_buff"`
	KilledAtSpawn bool `json:"killed_at_spawn"`
}

// Log is a parsed replay log.
type Log struct {
	Start  LogStart
	Rounds []LogRound
	// Names are the players' names of an original contest log (nil for
	// a JSON Lines log).
	Names []string
}

// ParseLog reads a replay log for a game of n players. Every problem is a
// diagnostic at its line (and column, for JSON errors).
func ParseLog(file string, data []byte, n int) (*Log, diag.Diagnostics) {
	var ds diag.Diagnostics
	at := func(line, col int, format string, args ...any) {
		p := diag.Pos{Line: line, Column: col}
		ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: CodeReplayLog, Summary: "Malformed replay log",
			Detail: fmt.Sprintf(format, args...), Subject: &diag.Range{File: file, Start: p, End: p}})
	}
	log := &Log{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	line, started, last := 0, false, 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if !started {
			started = true
			if err := dec.Decode(&log.Start); err != nil {
				at(line, errColumn(text, err), "The first line must be the start: %s.", jsonErr(err))
				return log, ds
			}
			s := log.Start
			if len(s.Bids) != n || len(s.Spawns) != n {
				at(line, 1, "The start has %d bids and %d spawns; the game has %d players.", len(s.Bids), len(s.Spawns), n)
			}
			if s.ChooseOrder != nil && !permutation(s.ChooseOrder, n) {
				at(line, 1, "choose_order %v is not an order of the players 0 to %d.", s.ChooseOrder, n-1)
			}
			continue
		}
		var r LogRound
		if err := dec.Decode(&r); err != nil {
			at(line, errColumn(text, err), "%s.", jsonErr(err))
			continue
		}
		if r.Round != last+1 {
			at(line, 1, "Round %d follows round %d; rounds go 1, 2, 3 … without gaps.", r.Round, last)
		}
		last = r.Round
		if len(r.Players) != n {
			at(line, 1, "Round %d has orders for %d players; the game has %d (null for a player without orders).", r.Round, len(r.Players), n)
		}
		for p, o := range r.Players {
			if o != nil && len(o.Diplomacy) != 0 && len(o.Diplomacy) != n {
				at(line, 1, "Player %d of round %d has %d diplomacy commands; it needs one per player (%d) or none.", p, r.Round, len(o.Diplomacy), n)
			}
		}
		log.Rounds = append(log.Rounds, r)
	}
	if err := sc.Err(); err != nil {
		at(line+1, 1, "The log cannot be read: %v.", err)
	}
	if !started {
		at(1, 1, "The log is empty; its first line must be the start (bids and spawns).")
	}
	return log, ds
}

func permutation(order []int, n int) bool {
	if len(order) != n {
		return false
	}
	seen := make([]bool, n)
	for _, p := range order {
		if p < 0 || p >= n || seen[p] {
			return false
		}
		seen[p] = true
	}
	return true
}

func jsonErr(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Sprintf("the field %q cannot hold a JSON %s", te.Field, te.Value)
	}
	return err.Error()
}

// errColumn is the column (in runes) of a JSON error in the line.
func errColumn(text []byte, err error) int {
	off := -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = int(se.Offset) - 1
	case errors.As(err, &te):
		off = int(te.Offset) - 1
	}
	if off < 0 || off > len(text) {
		return 1
	}
	return utf8.RuneCount(text[:off]) + 1
}

// logDecider answers from a parsed log.
type logDecider struct{ log *Log }

func (d logDecider) Orders(v *engine.View, _ *play.OrderRequest) (engine.Commands, error) {
	s := d.log.Start
	switch v.Phase {
	case engine.PhaseBid:
		return engine.Commands{Bid: s.Bids[v.Me]}, nil
	case engine.PhaseSpawn:
		if at := s.Spawns[v.Me]; at != nil {
			return engine.Commands{Spawn: &engine.Pos{X: at[0], Y: at[1]}}, nil
		}
		invalid := engine.Invalid
		return engine.Commands{Spawn: &invalid}, nil
	}
	if v.Round-1 >= len(d.log.Rounds) {
		return engine.Commands{}, fmt.Errorf("the log has no round %d", v.Round)
	}
	o := d.log.Rounds[v.Round-1].Players[v.Me]
	if o == nil {
		return engine.Commands{}, play.ErrDefault
	}
	c := engine.Commands{Diplomacy: o.Diplomacy}
	for _, b := range o.Bombs {
		c.Bombs = append(c.Bombs, engine.Bomb{X: b[0], Y: b[1], Size: b[2]})
	}
	if o.Capital != nil {
		c.Capital = &engine.Pos{X: o.Capital[0], Y: o.Capital[1]}
	}
	return c, nil
}

// Replay plays a parsed log on cfg and writes the state after the spawn
// and after every logged round as JSON Lines. The game's own randomness
// (only the bid tie-break, unless the log fixes the choose order) comes
// from seed. It returns a warning when the game ends before the log does.
func Replay(cfg *engine.Config, log *Log, seed uint64, w io.Writer) (diag.Diagnostics, error) {
	enc := json.NewEncoder(w)
	return replay(cfg, log, seed, func(g *engine.Game, _ []engine.Commands) error {
		return enc.Encode(stateLine(g))
	})
}

// replay plays log on cfg and calls each after the spawn and after every
// round, with the Info defaults every player had before that step (what a
// dead or silent player's orders were).
func replay(cfg *engine.Config, log *Log, seed uint64, each func(g *engine.Game, before []engine.Commands) error) (diag.Diagnostics, error) {
	g, done, err := newGame(cfg, seed)
	if err != nil {
		return nil, err
	}
	defer done()
	g.ChooseOrder = log.Start.ChooseOrder
	d := logDecider{log}
	for range cfg.Players {
		g.Orders.Deciders = append(g.Orders.Deciders, d)
	}
	for step := 0; step <= len(log.Rounds); step++ {
		if g.Over() {
			return diag.Diagnostics{{Severity: diag.Warning, Code: CodeReplayLog, Summary: "Log continues after the game's end",
				Detail: fmt.Sprintf("The game ended after round %d; the log's %d further rounds were not played.", g.State().Round, len(log.Rounds)-step+1)}}, nil
		}
		before := infoDefaults(g.State())
		if _, err := g.Step(); err != nil {
			return nil, err
		}
		if err := each(g, before); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

// infoDefaults are the orders every player's Info is prefilled with
// (facts §6, §10): keep each relation (allied: FormAlliance, at war:
// JustifyWar, else KeepNeutral; oneself counts as allied), no bombs, the
// current capital.
func infoDefaults(st *engine.State) []engine.Commands {
	out := make([]engine.Commands, len(st.Players))
	for p := range out {
		c := engine.Commands{Diplomacy: make([]engine.Dip, len(st.Players))}
		for q, s := range st.Dip[p] {
			switch s {
			case engine.Allied:
				c.Diplomacy[q] = engine.FormAlliance
			case engine.AtWar:
				c.Diplomacy[q] = engine.JustifyWar
			}
		}
		capital := st.Players[p].Capital
		c.Capital = &capital
		out[p] = c
	}
	return out
}

func stateLine(g *engine.Game) StateLine {
	st := g.State()
	cfg := g.Config()
	l := StateLine{Round: st.Round, Over: st.Over, Checksum: st.Checksum, Exciting: st.Exciting, AliveCount: st.AliveCount,
		Diplomacy: st.Dip, JustifyWar: st.JW, Ranking: st.Ranking, ChooseOrder: st.ChooseOrder}
	for y := range cfg.Rows {
		l.Owner = append(l.Owner, st.Owner[y*cfg.Cols:(y+1)*cfg.Cols])
		l.Sieged = append(l.Sieged, st.Sieged[y*cfg.Cols:(y+1)*cfg.Cols])
	}
	for i, p := range st.Players {
		l.Players = append(l.Players, PlayerLine{Saving: p.Saving, Income: p.Income, Area: p.Area, Military: p.Military, Alive: p.Alive,
			Capital: [2]int{p.Capital.X, p.Capital.Y}, Bid: p.Bid, BackstabUsed: p.BackstabUsed, BackstabBuff: g.BackstabBuff(i),
			KilledAtSpawn: p.KilledAtSpawn})
	}
	return l
}

// RecordLog writes a finished game's orders as a replay log (the format
// ParseLog reads), so any game, a bot game included, can be replayed.
func RecordLog(g *engine.Game, w io.Writer) error {
	st := g.State()
	n := len(st.Players)
	start := LogStart{Bids: make([]int, n), Spawns: make([]*[2]int, n), ChooseOrder: st.ChooseOrder}
	rounds := map[int]*LogRound{}
	var order []int
	for i, r := range g.Orders.Log {
		if r.Round == 0 {
			// The first n entries are the bids, the next n the spawns.
			if i < n {
				start.Bids[r.Player] = r.Orders.Bid
				continue
			}
			if s := r.Orders.Spawn; s != nil && *s != engine.Invalid {
				start.Spawns[r.Player] = &[2]int{s.X, s.Y}
			}
			continue
		}
		lr, ok := rounds[r.Round]
		if !ok {
			lr = &LogRound{Round: r.Round, Players: make([]*LogOrders, n)}
			rounds[r.Round] = lr
			order = append(order, r.Round)
		}
		if r.Defaulted {
			continue
		}
		o := &LogOrders{Diplomacy: r.Orders.Diplomacy}
		for _, b := range r.Orders.Bombs {
			o.Bombs = append(o.Bombs, [3]int{b.X, b.Y, b.Size})
		}
		if c := r.Orders.Capital; c != nil {
			o.Capital = &[2]int{c.X, c.Y}
		}
		lr.Players[r.Player] = o
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(start); err != nil {
		return err
	}
	for _, r := range order {
		if err := enc.Encode(rounds[r]); err != nil {
			return err
		}
	}
	return nil
}
