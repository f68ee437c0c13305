package ftbt

import (
	"errors"

	engine "github.com/sandtable/sandtable/engine/ftbt"
)

// Ranges is what `mapc inspect --ranges` prints: for each person at the
// initial state, the destinations in the engine's search order (facts §5.4,
// which the AI's tie-breaking follows) and each tech's valid target cells.
type Ranges struct {
	Game   string        `json:"game"`
	Name   string        `json:"name"`
	People []PersonRange `json:"people"`
}

// PersonRange is one person's movement and targeting at the start.
type PersonRange struct {
	Name  string      `json:"name"`
	Side  int         `json:"side"`
	At    [2]int      `json:"at"`
	Speed int         `json:"speed"`
	Reach []ReachCell `json:"reach"`
	Techs []TechRange `json:"techs"`
}

// ReachCell is one reachable cell: where, at what cost, from which cell
// (null for the start), and whether it can end a move (own cell or empty).
type ReachCell struct {
	At   [2]int  `json:"at"`
	Cost int     `json:"cost"`
	From *[2]int `json:"from"`
	Stop bool    `json:"stop"`
}

// TechRange is the cells one of the person's techs marks from its start
// cell, in offset order without duplicates.
type TechRange struct {
	Name    string   `json:"name"`
	Targets [][2]int `json:"targets"`
}

// noEffects is the runner of a game that is only inspected, never played.
type noEffects struct{}

func (noEffects) Apply(int, *engine.EffectCall, engine.EffectHost) error {
	return errors.New("inspection only")
}

func (noEffects) Score(int, *engine.EffectCall, engine.ScoreHost) (int, error) {
	return 0, errors.New("inspection only")
}

// InspectRanges implements build.RangeInspector.
func (Game) InspectRanges(config any) (any, error) {
	cfg, ok := config.(*engine.Config)
	if !ok {
		return nil, errors.New("ftbt: not an ftbt config")
	}
	return RangesOf(cfg)
}

// RangesOf computes the initial ranges of every person of cfg.
func RangesOf(cfg *engine.Config) (*Ranges, error) {
	g, err := engine.New(cfg, noEffects{}, 0)
	if err != nil {
		return nil, err
	}
	xy := func(c int) [2]int { return [2]int{c % cfg.Width, c / cfg.Width} }
	out := &Ranges{Game: "ftbt", Name: cfg.Name, People: []PersonRange{}}
	for p, pc := range cfg.People {
		pv := g.Person(p)
		pr := PersonRange{Name: pc.Name, Side: pc.Side, At: xy(pv.Cell), Speed: pc.Speed, Reach: []ReachCell{}, Techs: []TechRange{}}
		for _, r := range g.Range(p) {
			rc := ReachCell{At: xy(r.Cell), Cost: r.Cost, Stop: r.Cell == pv.Cell || g.Occupant(r.Cell) < 0}
			if r.From >= 0 {
				f := xy(r.From)
				rc.From = &f
			}
			pr.Reach = append(pr.Reach, rc)
		}
		for slot, t := range pc.Techs {
			tr := TechRange{Name: cfg.Techs[t].ID, Targets: [][2]int{}}
			for _, c := range g.Targets(p, slot) {
				tr.Targets = append(tr.Targets, xy(c))
			}
			pr.Techs = append(pr.Techs, tr)
		}
		out.People = append(out.People, pr)
	}
	return out, nil
}
