package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// BatchFormat is the version of the Batch JSON: 2 holds the tally of the
// games, 1 held every game's outcome.
const BatchFormat = 2

// Batch is what a batch, or one shard of it, played: what it was and the
// tally of its games. Shards of one batch merge into the batch a single run
// would have played, so a report is the same however the games were spread
// over machines. Its size does not grow with the number of games.
type Batch struct {
	Format       int      `json:"format"`
	Tool         string   `json:"tool"` // the version of the tool that played it
	Scenario     string   `json:"scenario"`
	ConfigSHA256 string   `json:"config_sha256"`
	Seed         uint64   `json:"seed"`
	Games        int      `json:"games"` // of the whole batch
	Roles        []string `json:"roles"`
	Agents       []string `json:"agents"`
	Columns      []Column `json:"columns,omitempty"`
	// Shard of Shards is the share played (0 of 1 for a whole batch): the
	// games i with i % Shards == Shard. Game i's seed is GameSeed(Seed, i).
	Shard  int   `json:"shard"`
	Shards int   `json:"shards"`
	Tally  Tally `json:"tally"`
	// Catalogue names every piece of content the scenario has (Cataloguer),
	// sorted, so a report can say what the games never used.
	Catalogue []string `json:"catalogue,omitempty"`
}

// shardGames is the number of the batch's games in its shard.
func (b *Batch) shardGames() int {
	if b.Shard >= b.Games {
		return 0
	}
	return (b.Games - b.Shard + b.Shards - 1) / b.Shards
}

// Complete reports whether the batch holds every game.
func (b *Batch) Complete() bool { return b.Tally.Games == b.Games }

// Report summarises a complete batch.
func (b *Batch) Report() (*Report, error) {
	if !b.Complete() {
		return nil, fmt.Errorf("sim: the batch holds %d of its %d games (merge every shard first)", b.Tally.Games, b.Games)
	}
	r := summarise(b.Roles, b.Agents, b.Columns, b.Seed, &b.Tally)
	r.Catalogue, r.Unused = len(b.Catalogue), b.Unused()
	if b.Tally.Fingerprinted > 0 {
		r.Fingerprinted = b.Tally.Fingerprinted
		r.Distinct, r.DistinctExact = b.Tally.Distinct()
	}
	return r, nil
}

// Unused lists the catalogue's content that no game of the batch used, in
// catalogue order.
func (b *Batch) Unused() []string {
	var out []string
	for _, c := range b.Catalogue {
		if _, used := slices.BinarySearchFunc(b.Tally.Content, c, func(e ContentTally, k string) int { return strings.Compare(e.Name, k) }); !used {
			out = append(out, c)
		}
	}
	return out
}

// WriteJSON writes the batch as one JSON document.
func (b *Batch) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	return enc.Encode(b)
}

// ReadBatch reads a batch written by WriteJSON.
func ReadBatch(r io.Reader) (*Batch, error) {
	var b Batch
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("not a batch: %w", err)
	}
	if b.Format != BatchFormat {
		return nil, fmt.Errorf("batch format %d, this tool reads %d", b.Format, BatchFormat)
	}
	if b.Games <= 0 || b.Shards <= 0 || b.Shard < 0 || b.Shard >= b.Shards {
		return nil, fmt.Errorf("batch of %d games, shard %d of %d: impossible", b.Games, b.Shard, b.Shards)
	}
	if len(b.Agents) != len(b.Roles) {
		return nil, fmt.Errorf("batch of %d agents for %d roles: impossible", len(b.Agents), len(b.Roles))
	}
	if err := b.Tally.check(len(b.Roles), len(b.Columns)); err != nil {
		return nil, fmt.Errorf("not a batch: %w", err)
	}
	if n := b.shardGames(); b.Tally.Games != n {
		return nil, fmt.Errorf("shard %d of %d of a batch of %d games holds %d games, not %d", b.Shard, b.Shards, b.Games, b.Tally.Games, n)
	}
	return &b, nil
}

// Merge combines shards of one batch into the whole batch, adding up
// their tallies; the result does not depend on the parts' order. It
// refuses parts of different scenarios, configs, seeds, sizes, roles,
// agents, formats or shard counts, a shard given twice, and a set of
// parts that misses games.
func Merge(parts []*Batch) (*Batch, error) {
	if len(parts) == 0 {
		return nil, errors.New("merge: no parts")
	}
	first := parts[0]
	out := *first
	out.Shard, out.Shards = 0, 1
	out.Tally = newTally(len(first.Roles), len(first.Columns))
	shards := make([]int, 0, len(parts))
	for n, p := range parts {
		switch {
		case p.Format != first.Format || p.Tool != first.Tool:
			return nil, fmt.Errorf("merge: part %d was played by %s (format %d), part 1 by %s (format %d)",
				n+1, p.Tool, p.Format, first.Tool, first.Format)
		case p.Scenario != first.Scenario || p.ConfigSHA256 != first.ConfigSHA256:
			return nil, fmt.Errorf("merge: part %d is of scenario %q (config %.12s), part 1 of %q (config %.12s)",
				n+1, p.Scenario, p.ConfigSHA256, first.Scenario, first.ConfigSHA256)
		case p.Seed != first.Seed || p.Games != first.Games:
			return nil, fmt.Errorf("merge: part %d is %d games with seed %d, part 1 %d games with seed %d",
				n+1, p.Games, p.Seed, first.Games, first.Seed)
		case !slices.Equal(p.Roles, first.Roles) || !slices.Equal(p.Agents, first.Agents) || !slices.Equal(p.Columns, first.Columns) ||
			!slices.Equal(p.Catalogue, first.Catalogue):
			return nil, fmt.Errorf("merge: part %d plays agents %v in roles %v, part 1 agents %v in roles %v",
				n+1, p.Agents, p.Roles, first.Agents, first.Roles)
		case p.Shards != first.Shards:
			return nil, fmt.Errorf("merge: part %d is shard %d of %d, part 1 shard %d of %d: play every part with the same --shard I/N count",
				n+1, p.Shard, p.Shards, first.Shard, first.Shards)
		case p.Shard < 0 || p.Shard >= p.Shards || p.Tally.Games != p.shardGames():
			return nil, fmt.Errorf("merge: part %d (shard %d of %d) holds %d games, not its %d", n+1, p.Shard, p.Shards, p.Tally.Games, p.shardGames())
		case p.Tally.check(len(first.Roles), len(first.Columns)) != nil:
			return nil, fmt.Errorf("merge: part %d: %v", n+1, p.Tally.check(len(first.Roles), len(first.Columns)))
		case slices.Contains(shards, p.Shard):
			return nil, fmt.Errorf("merge: shard %d of %d is in two parts (a shard given twice?)", p.Shard, p.Shards)
		}
		shards = append(shards, p.Shard)
		out.Tally.Merge(p.Tally)
	}
	// Shard i holds game i first: the first shard missing misses that game
	// (shards past the last game hold none).
	slices.Sort(shards)
	missing := len(shards)
	for i, s := range shards {
		if s != i {
			missing = i
			break
		}
	}
	if missing < min(first.Shards, first.Games) {
		return nil, fmt.Errorf("merge: game %d is in no part (a shard is missing?)", missing)
	}
	return &out, nil
}
