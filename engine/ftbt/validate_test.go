package ftbt_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/ftbt/internal/fixture"
	"github.com/sandtable/sandtable/engine/ftbt/native"
)

// validLevel is a small valid level every bad config below derives from.
func validLevel() *ftbt.Config {
	cfg := fixture.Base(4, 3, 10)
	tech := fixture.AddTech(cfg, ftbt.Tech{ID: "hit", Class: fixture.Damage, Offsets: fixture.Ring(1), Value: 5})
	fixture.AddPerson(cfg, ftbt.Person{Name: "A", Side: 0, Abi: 10, HP: 10, Speed: 20, X: 0, Y: 0, Techs: []int{tech},
		AI: &ftbt.PersonAI{Att: 30, Def: 30, Move: 40, GoalX: -1, GoalY: -1}})
	fixture.AddPerson(cfg, ftbt.Person{Name: "B", Side: 1, Abi: 10, HP: 10, Speed: 20, X: 3, Y: 2, Techs: []int{tech}})
	return cfg
}

// TestBadConfigs: every bad config is an error naming the problem, never a
// panic.
func TestBadConfigs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		edit func(c *ftbt.Config)
		want string
	}{
		{"version", func(c *ftbt.Config) { c.Version = 2 }, "version 2"},
		{"game", func(c *ftbt.Config) { c.Game = "mbg" }, `"mbg"`},
		{"zero width", func(c *ftbt.Config) { c.Width = 0 }, "map size"},
		{"negative height", func(c *ftbt.Config) { c.Height = -3 }, "map size"},
		{"huge map", func(c *ftbt.Config) { c.Width, c.Height = 1<<20, 1<<20 }, "larger than"},
		{"cells length", func(c *ftbt.Config) { c.Cells = c.Cells[:5] }, "5 cells"},
		{"cell terrain", func(c *ftbt.Config) { c.Cells[3] = 7 }, "terrain 7"},
		{"negative cell terrain", func(c *ftbt.Config) { c.Cells[3] = -1 }, "terrain -1"},
		{"no terrains", func(c *ftbt.Config) { c.Terrains = nil }, "no terrains"},
		{"terrain weight", func(c *ftbt.Config) { c.Terrains[0].Weight = -2 }, "weight -2"},
		{"max abi", func(c *ftbt.Config) { c.Constants.MaxAbi = 0 }, "max_abi"},
		{"max rounds", func(c *ftbt.Config) { c.Rules.MaxRounds = -1 }, "max_rounds"},
		{"both wiped", func(c *ftbt.Config) { c.Rules.BothWiped = "attacker wins" }, "both_wiped"},
		{"class target", func(c *ftbt.Config) { c.Classes[0].Target = "people" }, `target "people"`},
		{"class hook", func(c *ftbt.Config) { c.Classes[1].Hook = "" }, "no hook"},
		{"class param", func(c *ftbt.Config) { c.Classes[3].Params = map[string]float64{"fly_cap": math.NaN()} }, "fly_cap"},
		{"tech class", func(c *ftbt.Config) { c.Techs[0].Class = 9 }, "class 9"},
		{"tech negative class", func(c *ftbt.Config) { c.Techs[0].Class = -1 }, "class -1"},
		{"tech mask", func(c *ftbt.Config) { c.Techs[0].Mask = nil }, "mask"},
		{"tech duration", func(c *ftbt.Config) { c.Techs[0].Duration = -1 }, "duration -1"},
		{"tech offset", func(c *ftbt.Config) { c.Techs[0].Offsets[0] = [2]int{math.MaxInt, 0} }, "offset"},
		{"person side", func(c *ftbt.Config) { c.People[1].Side = 2 }, "side 2"},
		{"person hp", func(c *ftbt.Config) { c.People[1].HP = 0 }, "hp 0"},
		{"person off map", func(c *ftbt.Config) { c.People[1].X = 4 }, "off the"},
		{"person negative", func(c *ftbt.Config) { c.People[1].Y = -1 }, "off the"},
		{"overlapping people", func(c *ftbt.Config) { c.People[1].X, c.People[1].Y = 0, 0 }, "already held by person 0"},
		{"person tech", func(c *ftbt.Config) { c.People[0].Techs = []int{3} }, "tech 3"},
		{"AI goal", func(c *ftbt.Config) { c.People[0].AI.GoalX, c.People[0].AI.GoalY = 9, 0 }, "AI goal"},
		{"AI constants", func(c *ftbt.Config) { c.AI = ftbt.AIConstants{} }, "move_dist"},
		{"unknown hook", func(c *ftbt.Config) { c.Classes[4].Hook = "push" }, `unknown hook "push"`},
	} {
		cfg := validLevel()
		tc.edit(cfg)
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic %v", tc.name, r)
				}
			}()
			if err := ftbt.Validate(cfg); err != nil {
				return err
			}
			r, err := native.New(cfg)
			if err != nil {
				return err
			}
			_, err = ftbt.New(cfg, r, 1)
			return err
		}()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one containing %q", tc.name, err, tc.want)
		}
	}
	if _, err := ftbt.New(nil, nil, 1); err == nil {
		t.Errorf("nil config accepted")
	}
	if _, err := ftbt.New(validLevel(), nil, 1); err == nil {
		t.Errorf("techs without a runner accepted")
	}
	if err := ftbt.Validate(validLevel()); err != nil {
		t.Errorf("valid level: %v", err)
	}
	// AI constants are not needed without AI people.
	cfg := validLevel()
	cfg.People[0].AI, cfg.AI = nil, ftbt.AIConstants{}
	if err := ftbt.Validate(cfg); err != nil {
		t.Errorf("no AI: %v", err)
	}
}

