package mbg

import (
	"path"
	"path/filepath"
	"strings"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/source"
)

// Names maps the ids of one kind of entity to their first index.
type Names = build.Names

// Index holds the name tables of a model.
type Index struct {
	Officers, Cities, Institutes, Trainings, Roles, Techs, Cards Names
}

// NewIndex builds the name tables of m.
func NewIndex(m *Model) *Index {
	return &Index{
		Officers:   build.NewNames(m.Officers, func(o OfficerSrc) string { return o.Name }),
		Cities:     build.NewNames(m.Cities, func(c CitySrc) string { return c.Name }),
		Institutes: build.NewNames(m.Institutes, func(c InstituteSrc) string { return c.Name }),
		Trainings:  build.NewNames(m.Trainings, func(c TrainingSrc) string { return c.Name }),
		Roles:      build.NewNames(m.Roles, func(c RoleSrc) string { return c.Name }),
		Techs:      build.NewNames(m.Techs, func(c TechSrc) string { return c.ID }),
		Cards:      build.NewNames(m.Cards, func(c CardSrc) string { return c.ID }),
	}
}

// Square resolves a board word to its class and index; ok is false for an
// unknown word.
func (ix *Index) Square(word string) (engine.Square, bool) {
	switch word {
	case BoardHall:
		return engine.Square{Class: engine.SquareHall}, true
	case BoardChance:
		return engine.Square{Class: engine.SquareChance}, true
	case BoardEmpty:
		return engine.Square{Class: engine.SquareEmpty}, true
	}
	if i := ix.Cities.Lookup(word); i >= 0 {
		return engine.Square{Class: engine.SquareCity, Index: i}, true
	}
	if i := ix.Institutes.Lookup(word); i >= 0 {
		return engine.Square{Class: engine.SquareInstitute, Index: i}, true
	}
	if i := ix.Trainings.Lookup(word); i >= 0 {
		return engine.Square{Class: engine.SquareTraining, Index: i}, true
	}
	return engine.Square{}, false
}

// BoardWords lists every word the board may use (for suggestions).
func (ix *Index) BoardWords() []string {
	out := []string{BoardHall, BoardChance, BoardEmpty}
	out = append(out, ix.Cities.List()...)
	out = append(out, ix.Institutes.List()...)
	return append(out, ix.Trainings.List()...)
}

// Scopes are the source names of city scopes, indexed by engine scope.
var Scopes = []string{"small", "medium", "large"}

func indexOf(list []string, s string) int {
	for i, e := range list {
		if e == s {
			return i
		}
	}
	return -1
}

// HPMax is the officer hpmax formula of the seed:
// P_HP_BASE + sum × 0.2 × P_HP_SCALE (facts §3: 1000 + 4 × sum with the defaults).
func HPMax(props [5]float64, base, scale float64) float64 {
	sum := 0.0
	for _, p := range props {
		sum += p
	}
	return base + sum*0.2*scale
}

// Level classifies an officer by raw properties (facts §11): high if some
// property > 95 and average ≥ 50, or at least two > 80 and average ≥ 70; else
// mid if some property > 85 and average ≥ 50, or average ≥ 60; else low.
func Level(props [5]float64) int {
	sum, over95, over85, over80 := 0.0, 0, 0, 0
	for _, p := range props {
		sum += p
		if p > 95 {
			over95++
		}
		if p > 85 {
			over85++
		}
		if p > 80 {
			over80++
		}
	}
	avg := sum / 5
	switch {
	case over95 > 0 && avg >= 50, over80 >= 2 && avg >= 70:
		return 2
	case over85 > 0 && avg >= 50, avg >= 60:
		return 1
	}
	return 0
}

// CityDefence is the maximum defence of a city of the given scope.
func CityDefence(scope int, c map[string]float64) float64 {
	switch scope {
	case 0:
		return c["def_small"]
	case 1:
		return c["def_medium"]
	case 2:
		return c["def_big"]
	}
	return 0
}

// ScriptRef is a script referenced by a tech or card, resolved to a path.
type ScriptRef struct {
	ID   string // path relative to the scenario directory, or builtin:…
	Hook string // registry id (build.HookID of ID)
	Name string // the name to read it by
	Kind string // hook kind
	Ptr  string // pointer of the script key, for diagnostics
}

