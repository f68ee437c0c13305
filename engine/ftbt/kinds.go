package ftbt

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// The typed kinds of events, notes, requests, options and effect slots. They
// are small integers so the event and decision logs hold no pointers; each
// has a stable name for JSON and option IDs.

// EventKind says what an Event reports; the Event fields it uses are listed
// beside each kind. Unused int fields are -1, unused numbers 0.
type EventKind = play.Enum[eventKindNames]

// The event kinds. Most mirror the original's UI notifications (facts §3,
// §4, §8; manual §4): LoadMapDone, PeopleIn, GameStart, TurnStart,
// PeopleStep, PeopleMove, DoTech, HPDown, PeopleOut, LocBuf (which also
// stands for the manual's LocFly and LocDisableLong) and GameOver.
const (
	EvLoadMapDone EventKind = iota // the map is loaded; no one is placed yet
	EvPeopleIn                     // Person (of Side) is placed on Cell
	EvGameStart                    // the game begins
	EvRoundStart                   // Round begins: everyone is unfinished, then the timers tick
	EvEffectEnd                    // the Note effect of Side at Cell ran out (Value: its old value)
	EvTurnStart                    // Side's turn begins (its weight map is current)
	EvPeopleStep                   // Person leaves Cell by one step in direction N (0 +x, 1 −x, 2 +y, 3 −y)
	EvPeopleMove                   // Person moves from Cell to To (after its steps)
	EvDoTech                       // Person uses Tech (slot N) on cell To; Target: the person aimed at (TargetEnemy classes) or -1
	EvHPDown                       // Person (of Side) on Cell had N hp and loses Value
	EvHPUp                         // Person (of Side) on Cell had N hp and regains Value
	EvPeopleOut                    // Person (of Side) leaves the map from Cell (hp 0)
	EvLocBuf                       // the Note effect of Side at Cell is set to Value for N rounds (0: permanent)
	EvDone                         // Person (of Side) has finished acting this round
	EvTurnEnd                      // Side's turn ends
	EvGameOver                     // the game is over: Side wins (-1: nobody), Note is the reason
	numEventKinds
)

// eventKindNames names the EventKind values, in value order.
type eventKindNames struct{}

// Names implements play.Names.
func (eventKindNames) Names() (string, []string) { return "EventKind", eventKindList }

var eventKindList = []string{
	"load_map_done", // EvLoadMapDone
	"people_in",     // EvPeopleIn
	"game_start",    // EvGameStart
	"round_start",   // EvRoundStart
	"effect_end",    // EvEffectEnd
	"turn_start",    // EvTurnStart
	"people_step",   // EvPeopleStep
	"people_move",   // EvPeopleMove
	"do_tech",       // EvDoTech
	"hp_down",       // EvHPDown
	"hp_up",         // EvHPUp
	"people_out",    // EvPeopleOut
	"loc_buf",       // EvLocBuf
	"done",          // EvDone
	"turn_end",      // EvTurnEnd
	"game_over",     // EvGameOver
}

// Note qualifies some events: the effect slot of EvLocBuf and EvEffectEnd,
// or the reason the game ended (EvGameOver, Result.Reason).
type Note = play.Enum[noteNames]

// The notes.
const (
	NoteNone        Note = iota
	NoteAttack           // effect slot SlotAttack
	NoteDefence          // effect slot SlotDefence
	NoteFly              // effect slot SlotFly
	NoteDisableLong      // effect slot SlotDisableLong
	NoteWiped            // a side has no one left on the map
	NoteBothWiped        // one activation removed the last people of both sides
	NoteMaxRounds        // Rules.MaxRounds rounds were played: a draw
	NoteQuit             // a side quit
	numNotes
)

// noteNames names the Note values, in value order.
type noteNames struct{}

// Names implements play.Names.
func (noteNames) Names() (string, []string) { return "Note", noteList }

var noteList = []string{
	"",              // NoteNone
	SlotAttack,      // NoteAttack
	SlotDefence,     // NoteDefence
	SlotFly,         // NoteFly
	SlotDisableLong, // NoteDisableLong
	ReasonWiped,     // NoteWiped
	ReasonBothWiped, // NoteBothWiped
	ReasonMaxRounds, // NoteMaxRounds
	ReasonQuit,      // NoteQuit
}

// EffectSlot is one of the four timed per-cell, per-side effects (facts §7)
// as a small integer; its name is the matching Slot* string of effect.go.
type EffectSlot uint8

