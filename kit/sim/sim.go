// Package sim plays batches of headless games on parallel workers and
// summarises them per role: win rate with a 95% confidence interval,
// bankruptcies, game length, draws and turn-limit endings. Each game is
// folded into the batch's Tally as it ends and let go, so a batch's memory
// does not grow with its games. It knows no game: each engine plugs in
// through the Game interface.
//
// Results depend only on the seed: game i is always played with the seed
// derived from (seed, i), whatever the number of workers.
package sim

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"golang.org/x/sync/errgroup"
)

// Outcome is how one game ended.
type Outcome struct {
	Winner int    `json:"winner"` // role index, or -1 for no winner
	Reason string `json:"reason"` // e.g. "money", "last_alive", "draw", "turn_limit"
	Turns  int    `json:"turns"`
	// Counts holds, per role, one count for each of the game's extra
	// columns (Columnar), e.g. 1 when an mbg role went bankrupt.
	Counts [][]int `json:"counts,omitempty"`
	// Leaders is the role leading by the game's own score (mbg: money,
	// ftbt: hp) at the end of each turn, -1 when tied; empty when the game
	// does not say.
	Leaders []int `json:"leaders,omitempty"`
	// Uses counts the content (techs, cards, classes …) each role used.
	Uses []Use `json:"uses,omitempty"`
	// Print is a fingerprint of the game (a Print of its record):
	// equal games have equal prints, so a batch can count how many
	// different games it played; 0 when the game does not say.
	Print uint64 `json:"print,omitempty"`
}

// Print builds an Outcome.Print from the numbers and words a game feeds it
// (its decisions, its events' fields): 64-bit FNV-1a, never 0. The zero
// Print is ready to use.
type Print struct{ h uint64 }

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func (p *Print) byte(b byte) {
	if p.h == 0 {
		p.h = fnvOffset
	}
	p.h = (p.h ^ uint64(b)) * fnvPrime
}

// Int feeds integers.
func (p *Print) Int(xs ...int) {
	for _, x := range xs {
		for i := range 8 {
			p.byte(byte(uint64(x) >> (8 * i)))
		}
	}
}

// String feeds a word, closed so that "ab","c" and "a","bc" differ.
func (p *Print) String(s string) {
	for i := range len(s) {
		p.byte(s[i])
	}
	p.byte(0xff)
}

// Sum is the fingerprint.
func (p *Print) Sum() uint64 { return max(1, p.h) }

// Use is how often one role used one piece of content in a game.
type Use struct {
	Content string `json:"content"` // e.g. "tech 火计", "card 窃取"
	Role    int    `json:"role"`
	Times   int    `json:"times"`
}

// Uses counts content uses per role; its list is in a fixed order
// (content, then role), so outcomes are deterministic.
type Uses struct{ list []Use }

// Add counts one use of content by role.
func (u *Uses) Add(content string, role int) {
	for i := range u.list {
		if u.list[i].Content == content && u.list[i].Role == role {
			u.list[i].Times++
			return
		}
	}
	u.list = append(u.list, Use{Content: content, Role: role, Times: 1})
}

// List returns the uses sorted by content, then role.
func (u *Uses) List() []Use {
	slices.SortFunc(u.list, func(a, b Use) int {
		return cmp.Or(cmp.Compare(a.Content, b.Content), cmp.Compare(a.Role, b.Role))
	})
	return u.list
}

// Column is a per-role count a game reports beside the wins, summed over
// the batch (mbg: bankruptcies).
type Column struct {
	Key    string `json:"key"`    // JSON field of RoleReport, e.g. "bankruptcies"
	Header string `json:"header"` // text table header, e.g. "BANKRUPT"
}

// Columnar is implemented by games with extra per-role columns.
type Columnar interface {
	Columns() []Column
}

// Cataloguer is implemented by games that list their content (the names
// Outcome.Uses counts: "tech 火计", "card 窃取" …), so a report can say
// which content a batch never used: a broken hook there goes unnoticed.
type Cataloguer interface {
	Content() []string
}

