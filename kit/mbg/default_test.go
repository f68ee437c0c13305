package mbg

import (
	"encoding/json"
	"testing"

	"github.com/sandtable/sandtable/schemas"
)

// TestDefaultMaxTurn: the scenario schema's default for max_turn, what an
// editor shows, is the one the compile applies.
func TestDefaultMaxTurn(t *testing.T) {
	data, err := schemas.FS.ReadFile("mbg.scenario.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties struct {
			Scenario struct {
				Properties struct {
					MaxTurn struct {
						Default *int `json:"default"`
					} `json:"max_turn"`
				} `json:"properties"`
			} `json:"scenario"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Properties.Scenario.Properties.MaxTurn.Default
	if got == nil || *got != DefaultMaxTurn {
		t.Errorf("the schema's max_turn default is %v, the compile's DefaultMaxTurn %d", got, DefaultMaxTurn)
	}
}
