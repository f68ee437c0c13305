package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/play"
)

// The typed kinds of events, notes, requests and options. They are small
// integers so the event and decision logs hold no pointers (a game's logs are
// its largest allocations, and pointer-free slices cost the garbage collector
// nothing to scan); each has a stable name for JSON and option IDs.

// EventKind says what an Event reports; the Event fields it uses are listed
// beside each kind. Unused int fields are -1, unused numbers 0.
type EventKind uint8

// The event kinds.
const (
	EvStart         EventKind = iota // the game began (Turn 1)
	EvTurnEnd                        // the end-of-turn settlement of Turn is done
	EvStopped                        // Role's action was skipped: it is stopped (N: turns it stays stopped after this one)
	EvMoved                          // Role threw N (Note: its movement state) and moved from square Index to square Place (nearer when blocked)
	EvBlocked                        // Role's move ended on square Place at a barrier or robber (Note)
	EvRemoved                        // the barrier or robber (Note) on square Place is gone
	EvRobbed                         // Role lost Amount to the robber
	EvAllySpare                      // Role and Other are allied: no battle (Place: the city, or -1 for a meeting)
	EvForced                         // a public enemy is involved: Role must fight Other (Place: the city or -1)
	EvBattle                         // Role fought Other (-1: the robber) at city Place (or -1) at scale N; Index: the summary in Game.Battles
	EvSpoils                         // Role won a meeting battle and took Amount from Other
	EvOwnBonus                       // Role earned Amount on its own city Place
	EvToll                           // Role paid Amount to Other, owner of city Place; Value 1 if the owner was credited
	EvOccupied                       // Role occupied city Place
	EvOccupyFailed                   // Role sent nobody to city Place
	EvGarrisoned                     // Officer of Role moved into city Place
	EvWithdrawn                      // Officer of Role left city Place for the retinue
	EvMayor                          // Officer became mayor of city Place (Role: the owner)
	EvTreasurer                      // Officer became treasurer of city Place (Role: the owner)
	EvCityLost                       // city Place was taken from Role by Other; its garrison joins Role's retinue
	EvCityAbandoned                  // city Place of Role has no garrison left and is unowned
	EvOffered                        // the hall offered Officer to Role for Amount
	EvHired                          // Role hired Officer for Amount
	EvResearchStart                  // Officer of Role researches tech Index at institute Place
	EvTrainStart                     // Officer of Role trains at room Place for N turns
	EvCardGained                     // Role drew card Index on square Place
	EvCardPlayed                     // Role plays card Index on target N (-1: none); its effects follow
	EvCardFailed                     // card Index of Role had no effect on target N; it is kept
	EvMoveState                      // Role moves in state Note for N turns (NoteNormal: a state ended)
	EvExtraAction                    // Role acts once more this turn
	EvStolen                         // Amount moved from Role to Other
	EvHealed                         // Officer of Role healed Amount
	EvRumour                         // Officer (of Role) is under a rumour for N turns (0: it ended)
	EvPoison                         // Officer (of Role) is poisoned for N turns (0: it ended)
	EvDefect                         // Officer (of Role) will leave his role at the end of the turn
	EvPlaced                         // a barrier or robber (Note) was put on square Place
	EvAlliance                       // Role and Other are allied for N turns (0: it ended)
	EvEnemy                          // Role is a public enemy for N turns (0: it ended)
	EvReversed                       // Role now moves in direction N
	EvResearched                     // Officer of Role studied Amount points of tech Index at institute Place and Role paid for them; Value: points left
	EvStalled                        // Officer of Role, under a rumour, did no work as Note (institute, training, mayor, treasurer) at Place
	EvLearned                        // Role learned tech Index at institute Place; Officer returns to the retinue
	EvTrained                        // Officer of Role gained N in property Index at room Place (Value: the new value) and returns
	EvTraining                       // Officer of Role at room Place has N turns left
	EvDefence                        // city Place regained Amount of def (Value: the new def)
	EvCityHeal                       // the mayor Officer of city Place healed each garrison officer by up to Amount
	EvIncome                         // Role earned Amount from its N cities
	EvFengshui                       // city Place has fengshui Value
	EvQuit                           // Officer left Role and is free again
	EvCancelled                      // Role called Officer back from Note (institute or training) Place; progress is lost
	EvBankrupt                       // Role is out of the game
	EvAllocation                     // Role's allocation phase begins; the changes follow as their own events
	EvGameOver                       // the game is over: Note is the reason, Role the winner (-1: draw)
	numEventKinds
)