// Game plays one game of a scenario. Implementations must be safe for
// concurrent use: every call builds its own game state.
type Game interface {
	// Roles names the roles, in index order.
	Roles() []string
	// Play plays one complete game with the given seed and one agent name
	// per role.
	Play(seed uint64, agents []string) (Outcome, error)
}

// Options configure Run and Play.
type Options struct {
	Games int
	Seed  uint64
	// First is the index of the batch's first game: Play plays games First
	// to First+Games-1, each with GameSeed(Seed, i). First = i, Games = 1
	// replays game i of a batch alone.
	First   int
	Agents  []string // one per role; a shorter list repeats its last entry
	Workers int      // default 1
	// KeepGoing plays every game even after one fails and reports all the
	// failures; by default the batch stops at the first failing game.
	KeepGoing bool
	Progress  func(done, total int)
	// Stop, when closed, ends the batch early: no further game starts,
	// and Play returns ErrStopped once the games being played end.
	Stop <-chan struct{}
	// Shard and Shards select this run's share of the batch: the games i
	// with i % Shards == Shard (Shards 0 means the whole batch).
	Shard, Shards int
	// Scenario and ConfigSHA256 identify what is played, and Tool what
	// played it, so partial batches of different scenarios or versions are
	// never merged.
	Scenario, ConfigSHA256, Tool string
}

// ErrStopped is Play's error when Options.Stop was closed before the
// batch's last game started.
var ErrStopped = errors.New("sim: the batch was stopped")

// GameError is the failure of one game of a batch.
type GameError struct {
	Game int    // index in the batch
	Seed uint64 // the game's seed, GameSeed(batch seed, Game)
	Err  error
}

// Error implements error.
func (e *GameError) Error() string {
	return fmt.Sprintf("game %d (seed %d): %v", e.Game, e.Seed, e.Err)
}

// Unwrap returns the game's error.
func (e *GameError) Unwrap() error { return e.Err }

// Failures are the failed games of a batch, in game order: the first
// failing game, or with Options.KeepGoing every one. Which games fail depends
// only on the seed, never on the number of workers or the machine's load.
type Failures []*GameError

// Error implements error.
func (fs Failures) Error() string {
	if len(fs) == 1 {
		return fs[0].Error()
	}
	return fmt.Sprintf("%d games failed; first: %v", len(fs), fs[0])
}

// Unwrap returns the games' errors.
func (fs Failures) Unwrap() []error {
	errs := make([]error, len(fs))
	for i, f := range fs {
		errs[i] = f
	}
	return errs
}

// GameSeed derives the seed of game i from the batch seed (splitmix64), so
// that a game's seed does not depend on which worker plays it.
func GameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Run plays opts.Games games and returns the report. A failing game stops
// the batch: no further games are started, and Run returns the Failures
// (the first failing game in game order, which is the same whatever the
// number of workers: every earlier game has been played). With
// opts.KeepGoing every game is played and every failure returned.
func Run(g Game, opts Options) (*Report, error) {
	b, err := Play(g, opts)
	if err != nil {
		return nil, err
	}
	return b.Report()
}