// TestBadSaves: a save that does not fit the config is an error.
func TestBadSaves(t *testing.T) {
	t.Parallel()
	cfg := validLevel()
	r, _ := native.New(cfg)
	g, err := ftbt.New(cfg, r, 1)
	if err != nil {
		t.Fatal(err)
	}
	data, err := g.Save()
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(sf *ftbt.SaveFile)) []byte {
		var sf ftbt.SaveFile
		if err := json.Unmarshal(data, &sf); err != nil {
			t.Fatal(err)
		}
		f(&sf)
		b, _ := json.Marshal(&sf)
		return b
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"not json", []byte("{")},
		{"format", edit(func(sf *ftbt.SaveFile) { sf.Format = 9 })},
		{"config", edit(func(sf *ftbt.SaveFile) { sf.ConfigSHA256 = "00" })},
		{"no state", edit(func(sf *ftbt.SaveFile) { sf.State = nil })},
		{"people", edit(func(sf *ftbt.SaveFile) { sf.State.People = sf.State.People[:1] })},
		{"overlap", edit(func(sf *ftbt.SaveFile) { sf.State.People[1].Cell = sf.State.People[0].Cell })},
		{"hp", edit(func(sf *ftbt.SaveFile) { sf.State.People[1].HP = 11 })},
		{"dead on map", edit(func(sf *ftbt.SaveFile) { sf.State.People[1].HP = 0 })},
		{"cell", edit(func(sf *ftbt.SaveFile) { sf.State.People[1].Cell = 12 })},
		{"side", edit(func(sf *ftbt.SaveFile) { sf.State.Side = 2 })},
		{"effect", edit(func(sf *ftbt.SaveFile) {
			sf.State.Effects = []ftbt.CellEffect{{Cell: 99, Side: 0, Slot: ftbt.FlySlot, Value: 3, Left: 1}}
		})},
		{"effect twice", edit(func(sf *ftbt.SaveFile) {
			e := ftbt.CellEffect{Cell: 1, Side: 0, Slot: ftbt.FlySlot, Value: 3, Left: 1}
			sf.State.Effects = []ftbt.CellEffect{e, e}
		})},
	} {
		if _, err := ftbt.Load(cfg, r, tc.data); err == nil {
			t.Errorf("%s: loaded", tc.name)
		}
	}
	if _, err := ftbt.Load(cfg, r, data); err != nil {
		t.Errorf("good save: %v", err)
	}
}