// ScriptOf resolves the script of a tech or card declared at ptr.
func ScriptOf(m *Model, ptr, rel, kind string) ScriptRef {
	from := m.Src.FileOf(ptr)
	name := source.Join(from, rel)
	id := name
	if !strings.HasPrefix(name, source.BuiltinPrefix) {
		base := filepath.Dir(m.Src.Entry)
		if r, err := filepath.Rel(base, name); err == nil {
			id = filepath.ToSlash(r)
		}
		id = path.Clean(id)
	}
	return ScriptRef{ID: id, Hook: build.HookID(id), Name: name, Kind: kind, Ptr: ptr}
}

// Resolve compiles the model into an engine config. It is lenient: unknown
// names resolve to -1 and bad elements to zero values, because the lint rules
// report every such problem and nothing is written while errors remain.
func Resolve(m *Model) *engine.Config {
	ix := NewIndex(m)
	c := m.Constants
	cfg := &engine.Config{
		Version: engine.ConfigVersion, Game: "mbg",
		Name: m.Scenario.Name, Title: m.Scenario.Title, Intro: m.Scenario.Intro,
		WinMoney: m.Scenario.WinMoney, MaxTurn: m.Scenario.MaxTurn,
		Constants: constantsOf(c),
		Rules: engine.Rules{
			TollToOwner:       deref(m.Rules.TollToOwner, true),
			MoneyVictory:      deref(m.Rules.MoneyVictory, "richest"),
			StatusBlocksTechs: deref(m.Rules.StatusBlocksTechs, true),
		},
		Robber: engine.Robber{
			Name:  deref(m.Robber.Name, "robber"),
			Props: [5]float64{deref(m.Robber.Wu, 60), deref(m.Robber.Zhan, 50), deref(m.Robber.Mou, 10), deref(m.Robber.Zheng, 20), deref(m.Robber.Jing, 30)},
			HPMax: deref(m.Robber.HPMax, 1800), HP: deref(m.Robber.HP, 1500), Scale: deref(m.Robber.Scale, 1),
		},
		Board: []engine.Square{}, Officers: []engine.Officer{}, Cities: []engine.City{},
		Institutes: []engine.Institute{}, Trainings: []engine.Training{}, Roles: []engine.Role{},
		Techs: []engine.Tech{}, Cards: []engine.Card{}, Scripts: []engine.Script{},
		LuaLimits: luaLimits(m.Lua),
	}
	for _, w := range m.Board {
		sq, _ := ix.Square(w)
		cfg.Board = append(cfg.Board, sq)
	}
	for _, o := range m.Officers {
		props := o.Props()
		hpmax := HPMax(props, c["p_hp_base"], c["p_hp_scale"])
		cfg.Officers = append(cfg.Officers, engine.Officer{
			Name: o.Name, Props: props, HPMax: hpmax, HP: min(deref(o.HP, hpmax), hpmax), Level: Level(props),
		})
	}
	lookupAll := func(n Names, ids []string) []int {
		out := make([]int, 0, len(ids))
		for _, id := range ids {
			out = append(out, n.Lookup(id))
		}
		return out
	}
	optional := func(n Names, id string) int {
		if id == "" {
			return -1
		}
		return n.Lookup(id)
	}
	for _, ct := range m.Cities {
		scope := max(indexOf(Scopes, ct.Scope), 0)
		cfg.Cities = append(cfg.Cities, engine.City{
			Name: ct.Name, Scope: scope, DefMax: CityDefence(scope, c),
			Garrison: lookupAll(ix.Officers, ct.Garrison),
			Mayor:    optional(ix.Officers, ct.Mayor), Treasurer: optional(ix.Officers, ct.Treasurer),
		})
	}
	for _, in := range m.Institutes {
		cfg.Institutes = append(cfg.Institutes, engine.Institute{Name: in.Name, Techs: lookupAll(ix.Techs, in.Techs)})
	}
	for _, t := range m.Trainings {
		cfg.Trainings = append(cfg.Trainings, engine.Training{Name: t.Name, Prop: engine.Prop(max(indexOf(engine.PropNames[:], t.Prop), 0))})
	}
	for _, r := range m.Roles {
		start, dir := r.Start, 1
		if !r.Playing() {
			start = -1
		}
		if r.Direction == "backward" {
			dir = -1
		}
		cfg.Roles = append(cfg.Roles, engine.Role{
			Name: r.Name, Start: start, Techs: lookupAll(ix.Techs, r.Techs),
			Retinue: lookupAll(ix.Officers, r.Retinue), Cities: lookupAll(ix.Cities, r.Cities),
			Money: r.Money, Dir: dir,
		})
	}
	scripts := scriptBundle{m: m, seen: map[string]bool{}}
	for i, t := range m.Techs {
		ref := ScriptOf(m, Ptr("techs", i, "script"), t.Script, "mbg.tech")
		scripts.add(ref, &cfg.Scripts)
		cfg.Techs = append(cfg.Techs, engine.Tech{
			ID: t.ID, Hook: ref.Hook, Study: t.Study, Trigger: t.Trigger,
			ProbLow: at(t.Prob, 0), ProbHigh: at(t.Prob, 1), ValueLow: at(t.Value, 0), ValueHigh: at(t.Value, 1),
			Cooldown: t.Cooldown, Params: paramsOf(t.Params, c),
		})
	}
	for i, cd := range m.Cards {
		ref := ScriptOf(m, Ptr("cards", i, "script"), cd.Script, "mbg.card")
		scripts.add(ref, &cfg.Scripts)
		cfg.Cards = append(cfg.Cards, engine.Card{ID: cd.ID, Hook: ref.Hook, Target: cd.Target, Side: cd.Side, Params: paramsOf(cd.Params, c)})
	}
	return cfg
}

