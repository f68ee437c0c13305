package plugin

import (
	"fmt"
	"math"

	lua "github.com/yuin/gopher-lua"
)

// gameMeter bounds the memory the scripts of one game keep between calls
// (Limits.MaxGameBytes). Every byte charged to a call (charge) is also
// counted here; once the bytes charged since the last measurement could have
// taken the kept state over the limit, the state is measured by walking what
// the scripts' environments and functions reach. Between measurements the
// state can grow by at most what was charged (plus constant-key fields,
// whose number the script's text bounds), so no overrun goes unseen, and the
// walk runs at most once per MaxGameBytes/16 charged bytes.
type gameMeter struct {
	since int64 // bytes charged since the last measurement
	next  int64 // measure when since exceeds this
	kept  int64 // the state at the last measurement
}

func (g *gameMeter) reset(l Limits) {
	*g = gameMeter{next: l.MaxGameBytes}
}

// checkGame measures the scripts' kept state and fails the call in progress
// when it is over the game's budget.
func (w *Worker) checkGame(L *lua.LState) {
	kept := w.keptBytes()
	g := &w.game
	g.kept, g.since = kept, 0
	if kept > w.limits.MaxGameBytes {
		w.raiseLimit(L, LimitMemory, fmt.Sprintf("memory limit exceeded: the scripts of this game keep about %d bytes in tables "+
			"reachable from their globals and upvalues (the limit is %d bytes per game); keep lasting state through the host API", kept, w.limits.MaxGameBytes))
	}
	g.next = max(w.limits.MaxGameBytes-kept, w.limits.MaxGameBytes/16)
}

// keptBytes estimates, with the sizes charge uses, what the instantiated
// scripts reach from their environments: tables (array slots, hash keys,
// metatables), strings, and Lua functions with their upvalues.
func (w *Worker) keptBytes() int64 {
	seen := map[lua.LValue]struct{}{}
	var stack []lua.LValue
	var total int64
	push := func(v lua.LValue) {
		switch x := v.(type) {
		case lua.LString:
			total += int64(len(x))
		case *lua.LTable, *lua.LFunction:
			if _, ok := seen[x]; !ok {
				seen[x] = struct{}{}
				stack = append(stack, x)
			}
		}
	}
	for _, inst := range w.insts {
		if inst != nil && inst.env != nil {
			push(inst.env)
		}
	}
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch x := v.(type) {
		case *lua.LTable:
			alen := w.arrayLen(x)
			total += int64(alen) * slotBytes
			x.ForEach(func(k, val lua.LValue) {
				if n, ok := k.(lua.LNumber); ok {
					if f := float64(n); f >= 1 && f <= float64(alen) && f == math.Trunc(f) {
						push(val) // an array slot, counted above
						return
					}
				}
				total += keyBytes
				push(k)
				push(val)
			})
			// gopher-lua keeps every key ever deleted from a table in its
			// key list (next skips them, cost.go): they take memory too.
			if keys, live := tableHash.count(x); keys > live {
				total += int64(keys-live) * keyBytes
			}
			if x.Metatable != nil {
				push(x.Metatable)
			}
		case *lua.LFunction:
			if x.IsG {
				continue // the sandbox's own functions keep nothing of the script's
			}
			for _, uv := range x.Upvalues {
				if uv != nil {
					push(uv.Value())
				}
			}
			if x.Env != nil {
				push(x.Env)
			}
		}
	}
	return total
}
