// Package ftbt is the run-time engine of ftbt, the tactical grid battle
// game. It loads a Config (compiled by kit/ftbt, validated against
// schemas/ftbt.config.schema.json), runs the tech classes through an
// EffectRunner (Lua hooks of the plugin registry, or the Go effects of
// package native), asks Deciders for every choice, and never imports kit/.
//
// The rules are those of shared/rules/ftbt.facts.md: the weight map and
// range search with the original's exact priority-queue tie order (§5),
// targeting (§6), per-side timed effects (§7), tech resolution (§8) and the
// round structure (§4). The engine never looks at what a tech class is: it
// knows only a class's Target kind and calls the runner by class index.
//
// A game is made by New (or Load, from a Save) and played by Step or Run
// with one Decider per side. Each Step starts the round and the side's turn
// when they are due and then settles one choice of the acting side: a
// person's whole activation (AskPerson, AskMove, AskTech, AskTarget), the end
// of its turn, or quitting; the game can be saved between steps. Every
// change is an Event; every answer is a Decision, and Replay plays a
// decision log back. Range and Targets expose the movement range and the
// tech targets of any person for tools.
package ftbt
