package xghj

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/engine/plugin"
	engine "github.com/sandtable/sandtable/engine/xghj"
	"github.com/sandtable/sandtable/engine/xghj/agent"
	"github.com/sandtable/sandtable/engine/xghj/hooks"
	"github.com/sandtable/sandtable/kit/build"
	"github.com/sandtable/sandtable/kit/diag"
	"github.com/sandtable/sandtable/kit/lint"
	"github.com/sandtable/sandtable/kit/sim"
	"github.com/sandtable/sandtable/kit/source"
	"github.com/sandtable/sandtable/kit/xghj/legacy"
)

// Codes of this package besides the lint rules and the legacy readers.
const (
	// CodeConfig is an engine config the rules let through but the engine
	// refuses (a safety net; every case should have a rule).
	CodeConfig = "xghj-config"
	// CodeImport is the importer's own note about a legacy input.
	CodeImport = "xghj-import"
)

var ownCodes = []diag.CodeInfo{
	{Code: CodeConfig, Category: "rules", Severity: diag.Error, Title: "engine refuses the compiled config",
		Doc:     "The scenario passed every lint rule but the xghj engine refuses the config it compiles to; the detail is the engine's reason. Please report it: a lint rule should have caught it at its source line.",
		Example: "# no example: every known case has a lint rule\n"},
	{Code: CodeImport, Category: "import", Severity: diag.Warning, Title: "legacy xghj input imported with a change",
		Doc:     "The importer had to change something it read from the original's files to fit the TOML format, or could not name a terrain class it found (it then uses a generated name). The detail says what.",
		Example: "# a terrain class the contest's map does not have\n", ExampleLang: "text"},
	replayLogCode,
}

// Game is the xghj entry of the compiler.
type Game struct{}

// Name implements build.Game.
func (Game) Name() string { return engine.GameName }

// Kinds implements build.Game: the scenario hooks (brawl effects and
// victory conditions), which both rule sets call.
func (Game) Kinds() []*plugin.Kind { return hooks.Kinds() }

// ImportArgs implements build.Importer.
func (Game) ImportArgs() (string, int, int) { return "MAP.txt [KERNEL.txt]", 1, 2 }

// Import implements build.Importer: the map file and an optional kernel
// file (without one, the contest kernel).
func (Game) Import(files []build.ImportFile, opts build.ImportOptions) (map[string][]byte, diag.Diagnostics) {
	var kernel *ImportFile
	if len(files) == 2 {
		if files[1].Err != nil {
			return nil, diag.Diagnostics{{Severity: diag.Error, Code: CodeImport, Summary: "Kernel file unreadable",
				Detail: fmt.Sprintf("Reading %s failed: %v.", files[1].Name, files[1].Err)}}
		}
		kernel = &ImportFile{Name: files[1].Name, Data: files[1].Data}
	}
	return Import(ImportFile{Name: files[0].Name, Data: files[0].Data}, kernel, ImportOptions{Name: opts.Name, SchemaPath: opts.SchemaPath})
}

// Catalogue implements build.Game.
func (Game) Catalogue() diag.Catalogue {
	own, err := diag.NewCatalogue(append(legacy.Codes(), ownCodes...)...)
	if err != nil {
		panic(err) // a programming error, caught by TestRulesWellFormed
	}
	merged, err := diag.MergeCatalogues(lint.Catalogue(Rules), own)
	if err != nil {
		panic(err)
	}
	return merged
}

// Compile implements build.Game: resolve, run the enabled rules, check every
// bundled script once, and when they find no error check the config with
// the engine.
func (Game) Compile(src *source.Source, opts build.Options) (any, diag.Diagnostics) {
	u := NewUnit(src)
	ds := build.CompileUnit(src, opts, Rules, u, hooks.Kinds(), u.Config.Scripts, func(s play.Script, file string) diag.Diagnostics {
		for _, k := range hooks.Kinds() {
			if k.Name == s.Kind {
				return build.CheckParams(k, file, []byte(s.Source), paramUses(u.Model, s.Kind, s.ID))
			}
		}
		return nil
	})
	if !ds.HasErrors() {
		if err := u.Config.Validate(); err != nil {
			ds = append(ds, refusals(src, err)...)
		}
	}
	return u.Config, ds
}

// refusals turns the engine's refusal of the config into one diagnostic per
// reason, each at the setting it names when it names one ("rules.set …",
// "constants.vision_radius = …"), else at [scenario]. At the setting, a
// schema error there makes the refusal a second report of one mistake, and
// the build drops it.
func refusals(src *source.Source, err error) diag.Diagnostics {
	var ds diag.Diagnostics
	for _, line := range strings.Split(err.Error(), "\n") {
		line = strings.TrimPrefix(line, refusalPrefix.FindString(line))
		at := src.Range("/scenario")
		if m := settingPath.FindStringSubmatch(line); m != nil {
			if r := src.Range("/" + m[1] + "/" + m[2]); r != nil {
				at = r
			}
		}
		ds = append(ds, diag.Diagnostic{Severity: diag.Error, Code: CodeConfig, Summary: "Engine refuses the config", Detail: line, Subject: at})
	}
	return ds
}

var (
	// refusalPrefix is the config's name the engine puts before its reasons.
	refusalPrefix = regexp.MustCompile(`^xghj config "[^"]*": `)
	// settingPath is a reason's leading table.key.
	settingPath = regexp.MustCompile(`^(rules|constants)\.([a-z_]+)\b`)
)

