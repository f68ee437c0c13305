package ftbt

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/ftbt/legacy"
	"github.com/sandtable/sandtable/kit/source"
)

// Model is an ftbt scenario as written by its author, decoded from the
// merged TOML tree. Elements keep their position in their list, so a rule
// builds the JSON pointer of any field with Ptr (e.g. "/people/3/at") and
// asks Src for its range. An element that could not be decoded (the schema
// already reported why) is kept with Bad set, so indices stay aligned; its
// fields that did decode are kept, so references can still be checked.
type Model struct {
	Src      *source.Source
	Scenario ScenarioMeta
	Terrains []TerrainSrc
	Map      MapSrc
	// Values holds every setting of [constants] and [ai] by Setting.Path
	// ("ai.move_dist"), defaults filled in; Set says which ones the author
	// wrote.
	Values  map[string]int
	Set     map[string]bool
	Rules   RulesSrc
	Lua     plugin.Budgets // the [lua] table
	Classes []ClassSrc
	Techs   []TechSrc
	People  []PersonSrc
}

// ScenarioMeta is the [scenario] table.
type ScenarioMeta struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Intro string `json:"intro"`
}

// TerrainSrc is one [[terrains]] entry.
type TerrainSrc struct {
	Name   string `json:"name"`
	Weight int    `json:"weight"`
	Glyph  string `json:"glyph"`
	Bad    bool   `json:"-"`
}

// MapSrc is the [map] table: one string per row, one glyph per cell.
type MapSrc struct {
	Rows []string `json:"rows"`
}

// RulesSrc is the [rules] table; nil means the default (the fixed
// behaviour, rules/ftbt.md).
type RulesSrc struct {
	MaxRounds *int    `json:"max_rounds"`
	BothWiped *string `json:"both_wiped"`
}

// ClassSrc is one [[classes]] entry.
type ClassSrc struct {
	ID     string             `json:"id"`
	Script string             `json:"script"`
	Target string             `json:"target"`
	Params map[string]float64 `json:"params"`
	Bad    bool               `json:"-"`
}

// TechSrc is one [[techs]] entry.
type TechSrc struct {
	Name     string             `json:"name"`
	Class    string             `json:"class"`
	Long     bool               `json:"long"`
	Range    RangeSrc           `json:"range"`
	Offsets  [][]int            `json:"offsets"`
	AOE      AOESrc             `json:"aoe"`
	Duration int                `json:"duration"`
	Terrains *TerrainList       `json:"terrains"` // nil: every terrain
	Except   []string           `json:"except"`
	Value    int                `json:"value"`
	Params   map[string]float64 `json:"params"`
	Bad      bool               `json:"-"`
}

// RangeSrc is a tech's range table: shorthands that expand into target
// offsets (see Expand for the order).
type RangeSrc struct {
	Self     bool      `json:"self"`
	Line     *Interval `json:"line"`
	Diagonal *Interval `json:"diagonal"`
	Ring     *Interval `json:"ring"`
	Diamond  *int      `json:"diamond"`
}

// AOESrc is a tech's area of effect: the Manhattan diamond of Radius around
// the target; cells other than the target get Ratio percent; Self says
// whether the caster's side is hit too.
type AOESrc struct {
	Radius int  `json:"radius"`
	Ratio  int  `json:"ratio"`
	Self   bool `json:"self"`
}

// PersonSrc is one [[people]] entry.
type PersonSrc struct {
	Name  string       `json:"name"`
	Side  int          `json:"side"`
	Abi   int          `json:"abi"`
	Def   int          `json:"def"`
	HP    int          `json:"hp"`
	Speed int          `json:"speed"`
	At    []int        `json:"at"`
	Techs []string     `json:"techs"`
	AI    *PersonAISrc `json:"ai"` // nil: the AI does not decide for this person
	Bad   bool         `json:"-"`
}

// Cell returns the person's (x, y); ok is false when at is malformed.
func (p PersonSrc) Cell() (x, y int, ok bool) {
	if len(p.At) != 2 {
		return 0, 0, false
	}
	return p.At[0], p.At[1], true
}

