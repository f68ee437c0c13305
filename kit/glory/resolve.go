package glory

import (
	"path/filepath"
	"slices"

	engine "github.com/sandtable/sandtable/engine/glory"
	"github.com/sandtable/sandtable/engine/plugin"
	"github.com/sandtable/sandtable/kit/source"
)

// HookKind is the hook kind of glory's skills.
const HookKind = "glory.skill"

// MathTier returns the tier of a math name (弱 … 神), or -1.
func MathTier(name string) int { return slices.Index(engine.MathTierNames[:], name) }

// Index holds the scenario's names by kind, first declaration winning.
type Index struct {
	Heroes, Weapons, Contests map[string]int
	Points                    map[int]int
}

// NewIndex indexes m's names.
func NewIndex(m *Model) *Index {
	ix := &Index{Heroes: map[string]int{}, Weapons: map[string]int{}, Contests: map[string]int{}, Points: map[int]int{}}
	for i, h := range m.Heroes {
		if _, ok := ix.Heroes[h.ID]; !ok && h.ID != "" {
			ix.Heroes[h.ID] = i
		}
	}
	for i, w := range m.Weapons {
		if _, ok := ix.Weapons[w.ID]; !ok && w.ID != "" {
			ix.Weapons[w.ID] = i
		}
	}
	for i, c := range m.Contests {
		if _, ok := ix.Contests[c.ID]; !ok && c.ID != "" {
			ix.Contests[c.ID] = i
		}
	}
	for i, p := range m.Map.Points {
		if _, ok := ix.Points[p.ID]; !ok && !p.Bad {
			ix.Points[p.ID] = i
		}
	}
	return ix
}

// ScriptRef is where a skill's hook comes from.
type ScriptRef struct {
	Path string // builtin:glory/skill/<hook>.lua or a path relative to the scenario
	File string // the file to read (the same for builtin paths)
}

// ScriptOf returns the script of skill s.
func ScriptOf(m *Model, s SkillSrc) ScriptRef {
	if s.Script != "" {
		return ScriptRef{Path: s.Script, File: filepath.Join(filepath.Dir(m.Src.Entry), filepath.FromSlash(s.Script))}
	}
	p := source.BuiltinPrefix + "glory/skill/" + s.Hook + ".lua"
	return ScriptRef{Path: p, File: p}
}

// ReadScript reads a script through the scenario's source, as the other
// games read theirs: confined to the scenario's tree and builtin: files,
// served from an editor's unsaved buffer when there is one (mapc lsp), and
// kept for diagnostics' excerpts; ok is false when it cannot be read.
func ReadScript(m *Model, ref ScriptRef) ([]byte, bool) {
	data, err := m.Src.Read(ref.File)
	return data, err == nil
}

// Resolve builds the engine config. It never fails: unknown names resolve
// to -1 (or are left out) and the lint rules report them.
func Resolve(m *Model, ix *Index) *engine.Config {
	cfg := &engine.Config{Version: engine.ConfigVersion, Game: "glory", Name: m.Scenario.Name, Title: m.Scenario.Title,
		Rules: resolveRules(m.Rules), Shift: slices.Clone(m.Shift), Weapons: []engine.Weapon{}, Contests: []engine.Contest{},
		Heroes: []engine.Hero{}, Scripts: []engine.Script{}}
	if cfg.Shift == nil {
		cfg.Shift = []float64{}
	}
	cfg.Map = resolveMap(m)
	for _, w := range m.Weapons {
		ew := engine.Weapon{ID: w.ID, Name: w.Name, Damage: slices.Clone(w.Damage), Single: w.Single, FireCost: w.FireCost,
			PrepareCost: w.PrepareCost, PrepLimit: w.PrepLimit, MaxSteps: w.MaxSteps, Cooldown: w.Cooldown, Fixed: w.Fixed}
		if ew.Damage == nil {
			ew.Damage = []int{}
		}
		copy(ew.Splash[:], w.Splash)
		cfg.Weapons = append(cfg.Weapons, ew)
	}
	for _, c := range m.Contests {
		ec := engine.Contest{ID: c.ID}
		copy(ec.Damage[:], c.Damage)
		cfg.Contests = append(cfg.Contests, ec)
	}
	bundled := map[string]bool{}
	for _, h := range m.Heroes {
		eh := engine.Hero{ID: h.ID, Name: h.Name, HP: h.HP, Extreme: h.Extreme, Imaginary: h.Imaginary, Math: max(MathTier(h.Math), 0),
			Identity: h.Identity, Class5: h.Class5, Gender: h.Gender, Biology: h.Biology, Speed: 1}
		if eh.Name == "" {
			eh.Name = h.ID
		}
		if h.Speed != nil {
			eh.Speed = *h.Speed
		}
		for _, w := range h.Weapons {
			if i, ok := ix.Weapons[w]; ok {
				eh.Weapons = append(eh.Weapons, i)
			}
		}
		for _, name := range sortedKeys(h.Vars) {
			eh.Vars = append(eh.Vars, engine.Var{Name: name, Value: h.Vars[name]})
		}
		for _, s := range h.Skills {
			es := engine.Skill{ID: s.ID, Name: s.Name, Hook: s.Hook, Phase: s.Phase, Target: s.Target, Range: -1, LOS: s.LOS, Aim: s.Aim,
				Cooldown: s.Cooldown, Uses: s.Uses, Cost: s.Cost, Free: s.Free}
			if es.Phase == "" {
				es.Phase = engine.PhaseTurn
			}
			if s.Range != nil {
				es.Range = *s.Range
			}
			params := map[string]float64{}
			for k, v := range s.Params {
				params[k] = v
			}
			for k, v := range s.HeroRefs {
				if i, ok := ix.Heroes[v]; ok {
					params[k] = float64(i)
				}
			}
			for k, v := range s.ContestRefs {
				if i, ok := ix.Contests[v]; ok {
					params[k] = float64(i)
				}
			}
			rules := m.numericRules()
			for k, v := range s.RuleRefs {
				if val, ok := rules[v]; ok {
					params[k] = val
				}
			}
			for _, k := range sortedKeys(params) {
				es.Params = append(es.Params, engine.Param{Name: k, Value: params[k]})
			}
			eh.Skills = append(eh.Skills, es)
			if s.Hook == "" || bundled[s.Hook] {
				continue
			}
			ref := ScriptOf(m, s)
			if src, ok := ReadScript(m, ref); ok {
				bundled[s.Hook] = true
				cfg.Scripts = append(cfg.Scripts, engine.Script{ID: s.Hook, Kind: HookKind, Path: ref.Path,
					SHA256: plugin.Hash(src), Source: string(src)})
			}
		}
		cfg.Heroes = append(cfg.Heroes, eh)
	}
	return cfg
}

