package mbg

import (
	"github.com/sandtable/sandtable/engine/play"
)

// The typed kinds of events, notes, requests and options. They are small
// integers so the event and decision logs hold no pointers (a game's logs are
// its largest allocations, and pointer-free slices cost the garbage collector
// nothing to scan); each has a stable name for JSON and option IDs.

// EventKind says what an Event reports; the Event fields it uses are listed
// beside each kind. Unused int fields are -1, unused numbers 0.
type EventKind = play.Enum[eventKindNames]

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
type Note = play.Enum[noteNames]

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
type RequestKind = play.Enum[requestKindNames]

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
type OptionKind = play.Enum[optionKindNames]

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

// eventKindNames names the EventKind values, in value order.
type eventKindNames struct{}

// Names implements play.Names.
func (eventKindNames) Names() (string, []string) { return "EventKind", eventKindList }

var eventKindList = []string{
	"start",          // EvStart
	"turn_end",       // EvTurnEnd
	"stopped",        // EvStopped
	"moved",          // EvMoved
	"blocked",        // EvBlocked
	"removed",        // EvRemoved
	"robbed",         // EvRobbed
	"ally_spare",     // EvAllySpare
	"forced",         // EvForced
	"battle",         // EvBattle
	"spoils",         // EvSpoils
	"own_bonus",      // EvOwnBonus
	"toll",           // EvToll
	"occupied",       // EvOccupied
	"occupy_failed",  // EvOccupyFailed
	"garrisoned",     // EvGarrisoned
	"withdrawn",      // EvWithdrawn
	"mayor",          // EvMayor
	"treasurer",      // EvTreasurer
	"city_lost",      // EvCityLost
	"city_abandoned", // EvCityAbandoned
	"offered",        // EvOffered
	"hired",          // EvHired
	"research_start", // EvResearchStart
	"train_start",    // EvTrainStart
	"card_gained",    // EvCardGained
	"card_played",    // EvCardPlayed
	"card_failed",    // EvCardFailed
	"move_state",     // EvMoveState
	"extra_action",   // EvExtraAction
	"stolen",         // EvStolen
	"healed",         // EvHealed
	"rumour",         // EvRumour
	"poison",         // EvPoison
	"defect",         // EvDefect
	"placed",         // EvPlaced
	"alliance",       // EvAlliance
	"public_enemy",   // EvEnemy
	"reversed",       // EvReversed
	"researched",     // EvResearched
	"stalled",        // EvStalled
	"learned",        // EvLearned
	"trained",        // EvTrained
	"training",       // EvTraining
	"defence",        // EvDefence
	"city_heal",      // EvCityHeal
	"income",         // EvIncome
	"fengshui",       // EvFengshui
	"quit",           // EvQuit
	"cancelled",      // EvCancelled
	"bankrupt",       // EvBankrupt
	"allocation",     // EvAllocation
	"game_over",      // EvGameOver
}

// noteNames names the Note values, in value order.
type noteNames struct{}

// Names implements play.Names.
func (noteNames) Names() (string, []string) { return "Note", noteList }

var noteList = []string{
	"",           // NoteNone
	"normal",     // NoteNormal
	"slow",       // NoteSlow
	"fast",       // NoteFast
	"stop",       // NoteStop
	"barrier",    // NoteBarrier
	"robber",     // NoteRobber
	"institute",  // NoteInstitute
	"training",   // NoteTraining
	"mayor",      // NoteMayor
	"treasurer",  // NoteTreasurer
	"money",      // NoteMoney
	"last_alive", // NoteLastAlive
	"draw",       // NoteDraw
	"turn_limit", // NoteTurnLimit
}

// requestKindNames names the RequestKind values, in value order.
type requestKindNames struct{}

// Names implements play.Names.
func (requestKindNames) Names() (string, []string) { return "RequestKind", requestKindList }

var requestKindList = []string{
	"action",       // AskAction
	"card_target",  // AskCardTarget
	"occupy",       // AskOccupy
	"garrison",     // AskGarrison
	"mayor",        // AskMayor
	"treasurer",    // AskTreasurer
	"hire",         // AskHire
	"research",     // AskResearch
	"train",        // AskTrain
	"attack_scale", // AskScale
	"general",      // AskGeneral
	"vice",         // AskVice
	"allocate",     // AskAllocate
}

// optionKindNames names the OptionKind values, in value order.
type optionKindNames struct{}

// Names implements play.Names.
func (optionKindNames) Names() (string, []string) { return "OptionKind", optionKindList }

var optionKindList = []string{
	"move",            // OptMove
	"card",            // OptCard
	"role",            // OptRole
	"square",          // OptSquare
	"officer",         // OptOfficer
	"cancel",          // OptCancel
	"yes",             // OptYes
	"no",              // OptNo
	"done",            // OptDone
	"none",            // OptNone
	"research",        // OptResearch
	"scale",           // OptScale
	"garrison",        // OptGarrison
	"withdraw",        // OptWithdraw
	"mayor",           // OptMayor
	"treasurer",       // OptTreasurer
	"recall_research", // OptRecallResearch
	"recall_training", // OptRecallTraining
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
