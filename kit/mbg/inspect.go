package mbg

import (
	"math"

	engine "github.com/sandtable/sandtable/engine/mbg"
)

// Inspection is what `mapc inspect` prints for an mbg scenario: the values
// the rules derive from the source, so an author can balance without
// playing (formulas of facts §3, §6 and §10).
type Inspection struct {
	Game     string           `json:"game"`
	Name     string           `json:"name"`
	Officers []OfficerInspect `json:"officers"`
	Cities   []CityInspect    `json:"cities"`
	Roles    []RoleInspect    `json:"roles"`
	Pool     map[string]int   `json:"free_pool_by_level"`
	Board    map[string]int   `json:"board_squares_by_class"`
}

// OfficerInspect gives an officer's derived values.
type OfficerInspect struct {
	Name  string     `json:"name"`
	Level string     `json:"level"`
	HPMax float64    `json:"hpmax"`
	Price [2]float64 `json:"hire_price"` // [min, max) of p_price_scale × (0.1·sum + 0.5·max) × (0.9 + 0.2·U)
	Owner string     `json:"owner,omitempty"`
}

// CityInspect gives a city's defence and income.
type CityInspect struct {
	Name      string     `json:"name"`
	Scope     string     `json:"scope"`
	Defence   float64    `json:"defence"`
	Squares   int        `json:"squares"`
	Owner     string     `json:"owner,omitempty"`
	Treasurer string     `json:"treasurer,omitempty"`
	Income    [2]float64 `json:"income_per_turn"` // [fengshui 0, fengshui 0.5)
	Toll      [2]float64 `json:"toll"`
}

// RoleInspect gives what a role starts with.
type RoleInspect struct {
	Name      string   `json:"name"`
	Plays     bool     `json:"plays"`
	Start     string   `json:"start_square"`
	Money     float64  `json:"money"`
	Direction string   `json:"direction"`
	Retinue   []string `json:"retinue"`
	Cities    []string `json:"cities"`
	Techs     []string `json:"techs"`
	Income    float64  `json:"income_per_turn"`
}

var levelNames = []string{"low", "mid", "high"}

// HirePrice returns the bounds of the hiring price (facts §6.2).
func HirePrice(props [5]float64, scale float64) [2]float64 {
	sum, top := 0.0, 0.0
	for _, p := range props {
		sum += p
		top = max(top, p)
	}
	base := scale * (0.1*sum + 0.5*top)
	return [2]float64{round2(base * 0.9), round2(base * 1.1)}
}

// Earn returns a city's income base × scale (facts §10.3) for a given fengshui.
func Earn(c engine.Constants, scope int, treasurerJing float64, fengshui float64) float64 {
	return max(c.MinEarn, treasurerJing) * (1.5 + 0.5*float64(scope) + fengshui)
}

// Inspect derives the values of a resolved scenario.
func Inspect(cfg *engine.Config) *Inspection {
	in := &Inspection{Game: "mbg", Name: cfg.Name, Pool: map[string]int{}, Board: map[string]int{}}
	owner := make([]string, len(cfg.Officers))
	cityOwner := make([]string, len(cfg.Cities))
	for _, r := range cfg.Roles {
		for _, o := range r.Retinue {
			if o >= 0 {
				owner[o] = r.Name
			}
		}
		for _, c := range r.Cities {
			if c >= 0 {
				cityOwner[c] = r.Name
				for _, o := range cfg.Cities[c].Garrison {
					if o >= 0 {
						owner[o] = r.Name
					}
				}
			}
		}
	}
	for i, o := range cfg.Officers {
		in.Officers = append(in.Officers, OfficerInspect{Name: o.Name, Level: levelNames[o.Level], HPMax: o.HPMax,
			Price: HirePrice(o.Props, cfg.Constants.PPriceScale), Owner: owner[i]})
		if owner[i] == "" {
			in.Pool[levelNames[o.Level]]++
		}
	}
	squares := make([]int, len(cfg.Cities))
	for _, sq := range cfg.Board {
		in.Board[sq.Class]++
		if sq.Class == engine.SquareCity && sq.Index < len(squares) {
			squares[sq.Index]++
		}
	}
	income := map[string]float64{}
	for i, c := range cfg.Cities {
		jing, treasurer := 0.0, ""
		if c.Treasurer >= 0 && owner[c.Treasurer] != "" && cityOwner[i] != "" {
			jing, treasurer = cfg.Officers[c.Treasurer].Props[engine.Jing], cfg.Officers[c.Treasurer].Name
		}
		lo, hi := round2(Earn(cfg.Constants, c.Scope, jing, 0)), round2(Earn(cfg.Constants, c.Scope, jing, 0.5))
		ci := CityInspect{Name: c.Name, Scope: Scopes[c.Scope], Defence: c.DefMax, Squares: squares[i],
			Owner: cityOwner[i], Treasurer: treasurer, Income: [2]float64{lo, hi},
			Toll: [2]float64{round2(lo * cfg.Constants.TaxScale), round2(hi * cfg.Constants.TaxScale)}}
		if cityOwner[i] != "" {
			income[cityOwner[i]] += lo
		}
		in.Cities = append(in.Cities, ci)
	}
	name := func(list []int, names func(int) string) []string {
		out := []string{}
		for _, i := range list {
			if i >= 0 {
				out = append(out, names(i))
			}
		}
		return out
	}
	for _, r := range cfg.Roles {
		ri := RoleInspect{Name: r.Name, Plays: r.Start >= 0, Money: r.Money, Direction: "forward",
			Retinue: name(r.Retinue, func(i int) string { return cfg.Officers[i].Name }),
			Cities:  name(r.Cities, func(i int) string { return cfg.Cities[i].Name }),
			Techs:   name(r.Techs, func(i int) string { return cfg.Techs[i].ID }),
			Income:  income[r.Name]}
		if r.Dir < 0 {
			ri.Direction = "backward"
		}
		if r.Start >= 0 && r.Start < len(cfg.Board) {
			ri.Start = squareName(cfg, r.Start)
		}
		in.Roles = append(in.Roles, ri)
	}
	return in
}

func squareName(cfg *engine.Config, i int) string {
	sq := cfg.Board[i]
	switch sq.Class {
	case engine.SquareCity:
		return cfg.Cities[sq.Index].Name
	case engine.SquareInstitute:
		return cfg.Institutes[sq.Index].Name
	case engine.SquareTraining:
		return cfg.Trainings[sq.Index].Name
	}
	return sq.Class
}

// round2 rounds to cents so the report shows 3108.6, not 3108.6000000000004.
func round2(x float64) float64 { return math.Round(x*100) / 100 }