// Play plays the games of opts' shard (all of them without one) on
// opts.Workers goroutines and returns the batch: what was played and the
// tally of the games. By default the batch
// stops at its first failing game in game order (the games before it were
// all handed out, so which game that is depends only on the seed); with
// KeepGoing every game is played and every failure reported. The error is
// then Failures.
func Play(g Game, opts Options) (*Batch, error) {
	if opts.Games <= 0 {
		return nil, errors.New("sim: the number of games must be positive")
	}
	if opts.First < 0 {
		return nil, errors.New("sim: the first game's index must not be negative")
	}
	if opts.Shards < 0 || (opts.Shards > 0 && (opts.Shard < 0 || opts.Shard >= opts.Shards)) {
		return nil, fmt.Errorf("sim: shard %d of %d does not exist", opts.Shard, opts.Shards)
	}
	roles := g.Roles()
	if len(roles) == 0 {
		return nil, errors.New("sim: the scenario has no roles")
	}
	if len(opts.Agents) == 0 {
		return nil, errors.New("sim: no agents given")
	}
	agents := make([]string, len(roles))
	for i := range agents {
		agents[i] = opts.Agents[min(i, len(opts.Agents)-1)]
	}
	b := &Batch{Format: BatchFormat, Tool: opts.Tool, Scenario: opts.Scenario, ConfigSHA256: opts.ConfigSHA256,
		Seed: opts.Seed, Games: opts.Games, Roles: roles, Agents: agents, Shard: opts.Shard, Shards: max(1, opts.Shards)}
	if c, ok := g.(Columnar); ok {
		b.Columns = c.Columns()
	}
	if c, ok := g.(Cataloguer); ok {
		b.Catalogue = slices.Compact(slices.Sorted(slices.Values(c.Content())))
	}
	b.Tally = newTally(len(roles), len(b.Columns))
	// This shard's games: from the first at or after opts.First that is
	// its own, every Shards-th.
	first := opts.First + ((opts.Shard-opts.First)%b.Shards+b.Shards)%b.Shards
	end := opts.First + opts.Games
	total := 0
	if first < end {
		total = (end - first + b.Shards - 1) / b.Shards
	}
	// Each game is folded into the tally as it ends, and its outcome let
	// go: the batch holds counts, never the games.
	var eg errgroup.Group
	eg.SetLimit(max(1, min(opts.Workers, total)))
	var mu sync.Mutex
	var fails Failures
	done := 0
	stopped := false
	for i := first; i < end; i += b.Shards {
		mu.Lock()
		stop := len(fails) > 0 && !opts.KeepGoing
		mu.Unlock()
		if stop {
			break
		}
		mu.Lock()
		halt := stopped
		mu.Unlock()
		if halt {
			break
		}
		eg.Go(func() error {
			if opts.Stop != nil {
				select {
				case <-opts.Stop:
					mu.Lock()
					stopped = true
					mu.Unlock()
					return nil
				default:
				}
			}
			seed := GameSeed(opts.Seed, i)
			o, err := g.Play(seed, agents)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fails = append(fails, &GameError{Game: i, Seed: seed, Err: err})
			} else {
				b.Tally.Add(o)
			}
			done++
			if opts.Progress != nil {
				opts.Progress(done, total)
			}
			return nil
		})
	}
	eg.Wait()
	if len(fails) > 0 {
		// Games are handed out in order, so every game before the first
		// failing one has been played: the first failure in game order
		// does not depend on the workers.
		slices.SortFunc(fails, func(a, b *GameError) int { return cmp.Compare(a.Game, b.Game) })
		if !opts.KeepGoing {
			fails = fails[:1]
		}
		return nil, fails
	}
	if stopped {
		return nil, ErrStopped
	}
	return b, nil
}

// Report summarises a batch.
type Report struct {
	// Columns are the game's extra per-role columns (RoleReport.Extra).
	Columns    []Column     `json:"-"`
	Games      int          `json:"games"`
	Seed       uint64       `json:"seed"`
	Roles      []RoleReport `json:"roles"`
	Draws      int          `json:"draws"`
	TurnLimit  int          `json:"turn_limit_endings"`
	Reasons    []Count      `json:"endings"`
	MeanTurns  float64      `json:"mean_turns"`
	MedianTurn float64      `json:"median_turns"`
	// Catalogue is the number of pieces of content the scenario has, and
	// Unused those no game used (both empty when the game does not list
	// its content).
	Catalogue int      `json:"content,omitempty"`
	Unused    []string `json:"unused_content,omitempty"`
	// Distinct is the number of different games among those the game
	// fingerprints (DistinctExact false: an estimate, see Tally.Distinct);
	// 0 when it fingerprints none.
	Distinct      int  `json:"distinct_games,omitempty"`
	DistinctExact bool `json:"distinct_exact,omitempty"`
	Fingerprinted int  `json:"fingerprinted_games,omitempty"`
}

