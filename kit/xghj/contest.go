package xghj

import (
	"bytes"
	"fmt"
	"strconv"

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
	log := &Log{Start: LogStart{Bids: cl.Bids, Spawns: make([]*[2]int, n), ChooseOrder: chooseOrder}}
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
