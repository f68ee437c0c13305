package glory

import (
	"fmt"

	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/source"
)

// Model is a glory scenario as written, decoded from the merged TOML tree.
// List elements keep their positions, so rules build JSON pointers with Ptr
// and ask Src for ranges. An element that could not be decoded (the schema
// said why) is kept with Bad set.
type Model struct {
	Src      *source.Source
	Scenario ScenarioMeta
	Map      MapSrc
	Rules    RulesSrc
	Shift    []float64
	Weapons  []WeaponSrc
	Contests []ContestSrc
	Heroes   []HeroSrc
}

// ScenarioMeta is the [scenario] table.
type ScenarioMeta struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// MapSrc is the [map] table.
type MapSrc struct {
	Name             string         `json:"name"`
	Spawn            map[string]int `json:"spawn"`
	CentralDiagonals bool           `json:"central_diagonals"`
	Points           []PointSrc     `json:"-"` // decoded one by one (Bad marks)
}

// EdgeKinds are the [map.edges] keys, in the order edges are compiled.
var EdgeKinds = []string{"normal", "central", "rail", "boarding"}

// EdgeSrc is one drawn edge as written: its kind, its position in that
// kind's list and its two point ids (ok false when malformed).
type EdgeSrc struct {
	Kind  string
	Index int
	A, B  int
	OK    bool
}

// PointSrc is one map point.
type PointSrc struct {
	ID        int       `json:"id"`
	X         int       `json:"x"`
	Y         int       `json:"y"`
	Rail      bool      `json:"rail"`
	Central   bool      `json:"central"`
	Econ      bool      `json:"econ"`
	Tower     *TowerSrc `json:"tower"`
	TowerZone string    `json:"tower_zone"`
	Bad       bool      `json:"-"`
}

// TowerSrc is a point's tower.
type TowerSrc struct {
	Side string `json:"side"`
	HP   int    `json:"hp"`
}

// RulesSrc is the [rules] table; nil keys take the defaults.
type RulesSrc struct {
	StartG        *int    `json:"start_g"`
	First         *string `json:"first"`
	Picks         *int    `json:"picks"`
	Bans          *bool   `json:"bans"`
	ShooterHit    *bool   `json:"shooter_hit"`
	EconPay       *int    `json:"econ_pay"`
	EconShared    *int    `json:"econ_shared"`
	HandoverSteps *int    `json:"handover_steps"`
	MaxRounds     *int    `json:"max_rounds"`
	TieBreak      *string `json:"tie_break"`
	// Summons is how many enemies YR's 约谈 pulls per turn (facts §11.17;
	// the recommended one). Skills read it through rule_refs.
	Summons *int `json:"summons"`
}

// WeaponSrc is one [[weapons]] entry.
type WeaponSrc struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Damage      []int  `json:"damage"`
	Splash      []int  `json:"splash"`
	Single      bool   `json:"single"`
	FireCost    int    `json:"fire_cost"`
	PrepareCost int    `json:"prepare_cost"`
	PrepLimit   int    `json:"prep_limit"`
	MaxSteps    int    `json:"max_steps"`
	Cooldown    int    `json:"cooldown"`
	Fixed       bool   `json:"fixed"`
	Bad         bool   `json:"-"`
}

// ContestSrc is one [[contests]] entry.
type ContestSrc struct {
	ID     string `json:"id"`
	Damage []int  `json:"damage"`
	Bad    bool   `json:"-"`
}

// HeroSrc is one [[heroes]] entry.
type HeroSrc struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	HP        int            `json:"hp"`
	Extreme   int            `json:"extreme"`
	Imaginary bool           `json:"imaginary"`
	Math      string         `json:"math"`
	Identity  string         `json:"identity"`
	Class5    bool           `json:"class5"`
	Gender    string         `json:"gender"`
	Biology   bool           `json:"biology"`
	Speed     *int           `json:"speed"`
	Weapons   []string       `json:"weapons"`
	Vars      map[string]int `json:"vars"`
	Skills    []SkillSrc     `json:"skills"`
	Bad       bool           `json:"-"`
}

// SkillSrc is one skill of a hero.
type SkillSrc struct {
	ID          string             `json:"id"`
	Name        string             `json:"name"`
	Hook        string             `json:"hook"`
	Script      string             `json:"script"`
	Phase       string             `json:"phase"`
	Target      string             `json:"target"`
	Range       *int               `json:"range"`
	LOS         bool               `json:"los"`
	Aim         string             `json:"aim"`
	Cooldown    int                `json:"cooldown"`
	Uses        int                `json:"uses"`
	Cost        int                `json:"cost"`
	Free        bool               `json:"free"`
	Params      map[string]float64 `json:"params"`
	HeroRefs    map[string]string  `json:"hero_refs"`
	ContestRefs map[string]string  `json:"contest_refs"`
	// RuleRefs are parameters that take the value of a [rules] number
	// (e.g. count = "summons").
	RuleRefs map[string]string `json:"rule_refs"`
}

// Ptr builds the JSON pointer of a field of the i-th element of list
// ("heroes", 3, "skills", "1", "hook" → /heroes/3/skills/1/hook).
func Ptr(list string, i int, field ...string) string {
	p := fmt.Sprintf("/%s/%d", list, i)
	for _, f := range field {
		p += "/" + source.EscapeToken(f)
	}
	return p
}

// PointPtr is the pointer of a field of map point i.
func PointPtr(i int, field ...string) string { return Ptr("map/points", i, field...) }

// EdgePtr is the pointer of edge i of kind (the pair).
func EdgePtr(kind string, i int) string { return fmt.Sprintf("/map/edges/%s/%d", kind, i) }

// SkillPtr is the pointer of a field of hero h's skill s.
func SkillPtr(h, s int, field ...string) string {
	return Ptr("heroes", h, append([]string{"skills", fmt.Sprint(s)}, field...)...)
}

// Decode builds the Model from a loaded source. It never fails.
func Decode(src *source.Source) *Model {
	m := &Model{Src: src}
	root := src.Root
	build.DecodeInto(root["scenario"], &m.Scenario)
	build.DecodeInto(root["rules"], &m.Rules)
	build.DecodeInto(root["shift"], &m.Shift)
	if mp, ok := root["map"].(map[string]any); ok {
		build.DecodeInto(mp, &m.Map)
		m.Map.Points = build.DecodeList[PointSrc](mp["points"], func(p *PointSrc) { p.Bad = true })
	}
	m.Weapons = build.DecodeList[WeaponSrc](root["weapons"], func(w *WeaponSrc) { w.Bad = true })
	m.Contests = build.DecodeList[ContestSrc](root["contests"], func(c *ContestSrc) { c.Bad = true })
	m.Heroes = build.DecodeList[HeroSrc](root["heroes"], func(h *HeroSrc) { h.Bad = true })
	return m
}

// Edges returns the drawn edges as written, kind by kind.
func (m *Model) Edges() []EdgeSrc {
	mp, _ := m.Src.Root["map"].(map[string]any)
	edges, _ := mp["edges"].(map[string]any)
	var out []EdgeSrc
	for _, kind := range EdgeKinds {
		list, _ := edges[kind].([]any)
		for i, e := range list {
			es := EdgeSrc{Kind: kind, Index: i}
			if pair, ok := e.([]any); ok && len(pair) == 2 {
				a, aok := pair[0].(int64)
				b, bok := pair[1].(int64)
				es.A, es.B, es.OK = int(a), int(b), aok && bok
			}
			out = append(out, es)
		}
	}
	return out
}
