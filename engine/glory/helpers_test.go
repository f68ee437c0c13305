package glory_test

import (
	"io/fs"
	"sync"
	"testing"

	"github.com/BurntSushi/toml"

	"github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/scripts"
)

// mapFile is the shape of scripts/glory/standard-map.toml, decoded here
// without kit/glory (the engine never imports kit).
type mapFile struct {
	Map struct {
		Name             string         `toml:"name"`
		Spawn            map[string]int `toml:"spawn"`
		CentralDiagonals bool           `toml:"central_diagonals"`
		Points           []struct {
			ID        int    `toml:"id"`
			X         int    `toml:"x"`
			Y         int    `toml:"y"`
			Rail      bool   `toml:"rail"`
			Central   bool   `toml:"central"`
			Econ      bool   `toml:"econ"`
			TowerZone string `toml:"tower_zone"`
			Tower     *struct {
				Side string `toml:"side"`
				HP   int    `toml:"hp"`
			} `toml:"tower"`
		} `toml:"points"`
		Edges map[string][][2]int `toml:"edges"`
	} `toml:"map"`
}

var (
	stdMapOnce sync.Once
	stdMap     glory.MapConfig
	stdMapErr  error
)

// standardMap returns the builtin map as an engine MapConfig.
func standardMap(t testing.TB) glory.MapConfig {
	t.Helper()
	stdMapOnce.Do(func() {
		data, err := fs.ReadFile(scripts.FS, "glory/standard-map.toml")
		if err != nil {
			stdMapErr = err
			return
		}
		var f mapFile
		if _, err := toml.Decode(string(data), &f); err != nil {
			stdMapErr = err
			return
		}
		m := glory.MapConfig{Name: f.Map.Name, CentralDiagonals: f.Map.CentralDiagonals}
		m.Spawn = [2]int{f.Map.Spawn["red"], f.Map.Spawn["blue"]}
		for _, p := range f.Map.Points {
			pc := glory.PointConfig{ID: p.ID, X: p.X, Y: p.Y, Rail: p.Rail, Central: p.Central, Econ: p.Econ, TowerZone: p.TowerZone}
			if p.Tower != nil {
				pc.Tower = &glory.TowerConfig{Side: p.Tower.Side, HP: p.Tower.HP}
			}
			m.Points = append(m.Points, pc)
		}
		for _, kind := range []string{glory.EdgeNormal, glory.EdgeCentral, glory.EdgeRail, glory.EdgeBoarding} {
			for _, e := range f.Map.Edges[kind] {
				m.Edges = append(m.Edges, glory.EdgeConfig{A: e[0], B: e[1], Kind: kind})
			}
		}
		stdMap = m
	})
	if stdMapErr != nil {
		t.Fatal(stdMapErr)
	}
	return stdMap
}

// standardBoard returns the board of the builtin map.
func standardBoard(t testing.TB) *glory.Board {
	t.Helper()
	b, err := glory.NewBoard(standardMap(t))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