// PersonAISrc is a person's ai table; nil factors take the defaults and a
// nil goal is the dynamic goal (the nearest enemy).
type PersonAISrc struct {
	Att  *int  `json:"att"`
	Def  *int  `json:"def"`
	Move *int  `json:"move"`
	Goal []int `json:"goal"`
}

// Default AI factors of an ai table (facts §9.1: what the original gives a
// side-1 AI line of -1).
const (
	DefaultFactAtt  = legacy.DefaultFactAtt
	DefaultFactDef  = legacy.DefaultFactDef
	DefaultFactMove = legacy.DefaultFactMove
)

// Interval is a shorthand radius: n alone means [n, n]. A malformed value
// (the schema reports it) decodes as Invalid, which expands to nothing.
type Interval struct {
	Min, Max int
	Invalid  bool
}

// UnmarshalJSON accepts n or [min, max]. It never fails, so that one bad
// value does not stop the decoding of the rest of its tech.
func (iv *Interval) UnmarshalJSON(b []byte) error {
	var n int
	if err := json.Unmarshal(b, &n); err == nil {
		*iv = Interval{Min: n, Max: n}
		return nil
	}
	var a []int
	if err := json.Unmarshal(b, &a); err != nil || len(a) != 2 {
		*iv = Interval{Invalid: true}
		return nil
	}
	*iv = Interval{Min: a[0], Max: a[1]}
	return nil
}

// TerrainList is a tech's terrains key: "all" or a list of terrain names.
// Names that are not strings decode as "" (the schema reports them).
type TerrainList struct {
	All   bool
	Names []string
}

// UnmarshalJSON accepts "all" or a list of strings. It never fails.
func (t *TerrainList) UnmarshalJSON(b []byte) error {
	*t = TerrainList{}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		t.All = s == AllTerrains
		if !t.All {
			t.Names = []string{s}
		}
		return nil
	}
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil
	}
	t.Names = make([]string, len(raw))
	for i, r := range raw {
		_ = json.Unmarshal(r, &t.Names[i]) // a non-string stays ""
	}
	return nil
}

// AllTerrains is the terrains value of a tech usable on every terrain.
const AllTerrains = "all"

// Ptr builds the JSON pointer of field of the i-th element of list.
func Ptr(list string, i int, field ...string) string {
	p := fmt.Sprintf("/%s/%d", list, i)
	for _, f := range field {
		p += "/" + source.EscapeToken(f)
	}
	return p
}

// RowPtr is the JSON pointer of map row y.
func RowPtr(y int) string { return fmt.Sprintf("/map/rows/%d", y) }

// Decode builds the Model from a loaded source. It never fails: values the
// schema rejected decode as zero values.
func Decode(src *source.Source) *Model {
	m := &Model{Src: src, Values: map[string]int{}, Set: map[string]bool{}}
	root := src.Root
	build.DecodeInto(root["scenario"], &m.Scenario)
	build.DecodeInto(root["map"], &m.Map)
	build.DecodeInto(root["rules"], &m.Rules)
	build.DecodeInto(root["lua"], &m.Lua)
	for _, s := range Settings {
		m.Values[s.Path()] = s.Default
		tbl, _ := root[s.Table].(map[string]any)
		if v, ok := tbl[s.Key].(int64); ok {
			m.Values[s.Path()], m.Set[s.Path()] = int(v), true
		}
	}
	m.Terrains = build.DecodeList[TerrainSrc](root["terrains"], func(o *TerrainSrc) { o.Bad = true })
	m.Classes = build.DecodeList[ClassSrc](root["classes"], func(o *ClassSrc) { o.Bad = true })
	m.Techs = build.DecodeList[TechSrc](root["techs"], func(o *TechSrc) { o.Bad = true })
	m.People = build.DecodeList[PersonSrc](root["people"], func(o *PersonSrc) { o.Bad = true })
	return m
}

// Rows returns the map rows split into glyphs (one string per rune).
func (m *Model) Rows() [][]string {
	out := make([][]string, len(m.Map.Rows))
	for y, row := range m.Map.Rows {
		out[y] = strings.Split(row, "")
	}
	return out
}
