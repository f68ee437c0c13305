// Package agent holds glory's players: Random (a uniformly drawn legal
// option) and Heuristic (drafts by a value table, buys weapons, weighs
// shots and skills by previewing them, moves toward targets and economy
// zones, defends its towers). Both read only the View.
package agent
