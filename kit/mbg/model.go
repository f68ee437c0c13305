package mbg

import (
	"fmt"

	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/source"
)

// Reserved board words for squares that are not facilities.
const (
	BoardHall   = "hall"
	BoardChance = "chance"
	BoardEmpty  = "empty"
)

// Model is an mbg scenario as written by its author, decoded from the
// merged TOML tree. Elements keep their position in their list so a rule can
// build the JSON pointer of any field (e.g. "/cities/3/mayor") and ask the
// source for its range. An element that could not be decoded (the schema
// already reported why) is kept as a zero value with Bad set, so indices stay
// aligned.
type Model struct {
	Src        *source.Source
	Scenario   ScenarioMeta
	Rules      RulesSrc
	Lua        plugin.Budgets     // the [lua] table
	Constants  map[string]float64 // every constant, defaults filled in
	Set        map[string]bool    // constants the author set explicitly
	Robber     RobberSrc
	Board      []string
	Officers   []OfficerSrc
	Cities     []CitySrc
	Institutes []InstituteSrc
	Trainings  []TrainingSrc
	Roles      []RoleSrc
	Techs      []TechSrc
	Cards      []CardSrc
}

// ScenarioMeta is the [scenario] table.
type ScenarioMeta struct {
	Name     string  `json:"name"`
	Title    string  `json:"title"`
	Intro    string  `json:"intro"`
	WinMoney float64 `json:"win_money"`
	MaxTurn  int     `json:"max_turn"`
}

// RulesSrc is the [rules] table; nil means the manual's default.
type RulesSrc struct {
	TollToOwner       *bool   `json:"toll_to_owner"`
	MoneyVictory      *string `json:"money_victory"`
	StatusBlocksTechs *bool   `json:"status_blocks_techs"`
}

// RobberSrc is the [robber] table; nil means the original engine's robber.
type RobberSrc struct {
	Name  *string  `json:"name"`
	Wu    *float64 `json:"wu"`
	Zhan  *float64 `json:"zhan"`
	Mou   *float64 `json:"mou"`
	Zheng *float64 `json:"zheng"`
	Jing  *float64 `json:"jing"`
	HPMax *float64 `json:"hpmax"`
	HP    *float64 `json:"hp"`
	Scale *int     `json:"scale"`
}

// OfficerSrc is one [[officers]] entry.
type OfficerSrc struct {
	Name  string   `json:"name"`
	Wu    float64  `json:"wu"`
	Zhan  float64  `json:"zhan"`
	Mou   float64  `json:"mou"`
	Zheng float64  `json:"zheng"`
	Jing  float64  `json:"jing"`
	HP    *float64 `json:"hp"`
	Bad   bool     `json:"-"`
}

// Props returns the five properties in engine order.
func (o OfficerSrc) Props() [5]float64 { return [5]float64{o.Wu, o.Zhan, o.Mou, o.Zheng, o.Jing} }

// CitySrc is one [[cities]] entry.
type CitySrc struct {
	Name      string   `json:"name"`
	Scope     string   `json:"scope"`
	Garrison  []string `json:"garrison"`
	Mayor     string   `json:"mayor"`
	Treasurer string   `json:"treasurer"`
	Bad       bool     `json:"-"`
}

// InstituteSrc is one [[institutes]] entry.
type InstituteSrc struct {
	Name  string   `json:"name"`
	Techs []string `json:"techs"`
	Bad   bool     `json:"-"`
}

// TrainingSrc is one [[training_rooms]] entry.
type TrainingSrc struct {
	Name string `json:"name"`
	Prop string `json:"prop"`
	Bad  bool   `json:"-"`
}

// RoleSrc is one [[roles]] entry.
type RoleSrc struct {
	Name      string   `json:"name"`
	Start     int      `json:"start"`
	Active    *bool    `json:"active"`
	Techs     []string `json:"techs"`
	Retinue   []string `json:"retinue"`
	Cities    []string `json:"cities"`
	Money     float64  `json:"money"`
	Direction string   `json:"direction"`
	Bad       bool     `json:"-"`
}

// Playing reports whether the role takes part in the game.
func (r RoleSrc) Playing() bool { return r.Active == nil || *r.Active }

// TechSrc is one [[techs]] entry.
type TechSrc struct {
	ID       string    `json:"id"`
	Script   string    `json:"script"`
	Study    float64   `json:"study"`
	Trigger  string    `json:"trigger"`
	Prob     []float64 `json:"prob"`
	Value    []float64 `json:"value"`
	Cooldown int       `json:"cooldown"`
	Params   Params    `json:"params"`
	Bad      bool      `json:"-"`
}

// CardSrc is one [[cards]] entry.
type CardSrc struct {
	ID     string `json:"id"`
	Script string `json:"script"`
	Target string `json:"target"`
	Side   string `json:"side"`
	Params Params `json:"params"`
	Bad    bool   `json:"-"`
}

// Params are a tech's or card's script parameters: numbers, or the name of
// a [constants] entry whose value the parameter takes, so a scenario
// setting such as card_steal_money reaches the script that uses it.
type Params map[string]any

// Ptr builds the JSON pointer of field of the i-th element of list.
func Ptr(list string, i int, field ...string) string {
	p := fmt.Sprintf("/%s/%d", list, i)
	for _, f := range field {
		p += "/" + source.EscapeToken(f)
	}
	return p
}

// DefaultMaxTurn is the turn limit of a scenario without max_turn, the
// original GTK front-end's (the scenario schema's "default" says the same,
// held to it by TestSchemaDefaults).
const DefaultMaxTurn = 50

// Decode builds the Model from a loaded source. It never fails: values the
// schema rejected decode as zero values.
func Decode(src *source.Source) *Model {
	m := &Model{Src: src, Constants: map[string]float64{}, Set: map[string]bool{}}
	root := src.Root
	build.DecodeInto(root["scenario"], &m.Scenario)
	if m.Scenario.MaxTurn == 0 {
		m.Scenario.MaxTurn = DefaultMaxTurn
	}
	build.DecodeInto(root["rules"], &m.Rules)
	build.DecodeInto(root["lua"], &m.Lua)
	build.DecodeInto(root["robber"], &m.Robber)
	consts, _ := root["constants"].(map[string]any)
	for _, c := range Constants {
		m.Constants[c.Name] = c.Default
		switch v := consts[c.Name].(type) {
		case int64:
			m.Constants[c.Name], m.Set[c.Name] = float64(v), true
		case float64:
			m.Constants[c.Name], m.Set[c.Name] = v, true
		}
	}
	if arr, ok := root["board"].([]any); ok {
		for _, e := range arr {
			s, _ := e.(string)
			m.Board = append(m.Board, s)
		}
	}
	m.Officers = build.DecodeList[OfficerSrc](root["officers"], func(o *OfficerSrc) { o.Bad = true })
	m.Cities = build.DecodeList[CitySrc](root["cities"], func(o *CitySrc) { o.Bad = true })
	m.Institutes = build.DecodeList[InstituteSrc](root["institutes"], func(o *InstituteSrc) { o.Bad = true })
	m.Trainings = build.DecodeList[TrainingSrc](root["training_rooms"], func(o *TrainingSrc) { o.Bad = true })
	m.Roles = build.DecodeList[RoleSrc](root["roles"], func(o *RoleSrc) { o.Bad = true })
	m.Techs = build.DecodeList[TechSrc](root["techs"], func(o *TechSrc) { o.Bad = true })
	m.Cards = build.DecodeList[CardSrc](root["cards"], func(o *CardSrc) { o.Bad = true })
	return m
}