// Note qualifies some events: a movement state, what is on a square, a
// place of work or a post, or the reason the game ended.
type Note uint8

// The notes.
const (
	NoteNone      Note = iota // no note
	NoteNormal                // movement state
	NoteSlow                  // movement state
	NoteFast                  // movement state
	NoteStop                  // movement state
	NoteBarrier               // what is on a square
	NoteRobber                // what is on a square
	NoteInstitute             // a place of work
	NoteTraining              // a place of work
	NoteMayor                 // a post
	NoteTreasurer             // a post
	NoteMoney                 // a reason the game ended (Result.Reason)
	NoteLastAlive             // a reason the game ended
	NoteDraw                  // a reason the game ended
	NoteTurnLimit             // a reason the game ended
	numNotes
)

// RequestKind says what the engine asks a Decider; the request context and
// options of each kind are listed beside it.
type RequestKind uint8

// The request kinds.
const (
	AskAction     RequestKind = iota // options OptMove, OptCard (A: card)
	AskCardTarget                    // Card: the card; options OptRole, OptSquare or OptOfficer (A: target; B: his role), OptCancel
	AskOccupy                        // Place: city; options OptNo, OptYes
	AskGarrison                      // Place: city; options OptDone, OptOfficer (A) from the retinue; asked until done
	AskMayor                         // Place: city; options OptNone, OptOfficer (A) from the garrison
	AskTreasurer                     // Place: city; like AskMayor
	AskHire                          // options OptNone, OptOfficer (A: officer, Price) for the candidates the role can afford
	AskResearch                      // Place: institute; options OptNone, OptResearch (A: officer, B: tech)
	AskTrain                         // Place: training room; options OptNone, OptOfficer (A)
	AskScale                         // Place: city or -1 (meeting), Other: the defender; options OptNone (no battle), OptScale (A: 0..2)
	AskGeneral                       // Place: city or -1, Other: the opposing role (-1: robber); options OptNone (forfeit), OptOfficer (A)
	AskVice                          // like AskGeneral, Officer: the main general; options OptNone, OptOfficer (A)
	AskAllocate                      // options OptDone and single changes: OptGarrison, OptWithdraw, OptMayor, OptTreasurer (A: officer, B: city), OptRecallResearch (B: institute), OptRecallTraining (B: room)
	numRequestKinds
)

// OptionKind names what an Option does.
type OptionKind uint8

// The option kinds.
const (
	OptMove OptionKind = iota
	OptCard
	OptRole
	OptSquare
	OptOfficer
	OptCancel
	OptYes
	OptNo
	OptDone
	OptNone
	OptResearch
	OptScale
	OptGarrison
	OptWithdraw
	OptMayor
	OptTreasurer
	OptRecallResearch
	OptRecallTraining
	numOptionKinds
)

// String returns the kind's stable name, used in JSON and option IDs.
func (k EventKind) String() string {
	switch k {
	case EvStart:
		return "start"
	case EvTurnEnd:
		return "turn_end"
	case EvStopped:
		return "stopped"
	case EvMoved:
		return "moved"
	case EvBlocked:
		return "blocked"
	case EvRemoved:
		return "removed"
	case EvRobbed:
		return "robbed"
	case EvAllySpare:
		return "ally_spare"
	case EvForced:
		return "forced"
	case EvBattle:
		return "battle"
	case EvSpoils:
		return "spoils"
	case EvOwnBonus:
		return "own_bonus"
	case EvToll:
		return "toll"
	case EvOccupied:
		return "occupied"
	case EvOccupyFailed:
		return "occupy_failed"
	case EvGarrisoned:
		return "garrisoned"
	case EvWithdrawn:
		return "withdrawn"
	case EvMayor:
		return "mayor"
	case EvTreasurer:
		return "treasurer"
	case EvCityLost:
		return "city_lost"
	case EvCityAbandoned:
		return "city_abandoned"
	case EvOffered:
		return "offered"
	case EvHired:
		return "hired"
	case EvResearchStart:
		return "research_start"
	case EvTrainStart:
		return "train_start"
	case EvCardGained:
		return "card_gained"
	case EvCardPlayed:
		return "card_played"
	case EvCardFailed:
		return "card_failed"
	case EvMoveState:
		return "move_state"
	case EvExtraAction:
		return "extra_action"
	case EvStolen:
		return "stolen"
	case EvHealed:
		return "healed"
	case EvRumour:
		return "rumour"
	case EvPoison:
		return "poison"
	case EvDefect:
		return "defect"
	case EvPlaced:
		return "placed"
	case EvAlliance:
		return "alliance"
	case EvEnemy:
		return "public_enemy"
	case EvReversed:
		return "reversed"
	case EvResearched:
		return "researched"
	case EvStalled:
		return "stalled"
	case EvLearned:
		return "learned"
	case EvTrained:
		return "trained"
	case EvTraining:
		return "training"
	case EvDefence:
		return "defence"
	case EvCityHeal:
		return "city_heal"
	case EvIncome:
		return "income"
	case EvFengshui:
		return "fengshui"
	case EvQuit:
		return "quit"
	case EvCancelled:
		return "cancelled"
	case EvBankrupt:
		return "bankrupt"
	case EvAllocation:
		return "allocation"
	case EvGameOver:
		return "game_over"
	}
	return fmt.Sprintf("EventKind(%d)", uint8(k))
}

