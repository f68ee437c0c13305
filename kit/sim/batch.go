package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// BatchFormat is the version of the Batch JSON.
const BatchFormat = 1

// Batch is what a batch, or one shard of it, played: what it was and every
// game's outcome. Shards of one batch merge into the batch a single run
// would have played, so a report is the same however the games were spread
// over machines.
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
	// Shard of Shards is the share played (0 of 1 for a whole batch).
	Shard   int      `json:"shard"`
	Shards  int      `json:"shards"`
	Results []Result `json:"results"` // in game order
}

// Result is one game's outcome.
type Result struct {
	Game    int `json:"game"` // its index in the batch; its seed is GameSeed(seed, game)
	Outcome `json:"outcome"`
}

// Complete reports whether the batch holds every game.
func (b *Batch) Complete() bool { return len(b.Results) == b.Games }

// Report summarises a complete batch.
func (b *Batch) Report() (*Report, error) {
	if !b.Complete() {
		return nil, fmt.Errorf("sim: the batch holds %d of its %d games (merge every shard first)", len(b.Results), b.Games)
	}
	outs := make([]Outcome, len(b.Results))
	for i, r := range b.Results {
		outs[i] = r.Outcome
	}
	return summarise(b.Roles, b.Agents, b.Columns, b.Seed, outs), nil
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
	return &b, nil
}

// Merge combines shards of one batch into the whole batch. It refuses parts
// of different scenarios, configs, seeds, sizes, roles, agents or formats,
// a shard given twice, games out of their shard, and a set of parts that
// misses games.
func Merge(parts []*Batch) (*Batch, error) {
	if len(parts) == 0 {
		return nil, errors.New("merge: no parts")
	}
	first := parts[0]
	out := *first
	out.Shard, out.Shards, out.Results = 0, 1, nil
	seen := make([]bool, first.Games)
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
		case !slices.Equal(p.Roles, first.Roles) || !slices.Equal(p.Agents, first.Agents) || !slices.Equal(p.Columns, first.Columns):
			return nil, fmt.Errorf("merge: part %d plays agents %v in roles %v, part 1 agents %v in roles %v",
				n+1, p.Agents, p.Roles, first.Agents, first.Roles)
		}
		for _, r := range p.Results {
			if r.Game < 0 || r.Game >= p.Games || r.Game%p.Shards != p.Shard {
				return nil, fmt.Errorf("merge: part %d (shard %d of %d) holds game %d, which is not its", n+1, p.Shard, p.Shards, r.Game)
			}
			if seen[r.Game] {
				return nil, fmt.Errorf("merge: game %d is in two parts (a shard given twice?)", r.Game)
			}
			seen[r.Game] = true
			out.Results = append(out.Results, r)
		}
	}
	if missing := slices.Index(seen, false); missing >= 0 {
		return nil, fmt.Errorf("merge: game %d is in no part (a shard is missing?)", missing)
	}
	slices.SortFunc(out.Results, func(a, b Result) int { return a.Game - b.Game })
	return &out, nil
}
