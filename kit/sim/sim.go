// Package sim plays batches of headless games on parallel workers and
// summarises them per role: win rate with a 95% confidence interval,
// bankruptcies, game length, draws and turn-limit endings. It knows no game:
// each engine plugs in through the Game interface.
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
}

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
	// Shard and Shards select this run's share of the batch: the games i
	// with i % Shards == Shard (Shards 0 means the whole batch).
	Shard, Shards int
	// Scenario and ConfigSHA256 identify what is played, and Tool what
	// played it, so partial batches of different scenarios or versions are
	// never merged.
	Scenario, ConfigSHA256, Tool string
}

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
// opts.Workers goroutines and returns their outcomes. By default the batch
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
	var mine []int
	for i := opts.First; i < opts.First+opts.Games; i++ {
		if i%b.Shards == opts.Shard%b.Shards {
			mine = append(mine, i)
		}
	}
	workers := max(1, min(opts.Workers, len(mine)))
	b.Results = make([]Result, len(mine))
	errs := make([]error, len(mine))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, failed := 0, false
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				i := mine[k]
				b.Results[k].Game = i
				b.Results[k].Outcome, errs[k] = g.Play(GameSeed(opts.Seed, i), agents)
				mu.Lock()
				failed = failed || errs[k] != nil
				done++
				if opts.Progress != nil {
					opts.Progress(done, len(mine))
				}
				mu.Unlock()
			}
		}()
	}
	for k := range mine {
		mu.Lock()
		stop := failed && !opts.KeepGoing
		mu.Unlock()
		if stop {
			break
		}
		next <- k
	}
	close(next)
	wg.Wait()
	var fails Failures
	for k, err := range errs {
		if err != nil {
			fails = append(fails, &GameError{Game: mine[k], Seed: GameSeed(opts.Seed, mine[k]), Err: err})
			if !opts.KeepGoing {
				break
			}
		}
	}
	if len(fails) > 0 {
		return nil, fails
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

func summarise(roles, agents []string, cols []Column, seed uint64, outs []Outcome) *Report {
	r := &Report{Games: len(outs), Seed: seed, Columns: cols}
	keys := make([]string, len(cols))
	for i, c := range cols {
		keys[i] = c.Key
	}
	reasons := map[string]int{}
	turns := make([]float64, 0, len(outs))
	sum := 0.0
	for _, o := range outs {
		reasons[o.Reason]++
		turns = append(turns, float64(o.Turns))
		sum += float64(o.Turns)
		if o.Winner < 0 {
			r.Draws++
		}
		if o.Reason == "turn_limit" {
			r.TurnLimit++
		}
	}
	for name, n := range reasons {
		r.Reasons = append(r.Reasons, Count{name, n})
	}
	slices.SortFunc(r.Reasons, func(a, b Count) int { return cmp.Compare(a.Reason, b.Reason) })
	r.MeanTurns = sum / float64(len(outs))
	r.MedianTurn = median(turns)
	for i, name := range roles {
		rr := RoleReport{Name: name, Agent: agents[i], Extra: make([]int, len(cols)), keys: keys}
		wsum := 0.0
		for _, o := range outs {
			if o.Winner == i {
				rr.Wins++
				wsum += float64(o.Turns)
			}
			if i < len(o.Counts) {
				for c := range min(len(cols), len(o.Counts[i])) {
					rr.Extra[c] += o.Counts[i][c]
				}
			}
		}
		rr.WinRate = float64(rr.Wins) / float64(len(outs))
		rr.CILow, rr.CIHigh = Wilson(rr.Wins, len(outs))
		if rr.Wins > 0 {
			rr.MeanTurnsW = wsum / float64(rr.Wins)
		}
		r.Roles = append(r.Roles, rr)
	}
	return r
}

func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
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
