package ftbt

import (
	"encoding/json"
	"fmt"

	engine "github.com/sandtable/sandtable/engine/ftbt"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
)

// readRecording reads the recorded game data holds: a mapc play save, an
// engine save or a golden playthrough (film.Sniff). cfg is the level with
// the simulator's round limit, original as compiled.
func readRecording(cfg, original *engine.Config, data []byte) (*film.Recording, error) {
	kind, err := film.Sniff("ftbt", data)
	if err != nil {
		return nil, err
	}
	switch kind {
	case film.GoldenText:
		return film.GoldenRecording("ftbt", data, []string{sideName(0), sideName(1)}, "side")
	case film.EngineJSON:
		// A save of a game with the simulator's round limit, or of the
		// level as it is.
		env, err := play.Open[json.RawMessage, engine.Decision, json.RawMessage](data, "ftbt", engine.SaveFormat, cfg)
		if err != nil && cfg != original {
			env, err = play.Open[json.RawMessage, engine.Decision, json.RawMessage](data, "ftbt", engine.SaveFormat, original)
		}
		if err != nil {
			return nil, fmt.Errorf("ftbt film: %w", err)
		}
		return film.LogRecording("engine save", "side", env.Seed, env.Decisions, engine.Option.ID), nil
	case film.PlayJSON:
		save, err := console.ReadSave(data, "ftbt", cfg.Name)
		if err != nil {
			return nil, fmt.Errorf("ftbt film: %w", err)
		}
		log, err := console.DecodeLog[engine.Decision](save.Decisions)
		if err != nil {
			return nil, fmt.Errorf("ftbt film: mapc play save: %w", err)
		}
		return film.LogRecording("mapc play save", "side", save.Seed, log, engine.Option.ID), nil
	}
	return nil, film.Unreadable("ftbt", film.PlaySave, "an ftbt "+film.EngineSave, film.Golden)
}
