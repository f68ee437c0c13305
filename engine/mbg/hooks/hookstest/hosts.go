// Package hookstest holds the recording hosts the tests of mbg's hook kinds
// and of the compiled route share: a tech's battle and a tiny card table.
package hookstest

import (
	"errors"
	"fmt"
)

// TechHost records what a tech's effect asks of the battle.
type TechHost struct{ Calls []string }

func (h *TechHost) Burn(n int) { h.Calls = append(h.Calls, fmt.Sprintf("burn %d", n)) }
func (h *TechHost) Confuse(s string, n int) {
	h.Calls = append(h.Calls, fmt.Sprintf("confuse %s %d", s, n))
}
func (h *TechHost) Exile() { h.Calls = append(h.Calls, "exile") }

// ErrBadRole is what CardHost records for a role it does not know.
var ErrBadRole = errors.New("no such role")

// CardHost is a tiny card table: two roles with money. Like the engine's
// host it records the first bad call and ignores later ones (HostErr).
type CardHost struct {
	Cash    [2]float64
	Calls   []string
	Failure error // the first bad call's error (HostErr)
}

func (h *CardHost) Err() error { return h.Failure }

func (h *CardHost) ok(fn string, roles ...int) bool {
	for _, r := range roles {
		if h.Failure == nil && (r < 0 || r >= len(h.Cash)) {
			h.Failure = fmt.Errorf("%s: role %d: %w", fn, r, ErrBadRole)
		}
	}
	return h.Failure == nil
}

func (h *CardHost) log(format string, args ...any) {
	h.Calls = append(h.Calls, fmt.Sprintf(format, args...))
}

func (h *CardHost) SetMove(role int, state string, turns int) {
	if h.ok("set_move", role) {
		h.log("set_move %d %s %d", role, state, turns)
	}
}
func (h *CardHost) ExtraAction(role int) {
	if h.ok("extra_action", role) {
		h.log("extra_action %d", role)
	}
}
func (h *CardHost) Steal(from, to int, amount float64) float64 {
	if !h.ok("steal", from, to) {
		return 0
	}
	moved := min(amount, h.Cash[from])
	h.Cash[from] -= moved
	h.Cash[to] += moved
	h.log("steal %d %d %g", from, to, moved)
	return moved
}
func (h *CardHost) Heal(role int, f float64, whole bool) {
	if h.ok("heal", role) {
		h.log("heal %d %g %v", role, f, whole)
	}
}
func (h *CardHost) Rumour(o, turns int)       { h.log("rumour %d %d", o, turns) }
func (h *CardHost) Poison(o, turns int)       { h.log("poison %d %d", o, turns) }
func (h *CardHost) Defect(o int)              { h.log("defect %d", o) }
func (h *CardHost) Place(sq int, what string) { h.log("place %d %s", sq, what) }
func (h *CardHost) Alliance(a, b, turns int) bool {
	if !h.ok("alliance", a, b) {
		return false
	}
	h.log("alliance %d %d %d", a, b, turns)
	return a != b
}
func (h *CardHost) PublicEnemy(role, turns int) bool {
	if !h.ok("public_enemy", role) {
		return false
	}
	h.log("public_enemy %d %d", role, turns)
	return true
}
func (h *CardHost) Reverse(role int) {
	if h.ok("reverse", role) {
		h.log("reverse %d", role)
	}
}
func (h *CardHost) Money(role int) float64 {
	if !h.ok("money", role) {
		return 0
	}
	return h.Cash[role]
}
