package plugin

import (
	"fmt"
	"time"
)

// Limits bound what a script may consume. Every hook call (and the first run
// of a script's top level on a worker) gets the full budget afresh. A zero
// field takes its default from DefaultLimits.
//
// Every limit a script can break is counted (instructions, bytes, depth),
// never timed: it counts the same on every machine and under any load, so a
// script that fits in one run fits in every replay of the same game, and one
// that breaks a limit breaks it at the same instruction every time.
//
// Timeout is no limit of the script: it is a last-resort backstop for a
// machine so overloaded (or a Go library call so slow) that a call within
// its budgets has not finished after a long time. It is set far above what
// a budgeted call takes, and a call that reaches it fails with an *Error
// wrapping ErrBackstop, which tools report as an internal failure of the
// machine, not as the script's fault.
type Limits struct {
	// Timeout is the wall-clock backstop of one call (see above). The clock
	// is first read after a few hundred instructions, so short calls never
	// touch it.
	Timeout time.Duration
	// MaxInstructions is the number of Lua VM instructions one call may run.
	// Work done in Go on the script's behalf counts too, by its size: the
	// scans of # and next, and the library functions' bytes, slots and
	// pattern-matching steps (cost.go).
	MaxInstructions int64
	// MaxCallDepth bounds the Lua call stack (recursion, nested pcall,
	// metamethods).
	MaxCallDepth int
	// MaxStringLen is the largest string a library function (string.rep,
	// string.format, string.gsub, table.concat, …) or the .. operator may
	// build. It also bounds the one operation left uncharged: a table read
	// with a string key hashes the key and compares it with an equal key
	// whole, so a loop of reads with a 1 MiB key ran for minutes within the
	// instruction budget; at the default 16 KiB such a loop ends on the
	// budget in about half a second.
	MaxStringLen int
	// MaxAllocBytes bounds the memory one call may claim through strings,
	// array growth, new table keys written with computed keys, unpack and
	// print. It is an estimate (a table key is counted at a fixed size) that
	// stops runaway growth early rather than an exact meter.
	MaxAllocBytes int64
	// MaxGameBytes bounds the memory the scripts of one game keep between
	// calls: tables, strings and functions reachable from their globals and
	// upvalues, estimated as MaxAllocBytes is. The per-call budget starts
	// afresh at every call; this one holds for the whole game, so a hook
	// that adds a little to a table on every call fails at its line instead
	// of growing the process until it runs out of memory. It is measured
	// (by walking that state) whenever the memory charged since the last
	// measurement could have taken the state over the limit, so what is
	// counted depends only on the game, never on the garbage collector.
	MaxGameBytes int64
	// MaxArrayLen is the largest integer key a table's array part may grow
	// to; writing t[n] for a larger n fails instead of allocating n slots.
	// It also bounds the work of one # or next (which scan runs of nil slots
	// in the array part) done before it is charged.
	MaxArrayLen int
	// MaxSourceBytes bounds the size of one script's source.
	MaxSourceBytes int
	// MaxNesting bounds how deeply blocks and expressions may nest in a
	// script (the compiler is recursive; so is Lua's own, which stops at 200).
	MaxNesting int
}

// BackstopTimeout is the default wall-clock backstop of one call. A call
// within the default instruction budget takes well under a second on an idle
// machine; a minute is far beyond what load alone explains.
const BackstopTimeout = time.Minute

// DefaultLimits returns the limits used when a Limits field is zero.
func DefaultLimits() Limits {
	return Limits{
		Timeout:         BackstopTimeout,
		MaxInstructions: 1_000_000,
		MaxCallDepth:    200,
		MaxStringLen:    16 << 10,
		MaxAllocBytes:   16 << 20,
		MaxGameBytes:    64 << 20,
		MaxArrayLen:     1 << 18,
		MaxSourceBytes:  1 << 20,
		MaxNesting:      200,
	}
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.Timeout <= 0 {
		l.Timeout = d.Timeout
	}
	if l.MaxInstructions <= 0 {
		l.MaxInstructions = d.MaxInstructions
	}
	if l.MaxCallDepth <= 0 {
		l.MaxCallDepth = d.MaxCallDepth
	}
	if l.MaxStringLen <= 0 {
		l.MaxStringLen = d.MaxStringLen
	}
	if l.MaxAllocBytes <= 0 {
		l.MaxAllocBytes = d.MaxAllocBytes
	}
	if l.MaxGameBytes <= 0 {
		l.MaxGameBytes = d.MaxGameBytes
	}
	if l.MaxArrayLen <= 0 {
		l.MaxArrayLen = d.MaxArrayLen
	}
	if l.MaxSourceBytes <= 0 {
		l.MaxSourceBytes = d.MaxSourceBytes
	}
	if l.MaxNesting <= 0 {
		l.MaxNesting = d.MaxNesting
	}
	return l
}

// Limit names the limit a failed call broke (Error.Limit).
type Limit string

// The limits a call can break. LimitNone is an ordinary script error.
const (
	LimitNone         Limit = ""
	LimitInstructions Limit = "instructions" // Limits.MaxInstructions
	LimitTimeout      Limit = "timeout"      // Limits.Timeout: the backstop, not the script's fault (ErrBackstop)
	LimitMemory       Limit = "memory"       // MaxStringLen, MaxAllocBytes, MaxGameBytes, MaxArrayLen
	LimitStack        Limit = "stack"        // MaxCallDepth, or the value stack
)

// Budgets are the limits a scenario may set for its scripts (the [lua]
// table of a scenario, "lua_limits" in a compiled config): zero keeps the
// default. Each must lie within its bounds (BudgetBounds), so no scenario
// can switch a limit off or make one too small for the shipped scripts.
type Budgets struct {
	Instructions int64 `json:"instructions,omitempty"` // Limits.MaxInstructions
	Memory       int64 `json:"memory,omitempty"`       // Limits.MaxAllocBytes
	GameMemory   int64 `json:"game_memory,omitempty"`  // Limits.MaxGameBytes
}

// Bound is the range a budget may be set to.
type Bound struct {
	Name     string // the key in the [lua] table
	Min, Max int64
}

// BudgetBounds returns the bounds of the budgets, in the order of Budgets'
// fields; the scenario and config schemas state the same numbers (a test
// checks them).
func BudgetBounds() []Bound {
	return []Bound{
		{"instructions", 10_000, 100_000_000},
		{"memory", 64 << 10, 256 << 20},
		{"game_memory", 1 << 20, 1 << 30},
	}
}

// Limits returns the default limits with b's budgets applied, or an error
// naming a budget outside its bounds.
func (b Budgets) Limits() (Limits, error) {
	l := DefaultLimits()
	vals := []*int64{&l.MaxInstructions, &l.MaxAllocBytes, &l.MaxGameBytes}
	for i, v := range []int64{b.Instructions, b.Memory, b.GameMemory} {
		if v == 0 {
			continue
		}
		bd := BudgetBounds()[i]
		if v < bd.Min || v > bd.Max {
			return l, fmt.Errorf("plugin: lua budget %s = %d is outside [%d, %d]", bd.Name, v, bd.Min, bd.Max)
		}
		*vals[i] = v
	}
	return l, nil
}