// FewDistinct reports whether the batch played far fewer different games
// than it played (under half): its intervals, which treat the games as
// independent samples, are then too narrow.
func (r *Report) FewDistinct() bool {
	return r.Fingerprinted > 1 && 2*r.Distinct < r.Fingerprinted
}

// Count is how many games ended for one reason.
type Count struct {
	Reason string `json:"reason"`
	Games  int    `json:"games"`
}

// RoleReport is one role's results.
type RoleReport struct {
	Name    string  `json:"name"`
	Agent   string  `json:"agent"`
	Wins    int     `json:"wins"`
	WinRate float64 `json:"win_rate"`
	CILow   float64 `json:"ci95_low"`
	CIHigh  float64 `json:"ci95_high"`
	// Extra sums the game's extra columns (Report.Columns) for this role;
	// in JSON each appears under its column's key.
	Extra      []int   `json:"-"`
	MeanTurnsW float64 `json:"mean_turns_when_winning"`
	keys       []string
}

// MarshalJSON writes the role's fields with the extra columns by key,
// between the interval and the turns to win.
func (rr RoleReport) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	field := func(key string, v any) {
		if b.Len() == 0 {
			b.WriteByte('{')
		} else {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(key)
		val, _ := json.Marshal(v)
		b.Write(k)
		b.WriteByte(':')
		b.Write(val)
	}
	field("name", rr.Name)
	field("agent", rr.Agent)
	field("wins", rr.Wins)
	field("win_rate", rr.WinRate)
	field("ci95_low", rr.CILow)
	field("ci95_high", rr.CIHigh)
	for i, k := range rr.keys {
		field(k, rr.Extra[i])
	}
	field("mean_turns_when_winning", rr.MeanTurnsW)
	b.WriteByte('}')
	return b.Bytes(), nil
}

func summarise(roles, agents []string, cols []Column, seed uint64, t *Tally) *Report {
	r := &Report{Games: t.Games, Seed: seed, Columns: cols, Draws: t.Draws, Reasons: slices.Clone(t.Endings)}
	keys := make([]string, len(cols))
	for i, c := range cols {
		keys[i] = c.Key
	}
	for _, c := range t.Endings {
		if c.Reason == "turn_limit" {
			r.TurnLimit = c.Games
		}
	}
	r.MeanTurns, r.MedianTurn = meanTurns(t.Turns), medianTurns(t.Turns)
	for i, name := range roles {
		rr := RoleReport{Name: name, Agent: agents[i], Wins: t.Wins[i], Extra: slices.Clone(t.Extra[i]), keys: keys}
		rr.WinRate = float64(rr.Wins) / float64(t.Games)
		rr.CILow, rr.CIHigh = Wilson(rr.Wins, t.Games)
		if rr.Wins > 0 {
			rr.MeanTurnsW = float64(t.WinTurns[i]) / float64(rr.Wins)
		}
		r.Roles = append(r.Roles, rr)
	}
	return r
}

// meanTurns is the mean game length of a histogram of lengths.
func meanTurns(h []Tick) float64 {
	sum, n := 0, 0
	for _, e := range h {
		sum += e.Turns * e.Games
		n += e.Games
	}
	return float64(sum) / float64(n)
}

// medianTurns is the median game length of a histogram of lengths: the
// middle game's, or the mean of the two middle games'.
func medianTurns(h []Tick) float64 {
	n := 0
	for _, e := range h {
		n += e.Games
	}
	// nth returns the length of the game at index k (from 0) in length
	// order.
	nth := func(k int) float64 {
		for _, e := range h {
			if k < e.Games {
				return float64(e.Turns)
			}
			k -= e.Games
		}
		return math.NaN()
	}
	if n%2 == 1 {
		return nth(n / 2)
	}
	return (nth(n/2-1) + nth(n/2)) / 2
}

// Wilson returns the 95% Wilson score interval of k successes in n trials;
// unlike the normal approximation it stays inside [0, 1] and is sensible
// for win rates near 0 or 1.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.959963984540054
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, centre-half), min(1, centre+half)
}
