package xghj

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/play"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
)

func shipped(t *testing.T, name string) *engine.Config {
	t.Helper()
	res := build.NewCompiler(Game{}).Compile("../../scenarios/xghj/"+name, build.Options{})
	if len(res.Diags) > 0 || res.Value == nil {
		t.Fatalf("%s: %v", name, res.Diags)
	}
	return res.Value.(*engine.Config)
}

func region(t *testing.T, cfg *engine.Config, name string) []int {
	t.Helper()
	for _, r := range cfg.Regions {
		if r.Name == name {
			return r.Cells
		}
	}
	t.Fatalf("%s: no region %q", cfg.Name, name)
	return nil
}

// reachable returns the land cells reachable from start without entering
// the cells of avoid.
func reachable(cfg *engine.Config, start int, avoid []int) []bool {
	seen := make([]bool, len(cfg.Cells))
	queue := []int{start}
	seen[start] = true
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		x, y := c%cfg.Cols, c/cfg.Cols
		for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= cfg.Cols || ny >= cfg.Rows {
				continue
			}
			n := ny*cfg.Cols + nx
			if !seen[n] && cfg.Cells[n].Atk > 0 && !slices.Contains(avoid, n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	return seen
}

// The shipped maps show what Scenarios.md describes (facts §13).
func TestScenarioFeatures(t *testing.T) {
	// 东操: slopes then stairs on both sides, plain in the middle.
	cfg := shipped(t, "east_playground")
	for y := range cfg.Rows {
		row := cfg.Cells[y*cfg.Cols : (y+1)*cfg.Cols]
		if row[0].Def <= row[1].Def || row[1].Def <= row[5].Def || row[cfg.Cols-1].Def <= row[cfg.Cols-2].Def || row[cfg.Cols-2].Def <= row[cfg.Cols/2].Def {
			t.Fatalf("east_playground row %d: the sides do not rise: %v", y, row)
		}
	}
	// 旅游度假区: poor land; the island is the only rich land and is
	// reachable only over the bridges.
	cfg = shipped(t, "resort")
	island, bridges := region(t, cfg, "island"), region(t, cfg, "bridges")
	if seen := reachable(cfg, 0, bridges); seen[island[0]] {
		t.Error("resort: the island is reachable without a bridge")
	}
	if seen := reachable(cfg, 0, nil); !seen[island[0]] {
		t.Error("resort: the island is unreachable")
	}
	for c, cell := range cfg.Cells {
		if cell.Res > 1 && !slices.Contains(island, c) {
			t.Errorf("resort: rich cell %d off the island", c)
		}
	}
	// 宿舍区: 桃李 has nothing, canteens richer with distance; 小桥 has
	// high ground on three sides.
	cfg = shipped(t, "dorm_area")
	res := func(name string) int { return cfg.Cells[region(t, cfg, name)[0]].Res }
	if !(res("桃李") == 0 && res("观畴") < res("清芬") && res("清芬") < res("紫荆")) {
		t.Errorf("dorm_area canteens: 桃李 %d, 观畴 %d, 清芬 %d, 紫荆 %d", res("桃李"), res("观畴"), res("清芬"), res("紫荆"))
	}
	q := region(t, cfg, "小桥")[0]
	high := 0
	for _, n := range []int{q - 1, q + 1, q - cfg.Cols, q + cfg.Cols} {
		if cfg.Cells[n].Def > cfg.Cells[q].Def {
			high++
		}
	}
	if high < 2 {
		t.Errorf("dorm_area: 小桥 has %d high neighbours", high)
	}
	// 阳光长跑: three machines on each side of 紫操, two in the sculpture
	// garden, one score-query machine; the garden is poor ground.
	cfg = shipped(t, "sunshine_run")
	for name, n := range map[string]int{"card_machine_north": 3, "card_machine_south": 3, "card_machine_sculpture": 2, "score_query": 1} {
		if got := len(region(t, cfg, name)); got != n {
			t.Errorf("sunshine_run: %s has %d cells, want %d", name, got, n)
		}
	}
	if len(cfg.Effects) != 2 || len(cfg.Victories) != 1 || cfg.Victories[0].Params["hold_rounds"] != 20 || cfg.Effects[0].Params["break_prob"] != 0.35 {
		t.Errorf("sunshine_run hooks: %+v %+v", cfg.Effects, cfg.Victories)
	}
	// 教学区: eleven study buildings, the centre and the print shop; the
	// libraries are reachable only over the bridges or the mud path.
	cfg = shipped(t, "study_hall")
	for k := 1; k <= 11; k++ {
		if len(region(t, cfg, "study_"+strconv.Itoa(k))) == 0 {
			t.Errorf("study_hall: study_%d empty", k)
		}
	}
	if len(region(t, cfg, "registration_centre")) != 1 || len(region(t, cfg, "print_shop")) != 1 {
		t.Error("study_hall: the centre and the print shop are one cell each")
	}
	var crossings []int
	for c, cell := range cfg.Cells {
		if cell.Atk == 10 && cell.Def == 15 || cell.Res == 0 && cell.Atk == 10 { // bridges and mud
			crossings = append(crossings, c)
		}
	}
	if seen := reachable(cfg, cfg.Rows*cfg.Cols-1, crossings); seen[region(t, cfg, "study_9")[0]] {
		t.Error("study_hall: 新馆 is reachable without the bridges or the mud path")
	}
}

// Sims of every shipped scenario end: with heuristic bots at most half
// the games of each rulebook scenario run to the round limit. (fc14
// scenarios are exempt by design: the contest played its 49 turns and
// ranked by income.)
func TestShippedScenariosEnd(t *testing.T) {
	dirs, err := build.FindScenarios("../../scenarios/xghj")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		res := build.NewCompiler(Game{}).Compile(dir, build.Options{})
		cfg := res.Value.(*engine.Config)
		if !cfg.Rulebook() {
			continue
		}
		agents := make([]string, len(cfg.Players))
		for i := range agents {
			agents[i] = AgentHeuristic
		}
		limit := 0
		const games = 4
		for seed := range uint64(games) {
			g, err := PlayGame(cfg, seed, agents)
			if err != nil {
				t.Fatal(err)
			}
			if st := g.State(); st.AliveCount > 1 && !st.Players[st.Ranking[0]].Goal {
				limit++
			}
		}
		if limit*2 > games {
			t.Errorf("%s: %d of %d games ran to the round limit", dir, limit, games)
		}
	}
}

