package glory

import (
	"fmt"
	"strconv"

	"github.com/sandtable/sandtable/engine/play"
)

// RequestKind says what a request asks.
type RequestKind uint8

// Request kinds.
const (
	AskMain   RequestKind = iota // draft step 1: the main hero (OptHero)
	AskBan                       // draft step 2: a hero the opponent may not pick (OptHero)
	AskPick                      // draft step 3: one more hero (OptHero)
	AskWeapon                    // preparation: a weapon for Request.Hero (OptWeapon, OptNone)
	AskPrep                      // preparation: a preparation-phase skill (OptSkill, OptNone)
	AskAction                    // play: one operation of one unacted hero
	AskStart                     // turn start: whether and how Request.Hero uses a turn-start skill with a target (OptSkill, OptNone)
	numRequestKinds
)

var requestKindNames = [...]string{"main", "ban", "pick", "weapon", "prep", "action", "start"}

func (k RequestKind) String() string {
	if k < numRequestKinds {
		return requestKindNames[k]
	}
	return "RequestKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's name.
func (k RequestKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *RequestKind) UnmarshalText(b []byte) error {
	for i, n := range requestKindNames {
		if n == string(b) {
			*k = RequestKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown request kind %q", b)
}

// OptionKind says what an option does.
type OptionKind uint8

// Option kinds. Hero is the game hero acting (-1 in the draft); A, B and C
// are the subjects named beside each kind (-1 when unused).
const (
	OptHero    OptionKind = iota // A = config hero
	OptNone                      // no weapon / no skill (a skill declined: A = skill slot)
	OptWeapon                    // A = weapon
	OptPass                      // the hero passes
	OptMove                      // A = destination point
	OptFire                      // A = weapon, B = target point, C = target hero (single-target weapons; -1 = the tower or the blast)
	OptPrepare                   // A = weapon prepared in game
	OptGive                      // A = the ally receiving the hero's weapon
	OptSwap                      // A = the ally swapping weapons with the hero (both operate)
	OptSkill                     // A = skill slot, B = target hero or point (-1 none), C = aim point (-1 none)
	numOptionKinds
)

var optionKindNames = [...]string{"hero", "none", "weapon", "pass", "move", "fire", "prepare", "give", "swap", "skill"}

func (k OptionKind) String() string {
	if k < numOptionKinds {
		return optionKindNames[k]
	}
	return "OptionKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's name.
func (k OptionKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *OptionKind) UnmarshalText(b []byte) error {
	for i, n := range optionKindNames {
		if n == string(b) {
			*k = OptionKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown option kind %q", b)
}

// Option is one legal answer to a request.
type Option struct {
	Kind OptionKind `json:"kind"`
	Hero int        `json:"hero"`
	A    int        `json:"a"`
	B    int        `json:"b"`
	C    int        `json:"c"`
}

// ID is the option's stable label, e.g. "move/h3/45" or "hero/7".
func (o Option) ID() string {
	s := o.Kind.String()
	if o.Hero >= 0 {
		s += "/h" + strconv.Itoa(o.Hero)
	}
	for _, v := range [3]int{o.A, o.B, o.C} {
		if v >= 0 {
			s += "/" + strconv.Itoa(v)
		}
	}
	return s
}

func opt(kind OptionKind, hero, a, b, c int) Option {
	return Option{Kind: kind, Hero: hero, A: a, B: b, C: c}
}

// Request is one decision the engine needs from a side.
type Request struct {
	play.Ask[RequestKind, Option]
	// Hero is the game hero a preparation or turn-start request is about
	// (-1 otherwise).
	Hero int
	// Left is how many picks the side still makes in this pass (AskPick).
	Left int
}

// Decision is one entry of the decision log.
type Decision = play.Decision[RequestKind, Option]

// Decider makes one side's decisions (an agent, a replay, a test script).
type Decider = play.Decider[*View, *Request]

type seats = play.Seats[*View, *Request, RequestKind, Option]
