package xghj

import (
	"strings"

	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/source"
)

// Model is an xghj scenario as written, decoded from the merged TOML
// tree. List elements keep their positions, so rules build the JSON
// pointer of any field ("/terrains/2/glyph") and ask Src for its range.
type Model struct {
	Src       *source.Source
	Scenario  ScenarioMeta
	Terrains  []TerrainSrc
	Map       MapSrc
	Regions   []RegionSrc
	Kernel    *KernelSrc // nil: the contest's kernel (facts §4)
	Players   PlayersSrc
	Constants map[string]any // as written; defaults fill the rest
	Rules     RulesSrc
	// Effects and Victories are the scenario's hooks (facts §13).
	Effects   []HookSrc
	Victories []HookSrc
}

// HookSrc is one [[effects]] or [[victories]] entry: a Lua script of kind
// xghj.effect or xghj.victory and its numeric parameters.
type HookSrc struct {
	Script string             `json:"script"`
	Params map[string]float64 `json:"params"`
	Bad    bool               `json:"-"`
}

// ScenarioMeta is the [scenario] table.
type ScenarioMeta struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// TerrainSrc is one [[terrains]] entry of the legend.
type TerrainSrc struct {
	Glyph string `json:"glyph"`
	Name  string `json:"name"`
	Res   int    `json:"res"`
	Atk   int    `json:"atk"`
	Def   int    `json:"def"`
	// Water and Passable default to atk == 0 and atk > 0; in fc14 a cell
	// is water (uncapturable) exactly when its attack ratio is 0.
	Water    *bool `json:"water"`
	Passable *bool `json:"passable"`
	Bad      bool  `json:"-"`
}

// MapSrc is the [map] table.
type MapSrc struct {
	Rows []string `json:"rows"`
	// Regions is an optional second glyph layer ('.' or ' ' for none).
	Regions   []string      `json:"regions"`
	Overrides []OverrideSrc `json:"overrides"`
}

// OverrideSrc is one [[map.overrides]] entry: a cell whose values differ
// from its terrain's.
type OverrideSrc struct {
	At  []int `json:"at"`
	Res *int  `json:"res"`
	Atk *int  `json:"atk"`
	Def *int  `json:"def"`
	Bad bool  `json:"-"`
}

// RegionSrc is one [[regions]] entry: a name for the cells drawn with its
// glyph in map.regions and the cells it lists.
type RegionSrc struct {
	Name  string  `json:"name"`
	Glyph string  `json:"glyph"`
	Cells [][]int `json:"cells"`
	Bad   bool    `json:"-"`
}

// KernelSrc is the [kernel] table: rows[j][i] is the weight at x offset
// i−r and y offset j−r (rows go down like the map's).
type KernelSrc struct {
	Rows [][]float64 `json:"rows"`
}

// PlayersSrc is the [players] table.
type PlayersSrc struct {
	Count int      `json:"count"`
	Names []string `json:"names"`
	Start string   `json:"start"`
}

// RulesSrc is the [rules] table.
type RulesSrc struct {
	Set      string `json:"set"`
	BitExact bool   `json:"bit_exact"`
}

// Decode reads the model from a loaded source. Values the schema rejects
// are left zero (the schema reports them); decoding never fails.
func Decode(src *source.Source) *Model {
	m := &Model{Src: src, Players: PlayersSrc{Count: DefaultPlayers}, Rules: RulesSrc{Set: engine.RuleSetRulebook}}
	root := src.Root
	build.DecodeInto(root["scenario"], &m.Scenario)
	build.DecodeInto(root["map"], &m.Map)
	if k, ok := root["kernel"]; ok {
		m.Kernel = &KernelSrc{}
		build.DecodeInto(k, m.Kernel)
	}
	build.DecodeInto(root["players"], &m.Players)
	build.DecodeInto(root["rules"], &m.Rules)
	m.Constants, _ = root["constants"].(map[string]any)
	m.Terrains = build.DecodeList(root["terrains"], func(o *TerrainSrc) { o.Bad = true })
	m.Regions = build.DecodeList(root["regions"], func(o *RegionSrc) { o.Bad = true })
	m.Effects = build.DecodeList(root["effects"], func(o *HookSrc) { o.Bad = true })
	m.Victories = build.DecodeList(root["victories"], func(o *HookSrc) { o.Bad = true })
	if mp, ok := root["map"].(map[string]any); ok {
		m.Map.Overrides = build.DecodeList(mp["overrides"], func(o *OverrideSrc) { o.Bad = true })
	}
	return m
}

// DefaultPlayers is the player count of a scenario that sets none (the
// contest's).
const DefaultPlayers = 8

// glyphs splits a row into its glyphs (one string per rune).
func glyphs(row string) []string { return strings.Split(row, "") }
