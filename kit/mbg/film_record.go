package mbg

import (
	"encoding/json"
	"fmt"

	engine "github.com/sandtable/sandtable/engine/mbg"
	"github.com/sandtable/sandtable/engine/play"
	"github.com/sandtable/sandtable/kit/console"
	"github.com/sandtable/sandtable/kit/film"
)

// readRecording reads the recorded game data holds: a mapc play save, an
// engine save or a golden playthrough (film.Sniff).
func readRecording(cfg *engine.Config, data []byte) (*film.Recording, error) {
	kind, err := film.Sniff("mbg", data)
	if err != nil {
		return nil, err
	}
	switch kind {
	case film.GoldenText:
		var roles []string
		for _, r := range cfg.Roles {
			roles = append(roles, r.Name)
		}
		return film.GoldenRecording("mbg", data, roles, "role")
	case film.EngineJSON:
		env, err := play.Open[json.RawMessage, engine.Decision, json.RawMessage](data, "mbg", engine.SaveFormat, cfg)
		if err != nil {
			return nil, fmt.Errorf("mbg film: %w", err)
		}
		return film.LogRecording("engine save", "role", env.Seed, env.Decisions, engine.Option.ID), nil
	case film.PlayJSON:
		save, err := console.ReadSave(data, "mbg", cfg.Name)
		if err != nil {
			return nil, fmt.Errorf("mbg film: %w", err)
		}
		log, err := console.DecodeLog[engine.Decision](save.Decisions)
		if err != nil {
			return nil, fmt.Errorf("mbg film: mapc play save: %w", err)
		}
		return film.LogRecording("mapc play save", "role", save.Seed, log, engine.Option.ID), nil
	}
	return nil, film.Unreadable("mbg", film.PlaySave, "an mbg "+film.EngineSave, film.Golden)
}
