package ftbt_test

import (
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/agent"
	"github.com/sandtable/sandtable/engine/ftbt/native"
)

// FuzzConfig: any config JSON is rejected with an error or plays without a
// panic (a short game of the AI against the random agent).
func FuzzConfig(f *testing.F) {
	for _, cfg := range []*ftbt.Config{skirmish(), validLevel(), blast(10, 10, "attacker"), duel(0)} {
		data, err := json.Marshal(cfg)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint64(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		var cfg ftbt.Config
		if json.Unmarshal(data, &cfg) != nil {
			return
		}
		if ftbt.Validate(&cfg) != nil {
			return
		}
		cfg.Rules.MaxRounds = 3
		r, err := native.New(&cfg)
		if err != nil {
			return
		}
		g, err := ftbt.New(&cfg, r, seed)
		if err != nil {
			t.Fatalf("validated config refused: %v", err)
		}
		ds := []ftbt.Decider{agent.NewAI(), agent.NewRandom(seed)}
		for range 200 {
			over, err := g.Step(ds)
			if err != nil || over {
				return
			}
		}
	})
}