type scriptBundle struct {
	m    *Model
	seen map[string]bool
}

// add bundles a script's source and hash once per path; unreadable scripts
// are left out (the mbg-script-missing rule reports them).
func (b *scriptBundle) add(ref ScriptRef, out *[]engine.Script) {
	if b.seen[ref.Hook] {
		return
	}
	b.seen[ref.Hook] = true
	data, err := b.m.Src.Read(ref.Name)
	if err != nil {
		return
	}
	*out = append(*out, engine.Script{ID: ref.Hook, Kind: ref.Kind, Path: ref.ID, SHA256: plugin.Hash(data), Source: string(data)})
}

func constantsOf(c map[string]float64) engine.Constants {
	return engine.Constants{
		TrainRound: int(c["train_round"]), TrainPlus: int(c["train_plus"]), StudyScale: c["study_scale"],
		PHPBase: c["p_hp_base"], PHPScale: c["p_hp_scale"], PPriceScale: c["p_price_scale"],
		PPoisonPropScale: c["p_poison_prop_scale"], DefSmall: c["def_small"], DefMedium: c["def_medium"],
		DefBig: c["def_big"], DefPlusScale: c["def_plus_scale"], FengshuiRound: int(c["fengshui_round"]),
		MinEarn: c["min_earn"], MaxStep: int(c["max_step"]), FastScale: c["fast_scale"], SlowScale: c["slow_scale"],
		RobberSteal: c["robber_steal"], MeetionSteal: c["meetion_steal"], TaxScale: c["tax_scale"],
		OwnTaxScale: c["own_tax_scale"], HPPlusScale: c["hpplus_scale"], AllocateTurn: int(c["allocate_turn"]),
		BattleRoundMin: int(c["battle_round_min"]), BattleRoundStep: int(c["battle_round_step"]),
		BurnHurt: c["burn_hurt"], CardStealMoney: c["card_steal_money"],
		CardHPRecoverScale: c["card_hp_recover_scale"], MayorHealScale: c["mayor_heal_scale"],
	}
}

func deref[T any](p *T, def T) T {
	if p == nil {
		return def
	}
	return *p
}

func at(xs []float64, i int) float64 {
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// paramsOf resolves script parameters: numbers stay, names of constants
// take the constant's value. Unknown names are left out (mbg-unknown-ref
// reports them).
func paramsOf(p Params, constants map[string]float64) map[string]float64 {
	if p == nil {
		return nil
	}
	out := make(map[string]float64, len(p))
	for k, v := range p {
		switch v := v.(type) {
		case float64:
			out[k] = v
		case string:
			if x, ok := constants[v]; ok {
				out[k] = x
			}
		}
	}
	return out
}

// luaLimits is the config's form of the [lua] table: nil when it sets none.
func luaLimits(b plugin.Budgets) *engine.LuaLimits {
	if b == (plugin.Budgets{}) {
		return nil
	}
	l := engine.LuaLimits(b)
	return &l
}
