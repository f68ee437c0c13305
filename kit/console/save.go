package console

import (
	"encoding/json"
	"fmt"
)

// ReadSave reads a mapc play save of game: of SaveFormat, of game, and of
// scenario unless scenario is "".
func ReadSave(data []byte, game, scenario string) (*SaveFile, error) {
	var save SaveFile
	if err := json.Unmarshal(data, &save); err != nil {
		return nil, fmt.Errorf("mapc play save: %w", err)
	}
	switch {
	case save.Format != SaveFormat:
		return nil, fmt.Errorf("mapc play save of format %d, this tool reads %d", save.Format, SaveFormat)
	case save.Game != game:
		return nil, fmt.Errorf("the mapc play save is of game %q, not of %s", save.Game, game)
	case scenario != "" && save.Scenario != scenario:
		return nil, fmt.Errorf("the mapc play save is of scenario %q, not %q", save.Scenario, scenario)
	}
	return &save, nil
}
