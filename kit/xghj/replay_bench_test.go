package xghj

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	engine "github.com/sandtable/sandtable/engine/xghj"
)

// BenchmarkReplayTsinghua replays the recorded eight-player Tsinghua game
// of TestReplayWholeState as mapc replay does (the whole state encoded
// after every round) under bit_exact, with the plain fc14 engine beside it
// on the same orders, and reports rounds per second. The engine/…
// variants step the same games without writing the state lines.
func BenchmarkReplayTsinghua(b *testing.B) {
	data, err := os.ReadFile("../../engine/xghj/agent/testdata/tsinghua.config.json")
	if err != nil {
		b.Fatal(err)
	}
	logData, err := os.ReadFile(stateFixture)
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []struct {
		name     string
		bitExact bool
	}{{"bit_exact", true}, {"fc14", false}} {
		b.Run(mode.name, func(b *testing.B) {
			var cfg engine.Config
			if err := json.Unmarshal(data, &cfg); err != nil {
				b.Fatal(err)
			}
			cfg.Rules.BitExact = mode.bitExact
			log, ds := ParseLog(stateFixture, logData, len(cfg.Players))
			if len(ds) > 0 {
				b.Fatal(ds)
			}
			var out bytes.Buffer
			rounds := 0
			b.ReportAllocs()
			for b.Loop() {
				out.Reset()
				if _, err := Replay(&cfg, log, 1, &out); err != nil {
					b.Fatal(err)
				}
				rounds += bytes.Count(out.Bytes(), []byte("\n")) - 1 // the start line is no round
			}
			b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
		})
		b.Run("engine/"+mode.name, func(b *testing.B) {
			var cfg engine.Config
			if err := json.Unmarshal(data, &cfg); err != nil {
				b.Fatal(err)
			}
			cfg.Rules.BitExact = mode.bitExact
			log, _ := ParseLog(stateFixture, logData, len(cfg.Players))
			rounds := 0
			for b.Loop() {
				g, err := engine.New(&cfg, 1)
				if err != nil {
					b.Fatal(err)
				}
				g.ChooseOrder = log.Start.ChooseOrder
				for range cfg.Players {
					g.Orders.Deciders = append(g.Orders.Deciders, logDecider{log})
				}
				for step := 0; step <= len(log.Rounds) && !g.Over(); step++ {
					if _, err := g.Step(); err != nil {
						b.Fatal(err)
					}
				}
				rounds += g.State().Round - 1
			}
			b.ReportMetric(float64(rounds)/b.Elapsed().Seconds(), "rounds/s")
		})
	}
}