// MarshalText implements encoding.TextMarshaler: the name.
func (k EventKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *EventKind) UnmarshalText(text []byte) error {
	return play.ParseName(k, numEventKinds, text, "EventKind")
}

// String returns the kind's stable name, used in JSON and option IDs.
func (k Note) String() string {
	switch k {
	case NoteNone:
		return ""
	case NoteNormal:
		return "normal"
	case NoteSlow:
		return "slow"
	case NoteFast:
		return "fast"
	case NoteStop:
		return "stop"
	case NoteBarrier:
		return "barrier"
	case NoteRobber:
		return "robber"
	case NoteInstitute:
		return "institute"
	case NoteTraining:
		return "training"
	case NoteMayor:
		return "mayor"
	case NoteTreasurer:
		return "treasurer"
	case NoteMoney:
		return "money"
	case NoteLastAlive:
		return "last_alive"
	case NoteDraw:
		return "draw"
	case NoteTurnLimit:
		return "turn_limit"
	}
	return fmt.Sprintf("Note(%d)", uint8(k))
}

// MarshalText implements encoding.TextMarshaler: the name.
func (k Note) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *Note) UnmarshalText(text []byte) error {
	return play.ParseName(k, numNotes, text, "Note")
}

// String returns the kind's stable name, used in JSON and option IDs.
func (k RequestKind) String() string {
	switch k {
	case AskAction:
		return "action"
	case AskCardTarget:
		return "card_target"
	case AskOccupy:
		return "occupy"
	case AskGarrison:
		return "garrison"
	case AskMayor:
		return "mayor"
	case AskTreasurer:
		return "treasurer"
	case AskHire:
		return "hire"
	case AskResearch:
		return "research"
	case AskTrain:
		return "train"
	case AskScale:
		return "attack_scale"
	case AskGeneral:
		return "general"
	case AskVice:
		return "vice"
	case AskAllocate:
		return "allocate"
	}
	return fmt.Sprintf("RequestKind(%d)", uint8(k))
}

// MarshalText implements encoding.TextMarshaler: the name.
func (k RequestKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *RequestKind) UnmarshalText(text []byte) error {
	return play.ParseName(k, numRequestKinds, text, "RequestKind")
}

// String returns the kind's stable name, used in JSON and option IDs.
func (k OptionKind) String() string {
	switch k {
	case OptMove:
		return "move"
	case OptCard:
		return "card"
	case OptRole:
		return "role"
	case OptSquare:
		return "square"
	case OptOfficer:
		return "officer"
	case OptCancel:
		return "cancel"
	case OptYes:
		return "yes"
	case OptNo:
		return "no"
	case OptDone:
		return "done"
	case OptNone:
		return "none"
	case OptResearch:
		return "research"
	case OptScale:
		return "scale"
	case OptGarrison:
		return "garrison"
	case OptWithdraw:
		return "withdraw"
	case OptMayor:
		return "mayor"
	case OptTreasurer:
		return "treasurer"
	case OptRecallResearch:
		return "recall_research"
	case OptRecallTraining:
		return "recall_training"
	}
	return fmt.Sprintf("OptionKind(%d)", uint8(k))
}

// MarshalText implements encoding.TextMarshaler: the name.
func (k OptionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *OptionKind) UnmarshalText(text []byte) error {
	return play.ParseName(k, numOptionKinds, text, "OptionKind")
}

// moveNote is the note of a movement state.
func moveNote(state string) Note {
	switch state {
	case MoveSlow:
		return NoteSlow
	case MoveFast:
		return NoteFast
	case MoveStop:
		return NoteStop
	}
	return NoteNormal
}
