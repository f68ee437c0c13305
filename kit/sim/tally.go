package sim

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Tally is what the reports need of a batch's games, folded game by game
// as each one ends: counts and sums of small integers only, so two tallies
// add up exactly whatever the order (shards merged in any order, games
// finished by workers in any order give the same tally), and its size is
// bounded by the game's value range (roles, columns, turns, endings,
// content), never by the number of games.
//
// Every list is kept sorted by its key, so a tally's JSON is canonical.
type Tally struct {
	Games int `json:"games"`
	// Wins and WinTurns are, per role, the games it won and their turns
	// summed; Extra sums the game's extra columns per role.
	Wins     []int   `json:"wins"`
	WinTurns []int   `json:"win_turns"`
	Extra    [][]int `json:"extra"`
	Draws    int     `json:"draws"` // games with no winner
	// Turns is the histogram of game lengths, by length.
	Turns   []Tick    `json:"turns"`
	Endings []Count   `json:"endings"` // by reason
	Lead    LeadTally `json:"lead"`
	// Content is the content used, by name.
	Content []ContentTally `json:"content"`
	// Prints are the smallest distinct fingerprints of the games that
	// report one (Outcome.Print), at most MaxPrints, sorted (a "k minimum
	// values" sketch): exactly the distinct games while there are fewer,
	// and an estimate of their number after. Fingerprinted counts the games
	// that report one.
	Prints        []uint64 `json:"prints,omitempty"`
	Fingerprinted int      `json:"fingerprinted,omitempty"`
}

// MaxPrints bounds Tally.Prints: a batch counts its distinct games exactly
// up to this many and estimates beyond (within about 6 % at this size), so
// a tally stays small however many games it holds.
const MaxPrints = 256

// print adds a game's fingerprint to the sorted, bounded set.
func (t *Tally) print(p uint64) {
	i, found := slices.BinarySearch(t.Prints, p)
	if found || i >= MaxPrints {
		return
	}
	t.Prints = slices.Insert(t.Prints, i, p)
	if len(t.Prints) > MaxPrints {
		t.Prints = t.Prints[:MaxPrints]
	}
}

// Distinct is the number of distinct games among the fingerprinted ones,
// and whether it is exact. Once the sketch is full the k-th smallest of
// uniformly spread fingerprints estimates the number: (k-1)·2⁶⁴/max.
func (t *Tally) Distinct() (n int, exact bool) {
	k := len(t.Prints)
	if k < MaxPrints {
		return k, true
	}
	est := float64(k-1) * math.Exp2(64) / float64(t.Prints[k-1])
	return min(int(math.Round(est)), t.Fingerprinted), false
}

// Tick is the number of games that lasted Turns turns.
type Tick struct {
	Turns int `json:"turns"`
	Games int `json:"games"`
}

// LeadTally counts who led the games that report their leaders
// (Outcome.Leaders).
type LeadTally struct {
	Games   int `json:"games"`   // games that report their leaders
	Changes int `json:"changes"` // times the lead passed to another role
	Decided int `json:"decided"` // of those games, the ones with a winner
	// WinnerLed counts the decided games whose winner led at the last turn.
	WinnerLed int `json:"winner_led"`
	// ForGood is, over those games, the histogram of the turn from which
	// the winner led for good, out of the turns led: the share From/Of.
	ForGood []Share `json:"for_good"`
}

// Share is the number of games in which the winner led for good from turn
// From (0 = the first) of Of turns.
type Share struct {
	From  int `json:"from"`
	Of    int `json:"of"`
	Games int `json:"games"`
}

// ContentTally is how one piece of content was used, per role.
type ContentTally struct {
	Name  string    `json:"name"`
	Games int       `json:"games"` // games in which some role used it
	Roles []RoleUse `json:"roles"`
}

// RoleUse is one role's use of a piece of content over a batch: how often
// it was used, in how many games, and how many of those the role won.
type RoleUse struct {
	Uses  int `json:"uses"`
	Games int `json:"games"`
	Wins  int `json:"wins"`
}

