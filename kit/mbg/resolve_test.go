package mbg

import (
	"testing"

	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/scripts"
)

// Expected values come from facts §11 (level), §3 (hpmax = 1000 + 4 × sum)
// and §1 (city defence 500/800/1200).
func TestLevel(t *testing.T) {
	tests := []struct {
		name  string
		props [5]float64
		want  int
	}{
		{"曹操: a prop > 95, average 89.4", [5]float64{72, 99, 92, 96, 88}, 2},
		{"张昭: a prop > 95, average 65.8", [5]float64{9, 41, 85, 97, 97}, 2},
		{"two props > 80 and average ≥ 70", [5]float64{81, 81, 70, 60, 58}, 2},
		{"黄忠: two > 80 but average 67.2; a prop > 85", [5]float64{93, 84, 61, 55, 43}, 1},
		{"董承: average 62.2", [5]float64{55, 50, 70, 69, 67}, 1},
		{"average exactly 60 counts (≥)", [5]float64{60, 60, 60, 60, 60}, 1},
		{"a prop of exactly 95 is not > 95", [5]float64{95, 50, 50, 40, 40}, 1},
		{"陶谦: average 54.2, nothing > 85", [5]float64{37, 47, 68, 57, 62}, 0},
		{"a prop > 95 but average < 50", [5]float64{99, 10, 10, 10, 10}, 0},
		{"a prop of exactly 85 is not > 85", [5]float64{85, 40, 40, 40, 40}, 0},
	}
	for _, tt := range tests {
		if got := Level(tt.props); got != tt.want {
			t.Errorf("%s: level %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestHPMax(t *testing.T) {
	for _, tt := range []struct {
		props [5]float64
		want  float64
	}{
		{[5]float64{72, 99, 92, 96, 88}, 2788}, // 曹操, facts §3
		{[5]float64{0, 0, 0, 0, 0}, 1000},
		{[5]float64{100, 100, 100, 100, 100}, 3000},
	} {
		if got := HPMax(tt.props, 1000, 20); got != tt.want {
			t.Errorf("HPMax(%v) = %v, want %v", tt.props, got, tt.want)
		}
	}
}

func TestResolveDerivedValues(t *testing.T) {
	doc := `board = ["许昌", "洛阳", "宛城", "hall"]
officers = [
  { name = "曹操", wu = 72, zhan = 99, mou = 92, zheng = 96, jing = 88 },
  { name = "陶谦", wu = 37, zhan = 47, mou = 68, zheng = 57, jing = 62, hp = 900 },
]
[scenario]
name = "r"
win_money = 1000
[[cities]]
name = "许昌"
scope = "large"
garrison = ["曹操"]
mayor = "曹操"
[[cities]]
name = "洛阳"
scope = "medium"
[[cities]]
name = "宛城"
scope = "small"
[[roles]]
name = "魏"
start = 1
cities = ["许昌"]
money = 10
direction = "backward"
[[roles]]
name = "闲"
start = 0
active = false
money = 0
[constants]
def_big = 1500
`
	src, ds := source.LoadBytes("r.toml", []byte(doc), source.Options{Builtin: scripts.FS})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	cfg := Resolve(Decode(src))
	if got := []float64{cfg.Cities[0].DefMax, cfg.Cities[1].DefMax, cfg.Cities[2].DefMax}; got[0] != 1500 || got[1] != 800 || got[2] != 500 {
		t.Errorf("city defence = %v, want [1500 800 500] (def_big overridden)", got)
	}
	if o := cfg.Officers[0]; o.HPMax != 2788 || o.HP != 2788 || o.Level != 2 {
		t.Errorf("曹操 = %+v", o)
	}
	if o := cfg.Officers[1]; o.HPMax != 1000+4*271 || o.HP != 900 || o.Level != 0 {
		t.Errorf("陶谦 = %+v", o)
	}
	if c := cfg.Cities[0]; c.Mayor != 0 || c.Treasurer != -1 || len(c.Garrison) != 1 {
		t.Errorf("许昌 = %+v", c)
	}
	if r := cfg.Roles[0]; r.Start != 1 || r.Dir != -1 || len(r.Cities) != 1 || r.Cities[0] != 0 {
		t.Errorf("魏 = %+v", r)
	}
	if r := cfg.Roles[1]; r.Start != -1 {
		t.Errorf("an inactive role must start at -1, got %d", r.Start)
	}
	if cfg.Board[3].Class != "hall" || cfg.Board[1].Class != "city" || cfg.Board[1].Index != 1 {
		t.Errorf("board = %+v", cfg.Board)
	}
	if cfg.Constants.MaxStep != 6 || cfg.Constants.MayorHealScale != 1.5 || !cfg.Rules.TollToOwner || cfg.Rules.MoneyVictory != "richest" {
		t.Errorf("defaults: %+v %+v", cfg.Constants, cfg.Rules)
	}
	if cfg.MaxTurn != 50 {
		t.Errorf("max_turn default = %d, want 50", cfg.MaxTurn)
	}
}

func TestResolveBundlesScripts(t *testing.T) {
	src, ds := source.Load("../../scenarios/mbg/sample", source.Options{Builtin: scripts.FS})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	cfg := Resolve(Decode(src))
	if len(cfg.Techs) != 12 || len(cfg.Cards) != 14 || len(cfg.Scripts) != 26 {
		t.Fatalf("techs %d, cards %d, scripts %d", len(cfg.Techs), len(cfg.Cards), len(cfg.Scripts))
	}
	for _, s := range cfg.Scripts {
		if len(s.SHA256) != 64 || s.Source == "" || s.Kind == "" {
			t.Errorf("script %s not bundled: %+v", s.ID, s.Kind)
		}
	}
	if cfg.Techs[0].Hook != "arrows" || cfg.Techs[0].ProbHigh != 0.8 || cfg.Techs[0].ValueLow != 25 {
		t.Errorf("弓箭 = %+v", cfg.Techs[0])
	}
}

// TestParamsNameConstants: a script parameter naming a constant takes the
// scenario's value of it, so [constants] card_steal_money changes what the
// steal card moves (seed: CARD_STEAL_MONEY 1500, CARD_HP_RECOVER_SCALE 0.1).
func TestParamsNameConstants(t *testing.T) {
	src, ds := source.LoadBytes("scenario.toml", []byte(`include = ["builtin:mbg/standard.toml"]
[constants]
card_steal_money = 900
`), source.Options{Builtin: scripts.FS})
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	cfg := Resolve(Decode(src))
	got := map[string]map[string]float64{}
	for _, c := range cfg.Cards {
		got[c.ID] = c.Params
	}
	if got["偷盗"]["amount"] != 900 {
		t.Errorf("偷盗 amount = %v, want the scenario's card_steal_money 900", got["偷盗"]["amount"])
	}
	if got["恢复"]["fraction"] != 0.1 || got["恢复"]["whole_role"] != 1 {
		t.Errorf("恢复 params = %v, want the default card_hp_recover_scale 0.1 and whole_role 1", got["恢复"])
	}
}
