package mbg_test

import (
	"bytes"
	"math"
	"path/filepath"
	"slices"
	"testing"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/mbg/agent"
	"github.com/sandtable/sandtable/engine/mbg/hooks"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/mbg"
	"github.com/sandtable/sandtable/kit/sim"
)

func compileShipped(t *testing.T, name string) *engine.Config {
	t.Helper()
	res := build.NewCompiler(mbg.Game{}).Compile(filepath.Join("..", "..", "scenarios", "mbg", name), build.Options{})
	if res.Value == nil || res.Diags.HasErrors() {
		t.Fatalf("%s does not build: %v", name, res.Diags)
	}
	return res.Value.(*engine.Config)
}

// endings are the four rules a game of mbg can end by (facts §4, §10.5).
var endings = []string{engine.ReasonMoney, engine.ReasonLastAlive, engine.ReasonDraw, engine.ReasonTurnLimit}

// TestSanguoSims is the acceptance run of `mapc sim scenarios/mbg/sanguo
// -n 1000` with both agent types: every game ends by a rule, the report
// counts add up, and the result does not depend on the worker count.
func TestSanguoSims(t *testing.T) {
	t.Parallel()
	cfg := compileShipped(t, "sanguo")
	s, warns, err := mbg.NewSim(cfg)
	if err != nil || len(warns) > 0 {
		t.Fatalf("NewSim: %v %v", warns, err)
	}
	n := 1000
	if testing.Short() {
		n = 100
	}
	for _, agents := range [][]string{{mbg.AgentRandom}, {mbg.AgentHeuristic}, {mbg.AgentHeuristic, mbg.AgentRandom}} {
		rep, err := sim.Run(s, sim.Options{Games: n, Seed: 1, Agents: agents, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		total, wins := 0, 0
		for _, c := range rep.Reasons {
			if !slices.Contains(endings, c.Reason) {
				t.Errorf("%v: %d games ended by %q, not a rule", agents, c.Games, c.Reason)
			}
			total += c.Games
		}
		for _, r := range rep.Roles {
			wins += r.Wins
			if r.CILow > r.WinRate || r.CIHigh < r.WinRate {
				t.Errorf("%v: %s win rate %g outside its interval [%g, %g]", agents, r.Name, r.WinRate, r.CILow, r.CIHigh)
			}
		}
		if total != n || wins+rep.Draws != n {
			t.Errorf("%v: %d endings, %d wins + %d draws for %d games", agents, total, wins, rep.Draws, n)
		}
		if rep.MeanTurns < 1 || rep.MeanTurns > float64(cfg.MaxTurn) {
			t.Errorf("%v: mean game length %g outside 1..%d", agents, rep.MeanTurns, cfg.MaxTurn)
		}
	}
}

// TestSimIndependentOfWorkers: the report is a function of the seed.
func TestSimIndependentOfWorkers(t *testing.T) {
	t.Parallel()
	s, _, err := mbg.NewSim(compileShipped(t, "sample"))
	if err != nil {
		t.Fatal(err)
	}
	var outs [][]byte
	for _, w := range []int{1, 3} {
		rep, err := sim.Run(s, sim.Options{Games: 60, Seed: 9, Agents: []string{mbg.AgentHeuristic, mbg.AgentRandom}, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b.Bytes())
	}
	if !bytes.Equal(outs[0], outs[1]) {
		t.Fatalf("1 worker and 3 workers differ:\n%s\n%s", outs[0], outs[1])
	}
	if _, err := s.Play(1, []string{"randon", "random"}); err == nil {
		t.Fatal("an unknown agent was accepted")
	}
}

// counting wraps the hook runner and records what the modder's tech did.
type counting struct {
	*hooks.Runner
	tech, card   int
	fired, plays int
	bad          []string
}

func (c *counting) Effect(tech int, call *engine.TechCall, host engine.TechHost) (float64, float64, error) {
	self, opp, err := c.Runner.Effect(tech, call, host)
	if tech == c.tech && err == nil {
		c.fired++
		// The script's rule, worked out independently: the value, plus a
		// second volley of value × celve/100 × second_share (0.5 in the
		// scenario), floored and capped at the value.
		second := math.Floor(math.Min(call.Value*call.Celve/100*0.5, call.Value))
		if self != 0 || opp != -(call.Value+second) {
			c.bad = append(c.bad, "连弩")
		}
	}
	return self, opp, err
}

func (c *counting) Play(card int, call *engine.CardCall, host engine.CardHost) (bool, error) {
	ok, err := c.Runner.Play(card, call, host)
	if card == c.card && ok && err == nil {
		c.plays++
	}
	return ok, err
}

// TestModdedScenario: the modder's tech and card, written only in Lua and
// TOML, are bundled into the config and used in games.
func TestModdedScenario(t *testing.T) {
	t.Parallel()
	cfg := compileShipped(t, "modded")
	c := &counting{tech: -1, card: -1}
	for i, tc := range cfg.Techs {
		if tc.ID == "连弩" {
			c.tech = i
			if tc.Hook != "repeating_crossbow" {
				t.Errorf("连弩 hook = %q", tc.Hook)
			}
		}
	}
	for i, cd := range cfg.Cards {
		if cd.ID == "援军" {
			c.card = i
		}
	}
	if c.tech < 0 || c.card < 0 || len(cfg.Cards) != 15 {
		t.Fatalf("modded config: tech %d, card %d, %d cards", c.tech, c.card, len(cfg.Cards))
	}
	reg, _, err := hooks.Registry(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if c.Runner, err = hooks.New(reg, cfg, plugin.WorkerOptions{}); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for seed := range uint64(40) {
		g, err := engine.New(cfg, c, c, seed)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.Run([]engine.Decider{agent.NewRandom(seed), agent.NewRandom(seed + 100)}); err != nil {
			t.Fatal(err)
		}
	}
	if c.fired == 0 || c.plays == 0 || len(c.bad) > 0 {
		t.Fatalf("连弩 fired %d times, 援军 played %d times, %d wrong effects", c.fired, c.plays, len(c.bad))
	}
}