// newTally returns the empty tally of a game with roles roles and cols
// extra columns.
func newTally(roles, cols int) Tally {
	t := Tally{Wins: make([]int, roles), WinTurns: make([]int, roles), Extra: make([][]int, roles),
		Turns: []Tick{}, Endings: []Count{}, Content: []ContentTally{}, Lead: LeadTally{ForGood: []Share{}}}
	for r := range t.Extra {
		t.Extra[r] = make([]int, cols)
	}
	return t
}

// add adds n to the entry of key in the sorted list s, inserting it in
// place when it is new.
func add[E any, K any](s []E, key K, compare func(E, K) int, n func(*E), fresh func() E) []E {
	i, found := slices.BinarySearchFunc(s, key, compare)
	if !found {
		s = slices.Insert(s, i, fresh())
	}
	n(&s[i])
	return s
}

func (t *Tally) tick(turns, games int) {
	t.Turns = add(t.Turns, turns, func(e Tick, k int) int { return cmp.Compare(e.Turns, k) },
		func(e *Tick) { e.Games += games }, func() Tick { return Tick{Turns: turns} })
}

func (t *Tally) ending(reason string, games int) {
	t.Endings = add(t.Endings, reason, func(e Count, k string) int { return cmp.Compare(e.Reason, k) },
		func(e *Count) { e.Games += games }, func() Count { return Count{Reason: reason} })
}

func (t *Tally) forGood(from, of, games int) {
	t.Lead.ForGood = add(t.Lead.ForGood, [2]int{of, from},
		func(e Share, k [2]int) int { return cmp.Or(cmp.Compare(e.Of, k[0]), cmp.Compare(e.From, k[1])) },
		func(e *Share) { e.Games += games }, func() Share { return Share{From: from, Of: of} })
}

// content returns the entry of the named content, inserting it when new.
func (t *Tally) content(name string) *ContentTally {
	var p *ContentTally
	t.Content = add(t.Content, name, func(e ContentTally, k string) int { return cmp.Compare(e.Name, k) },
		func(e *ContentTally) { p = e }, func() ContentTally {
			return ContentTally{Name: name, Roles: make([]RoleUse, len(t.Wins))}
		})
	return p
}

// Add folds one game's outcome into the tally.
func (t *Tally) Add(o Outcome) {
	roles := len(t.Wins)
	t.Games++
	if o.Print != 0 {
		t.Fingerprinted++
		t.print(o.Print)
	}
	t.tick(o.Turns, 1)
	t.ending(o.Reason, 1)
	if o.Winner < 0 || o.Winner >= roles {
		t.Draws++
	} else {
		t.Wins[o.Winner]++
		t.WinTurns[o.Winner] += o.Turns
	}
	for r := range min(roles, len(o.Counts)) {
		for c := range min(len(t.Extra[r]), len(o.Counts[r])) {
			t.Extra[r][c] += o.Counts[r][c]
		}
	}
	if len(o.Leaders) > 0 {
		ld := &t.Lead
		ld.Games++
		prev := -1
		for _, l := range o.Leaders {
			if l >= 0 && prev >= 0 && l != prev {
				ld.Changes++
			}
			if l >= 0 {
				prev = l
			}
		}
		if o.Winner >= 0 {
			ld.Decided++
			if last := len(o.Leaders) - 1; o.Leaders[last] == o.Winner {
				ld.WinnerLed++
				k := last
				for k > 0 && o.Leaders[k-1] == o.Winner {
					k--
				}
				t.forGood(k, len(o.Leaders), 1)
			}
		}
	}
	// A role used a piece of content in this game when its uses of it add
	// up to more than none; the game counts for the content when any role
	// reported it.
	uses := slices.DeleteFunc(slices.Clone(o.Uses), func(u Use) bool { return u.Role < 0 || u.Role >= roles })
	slices.SortFunc(uses, func(a, b Use) int {
		return cmp.Or(cmp.Compare(a.Content, b.Content), cmp.Compare(a.Role, b.Role))
	})
	for i := 0; i < len(uses); {
		c := t.content(uses[i].Content)
		c.Games++
		for i < len(uses) && uses[i].Content == c.Name {
			role, times := uses[i].Role, 0
			for ; i < len(uses) && uses[i].Content == c.Name && uses[i].Role == role; i++ {
				times += uses[i].Times
			}
			if times > 0 {
				ru := &c.Roles[role]
				ru.Uses += times
				ru.Games++
				if o.Winner == role {
					ru.Wins++
				}
			}
		}
	}
}