// The effect slots, in the order the timers tick them.
const (
	AttackSlot      EffectSlot = iota // SlotAttack
	DefenceSlot                       // SlotDefence
	FlySlot                           // SlotFly
	DisableLongSlot                   // SlotDisableLong
	NumSlots        = 4
)

// String returns the slot's name (SlotAttack …).
func (s EffectSlot) String() string {
	switch s {
	case AttackSlot:
		return SlotAttack
	case DefenceSlot:
		return SlotDefence
	case FlySlot:
		return SlotFly
	case DisableLongSlot:
		return SlotDisableLong
	}
	return fmt.Sprintf("EffectSlot(%d)", uint8(s))
}

// Note returns the event note naming the slot.
func (s EffectSlot) Note() Note { return NoteAttack + Note(s) }

// ParseSlot returns the slot named name (SlotAttack …).
func ParseSlot(name string) (EffectSlot, bool) {
	switch name {
	case SlotAttack:
		return AttackSlot, true
	case SlotDefence:
		return DefenceSlot, true
	case SlotFly:
		return FlySlot, true
	case SlotDisableLong:
		return DisableLongSlot, true
	}
	return 0, false
}

// RequestKind says what the engine asks a Decider; the request context and
// options of each kind are listed beside it.
type RequestKind = play.Enum[requestKindNames]

// The request kinds (the original's SOS_PEOPLE, SOS_MOVE_OBJ, SelTech and
// SOS_TECH_OBJ).
const (
	// AskPerson: Side picks who acts. Options: OptPerson (A: person, B: its
	// cell) for every unfinished person of Side on the map, in person order;
	// then OptEndTurn; then OptQuit. Default: OptEndTurn.
	AskPerson RequestKind = iota
	// AskMove: Person picks its destination. Options: OptCell (A: cell, B:
	// path cost) for every cell of the range list (Game.Range) that is the
	// person's own cell or empty, in pop order, so the own cell comes first;
	// then OptBack (abort the activation; the person stays unfinished).
	// Default: the own cell.
	AskMove
	// AskTech: Person, after its move, picks a tech. Options: OptNone, then
	// OptSlot (A: slot, B: tech) for every slot with at least one valid
	// target. Default: OptNone.
	AskTech
	// AskTarget: Person picks the target of the tech in Slot (Tech).
	// Options: OptCell (A: cell, B: the person on it or -1) for every valid
	// target in offset order, duplicates removed; then OptBack (back to
	// AskTech). Default: OptBack.
	AskTarget
	numRequestKinds
)

// requestKindNames names the RequestKind values, in value order.
type requestKindNames struct{}

// Names implements play.Names.
func (requestKindNames) Names() (string, []string) { return "RequestKind", requestKindList }

var requestKindList = []string{
	"person", // AskPerson
	"move",   // AskMove
	"tech",   // AskTech
	"target", // AskTarget
}

// OptionKind names what an Option does.
type OptionKind = play.Enum[optionKindNames]

// The option kinds.
const (
	OptPerson  OptionKind = iota // act with person A (on cell B)
	OptEndTurn                   // end the side's turn
	OptQuit                      // quit the game (the side gives up; nobody wins)
	OptCell                      // cell A (B: path cost, or the person on it)
	OptBack                      // go back one choice
	OptNone                      // use no tech
	OptSlot                      // use the tech in slot A (B: the tech)
	numOptionKinds
)

// optionKindNames names the OptionKind values, in value order.
type optionKindNames struct{}

// Names implements play.Names.
func (optionKindNames) Names() (string, []string) { return "OptionKind", optionKindList }

var optionKindList = []string{
	"person",   // OptPerson
	"end_turn", // OptEndTurn
	"quit",     // OptQuit
	"cell",     // OptCell
	"back",     // OptBack
	"none",     // OptNone
	"slot",     // OptSlot
}

// Phase says what the next Step of a game does first.
type Phase = play.Enum[phaseNames]

// The phases.
const (
	// PhaseRound: a new round starts (everyone unfinished, timers tick),
	// then side 0's turn.
	PhaseRound Phase = iota
	// PhaseTurn: State.Side's turn starts (weight map, TurnStart).
	PhaseTurn
	// PhaseSelect: State.Side picks the next person to act.
	PhaseSelect
	numPhases
)

// phaseNames names the Phase values, in value order.
type phaseNames struct{}

// Names implements play.Names.
func (phaseNames) Names() (string, []string) { return "Phase", phaseList }

var phaseList = []string{
	"round",  // PhaseRound
	"turn",   // PhaseTurn
	"select", // PhaseSelect
}