// Agent names for mapc sim and tournament.
const (
	AgentHeuristic = "heuristic"
	AgentRandom    = "random"
)

// Agents implements sim.Simulator.
func (Game) Agents() []string { return []string{AgentHeuristic, AgentRandom, AgentMCTS} }

// DecodeConfig implements sim.Simulator.
func (Game) DecodeConfig(data []byte) (any, error) { return build.DecodeConfig[engine.Config](data) }

// Sim implements sim.Simulator: games of the config with its bundled
// hooks and the mod directories layered on top.
func (Game) Sim(config any, mods []string) (sim.Game, []string, error) {
	return build.SimWithMods(config, mods, NewSim)
}

// NewSim checks the config and its hooks and returns its simulator.
func NewSim(cfg *engine.Config, layers ...hooks.Layer) (Sim, []plugin.Warning, error) {
	if err := cfg.Validate(); err != nil {
		return Sim{}, nil, err
	}
	reg, warns, err := hooks.Registry(cfg, layers...)
	if err != nil {
		return Sim{}, warns, err
	}
	s := Sim{cfg: cfg, reg: reg}
	if r, err := s.runner(); err != nil {
		return Sim{}, warns, err
	} else if r != nil {
		r.Close()
	}
	return s, warns, nil
}

// Sim plays games of one config for kit/sim.
type Sim struct {
	cfg *engine.Config
	reg *plugin.Registry
}

// runner returns a new hook runner, or nil for a config without hooks.
func (s Sim) runner() (*hooks.Runner, error) {
	if len(s.cfg.Effects)+len(s.cfg.Victories) == 0 {
		return nil, nil
	}
	reg := s.reg
	if reg == nil {
		var err error
		if reg, _, err = hooks.Registry(s.cfg); err != nil {
			return nil, err
		}
	}
	return hooks.New(reg, s.cfg, plugin.WorkerOptions{})
}

// Roles implements sim.Game: the players' names.
func (s Sim) Roles() []string {
	out := make([]string, len(s.cfg.Players))
	for i, p := range s.cfg.Players {
		out[i] = p.Name
	}
	return out
}

// NewAgent returns the decider of an agent name for player p of a game of
// cfg with the seed. The search agent imagines games of cfg (its public
// part); every game a person or a batch plays makes its agents here, so
// none plays without it.
func NewAgent(cfg *engine.Config, name string, seed uint64, p int) (engine.OrderDecider, error) {
	if d, ok, err := newMCTS(cfg, name, seed, p); ok {
		return d, err
	}
	switch name {
	case AgentHeuristic:
		return agent.Heuristic{Vary: true, Seed: sim.GameSeed(seed, p)}, nil
	case AgentRandom:
		return agent.Random{Seed: sim.GameSeed(seed, p)}, nil
	}
	return nil, fmt.Errorf("unknown xghj agent %q (known: %s, %s)", name, AgentHeuristic, AgentRandom)
}

// Play implements sim.Game: the winner is the first of the final
// ranking; the reason is "goal" (a victory condition), "last_alive" or
// "turn_limit"; the leaders and content uses are playOutcome's.
func (s Sim) Play(seed uint64, agents []string) (sim.Outcome, error) {
	r, err := s.runner()
	if err != nil {
		return sim.Outcome{}, err
	}
	if r != nil {
		defer r.Close()
	}
	return s.playOutcome(r, seed, agents)
}

// PlayGame plays one whole game of cfg with one agent name per player;
// a config with hooks runs them on a runner of its bundled scripts.
func PlayGame(cfg *engine.Config, seed uint64, agents []string) (*engine.Game, error) {
	r, err := Sim{cfg: cfg}.runner()
	if err != nil {
		return nil, err
	}
	if r != nil {
		defer r.Close()
	}
	return playGame(cfg, r, seed, agents)
}

func playGame(cfg *engine.Config, r *hooks.Runner, seed uint64, agents []string) (*engine.Game, error) {
	return playGameWith(cfg, r, seed, agents, nil)
}

// playGameWith is playGame with the players' starting savings (nil: the
// config's).
func playGameWith(cfg *engine.Config, r *hooks.Runner, seed uint64, agents []string, start []int) (*engine.Game, error) {
	if len(agents) != len(cfg.Players) {
		return nil, fmt.Errorf("xghj: %d agents for %d players", len(agents), len(cfg.Players))
	}
	var runner engine.HookRunner
	if r != nil {
		runner = r
	}
	g, err := engine.NewWithHooks(cfg, runner, seed)
	if err != nil {
		return nil, err
	}
	g.StartSaving = start
	for p, name := range agents {
		d, err := NewAgent(cfg, name, seed, p)
		if err != nil {
			return nil, err
		}
		g.Orders.Deciders = append(g.Orders.Deciders, d)
	}
	if _, err := g.Run(); err != nil {
		return nil, err
	}
	return g, nil
}

// newGame makes a game of cfg, with a runner of its bundled scripts when
// it has hooks; done releases the runner.
func newGame(cfg *engine.Config, seed uint64) (g *engine.Game, done func(), err error) {
	r, err := Sim{cfg: cfg}.runner()
	if err != nil {
		return nil, nil, err
	}
	done = func() {}
	var runner engine.HookRunner
	if r != nil {
		runner, done = r, r.Close
	}
	g, err = engine.NewWithHooks(cfg, runner, seed)
	if err != nil {
		done()
		return nil, nil, err
	}
	return g, done, nil
}