// spawnOnly spawns at a cell and then gives the default orders.
type spawnOnly engine.Pos

func (s spawnOnly) Orders(v *engine.View, _ *play.OrderRequest) (engine.Commands, error) {
	if v.Phase == engine.PhaseSpawn {
		at := engine.Pos(s)
		return engine.Commands{Spawn: &at}, nil
	}
	return engine.Commands{}, nil
}

// The modder's example: a victory condition in Lua and TOML only. Player 0
// spawns in the middle of the 3×3 centre on a level-10 city, whose
// 20·⌊0.9·100⌋ = 1800 > 400 takes its four neighbours in the first round:
// 5 of 9 cells, more than half. With rounds = 3 the game ends after the
// third round, not the second.
func TestModderVictory(t *testing.T) {
	cfg := shipped(t, "hold_the_centre")
	if len(cfg.Victories) != 1 || cfg.Victories[0].Hook != "victory/hold_region" || len(cfg.Scripts) != 1 || cfg.Scripts[0].Kind != "xghj.victory" {
		t.Fatalf("victories %+v, scripts %d", cfg.Victories, len(cfg.Scripts))
	}
	cfg.Victories[0].Params = map[string]float64{"rounds": 3, "share": 50}
	cfg.Constants.StartLevel = 10
	r, err := Sim{cfg: cfg}.runner()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g, err := engine.NewWithHooks(cfg, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	g.Orders.Deciders = []engine.OrderDecider{spawnOnly{8, 6}, spawnOnly{0, 0}, spawnOnly{15, 0}, spawnOnly{0, 11}}
	for round := 0; round <= 2; round++ {
		if over, err := g.Step(); err != nil || over {
			t.Fatalf("over after %d rounds (%v)", round, err)
		}
	}
	if over, err := g.Step(); err != nil || !over {
		t.Fatalf("not over after 3 rounds (%v)", err)
	}
	if st := g.State(); st.Ranking[0] != 0 || !st.Players[0].Goal {
		t.Errorf("ranking %v, goal %v", st.Ranking, st.Players[0].Goal)
	}
}

// Tournaments and replays run the hooks of a brawl scenario too.
func TestHookedTournamentAndReplay(t *testing.T) {
	cfg := shipped(t, "sunshine_run")
	st, err := Tournament(cfg, TournamentOptions{Rounds: 1, Seed: 2, Bots: []string{AgentHeuristic, AgentRandom}, Workers: 1})
	if err != nil || len(st.Entrants) != 6 {
		t.Fatalf("tournament: %v", err)
	}
	g, err := PlayGame(cfg, 4, []string{"heuristic", "heuristic", "heuristic", "heuristic", "heuristic", "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.State().HookVars) == 0 {
		t.Error("the brawl's hooks kept no state")
	}
	var log strings.Builder
	if err := RecordLog(g, &log); err != nil {
		t.Fatal(err)
	}
	parsed, ds := ParseLog("game.jsonl", []byte(log.String()), len(cfg.Players))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	var out strings.Builder
	if _, err := Replay(cfg, parsed, 4, &out); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(out.String(), "\n"); n != g.State().Round {
		t.Errorf("replay wrote %d lines for %d rounds", n, g.State().Round)
	}
}