// numericRules lists the [rules] numbers a skill's rule_refs may name, with
// their values in m (defaults where unset).
func (m *Model) numericRules() map[string]float64 {
	d := engine.DefaultRules()
	out := map[string]float64{"start_g": float64(d.StartG), "picks": float64(d.Picks), "econ_pay": float64(d.EconPay),
		"econ_shared": float64(d.EconShared), "handover_steps": float64(d.HandoverSteps), "max_rounds": float64(d.MaxRounds), "summons": 1}
	for name, v := range map[string]*int{"start_g": m.Rules.StartG, "picks": m.Rules.Picks, "econ_pay": m.Rules.EconPay,
		"econ_shared": m.Rules.EconShared, "handover_steps": m.Rules.HandoverSteps, "max_rounds": m.Rules.MaxRounds, "summons": m.Rules.Summons} {
		if v != nil {
			out[name] = float64(*v)
		}
	}
	return out
}

func resolveRules(r RulesSrc) engine.Rules {
	out := engine.DefaultRules()
	set := func(dst *int, v *int) {
		if v != nil {
			*dst = *v
		}
	}
	set(&out.StartG, r.StartG)
	set(&out.Picks, r.Picks)
	set(&out.EconPay, r.EconPay)
	set(&out.EconShared, r.EconShared)
	set(&out.HandoverSteps, r.HandoverSteps)
	set(&out.MaxRounds, r.MaxRounds)
	if r.First != nil {
		out.First = *r.First
	}
	if r.Bans != nil {
		out.Bans = *r.Bans
	}
	if r.ShooterHit != nil {
		out.ShooterHit = *r.ShooterHit
	}
	if r.TieBreak != nil {
		out.TieBreak = *r.TieBreak
	}
	return out
}

func resolveMap(m *Model) engine.MapConfig {
	mc := engine.MapConfig{Name: m.Map.Name, CentralDiagonals: m.Map.CentralDiagonals, Points: []engine.PointConfig{}, Edges: []engine.EdgeConfig{}}
	mc.Spawn = [2]int{m.Map.Spawn["red"], m.Map.Spawn["blue"]}
	for _, p := range m.Map.Points {
		pc := engine.PointConfig{ID: p.ID, X: p.X, Y: p.Y, Rail: p.Rail, Central: p.Central, Econ: p.Econ, TowerZone: p.TowerZone}
		if p.Tower != nil {
			pc.Tower = &engine.TowerConfig{Side: p.Tower.Side, HP: p.Tower.HP}
		}
		mc.Points = append(mc.Points, pc)
	}
	for _, e := range m.Edges() {
		if e.OK {
			mc.Edges = append(mc.Edges, engine.EdgeConfig{A: e.A, B: e.B, Kind: e.Kind})
		}
	}
	return mc
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
