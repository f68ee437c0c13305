package play

import (
	"fmt"
	"strconv"
)

// ParseName sets *k to the kind among the first n whose String is text:
// the UnmarshalText of a game's small named enums (request, option and
// event kinds), whose MarshalText writes the name.
func ParseName[K interface {
	~uint8
	String() string
}](k *K, n K, text []byte, what string) error {
	for i := range n {
		if i.String() == string(text) {
			*k = i
			return nil
		}
	}
	return fmt.Errorf("unknown %s %q", what, text)
}

// Label is an option's stable ID: the kind's name followed by its subjects,
// each as "/N", up to the first unused (negative) one, e.g. "move",
// "card/3", "garrison/12/4". It depends only on what the option does, so
// replays and agents can match options across games.
func Label(kind fmt.Stringer, subjects ...int) string {
	s := kind.String()
	for _, n := range subjects {
		if n < 0 {
			break
		}
		s += "/" + strconv.Itoa(n)
	}
	return s
}

// Names is implemented by the (empty) type that names an Enum: the enum's
// type name for messages and its names in value order.
type Names interface {
	Names() (kind string, names []string)
}

// Enum is a small named enumeration of a game (event, request, option
// kinds …): a game declares `type EventKind = play.Enum[eventKindNames]`
// with its constants, and the names give it String, MarshalText and
// UnmarshalText, so logs and saves hold the stable names.
type Enum[N Names] uint8

// String returns the value's stable name.
func (e Enum[N]) String() string {
	var n N
	kind, names := n.Names()
	if int(e) < len(names) {
		return names[e]
	}
	return fmt.Sprintf("%s(%d)", kind, uint8(e))
}

// MarshalText implements encoding.TextMarshaler: the name.
func (e Enum[N]) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (e *Enum[N]) UnmarshalText(text []byte) error {
	var n N
	kind, names := n.Names()
	return ParseName(e, Enum[N](len(names)), text, kind)
}
