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