// Merge adds another tally of the same game (the same roles and columns)
// into t.
func (t *Tally) Merge(u Tally) {
	t.Games += u.Games
	t.Fingerprinted += u.Fingerprinted
	for _, p := range u.Prints {
		t.print(p)
	}
	t.Draws += u.Draws
	for r := range t.Wins {
		t.Wins[r] += u.Wins[r]
		t.WinTurns[r] += u.WinTurns[r]
		for c := range t.Extra[r] {
			t.Extra[r][c] += u.Extra[r][c]
		}
	}
	for _, e := range u.Turns {
		t.tick(e.Turns, e.Games)
	}
	for _, e := range u.Endings {
		t.ending(e.Reason, e.Games)
	}
	t.Lead.Games += u.Lead.Games
	t.Lead.Changes += u.Lead.Changes
	t.Lead.Decided += u.Lead.Decided
	t.Lead.WinnerLed += u.Lead.WinnerLed
	for _, e := range u.Lead.ForGood {
		t.forGood(e.From, e.Of, e.Games)
	}
	for _, e := range u.Content {
		c := t.content(e.Name)
		c.Games += e.Games
		for r, ru := range e.Roles {
			c.Roles[r].Uses += ru.Uses
			c.Roles[r].Games += ru.Games
			c.Roles[r].Wins += ru.Wins
		}
	}
}

// check reports what makes a tally read from a file unfit for a game of
// roles roles and cols extra columns, or not a tally of games at all.
func (t *Tally) check(roles, cols int) error {
	switch {
	case len(t.Wins) != roles || len(t.WinTurns) != roles || len(t.Extra) != roles:
		return fmt.Errorf("its tally is not of %d roles", roles)
	case slices.ContainsFunc(t.Extra, func(e []int) bool { return len(e) != cols }):
		return fmt.Errorf("its tally is not of %d extra columns", cols)
	case slices.ContainsFunc(t.Content, func(c ContentTally) bool { return len(c.Roles) != roles }):
		return fmt.Errorf("its tally's content is not of %d roles", roles)
	}
	negative := t.Games < 0 || t.Draws < 0 || slices.Min(append([]int{0}, t.Wins...)) < 0 ||
		slices.Min(append([]int{0}, t.WinTurns...)) < 0
	turns, endings, forGood := 0, 0, 0
	for _, e := range t.Turns {
		turns += e.Games
		negative = negative || e.Games < 0
	}
	for _, e := range t.Endings {
		endings += e.Games
		negative = negative || e.Games < 0
	}
	for _, e := range t.Lead.ForGood {
		forGood += e.Games
		negative = negative || e.Games < 0
		if e.From < 0 || e.From >= e.Of {
			return fmt.Errorf("its tally has the winner lead for good from turn %d of %d", e.From, e.Of)
		}
	}
	for _, c := range t.Content {
		negative = negative || c.Games < 0 || slices.ContainsFunc(c.Roles, func(u RoleUse) bool { return u.Uses < 0 || u.Games < 0 || u.Wins < 0 })
	}
	ld := t.Lead
	switch {
	case t.Fingerprinted < 0 || t.Fingerprinted > t.Games || len(t.Prints) > min(MaxPrints, t.Fingerprinted) ||
		!slices.IsSorted(t.Prints) || len(slices.Compact(slices.Clone(t.Prints))) != len(t.Prints):
		return errors.New("its tally's fingerprints do not fit its games")
	case negative || ld.Changes < 0:
		return errors.New("its tally has a negative count")
	case turns != t.Games || endings != t.Games || t.Draws+sum(t.Wins) != t.Games:
		return fmt.Errorf("its tally's game lengths, endings and wins do not count its %d games", t.Games)
	case forGood != ld.WinnerLed || ld.WinnerLed > ld.Decided || ld.Decided > ld.Games || ld.Games > t.Games:
		return errors.New("its tally's lead counts do not add up")
	}
	return nil
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
