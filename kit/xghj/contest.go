package xghj

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/xghj/legacy"
)

// IsContestLog reports whether data is a log of the original controller
// (it starts with the magic number of facts §11) rather than a JSON Lines
// replay log.
func IsContestLog(data []byte) bool {
	f := bytes.Fields(data)
	return len(f) > 0 && string(f[0]) == strconv.Itoa(legacy.ContestMagic)
}

// ParseContestLog reads an original contest log as a replay log for a
// game of n players. Diplomatic command numbers are taken in the order of
// facts §6: 0 KeepNeutral, 1 FormAlliance, 2 JustifyWar, 3 Backstab. The
// log has no choose order (the original broke equal bids with the clock):
// give one with chooseOrder, or the game's seed breaks ties.
func ParseContestLog(file string, data []byte, n int, chooseOrder []int) (*Log, diag.Diagnostics) {
	cl, ds := legacy.ParseContestLog(file, data)
	if ds.HasErrors() {
		return nil, ds
	}
	at := func(line int) *diag.Range {
		p := diag.Pos{Line: line, Column: 1}
		return &diag.Range{File: file, Start: p, End: p}
	}
	if cl.Players != n {
		return nil, append(ds, diag.Diagnostic{Severity: diag.Error, Code: CodeReplayLog, Summary: "Contest log for another player count",
			Detail: fmt.Sprintf("The log is of a %d-player game; the scenario has %d players.", cl.Players, n), Subject: at(2)})
	}
	log := &Log{Start: LogStart{Bids: cl.Bids, Spawns: make([]*[2]int, n), ChooseOrder: chooseOrder}, Names: cl.Names}
	if chooseOrder != nil && !permutation(chooseOrder, n) {
		return nil, append(ds, diag.Diagnostic{Severity: diag.Error, Code: CodeReplayLog, Summary: "Bad choose order",
			Detail: fmt.Sprintf("The choose order %v is not an order of the players 0 to %d.", chooseOrder, n-1), Subject: at(1)})
	}
	for p, s := range cl.Spawns {
		if s != [2]int{engine.Invalid.X, engine.Invalid.Y} {
			log.Start.Spawns[p] = &[2]int{s[0], s[1]}
		}
	}
	for r, round := range cl.Rounds {
		lr := LogRound{Round: r + 1}
		for _, rec := range round {
			o := &LogOrders{Capital: &[2]int{rec.Capital[0], rec.Capital[1]}, Bombs: rec.Bombs}
			for q, d := range rec.Diplomacy {
				if d < 0 || d > int(engine.Backstab) {
					ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: legacy.CodeRange, Summary: "Unknown diplomatic command",
						Detail: fmt.Sprintf("The command %d toward player %d is not 0 (keep neutral), 1 (form alliance), 2 (justify war) or 3 (backstab).", d, q), Subject: rec.DipRanges[q].Ptr()})
					continue
				}
				o.Diplomacy = append(o.Diplomacy, engine.Dip(d))
			}
			lr.Players = append(lr.Players, o)
		}
		log.Rounds = append(log.Rounds, lr)
	}
	if ds.HasErrors() {
		return nil, ds
	}
	return log, ds
}

// ReplayContest plays a parsed log like Replay and writes the game as the
// original controller's log (facts §11), the format ParseContestLog reads:
// the magic number, the player count, the names (the contest log's, else
// the config's), the bids and the spawn pairs (255 255 for none), then
// one line per round with one tab-terminated record per player: a
// diplomatic command number per player (0 keep neutral, 1 form alliance,
// 2 justify war, 3 backstab), the "x y size" triples and "-1 capX capY".
// Each record holds the orders the engine used; those of a dead or silent
// player are its Info defaults, which follow its diplomatic statuses and
// its capital, as the original logged them. A bomb at x = -1 cannot be
// written (it would read as the record's end) and is left out: it is off
// the map, so it never counted.
func ReplayContest(cfg *engine.Config, log *Log, seed uint64, w io.Writer) (diag.Diagnostics, error) {
	bw := bufio.NewWriter(w)
	seen := 0 // order log entries written so far
	ws, err := replay(cfg, log, seed, func(g *engine.Game, before []engine.Commands) error {
		recs := g.Orders.Log[seen:]
		seen = len(g.Orders.Log)
		if g.State().Round == 1 {
			return contestHeader(bw, cfg, log, recs)
		}
		orders := before
		for _, r := range recs {
			orders[r.Player] = r.Orders
		}
		for _, o := range orders {
			for _, d := range o.Diplomacy {
				fmt.Fprintf(bw, "%d ", d)
			}
			for _, b := range o.Bombs {
				if b.X != -1 {
					fmt.Fprintf(bw, "%d %d %d ", b.X, b.Y, b.Size)
				}
			}
			capital := engine.Invalid
			if o.Capital != nil {
				capital = *o.Capital
			}
			fmt.Fprintf(bw, "-1 %d %d\t", capital.X, capital.Y)
		}
		return bw.WriteByte('\n')
	})
	if err != nil {
		return nil, err
	}
	return ws, bw.Flush()
}

// contestHeader writes the log's header from the spawn step's orders.
func contestHeader(w *bufio.Writer, cfg *engine.Config, log *Log, recs []engine.OrderRecord) error {
	n := len(cfg.Players)
	fmt.Fprintf(w, "%d\n%d\n", legacy.ContestMagic, n)
	for p := range n {
		name := cfg.Players[p].Name
		if p < len(log.Names) {
			name = log.Names[p]
		}
		fmt.Fprintln(w, strings.NewReplacer("\n", " ", "\r", " ").Replace(name))
	}
	bids := make([]string, n)
	spawns := make([]string, n)
	for p := range n {
		spawns[p] = fmt.Sprintf("%d %d", engine.Invalid.X, engine.Invalid.Y)
	}
	// The bids come first (one per player), then the spawns in choose order.
	for i, r := range recs {
		if i < n {
			bids[r.Player] = strconv.Itoa(r.Orders.Bid)
		} else if s := r.Orders.Spawn; s != nil {
			spawns[r.Player] = fmt.Sprintf("%d %d", s.X, s.Y)
		}
	}
	fmt.Fprintln(w, strings.Join(bids, " "))
	_, err := fmt.Fprintln(w, strings.Join(spawns, " "))
	return err
}
